"""The Isle of Ravens cards that use an engine moment or zone added for them (Royal Favor,
Oldtown Raven, The Isle of Ravens, Spidercraft, The Weasel's Way, Streets of Hellholt,
Guardian Wolf, Plaza of Purification). Handler and effect names start with ``soo_tior_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    characters,
    controller,
    effect,
    facts,
    handler,
    icons,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.the_isle_of_ravens.cards import is_chain
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    event,
    fell_with,
    of_house,
    pile_to_hand,
    response,
)
from gameplay.engine.influence import COST_AS_INFLUENCE
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, shadow_problem

# --- soo_71 Royal Favor --------------------------------------------------------------------
# "House Targaryen only. Challenges: Choose a unique Targaryen character. Until the end of
# the phase, that character does not kneel to attack or defend during Power challenges."
# Any player's unique Targaryen character. A phase-long mark on it (``soo_tior_favored``)
# and a gained passive of the event (its subject) on ``kneel_to_attack``/``kneel_to_defend``
# that reads the mark while a Power challenge is declared.

FAVORED = "soo_tior_favored"
FAVOR_PASSIVE = "soo_tior_royal_favor"


def _unique_targaryen(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in characters(state) if facts(state, r).unique and of_house(state, r, "Targaryen")
    ]


def _favor_no_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if (
        not base
        or challenge is None
        or challenge.get("type") != "power"
        or not isinstance(subject, str)
    ):
        return base
    marked = any(
        e["query"] == FAVORED and e["subject"] == subject and e.get("source") == source
        for e in state.effects
    )
    return not marked


LASTING_PASSIVES[FAVOR_PASSIVE] = _favor_no_kneel


def _royal_favor(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    add_lasting(state, FAVORED, target, "phase", source, value=True)
    for query in ("kneel_to_attack", "kneel_to_defend"):
        add_lasting(state, query, source, "phase", source, passive=FAVOR_PASSIVE)


register("soo_71", event(_royal_favor, phases=("challenges",), targets=_unique_targaryen))

# --- soo_75 Oldtown Raven ------------------------------------------------------------------
# "No attachments. Marshalling: Kneel Oldtown Raven to reduce the cost of the next Maester
# character or Chain attachment you play this phase by 1. Ignore all gold penalties while
# playing that card."  A reduction (rules.add_reduction) limited to Maester characters and
# Chain attachments; while it is pending, a gained ``gold_penalty`` passive of the Raven
# makes the penalty of such a card 0, so both apply to the same card and end together.

RAVEN_PASSIVE = "soo_tior_raven_penalty"


def _maester_or_chain(card: Any) -> bool:
    return (card.type == "character" and "Maester" in card.traits) or (
        card.type == "attachment" and "Chain" in card.traits
    )


def _raven_penalty(state: GameState, source: str, subject: Any, base: int) -> int:
    if not isinstance(subject, tuple) or len(subject) != 2 or not base:
        return base
    seat, ref = subject
    pending = any(
        e["query"] == "reduction" and e["subject"] == seat and e.get("source") == source
        for e in state.effects
    )
    return 0 if pending and _maester_or_chain(facts(state, ref)) else base


LASTING_PASSIVES[RAVEN_PASSIVE] = _raven_penalty


def _oldtown_raven(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    add_reduction(state, seat, 1, source, types=("character", "attachment"))
    # The next Maester character or Chain attachment (no other card has either trait).
    state.effects[-1]["traits"] = ["Maester", "Chain"]
    add_lasting(state, "gold_penalty", source, "phase", source, passive=RAVEN_PASSIVE)


register(
    "soo_75",
    Ability("action", _oldtown_raven, phases=("marshalling",), costs=(KNEEL_SELF,)),
)

# --- soo_76 The Isle of Ravens -------------------------------------------------------------
# "Response: After a Chain attachment leaves play, kneel The Isle of Ravens to return that
# card to its owner's hand instead."  Any player's Chain attachment that left play to its
# owner's discard or dead pile, itself or falling off the card that left (vocabulary
# ``fell_with``); answered after any way out of play (LEFT_PLAY), from there to the hand.


def _left_chains(state: GameState, ctx: Ctx) -> list[str]:
    gone = set(ctx["event"].get("cards", ()))
    found = []
    for player in state.players:
        for ref in [*player.discard, *player.dead]:
            if not is_chain(state, ref) or state.cards[ref].owner != player.seat:
                continue
            if ref in gone or fell_with(state, ref) in gone:
                found.append(ref)
    return found


def _isle(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    owner = state.cards[ref].owner
    pile = "discard" if ref in state.players[owner].discard else "dead"
    pile_to_hand(state, owner, ref, pile)


register(
    "soo_76",
    *(
        Ability("response", _isle, trigger=name, costs=(KNEEL_SELF,), targets=_left_chains)
        for name in LEFT_PLAY
    ),
)

# --- soo_64 Spidercraft --------------------------------------------------------------------
# "Attach to a character you control with an Intrigue and a Power icon. When you win a
# challenge in which attached character attacked alone, instead of the normal claim
# effects, look at the losing opponent's hand and choose and discard 1 card from that
# player's hand."  The ``claim_instead`` passive (challenges.claim, like Pyat Pree): the
# claim of any challenge type is replaced; the whole hand is shown to the attacker alone.


def _spidercraft_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        is_character(state, target)
        and seat is not None
        and controller(state, target) == seat
        and {"intrigue", "power"} <= icons(state, target)
    )


def _spidercraft_instead(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge, host = state.challenge, attached_to(state, source)
    if (
        challenge is not None
        and host is not None
        and subject == controller(state, source)
        and challenge["attacker"] == subject
        and challenge["winner"] == subject
        and challenge["attackers"] == [host]
    ):
        return "soo_tior_spidercraft"
    return base


@effect("soo_tior_spidercraft")
def _spidercraft(state: GameState, data: Ctx) -> None:
    seat, other = data["seat"], data["target"]
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(hand))
    ctx = {"seat": seat, "other": other, "shown": hand}
    ask_select(
        state,
        seat,
        "discard_from_hand",
        hand,
        "soo_tior_spidercraft_discard",
        low=1,
        high=1,
        ctx=ctx,
    )


@handler("soo_tior_spidercraft_discard")
def _spidercraft_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["other"], list(selected))


register(
    "soo_64",
    passives={"claim_instead": _spidercraft_instead},
    attach_rule=_spidercraft_rule,
)

# --- soo_62 The Weasel's Way ---------------------------------------------------------------
# "House Stark only. Response: After a player searches his deck and reveals 1 or more
# cards, name 1 of those cards. That player must place that card in his discard pile.
# Any Phase: Kneel 1 influence to draw 1 card."  The ``revealed`` trigger with reason
# "search" (moves.reveal); the card named is one of those revealed, taken from where it is
# now if it is still in its owner's hand or deck (one put into play stays there).


def _searched_revealed(state: GameState, ctx: Ctx) -> list[str]:
    event_ = ctx["event"]
    if event_.get("reason") != "search":
        return []
    found = []
    for ref in event_.get("cards", ()):
        owner = state.players[state.cards[ref].owner]
        if ref in owner.hand or ref in owner.deck:
            found.append(ref)
    return found


def _weasel_discard(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    owner = state.players[state.cards[ref].owner]
    zone = owner.hand if ref in owner.hand else owner.deck if ref in owner.deck else None
    if zone is not None:  # placed, not discarded: no discard replacement or trigger
        zone.remove(ref)
        owner.discard.append(ref)
        state.emit("placed_in_discard", seat=owner.seat, card=ref, code=state.code(ref))


def _weasel_draw(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "soo_62",
    response(_weasel_discard, "revealed", targets=_searched_revealed),
    event(_weasel_draw, costs=(Cost("influence", 1),)),
)

# --- soo_73 Streets of Hellholt ------------------------------------------------------------
# "Response: After an opponent triggers a cost reducing effect, kneel Streets of Hellholt to
# reduce the cost of the next Martell card you play this phase by 1."  The trigger
# ``cost_reduced`` (rules.reduction_triggered): an opponent's effect lowered the cost of
# his next card(s) (rules.add_reduction, the Shadows' uses.add_shadow_reduction).


def _opponent_reduced(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _hellholt(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], houses=("Martell",))


register(
    "soo_73",
    Ability(
        "response",
        _hellholt,
        trigger="cost_reduced",
        costs=(KNEEL_SELF,),
        condition=_opponent_reduced,
    ),
)

# --- soo_61 Guardian Wolf ------------------------------------------------------------------
# "House Stark only. No attachments. Deadly. Challenges: Pay the rest of Guardian Wolf's cost
# to bring it out of Shadows, knelt, as a participant on your side in any challenge in which
# you control at least 1 participating Lord or Lady character."  An action from its owner's
# Shadows (the zone ``shadows``); "the rest of its cost" is what coming out of Shadows costs
# (uses.shadow_out_cost: its printed cost, docs/RULINGS.md "Shadows"), every rule of coming
# out checked (uses.shadow_problem: not the round it went in). Only while the challenge is
# still to be resolved; on the defending side once defenders are declared.


def _side(state: GameState, seat: int) -> str | None:
    challenge = state.challenge
    if challenge is None:
        return None
    if challenge["attacker"] == seat:
        return "attackers"
    return "defenders" if challenge["defender"] == seat else None


def _wolf_may(state: GameState, ctx: Ctx) -> bool:
    seat, ref = ctx["seat"], ctx["source"]
    side = _side(state, seat)
    if side is None or state.challenge is None:
        return False
    if not any(step["name"] == "resolve_challenge" for step in state.queue):
        return False
    if side == "defenders" and any(step["name"] == "ask_defenders" for step in state.queue):
        return False
    lords = [
        r
        for r in state.challenge[side]
        if r in state.in_play
        and controller(state, r) == seat
        and is_character(state, r)
        and traits(state, r) & {"Lord", "Lady"}
    ]
    return bool(lords) and shadow_problem(state, seat, ref, None) is None


def _guardian_wolf(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    side = _side(state, seat)
    if side is None or state.challenge is None or ref not in state.players[seat].shadows:
        return
    come_out_of_shadows(state, seat, ref, None)
    state.in_play[ref].knelt = True
    state.challenge[side].append(ref)
    state.emit("joined_challenge", card=ref, seat=seat, side=side)


register(
    "soo_61",
    Ability(
        "action",
        _guardian_wolf,
        phases=("challenges",),
        zones=("shadows",),
        condition=_wolf_may,
    ),
)


# --- soo_70 Plaza of Purification ------------------------------------------------------------
# "During the marshalling phase, you may pay any amount of the gold cost of Army characters
# using influence instead."  The passive ``cost_as_influence`` (influence.py): its controller
# marshals an Army character (any House, trait after effects) with the variant
# ``=influence_N`` of the marshal action, N from 1 to the whole cost (penalty and reductions
# included) and to the influence they can produce; the N influence is paid first like any
# influence cost (the Hand of the King, cards knelt: a card worth more pays the rest away),
# then the rest in gold. Only characters marshalled, not put into play.


def _plaza(state: GameState, source: str, subject: Any, base: bool) -> bool:
    seat, ref = subject
    return base or (
        state.phase == "marshalling"
        and controller(state, source) == seat
        and facts(state, ref).type == "character"
        and "Army" in traits(state, ref)
    )


register("soo_70", passives={COST_AS_INFLUENCE: _plaza})
