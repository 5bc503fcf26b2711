"""Card scripts of The Banners Gather (kr_1 to kr_20), a chapter pack of the
The Banners Gather cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_banners_gather import (  # noqa: F401 - importing registers
    bannermen,
    events_plots,
    locations,
)
