"""Card scripts of Return of the Others (dotn_*), a chapter pack of the Defenders of the
North cycle. Importing this package registers them all; gameplay/engine/scripts.py imports
it."""

from gameplay.engine.cards.return_of_the_others import cards, characters  # noqa: F401
