"""Card scripts of Mask of the Archmaester (soo_*), a chapter pack of the Gates of the
Citadel (Secrets of Oldtown) cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.mask_of_the_archmaester import (
    cards,  # noqa: F401 - importing registers
    more,  # noqa: F401 - importing registers
)
