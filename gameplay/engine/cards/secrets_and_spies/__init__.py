"""Card scripts of Secrets and Spies (kl_*), a chapter pack of the City of Secrets cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it.
shadows.py: the cards that use Shadows; cards.py: the others."""

from gameplay.engine.cards.secrets_and_spies import cards, shadows  # noqa: F401 - importing registers
