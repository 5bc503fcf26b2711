"""Card scripts of Forging the Chain (soo_*), a chapter pack of the Gates of the Citadel
(Secrets of Oldtown) cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.forging_the_chain import (  # noqa: F401 - importing registers
    cards,
    characters,
    jaqen,
)
