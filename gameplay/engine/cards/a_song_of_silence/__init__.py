"""Card scripts of A Song of Silence (bwb_61-bwb_80), a chapter pack of the Brotherhood
Without Banners cycle: characters.py, cards.py (locations, attachments) and events_plots.py.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.a_song_of_silence import (  # noqa: F401 - importing registers
    cards,
    characters,
    events_plots,
)
