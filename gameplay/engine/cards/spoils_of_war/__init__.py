"""Card scripts of Spoils of War (cad_1 to cad_20), a chapter pack of the Spoils of War cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.spoils_of_war import cards, characters, plots

__all__ = ["cards", "characters", "plots"]
