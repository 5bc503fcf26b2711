"""Card scripts of Valar Morghulis (btns_1 to btns_20), a chapter pack of the Valar Morghulis cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.valar_morghulis import (
    agendas,  # noqa: F401 - importing registers
    cancels,  # noqa: F401 - importing registers
    characters,  # noqa: F401 - importing registers
    control,  # noqa: F401 - importing registers
    events_attachments,  # noqa: F401 - importing registers
    plots_locations,  # noqa: F401 - importing registers
)
