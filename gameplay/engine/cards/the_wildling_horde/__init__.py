"""Card scripts of The Wildling Horde (dotn_61 to dotn_80), a chapter pack of the Defenders of
the North cycle. Importing this package registers them all; gameplay/engine/scripts.py imports
it. One module per card type: characters.py, locations.py, events_plots.py (the events, the
attachment and the plot); the agenda dotn_79 is in cards/agendas/."""

from gameplay.engine.cards.the_wildling_horde import (  # noqa: F401 - importing registers
    characters,
    events_plots,
    locations,
)
