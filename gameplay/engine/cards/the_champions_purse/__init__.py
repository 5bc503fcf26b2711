"""Card scripts of The Champion's Purse (cad_21 to cad_40), a chapter pack of the Spoils
of War cycle: the characters in characters.py (with Prized), the rest in cards.py.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_champions_purse import cards, characters

__all__ = ["cards", "characters"]
