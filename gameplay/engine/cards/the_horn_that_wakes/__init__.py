"""Card scripts of The Horn that Wakes (kr_61 to kr_80), a chapter pack of the The Banners
Gather cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_horn_that_wakes import cards, characters, control  # noqa: F401 - importing registers
