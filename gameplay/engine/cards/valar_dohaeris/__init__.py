"""Card scripts of Valar Dohaeris (btns_21 to btns_40), a chapter pack of the Valar Morghulis cycle.
Importing this package registers them all; gameplay/engine/scripts.py imports it."""

from gameplay.engine.cards.valar_dohaeris import agendas, characters, locations, plots, shadows

__all__ = ["agendas", "characters", "locations", "plots", "shadows"]
