"""Card scripts of Calling the Banners (acoa_101 to acoa_120), a chapter pack of A Change of
Seasons cycle. Importing this package registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.calling_the_banners import (  # noqa: F401 - importing registers
    banners,
    cards,
)
