"""Card scripts of Forgotten Fellowship (kr_81 to kr_100), a chapter pack of the The Banners
Gather cycle. Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.forgotten_fellowship import (  # noqa: F401 - importing registers
    cards,
    characters,
    events,
)
