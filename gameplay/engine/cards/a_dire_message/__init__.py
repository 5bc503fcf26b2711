"""Card scripts of A Dire Message (cad_101 to cad_120), a chapter pack of the Spoils of War
cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.a_dire_message import cards, characters, plots

__all__ = ["cards", "characters", "plots"]
