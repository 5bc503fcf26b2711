"""Card scripts of Trial By Combat (atoc_*), a chapter pack of the The Tourney for the Hand cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.trial_by_combat import (  # noqa: F401 - importing registers
    cards,
    events,
    melee_events,
    more_cards,
)
