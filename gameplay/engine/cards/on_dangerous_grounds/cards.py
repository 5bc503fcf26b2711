"""On Dangerous Grounds (atoc_41 to atoc_60): the characters, events, attachments and plots
(the locations are in locations.py, the shared helpers in common.py).

"If you control more unique characters than each opponent" (the Tourney Grounds) is
``more_unique``: strictly more than every opponent, counted as the effect resolves."""

from __future__ import annotations

from typing import Any

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    facts,
    handler,
    icons,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.on_dangerous_grounds.common import (
    ICONS,
    cancel_it,
    controller_of,
    printed_cost_at_most,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    event,
    first_challenge,
    has_trait,
    kneel_card,
    lost,
    never_on_a_card,
    of_house,
    on_bearer,
    pile_to_hand,
    shadow_event,
    stand_card,
    this_round,
    won,
)
from gameplay.engine.leaving import return_to_hand
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- atoc_56 Lyanna Stark ------------------------------------------------------------------
# "Renown. Non-unique characters get -1 STR while knelt. After Lyanna Stark is killed, stand
# all Lord characters in play. Those characters gain deadly until the end of the round."
# A strength passive on every knelt non-unique character in play (hers included); the
# "after killed" text is a forced effect (no "Response:"), run from her dead pile.


def _lyanna_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
        and state.in_play[subject].knelt
        and not facts(state, subject).unique
    ):
        return base - 1
    return base


def _lyanna_killed(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] not in ctx["event"].get("cards", ()):
        return
    for ref in characters_of(state):
        if "Lord" in traits(state, ref):
            stand_card(state, ref)
            add_lasting(state, "keywords", ref, "round", ctx["source"], add=["deadly"])


register(
    "atoc_56",
    passives={"strength": _lyanna_strength},
    forced={"killed": _lyanna_killed},
)

# --- atoc_58 Champion's Favour -------------------------------------------------------------
# "Setup. Attached character gains melee."  Setup is printed in its keywords (the engine
# reads it); melee is the keyword the attached character gains.

register("atoc_58", passives={"keywords": on_bearer(lambda base: set(base) | {"melee"})})

# --- atoc_52 Ride Them Down ----------------------------------------------------------------
# "House Targaryen only. Challenges: Choose an attacking Dothraki or Knight character. That
# character gains renown until the end of the challenge. Response: After you win a Power
# challenge by 4 or more total STR, return Ride Them Down from your discard pile to your
# hand."  Any player's attacking Dothraki or Knight; the response is used from the discard
# pile.


def _riders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r in state.in_play and (has_trait(state, r, "Dothraki") or has_trait(state, r, "Knight"))
    ]


