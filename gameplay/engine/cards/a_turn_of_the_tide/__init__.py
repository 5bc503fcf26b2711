"""Card scripts of A Turn of the Tide (asots_61 to asots_80), a chapter pack of the Reach of
the Kraken cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.a_turn_of_the_tide import (  # noqa: F401 - importing registers
    armies,
    cards,
    locations,
)
