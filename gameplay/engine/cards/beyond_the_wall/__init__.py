"""Card scripts of Beyond the Wall (dotn_*), a chapter pack of the Defenders of the North cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it.
characters.py: the characters; cards.py: the others."""

from gameplay.engine.cards.beyond_the_wall import cards, characters  # noqa: F401 - importing registers
