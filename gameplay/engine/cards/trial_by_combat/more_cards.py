"""Trial By Combat: Knight of Harrenhal (atoc_81), The Painted Table (atoc_85), Corpse Lake
(atoc_87) and Blood Debt (atoc_94). Handler and effect names start with ``tbc_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, house_card, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    controller,
    register,
)
from gameplay.engine.cards.vocabulary import (
    first_of_top,
    host_won_in_melee,
    never_on_a_card,
    owners_characters_gain,
)
from gameplay.engine.state import GameState

# --- atoc_81 Knight of Harrenhal ---------------------------------------------------------
# "House Stark only. If a card would be discarded from your hand at random, you may choose
# the card to be discarded instead."  The flag query ``choose_random_discard`` (subject a
# seat) of its controller: every random discard from a hand goes through
# ``moves.discard_at_random``, which then asks that player to choose (choosing fewer than
# the count leaves the rest to chance). The House restriction is the engine's.


def _knight_of_harrenhal(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == controller(state, source) else base


register("atoc_81", passives={"choose_random_discard": _knight_of_harrenhal})


# --- atoc_85 The Painted Table -----------------------------------------------------------
# "House Baratheon only. Any phase: Kneel The Painted Table to cancel the next effect
# triggered this phase."  A pending cancel (``cancels.add_pending_cancel``): the next ability
# any player uses this phase (action, response, event, cancel) is cancelled once its costs
# are paid; unused, it ends with the phase. It stays pending if The Painted Table leaves
# play. A plot's "When revealed" and a forced effect are no triggered effects here.


def _painted_table(state: GameState, ctx: Ctx) -> None:
    cancels.add_pending_cancel(state, ctx["seat"], ctx["source"])


register("atoc_85", Ability("action", _painted_table, costs=(KNEEL_SELF,)))


# --- atoc_87 Corpse Lake -----------------------------------------------------------------
# "Response: After a triggered effect discards 1 or more characters from the top of an
# opponent's deck, claim 1 power for your House. (Limit 3 times per round.)"  On the
# engine's ``card_discarded_from_deck`` (one per card), when the deck is an opponent's and
# the card is the first character that reached the discard pile of a discard from the top
# of the deck in one go by an effect, not a cost (``vocabulary.first_of_top``: the event's
# ``top``, set by ``vocabulary.discard_top`` and by the effects that discard chosen top
# cards), so that the response answers once per discard.


def _corpse_lake_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("seat") in state.opponents(ctx["seat"]) and first_of_top(
        state, event, "character"
    )


def _corpse_lake(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, "atoc_corpse_lake")


register(
    "atoc_87",
    Ability(
        "response",
        _corpse_lake,
        trigger="card_discarded_from_deck",
        condition=_corpse_lake_may,
        limit=(3, "round"),
    ),
)


# --- atoc_94 Blood Debt ------------------------------------------------------------------
# 'Attach to an opponent\'s House card. Attached House card gains: "Characters you control
# gain stealth during [Intrigue] challenges." After the owner of attached House card wins
# an [Intrigue] challenge, claim 1 power for your House if you have more than 1 opponent.'
# Like True Queen's Loyalist (atoc_111): "you" in the gained text is the House card's owner
# (its characters have Stealth while an Intrigue challenge is being resolved, so an
# attacker may use it as attackers are declared); the power is claimed by Blood Debt's
# controller, a forced effect of the won challenge, only with 2 or more opponents.


register(
    "atoc_94",
    passives={"keywords": owners_characters_gain("stealth", "intrigue")},
    forced={"challenge_won": host_won_in_melee("intrigue", "atoc_blood_debt")},
    attach_rule=never_on_a_card,
    house_attachment=True,
    house_rule=house_card.opponents_house,
)
