"""Card scripts of A Song of Summer (ator_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.a_song_of_summer import cards

__all__ = ["cards"]

from gameplay.engine.cards.a_song_of_summer import (  # noqa: F401 - importing registers
    carrion,
    house,
)
