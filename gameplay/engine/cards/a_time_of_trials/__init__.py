"""Card scripts of A Time of Trials (kl_*), a chapter pack of the City of Secrets cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.a_time_of_trials import cards, shadows  # noqa: F401 - importing registers
