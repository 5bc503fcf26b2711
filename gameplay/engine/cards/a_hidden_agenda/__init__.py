"""Card scripts of A Hidden Agenda (kr_101 to kr_120), a chapter pack of the The Banners
Gather cycle. Importing this package registers them all; gameplay/engine/scripts.py imports
it."""

from gameplay.engine.cards.a_hidden_agenda import (  # noqa: F401 - importing registers
    characters,
    events,
    favors,
    maidens_bane,
    responses,
)
