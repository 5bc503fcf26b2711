"""Card scripts of A Journey's End (asots_101 to asots_120), a chapter pack of the Reach of
the Kraken cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.a_journeys_end import (  # noqa: F401 - importing registers
    characters,
    prayers,
    ships,
)
