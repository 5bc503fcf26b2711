"""Card scripts of Fire and Ice (kr_21 to kr_40), a chapter pack of the The Banners Gather cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.fire_and_ice import (  # noqa: F401 - importing registers
    abilities,
    characters,
    events,
    locations,
)
