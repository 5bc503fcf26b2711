"""Card scripts of The War of Five Kings (acoa_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.the_war_of_five_kings import (  # noqa: F401 - importing registers
    cards,
    more,
)
