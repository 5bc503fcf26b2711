"""Card scripts of The Grand Fleet (asots_21 to asots_40), a chapter pack of the Reach of the
Kraken cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_grand_fleet import (  # noqa: F401 - importing registers
    characters,
    plots,
    warships,
)
