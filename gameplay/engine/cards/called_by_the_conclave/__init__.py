"""Card scripts of Called by the Conclave (soo_*), a chapter pack of the Gates of the Citadel
(Secrets of Oldtown) cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.called_by_the_conclave import (  # noqa: F401 - importing registers
    cards,
    others,
)
