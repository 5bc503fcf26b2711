"""Card scripts of A Roll of the Dice (btns_101 to btns_120), a chapter pack of the Valar
Morghulis cycle. Importing this package registers them all; gameplay/engine/scripts.py
imports it. House of Dreams (btns_119) is in the agendas package (agendas/setup.py)."""

from gameplay.engine.cards.a_roll_of_the_dice import (  # noqa: F401
    cards,
    characters,
    events,
    greyjoy,
    plots,
)
