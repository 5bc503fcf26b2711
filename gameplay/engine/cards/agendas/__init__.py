"""Card scripts of the agendas of the whole pool (33 cards across many products), with the
in-game side of each; their deck-building side is in decks/validation. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.agendas import (  # noqa: F401  # noqa: F401,E402 - importing registers
    aloof,
    black_sails,
    challenges,
    draw,
    hollow_hill,
    maesters_path,
    power,
    prized,
    setup,
    shadows,
)
