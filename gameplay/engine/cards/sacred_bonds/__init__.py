"""Card scripts of Sacred Bonds (acoa_*), a chapter pack. Importing this package registers
them all; the engine imports it in game.py."""

from gameplay.engine.cards.sacred_bonds import (  # noqa: F401 - importing registers
    cards,
    stand_events,
)
