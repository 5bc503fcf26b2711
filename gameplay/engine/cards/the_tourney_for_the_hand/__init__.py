"""Card scripts of The Tourney for the Hand (atoc_*), a chapter pack (cycle ``atoc``),
in cards.py and tourney.py.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_tourney_for_the_hand import (
    cards,  # noqa: F401 - importing registers
    tourney,  # noqa: F401 - importing registers
)
