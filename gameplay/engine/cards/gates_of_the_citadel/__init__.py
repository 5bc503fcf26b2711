"""Card scripts of Gates of the Citadel (soo_*), a chapter pack of the Gates of the Citadel
(Secrets of Oldtown) cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.gates_of_the_citadel import (  # noqa: F401 - importing registers
    attachments,
    cards,
    dorans_game,
    lucas,
    others,
)
