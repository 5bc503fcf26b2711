"""The four Core Set Chambers: "You may choose to play X as an attachment to your House
card." (Lord Eddard's, Queen Cersei's, King Robert's Chambers and Khal Drogo's Tent).

Marshalling one offers a second action, ``marshal:play:<ref>=house``. The rules our data
carries give a location on the House card no other difference, so it stays a location
for every rule (income, influence, effects on locations); the choice is recorded as the
lasting ``on_house`` effect and in the ``marshalled`` event (target ``house``).
"""

from __future__ import annotations

from gameplay.engine.abilities import register
from gameplay.engine.state import GameState

CHAMBERS = ("core_28", "core_60", "core_94", "core_130")

for _code in CHAMBERS:
    register(_code, house_attachment=True)


def on_house(state: GameState, ref: str) -> bool:
    """Whether a card in play was played onto its controller's House card."""
    return any(e["query"] == "on_house" and e["subject"] == ref for e in state.effects)
