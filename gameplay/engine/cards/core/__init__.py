"""Card scripts of the Core Set (core_1 ... core_208): one module per House, the neutral
cards, the neutral events and the plots. Importing this package registers them all; the
engine imports it in game.py."""

from gameplay.engine.cards.core import (  # noqa: F401 - importing registers the cards
    baratheon,
    chambers,
    events,
    lannister,
    neutral,
    plots,
    stark,
    targaryen,
)
