"""Card scripts of A King in the North (dotn_*), a chapter pack of the Defenders of the North cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.a_king_in_the_north import cards, characters  # noqa: F401 - importing registers
