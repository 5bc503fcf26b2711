"""Core Set neutral events, registered by card code (see abilities.register).

Importing the package gameplay.engine.cards.core registers every Core Set card.

Conventions:

- Every event is an ability with ``zones=("hand",)``; playing it puts it in the discard
  pile (windows.use), and Calm Over Westeros' gold is given before anything else.
- "Choose a character" that is then knelt or stood offers only characters the effect
  changes (standing ones to kneel, kneeling ones to stand).
- "Kneel N of your House X characters" is a ``kneel`` cost; the knelt characters are in
  ``ctx["knelt"]`` when the effect resolves.
- Handler and effect names start with ``events_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    HANDLERS,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    crests,
    facts,
    gold_available,
    handler,
    icons,
    register,
    value,
)
from gameplay.engine.moves import (
    card_power,
    discard,
    kill,
    kill_target,
    kneel,
    search_deck,
    spend_gold,
    stand,
    take_control,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

Match = Callable[[GameState, str], bool]

# --- shared helpers -------------------------------------------------------------------


def _characters(state: GameState, seats: list[int] | None = None) -> list[str]:
    """Characters in play (controlled by one of ``seats`` when given), in seat order."""
    seats = list(range(len(state.players))) if seats is None else seats
    return [
        r for s in seats for r in state.players[s].in_play if facts(state, r).type == "character"
    ]


def _of_house(house: str) -> Match:
    """A ``kneel`` cost's match: a House ``house`` character."""
    return lambda state, ref: house in facts(state, ref).houses


def _has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (with modifiers) or out of play (printed)."""
    printed = set(facts(state, ref).traits)
    return trait in (value(state, "traits", ref, printed) if ref in state.in_play else printed)


def _event_gold(state: GameState, seat: int) -> int:
    """Gold an event costs an opponent now (Calm Over Westeros)."""
    return value(state, "event_gold", seat, 0)


def _in_challenge(state: GameState, ctype: str | None = None) -> bool:
    """A challenge (of type ``ctype`` when given) is being resolved."""
    challenge = state.challenge
    return challenge is not None and (ctype is None or challenge["type"] == ctype)


def _won(ctype: str | None = None) -> Callable[[GameState, Ctx], bool]:
    """Condition of "After you win a (``ctype``) challenge"."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        return event.get("winner") == ctx["seat"] and ctype in (None, event.get("type"))

    return condition


def _search(state: GameState, ctx: Ctx, match: Match) -> None:
    """ "Search your deck for a card that ``match``es, reveal it to all players, and put it
    into your hand. Then shuffle your deck." """
    search_deck(state, ctx["seat"], lambda r: match(state, r), "events_found")


def _event(effect_fn: Callable[[GameState, Ctx], None], **options: Any) -> Ability:
    """An action event played from the hand."""
    return Ability("action", effect_fn, zones=("hand",), **options)


def _response(effect_fn: Callable[[GameState, Ctx], None], trigger: str, **options: Any) -> Ability:
    """A response event played from the hand."""
    return Ability("response", effect_fn, trigger=trigger, zones=("hand",), **options)


# --- core_155 Distraction -------------------------------------------------------------
# "Marshalling: Choose a character with a Military icon. Kneel that character."


def _distraction_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in _characters(state)
        if not state.in_play[r].knelt and "military" in icons(state, r)
    ]


