"""Card scripts of Kings of the Sea (kotse_*), the House Greyjoy expansion. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.kings_of_the_sea import (  # noqa: F401  # noqa: F401,E402 - importing registers
    attachments,
    characters,
    events,
    from_discard,
    locations,
    plots,
)
