"""Card scripts of A Poisoned Spear (atoc_*), a chapter pack of the The Tourney for the Hand cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.a_poisoned_spear import cards, house, warhorses  # noqa: F401 - importing registers
