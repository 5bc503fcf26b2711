"""Card scripts of The Valemen (w_41 to w_60), a chapter pack of the Secrets and Schemes cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_valemen import cards, characters

__all__ = ["cards", "characters"]
