"""Card scripts of The Raven's Song (ator_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.the_ravens_song import cards  # noqa: F401 - importing registers
