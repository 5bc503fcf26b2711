"""Card scripts of The Grand Melee (atoc_*), a chapter pack of the The Tourney for the Hand cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_grand_melee import (  # noqa: F401 - importing registers
    attachments,
    cards,
    characters,
    events_plots,
    locations,
    robert_thoros,
)
