"""Card scripts of City of Secrets (kl_*), a chapter pack of the City of Secrets cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.city_of_secrets import (  # noqa: F401 - importing registers
    cards,
    characters,
)
