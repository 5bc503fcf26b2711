"""Card scripts of Battle of Ruby Ford (acoa_81 to acoa_100), a chapter pack of A Change of
Seasons cycle. Importing this package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.battle_of_ruby_ford import (  # noqa: F401 - importing registers
    cards,
    epic,
    herald,
    more,
)
