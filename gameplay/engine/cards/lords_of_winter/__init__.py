"""Card scripts of Lords of Winter (low_*), the House Stark expansion. Importing this
package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.lords_of_winter import (  # noqa: F401 - importing registers
    attachments,
    characters,
    events,
    locations,
    plots,
)
