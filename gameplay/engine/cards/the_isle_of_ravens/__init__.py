"""Card scripts of The Isle of Ravens (soo_*), a chapter pack of the Gates of the Citadel
(Secrets of Oldtown) cycle. Importing this package registers them all;
gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.the_isle_of_ravens import cards, others  # noqa: F401 - registers
