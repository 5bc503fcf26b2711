"""Card scripts of Ancient Enemies (acoa_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.ancient_enemies import (  # noqa: F401 - importing registers
    cards,
    more,
    prophet,
    ten_towers,
)
