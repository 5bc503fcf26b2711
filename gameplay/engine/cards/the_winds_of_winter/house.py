"""Card scripts (the_winds_of_winter/house.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine.cards.vocabulary import raven

# --- ator_24 White Raven -------------------------------------------------------------------
# "Immune to non-Raven cards. Attach White Raven to your House card and discard all other
# Raven attachments from play. It is Winter. Each player takes 1 less gold token when he or
# she counts income." Black Raven's script (vocabulary/house_attachments.py) with Winter and -1.

raven("ator_24", "winter", -1)
