"""Card scripts of Here to Serve (soo_101 to soo_120), a chapter pack of the Gates of the
Citadel (Secrets of Oldtown) cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.here_to_serve import (  # noqa: F401 - importing registers
    cards,
    characters,
    more,
    tower,
)
