"""Card scripts of Kings of the Storm (kotst_*), the House Baratheon expansion. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.kings_of_the_storm import (  # noqa: F401
    attachments,
    characters,
    events,
    locations,
    plots,
    shadows,
)
