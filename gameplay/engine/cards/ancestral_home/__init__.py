"""Card scripts of Ancestral Home (cad_61 to cad_80), a chapter pack of the Spoils of War cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.ancestral_home import cancels, cards, characters, companions, titles

__all__ = ["cancels", "cards", "characters", "companions", "titles"]
