"""Card scripts of House of Talons (w_81 to w_100), a chapter pack of the Secrets and
Schemes cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.house_of_talons import cards, characters

__all__ = ["cards", "characters"]
