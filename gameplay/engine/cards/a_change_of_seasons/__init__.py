"""Card scripts of A Change of Seasons (ator_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.a_change_of_seasons import cards

__all__ = ["cards"]

from gameplay.engine.cards.a_change_of_seasons import (  # noqa: F401 - importing registers
    house,
    more,
)
