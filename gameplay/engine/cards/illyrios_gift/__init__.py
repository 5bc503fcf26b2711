"""Card scripts of Illyrio's Gift (bwb_*), a chapter pack of the Brotherhood Without Banners cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it.
characters.py (the characters), cards.py (attachments, locations, events, the plot and the
Neutral Faction House card) and ours.py (Ours for the Taking, which copies a location's
ability)."""

from gameplay.engine.cards.illyrios_gift import (  # noqa: F401 - importing registers
    cards,
    characters,
    ours,
)
