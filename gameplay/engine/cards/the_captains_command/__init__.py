"""Card scripts of The Captain's Command (asots_81 to asots_100), a chapter pack of the Reach
of the Kraken cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.the_captains_command import (  # noqa: F401 - importing registers
    aurane,
    blood_magic,
    characters,
    events,
    locations,
    quaithe,
)
