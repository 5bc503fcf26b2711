"""Battle of Ruby Ford (acoa_87), the Epic Battle plot-event of this pack
(gameplay/engine/epic.py).

"Deathbound. Plot: After the dominance phase this round, there is an epic phase during which
each player may initiate a single challenge with a claim value of 2. (Place this card next
to your plot deck until the end of this epic phase.)" A challenge of any type; its claim is
2 instead of the attacker's plot claim (claim modifiers still apply). Deathbound: at the end
of the epic phase the card goes to the dead pile.
"""

from __future__ import annotations

from gameplay.engine import epic
from gameplay.engine.abilities import register

register("acoa_87", epic.epic_battle_event(claim=2))
