"""Card scripts of Tales from the Red Keep (kl_61 to kl_80), a chapter pack of the City of
Secrets cycle: ``cards`` (the characters), ``shadows`` (what answers a card coming out of
Shadows), ``others`` (attachments, locations, the event, the plot). Importing this package
registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.tales_from_the_red_keep import (  # noqa: F401 - importing registers
    cards,
    others,
    shadows,
)
