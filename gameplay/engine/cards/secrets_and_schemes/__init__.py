"""Card scripts of Secrets and Schemes (w_1 to w_20), a chapter pack of the Secrets and Schemes
cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.secrets_and_schemes import cards, characters, common, plots

__all__ = ["cards", "characters", "common", "plots"]
