"""Card scripts of The Blue is Calling (w_101 to w_120), the last chapter pack of the Secrets
and Schemes cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.the_blue_is_calling import cards, characters

__all__ = ["cards", "characters"]
