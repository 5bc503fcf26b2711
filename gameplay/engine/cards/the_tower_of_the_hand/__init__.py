"""Card scripts of The Tower of the Hand (kl_41 to kl_60), a chapter pack of the City of
Secrets cycle. Importing this package registers them all; gameplay/engine/scripts.py imports
it."""

from gameplay.engine.cards.the_tower_of_the_hand import (  # noqa: F401 - importing registers
    cards,
    characters,
    steed,
)
