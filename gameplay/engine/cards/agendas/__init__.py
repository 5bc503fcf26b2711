"""Card scripts of the agendas of the whole pool (33 cards across many products), with the
in-game side of each; their deck-building side is in decks/validation. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.agendas import (  # noqa: F401
    challenges,
    draw,
    power,
    prized,
    setup,
    shadows,
)
