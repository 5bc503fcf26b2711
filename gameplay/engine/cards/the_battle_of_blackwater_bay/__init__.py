"""Card scripts of The Battle of Blackwater Bay (kl_101 to kl_120), a chapter pack of the City of
Secrets cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it.
One module per card type: characters.py, locations.py, attachments.py, events_plots.py (the
events and the plot)."""

from gameplay.engine.cards.the_battle_of_blackwater_bay import (  # noqa: F401 - importing registers
    attachments,
    characters,
    events_plots,
    locations,
)
