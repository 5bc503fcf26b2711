"""Card scripts of Epic Battles (acoa_61 to acoa_80), a chapter pack of A Change of Seasons
cycle. Importing this package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.epic_battles import (  # noqa: F401 - importing registers  # noqa: F401,E402 - importing registers
    characters,
    epic,
    locations,
)
