"""Card scripts of The Pirates of Lys (asots_41 to asots_60), a chapter pack of the Reach of
the Kraken cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.the_pirates_of_lys import (  # noqa: F401 - importing registers
    characters,
    events,
    locations,
    plots,
    warships,
)
