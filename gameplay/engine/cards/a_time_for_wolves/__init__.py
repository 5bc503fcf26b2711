"""Card scripts of A Time for Wolves (w_61 to w_80), a chapter pack of the Secrets and Schemes
cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.a_time_for_wolves import cards, characters

__all__ = ["cards", "characters"]
