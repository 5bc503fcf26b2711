"""Card scripts of Dreadfort Betrayal (bwb_101 to bwb_120), a chapter pack of the Brotherhood
Without Banners cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.dreadfort_betrayal import cards, characters  # noqa: F401 - registers
