"""Card scripts of Of Snakes and Sand (bwb_81 to bwb_100), a chapter pack of the Brotherhood
Without Banners cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it. The characters are in characters.py, the other cards in cards.py."""

from gameplay.engine.cards.of_snakes_and_sand import (  # noqa: F401 - importing registers
    cards,
    characters,
)
