"""Card scripts of Mountains of the Moon (bwb_*), a chapter pack of the Brotherhood Without
Banners cycle. Importing this package registers them all; gameplay/engine/scripts.py imports
it."""

from gameplay.engine.cards.mountains_of_the_moon import (  # noqa: F401 - importing registers
    cards,
    characters,
)
