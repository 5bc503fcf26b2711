"""Card scripts of Princes of the Sun (pots_*), the House Martell expansion. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.princes_of_the_sun import (  # noqa: F401 - importing registers  # noqa: F401,E402 - importing registers
    attachments,
    characters,
    events,
    locations,
    plots,
    replacements,
    shadows,
)