def _distraction(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        kneel(state, ref)  # a kneel by a card effect (Stalwart Shield, "after ... knelt")
        if state.in_play[ref].knelt:
            seat = state.in_play[ref].controller
            state.emit("knelt", card=ref, code=state.code(ref), seat=seat)


register("core_155", _event(_distraction, phases=("marshalling",), targets=_distraction_targets))


# --- core_156 Winter is Coming --------------------------------------------------------
# "Challenges: Raise the Claim value on each House Stark player's revealed plot card by 1
# for the duration of the challenge. Limit 1 per round."


def _stark_players(state: GameState) -> list[int]:
    return [p.seat for p in state.players if p.house == "Stark"]


def _winter_allowed(state: GameState, ctx: Ctx) -> bool:
    return _in_challenge(state) and bool(_stark_players(state))


def _winter_is_coming(state: GameState, ctx: Ctx) -> None:
    for seat in _stark_players(state):
        add_lasting(state, "claim", seat, "challenge", ctx["source"], amount=1)


register(
    "core_156",
    _event(
        _winter_is_coming,
        phases=("challenges",),
        condition=_winter_allowed,
        limit=(1, "round"),
    ),
)


# --- core_157 Kings in the North ------------------------------------------------------
# "Response: Play after you win dominance. Kneel 2 of your House Stark characters to have
# them claim 1 power each."


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _kings_in_the_north(state: GameState, ctx: Ctx) -> None:
    for ref in ctx.get("knelt", []):
        if ref in state.in_play:
            card_power(state, ref, 1, "kings_in_the_north")


register(
    "core_157",
    _response(
        _kings_in_the_north,
        "dominance_won",
        condition=_won_dominance,
        costs=(Cost("kneel", 2, _of_house("Stark"), "House Stark character"),),
    ),
)


# --- core_158 Lethal Counterattack ----------------------------------------------------
# "Challenges: During a Military challenge, kneel 2 of your House Stark characters to
# kill all attacking characters. Limit 1 per challenge."


def _attackers(state: GameState) -> list[str]:
    challenge = state.challenge
    return [r for r in challenge["attackers"] if r in state.in_play] if challenge else []


def _counterattack_allowed(state: GameState, ctx: Ctx) -> bool:
    return _in_challenge(state, "military") and bool(_attackers(state))


def _lethal_counterattack(state: GameState, ctx: Ctx) -> None:
    kill(state, _attackers(state))


register(
    "core_158",
    _event(
        _lethal_counterattack,
        phases=("challenges",),
        condition=_counterattack_allowed,
        costs=(Cost("kneel", 2, _of_house("Stark"), "House Stark character"),),
        limit=(1, "challenge"),
    ),
)


# --- core_161 I Never Bet Against My Family -------------------------------------------
# "Challenges: Pay X gold and kneel a House Lannister character to lower an opponent's
# claim by X (to a minimum of 0) for the duration of the challenge."
# X (at least 1) and the opponent are chosen as the event resolves, then X is paid.


def _bet_allowed(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return _in_challenge(state) and gold_available(state, seat) > _event_gold(state, seat)


def _never_bet(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(x) for x in range(1, gold_available(state, seat) + 1)]
    if options:
        data = {"seat": seat, "source": ctx["source"]}
        ask_choose(state, seat, "pay_x", options, "events_bet_amount", ctx=data)


@handler("events_bet_amount")
def _bet_amount(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "x": int(ctx["choice"])}
    options = [str(s) for s in state.opponents(ctx["seat"])]
    if len(options) == 1:
        HANDLERS["events_bet_opponent"](state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "events_bet_opponent", ctx=data)


@handler("events_bet_opponent")
def _bet_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    paid = spend_gold(state, ctx["seat"], ctx["x"], "i_never_bet_against_my_family")
    if state.challenge is not None and paid:
        add_lasting(state, "claim", int(ctx["choice"]), "challenge", ctx["source"], amount=-paid)


register(
    "core_161",
    _event(
        _never_bet,
        phases=("challenges",),
        condition=_bet_allowed,
        costs=(Cost("kneel", 1, _of_house("Lannister"), "House Lannister character"),),
    ),
)


# --- core_163 Insidious Ways ----------------------------------------------------------
# "Challenges: Choose an attacking House Lannister character. Until the end of the
# phase, that character gets +2 STR. If you win the challenge, draw 2 cards."


def _attacking_characters(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or challenge["attacker"] != ctx["seat"]:
        return []
    return [r for r in challenge["attackers"] if r in state.in_play]


def _attacking_lannister(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in _attacking_characters(state, ctx) if "Lannister" in facts(state, r).houses]


def _insidious_ways(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=2)
    add_delayed(state, "challenge_won", ctx["seat"], "draw_cards", ctx["source"], amount=2)


register("core_163", _event(_insidious_ways, phases=("challenges",), targets=_attacking_lannister))


# --- core_166 A Lannister Pays His Debts ----------------------------------------------
# "Response: After you lose a challenge, kneel one of your House Lannister characters to
# choose and kill a participating character controlled by the winning opponent."


def _debts_targets(state: GameState, ctx: Ctx) -> list[str]:
    event = ctx["event"]
    winner = event.get("winner")
    if event.get("loser") != ctx["seat"] or winner not in state.opponents(ctx["seat"]):
        return []
    participants = [*event.get("attackers", ()), *event.get("defenders", ())]
    return [r for r in participants if r in state.in_play and state.in_play[r].controller == winner]


register(
    "core_166",
    _response(
        kill_target,
        "challenge_won",
        targets=_debts_targets,
        costs=(Cost("kneel", 1, _of_house("Lannister"), "House Lannister character"),),
    ),
)


# --- core_168 Muster ------------------------------------------------------------------
# "Marshalling: Kneel one of your Knight characters to search your deck for a Knight
# character, reveal it to all players, and put it into your hand. Then shuffle your deck."


def _knight(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "character" and _has_trait(state, ref, "Knight")


def _muster(state: GameState, ctx: Ctx) -> None:
    _search(state, ctx, _knight)


register(
    "core_168",
    _event(
        _muster, phases=("marshalling",), costs=(Cost("kneel", 1, _knight, "Knight character"),)
    ),
)


# --- core_171 Retreat -----------------------------------------------------------------
# "Response: After one of your unique characters is killed, return that character to
# your hand instead of placing it in your dead pile."
# The killed character must still be in your dead pile (not elsewhere: The Hound).


def _retreat_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat, event = ctx["seat"], ctx["event"]
    controllers = event.get("controllers", {})
    return [
        r
        for r in event.get("cards", ())
        if controllers.get(r) == seat
        and r in state.players[seat].dead
        and facts(state, r).unique
        and facts(state, r).type == "character"
    ]


def _retreat(state: GameState, ctx: Ctx) -> None:
    ref, player = ctx["target"], state.players[ctx["seat"]]
    if ref in player.dead:
        player.dead.remove(ref)
        player.hand.append(ref)
        state.emit("returned_to_hand", seat=player.seat, card=ref, code=state.code(ref))


register("core_171", _response(_retreat, "killed", targets=_retreat_targets))


# --- core_172 Support of the Kingdom --------------------------------------------------
# "Response: After you win a Power challenge, choose any gold or influence producing
# location controlled by an opponent, and take control of that location."
# Gold or influence producing: a printed income or influence bonus above 0. A unique
# location is not offered when you may not control it (a copy you own or control in play,
# or in your dead pile).


def _may_control(state: GameState, seat: int, ref: str) -> bool:
    card = facts(state, ref)
    if not card.unique:
        return True
    for other, record in state.in_play.items():
        mine = seat in (record.controller, state.cards[other].owner)
        if other != ref and mine and facts(state, other).name == card.name:
            return False
    return all(facts(state, r).name != card.name for r in state.players[seat].dead)


def _support_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for s in state.opponents(seat)
        for r in state.players[s].in_play
        if facts(state, r).type == "location"
        and ((facts(state, r).income or 0) > 0 or (facts(state, r).influence or 0) > 0)
        and _may_control(state, seat, r)
    ]


def _take_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        take_control(state, ctx["target"], ctx["seat"])


register(
    "core_172",
    _response(_take_target, "challenge_won", condition=_won("power"), targets=_support_targets),
)


# --- core_173 Dance With Dragons ------------------------------------------------------
# "Any Phase: Kneel 1 influence to search your deck for a Dragon card, reveal it to all
# players, and put it into your hand. Then shuffle your deck."


def _dragon(state: GameState, ref: str) -> bool:
    return _has_trait(state, ref, "Dragon")


def _dance_with_dragons(state: GameState, ctx: Ctx) -> None:
    _search(state, ctx, _dragon)


register("core_173", _event(_dance_with_dragons, costs=(Cost("influence", 1),)))


# --- core_175 Seductive Promise -------------------------------------------------------
# "Response: After you win a Power challenge by 4 or more total STR, choose a non-unique
# character controlled by the losing opponent. Take control of that character.
# Limit 1 per phase."

PROMISE_MARGIN = 4


def _promise_targets(state: GameState, ctx: Ctx) -> list[str]:
    event, seat = ctx["event"], ctx["seat"]
    loser = event.get("loser")
    if not _won("power")(state, ctx) or event.get("by", 0) < PROMISE_MARGIN:
        return []
    if loser not in state.opponents(seat):
        return []
    return [r for r in _characters(state, [loser]) if not facts(state, r).unique]


register(
    "core_175",
    _response(_take_target, "challenge_won", targets=_promise_targets, limit=(1, "phase")),
)


# --- core_176 Westeros Bleeds ---------------------------------------------------------
# "Dominance: Kneel 4 influence to discard all characters from play."


def _westeros_bleeds(state: GameState, ctx: Ctx) -> None:
    discard(state, _characters(state))


register(
    "core_176",
    _event(_westeros_bleeds, phases=("dominance",), costs=(Cost("influence", 4),)),
)


# --- core_177 / core_179 Distinct Mastery ---------------------------------------------
# "Any Phase: Choose and stand a Holy, Learned, Noble, or War character."

MASTERY_CRESTS = frozenset({"holy", "learned", "noble", "war"})


def _mastery_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in _characters(state)
        if state.in_play[r].knelt and crests(state, r) & MASTERY_CRESTS
    ]


def _distinct_mastery(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play and state.in_play[ref].knelt:
        stand(state, ref)
        state.emit("stood", card=ref)


for _code in ("core_177", "core_179"):
    register(_code, _event(_distinct_mastery, targets=_mastery_targets))
