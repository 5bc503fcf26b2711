"""Card scripts of Chasing Dragons (btns_41 to btns_60), a chapter pack of the Valar Morghulis
cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.chasing_dragons import (  # noqa: F401 - importing registers
    characters,
    greyjoy,
    martell_targaryen,
    plots,
)
