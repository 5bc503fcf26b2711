"""Card scripts of A Harsh Mistress (btns_61 to btns_80), a chapter pack of the Valar
Morghulis cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it."""

from gameplay.engine.cards.a_harsh_mistress import (  # noqa: F401 - importing registers
    characters,
    events_plots,
    locations,
)
