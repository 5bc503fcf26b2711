"""Card scripts of Lions of the Rock (lotr_*), the House Lannister expansion. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.lions_of_the_rock import (  # noqa: F401  # noqa: F401,E402 - importing registers
    attachments,
    characters,
    events,
    from_discard,
    locations,
    plots,
)
