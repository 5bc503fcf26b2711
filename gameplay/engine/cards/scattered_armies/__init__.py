"""Card scripts of Scattered Armies (ator_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.scattered_armies import (  # noqa: F401 - importing registers
    cards,
    reserves,
)
