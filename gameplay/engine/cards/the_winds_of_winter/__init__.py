"""Card scripts of The Winds of Winter (ator_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.the_winds_of_winter import cards

__all__ = ["cards"]

from gameplay.engine.cards.the_winds_of_winter import (  # noqa: F401 - importing registers
    house,
    more,
    obara,
    ravens,
)
