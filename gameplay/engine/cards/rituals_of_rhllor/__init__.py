"""Card scripts of Rituals of R'hllor (bwb_21 to bwb_40), a chapter pack of the Brotherhood
Without Banners cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.rituals_of_rhllor import cards, characters  # noqa: F401 - registers
