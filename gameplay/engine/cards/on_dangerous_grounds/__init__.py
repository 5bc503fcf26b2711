"""Card scripts of On Dangerous Grounds (atoc_*), a chapter pack of the The Tourney for the
Hand cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.on_dangerous_grounds import (  # noqa: F401 - importing registers
    cards,
    locations,
)
