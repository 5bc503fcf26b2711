"""Card scripts of Queen of Dragons (qod_*), the House Targaryen expansion. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.queen_of_dragons import (  # noqa: F401 - importing registers
    attachments,
    characters,
    events,
    locations,
    plots,
    shadows,
)
