"""Card scripts of The Kingsguard (kr_41 to kr_60), a chapter pack of the The Banners Gather cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_kingsguard import houses, kingsguard, places  # noqa: F401 - importing registers
