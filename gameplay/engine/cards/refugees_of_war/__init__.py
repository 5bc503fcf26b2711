"""Card scripts of Refugees of War (ator_*), a chapter pack. Importing this package
registers them all; the engine imports it in game.py."""

from gameplay.engine.cards.refugees_of_war import (  # noqa: F401 - importing registers
    cards,
    epic,
)
