"""Card scripts of Fire Made Flesh (cad_41 to cad_60), a chapter pack of the Spoils of War cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.fire_made_flesh import cards, characters, marines, passives

__all__ = ["cards", "characters", "marines", "passives"]