def _ride(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and state.challenge is not None:
        add_lasting(state, "keywords", target, "challenge", ctx["source"], add=["renown"])


def _ride_back(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.players[ctx["seat"]].discard:
        pile_to_hand(state, ctx["seat"], ctx["source"], "discard")


register(
    "atoc_52",
    event(_ride, phases=("challenges",), targets=_riders),
    Ability(
        "response",
        _ride_back,
        trigger="challenge_won",
        zones=("discard",),
        condition=won("power", 4),
    ),
)

# --- atoc_57 Jalabhar Xho ------------------------------------------------------------------
# "Renown. If you lose dominance by 4 or more total STR, discard all power on Jalabhar Xho.
# At the beginning of the dominance phase, if no opponent has won a challenge against you
# this round, Jalabhar Xho claims 2 power."  Losing dominance: another player wins it with
# a total (STR and gold, as dominance counts) at least 4 above his controller's; a challenge
# against you is one you attacked or defended in and an opponent won.

JALABHAR_MARGIN = 4


def _jalabhar_lost(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    seat = controller_of(state, source)
    entry = next(this_round(state, "dominance"), None)
    if entry is None or entry.get("seat") in (None, seat):
        return
    totals = entry["totals"]
    power = state.in_play[source].power
    if totals[entry["seat"]] - totals[seat] >= JALABHAR_MARGIN and power > 0:
        state.in_play[source].power = 0
        state.emit("power", seat=seat, amount=-power, card=source, reason="atoc_57")


def _jalabhar_claims(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    seat = controller_of(state, source)
    for entry in this_round(state, "challenge_resolved"):
        winner = entry.get("winner")
        if winner not in (None, seat) and seat in (entry.get("attacker"), entry.get("defender")):
            return
    moves.card_power(state, source, 2, "atoc_57")


register("atoc_57", forced={"dominance_won": _jalabhar_lost, "dominance_begins": _jalabhar_claims})

# --- atoc_59 The First Snow of Winter ------------------------------------------------------
# "When the first challenge is initiated this round, return all characters with printed cost
# 2 or lower to their owners' hands."  A challenge is initiated when its attackers are
# declared: the forced effect runs once, as the attackers of the round's first challenge are
# declared (attackers included, who leave the challenge); every player's characters; a
# character without a printed cost is not returned; a save may still save one.


def _first_snow(state: GameState, ctx: Ctx) -> None:
    mark = f"atoc_59:{state.round}"
    if mark in state.used or not first_challenge(state):
        return
    state.used.append(mark)
    low = [r for r in characters_of(state) if printed_cost_at_most(state, r, 2)]
    if low:
        return_to_hand(state, low)


register("atoc_59", forced={"attackers_declared": _first_snow})

# --- atoc_47 Fiery Kiss --------------------------------------------------------------------
# "House Baratheon only. Response: After Fiery Kiss comes out of Shadows, choose 1 non-Army
# Baratheon character in your dead pile and put it into play. That character gains vigilant
# until the end of the phase. At the end of the phase, discard the character if it is still
# in play."  Used from the discard pile the event came out into; a unique character whose
# copy its player controls enters as a duplicate on that copy and stays (the card's ruling:
# "if it is still in play" cannot be checked); the others are discarded at the end of the
# phase (a save or duplicate may keep them).


def _kiss_candidates(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character"
        and of_house(state, r, "Baratheon")
        and not has_trait(state, r, "Army")
    ]


def _kiss_condition(state: GameState, ctx: Ctx) -> bool:
    return bool(_kiss_candidates(state, ctx["seat"]))


def _kiss(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _kiss_candidates(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "atoc_kiss", low=1, high=1, ctx=data)


def _own_copy(state: GameState, seat: int, ref: str) -> str | None:
    card = facts(state, ref)
    if not card.unique:
        return None
    for other in state.players[seat].in_play:
        if facts(state, other).name == card.name and not state.in_play[other].attached_to:
            return other
    return None


@handler("atoc_kiss")
def _kiss_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    dead = state.players[seat].dead
    for ref in selected:
        if ref not in dead:
            continue
        copy = _own_copy(state, seat, ref)
        if copy is not None:
            dead.remove(ref)
            state.in_play[copy].duplicates.append(ref)
            state.emit("duplicate", seat=seat, card=ref, code=state.code(ref), target=copy)
            continue
        put_into_play(state, seat, ref)
        if ref in state.in_play:
            source = ctx["source"]
            add_lasting(state, "keywords", ref, "phase", source, add=["vigilant"])
            add_delayed(state, "phase_ends", seat, "atoc_discard_at_end", source, "phase", card=ref)


register("atoc_47", shadow_event(_kiss, condition=_kiss_condition))

# --- atoc_45 Shyra Errol -------------------------------------------------------------------
# "Response: After a character you control is killed, discard Shyla Errol from play to
# discard 1 power from the killed character. Then, move the remaining power from that
# character to another character you control."  Power leaves play with its card; the
# killed character's power is the power it had as it left play (the ``left_play`` log
# entry): 1 of it is discarded and the rest goes onto another character its controller
# controls (chosen as it resolves). Offered only for a killed character that had 2 or more
# power (with 1 there is nothing to move) and with another character to receive it.


def _power_left_with(state: GameState, ref: str) -> int:
    for entry in reversed(state.log):
        if entry["event"] == "left_play" and entry.get("card") == ref:
            return int(entry.get("power") or 0)
    return 0


def _shyra_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.players[seat].dead and _power_left_with(state, r) >= 2
    ]


def _shyra_receivers(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if r != ctx["source"]]


def _shyra_condition(state: GameState, ctx: Ctx) -> bool:
    return bool(_shyra_targets(state, ctx)) and bool(_shyra_receivers(state, ctx))


def _shyra(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moved = _power_left_with(state, ctx["target"]) - 1
    receivers = [r for r in characters_of(state, seat) if r in state.in_play]
    data = {"seat": seat, "source": ctx["source"], "amount": moved}
    ask_select(state, seat, "gain_power", receivers, "atoc_shyra", low=1, high=1, ctx=data)


@handler("atoc_shyra")
def _shyra_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play and ctx["amount"] > 0:
            state.in_play[ref].power += ctx["amount"]
            state.emit("power", seat=ctx["seat"], amount=ctx["amount"], card=ref, reason="atoc_45")


register(
    "atoc_45",
    Ability(
        "response",
        _shyra,
        trigger="killed",
        costs=(DISCARD_SELF,),
        targets=_shyra_targets,
        condition=_shyra_condition,
    ),
)

# --- atoc_60 Called to Court ---------------------------------------------------------------
# "When revealed, each player may put an in-House character of printed cost 3 or lower into
# play from his or her hand. Each player must choose 1 character he or she controls and
# return it to its owner's hand, if able."  In turn order (from the first player) each
# player chooses up to 1 character of his
# or her House (a hidden choice from the hand, uniqueness applies); then, in the same order,
# each player with a character in play chooses 1 to return (a save may keep it).


def _court_order(state: GameState) -> list[int]:
    return list(state.turn_order())


def _in_house_cheap(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    return [
        r
        for r in player.hand
        if facts(state, r).type == "character"
        and printed_cost_at_most(state, r, 3)
        and of_house(state, r, player.house)
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _court(state: GameState, ctx: Ctx) -> None:
    _court_put_next(state, {"source": ctx["source"], "left": _court_order(state)}, [])


@handler("atoc_court_put")
def _court_put_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx.get("seat")
    for ref in selected:
        if seat is not None and ref in state.players[seat].hand:
            put_into_play(state, seat, ref)
    left = list(ctx["left"])
    while left:
        seat = left.pop(0)
        found = _in_house_cheap(state, seat)
        data = {"source": ctx["source"], "left": left, "seat": seat}
        shown = list(state.players[seat].hand)
        data["shown"] = shown
        ask_select(
            state, seat, "put_into_play", found, "atoc_court_put", high=1, ctx=data, hidden=True
        )
        return
    _court_return_next(state, {"source": ctx["source"], "left": _court_order(state)}, [])


@handler("atoc_court_return")
def _court_return_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            return_to_hand(state, [ref])
    left = list(ctx["left"])
    while left:
        seat = left.pop(0)
        mine = characters_of(state, seat)
        if not mine:
            continue
        data = {"source": ctx["source"], "left": left, "seat": seat}
        ask_select(
            state, seat, "return_to_hand", mine, "atoc_court_return", low=1, high=1, ctx=data
        )
        return


register("atoc_60", when_revealed=_court)

# --- atoc_53 Maiden of Poisons -------------------------------------------------------------
# "House Martell only. Response: After you lose a challenge as the defender, choose a
# challenge icon. Then each opponent chooses 1 standing character he or she controls with
# that icon, if able. All chosen characters lose that icon until the end of the phase."
# The opponents choose in turn order; an opponent with no standing character with that icon
# chooses nothing; the icons go once every opponent has chosen.


def _maiden(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "icon", list(ICONS), "atoc_maiden_icon", ctx=data)


@handler("atoc_maiden_icon")
def _maiden_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {**ctx, "icon": ctx["choice"], "left": state.opponents(ctx["seat"]), "chosen": []}
    _maiden_next(state, data, [])


@handler("atoc_maiden_pick")
def _maiden_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *selected]
    left = list(ctx["left"])
    icon = ctx["icon"]
    while left:
        seat = left.pop(0)
        found = [
            r
            for r in characters_of(state, seat)
            if not state.in_play[r].knelt and icon in icons(state, r)
        ]
        if not found:
            continue
        data = {**ctx, "left": left, "chosen": chosen}
        data.pop("choice", None)
        ask_select(state, seat, "lose_icon", found, "atoc_maiden_pick", low=1, high=1, ctx=data)
        return
    for ref in chosen:
        if ref in state.in_play:
            add_lasting(state, "icons", ref, "phase", ctx["source"], remove=[icon])


register(
    "atoc_53",
    Ability("response", _maiden, trigger="challenge_won", condition=lost("defender")),
)

# --- atoc_48 Alannys Greyjoy ---------------------------------------------------------------
# "House Greyjoy only. Response: Kneel Alannys Greyjoy to cancel an effect triggered by a
# player with 3 or more non-character cards in his or her discard pile."  A cancel (the
# engine's ``ability`` window) of any triggered effect, whoever triggered it (Alannys's own
# controller included), counted as the cancel is used.

ALANNYS_PILE = 3


def _alannys_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["event"].get("seat")
    if seat is None:
        return False
    pile = state.players[seat].discard
    return sum(1 for r in pile if facts(state, r).type != "character") >= ALANNYS_PILE


register(
    "atoc_48",
    Ability("cancel", cancel_it, trigger="ability", costs=(KNEEL_SELF,), condition=_alannys_may),
)

# --- atoc_46 Enemy to the Crown and atoc_50 The Iron Price ---------------------------------
# "Attach to an opponent's House card. If you have more than 1 opponent, after a player wins
# a Power (Military) challenge against the owner of attached House card, kneel Enemy to the
# Crown (The Iron Price). Then, the winner of the challenge stands 1 character for each
# power moved for claim (claims 1 power for each character killed for claim)."  House card
# attachments on any opponent's House card. Forced (no "Response:"), at ``challenge_won``
# after the claim, while the attachment's controller has 2 or more opponents: a standing
# attachment kneels (a knelt one cannot, and then nothing follows: "Then"). Enemy to the
# Crown: the power the claim moved (the ``power_moved`` log entries of reason "claim" since
# the challenge began); the winner chooses that many knelt characters in play (any
# player's) to stand. The Iron Price: the characters killed for Military claim that are in
# a dead pile now (a saved one does not count); the winner gains that much power from the
# power pool for his or her House.


def _house_forced(ctype: str, then: Any) -> Any:
    def forced(state: GameState, ctx: Ctx) -> None:
        source, event_ = ctx["source"], ctx["event"]
        if source not in state.in_play or state.in_play[source].knelt:
            return
        owner, seat = house_card.house_of(state, source), controller_of(state, source)
        winner = event_.get("winner")
        if (
            event_.get("type") != ctype
            or owner is None
            or winner is None
            or event_.get("loser") != owner
            or len(state.opponents(seat)) <= 1
        ):
            return
        kneel_card(state, source)
        then(state, source, winner)

    return forced


def _power_moved_for_claim(state: GameState) -> int:
    challenge = state.challenge
    if challenge is None:
        return 0
    return sum(
        int(e.get("amount") or 0)
        for e in state.log[challenge["id"] :]
        if e["event"] == "power_moved" and e.get("reason") == "claim"
    )


def _enemy_stands(state: GameState, source: str, winner: int) -> None:
    count = _power_moved_for_claim(state)
    knelt = [r for r in characters_of(state) if state.in_play[r].knelt]
    high = min(count, len(knelt))
    if high:
        data = {"seat": winner, "source": source}
        ask_select(state, winner, "stand", knelt, "atoc_enemy_stand", low=high, high=high, ctx=data)


@handler("atoc_enemy_stand")
def _enemy_stand_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        stand_card(state, ref)


def _iron_price_claims(state: GameState, source: str, winner: int) -> None:
    challenge = state.challenge or {}
    dead = [r for r in challenge.get("claim_killed", []) if any(r in p.dead for p in state.players)]
    if dead:
        moves.gain_power(state, winner, len(dead), "atoc_50")


for _code, _ctype, _then in (
    ("atoc_46", "power", _enemy_stands),
    ("atoc_50", "military", _iron_price_claims),
):
    register(
        _code,
        forced={"challenge_won": _house_forced(_ctype, _then)},
        attach_rule=never_on_a_card,
        house_attachment=True,
        house_rule=house_card.opponents_house,
    )

# --- atoc_43 Myrcella Lannister ------------------------------------------------------------
# "If you have more than 1 opponent, Myrcella Lannister gains: "Any Phase: Kneel Myrcella
# Lannister to choose an opponent. Exchange Titles with that player. This effect cannot be
# triggered during a challenge."" (The last sentence is the errata.)  An action while her
# controller has 2 or more opponents and no challenge is under way; the opponent is chosen
# among those holding a title or, when she holds one, any opponent (an exchange must change
# something); a player without a title gets one and gives none.


def _myrcella_opponents(state: GameState, seat: int) -> list[int]:
    mine = state.players[seat].title
    return [
        o for o in state.opponents(seat) if state.players[o].title is not None or mine is not None
    ]


def _myrcella_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        state.challenge is None
        and len(state.opponents(seat)) > 1
        and bool(_myrcella_opponents(state, seat))
    )


def _myrcella(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(o) for o in _myrcella_opponents(state, seat)]
    data = {"seat": seat, "source": ctx["source"]}
    ask_choose(state, seat, "choose_opponent", options, "atoc_myrcella", ctx=data)


@handler("atoc_myrcella")
def _myrcella_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    me, them = state.players[seat], state.players[other]
    me.title, them.title = them.title, me.title
    state.emit("titles_exchanged", seat=seat, target=other)


register(
    "atoc_43",
    Ability("action", _myrcella, costs=(KNEEL_SELF,), condition=_myrcella_may),
)
