"""Card scripts of Where Loyalty Lies (atoc_*), a chapter pack of the The Tourney for the
Hand cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.where_loyalty_lies import (  # noqa: F401 - importing registers
    cards,
    davos,
    entering,
    events,
    ghost,
    greatjon,
    hound_theon,
    marshalling,
    satin,
)
