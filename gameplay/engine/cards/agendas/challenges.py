"""Agendas about challenges: Heir to the Iron Throne (qod_48), The Power Behind the Throne
(lotr_48), The Siege of Winterfell (low_48), The White Book (kl_79), The Old Way (kr_99),
and Dark Wings, Dark Words (cad_80: events)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    allowed,
    characters,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.agendas.common import (
    has_trait,
    name_choice,
    named,
    owner,
    parse_challenge,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- qod_48 Heir to the Iron Throne: "Before drawing your setup hand, name Military or
# Intrigue challenge. You cannot initiate challenges of that type. You may initiate 2 Power
# challenges each challenge phase."


def _heir_name(state: GameState, ctx: Ctx) -> None:
    ask_choose(
        state,
        ctx["seat"],
        "name_challenge",
        ["military", "intrigue"],
        "agenda_named_choice",
        ctx={"source": ctx["source"], "seat": ctx["seat"]},
    )


@handler("agenda_named_choice")
def _named_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    name_choice(state, ctx, ctx["choice"])


def _heir_forbids(state: GameState, source: str, subject: str, base: bool) -> bool:
    attacker, _, ctype = parse_challenge(subject)
    if attacker == owner(state, source) and ctype == named(state, source):
        return False
    return base


def extra_challenges(ctype: str, total: int):  # type: ignore[no-untyped-def]
    """A ``challenges_allowed`` passive: the owner may initiate ``total`` challenges of
    ``ctype`` each challenges phase."""

    def passive(state: GameState, source: str, subject: str, base: int) -> int:
        seat, kind = subject.split(":")
        if int(seat) == owner(state, source) and kind == ctype:
            return max(base, total)
        return base

    return passive


register(
    "qod_48",
    passives={"can_challenge": _heir_forbids, "challenges_allowed": extra_challenges("power", 2)},
    forced={"setup_begins": _heir_name},
)


# --- lotr_48 The Power Behind the Throne: "You may initiate an additional Intrigue
# challenge during each challenges phase. When an opponent wins an Intrigue challenge
# against you as the attacker or defender, that player may choose to either draw 1 card or
# claim 1 power for his or her house."


def _power_behind(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    winner = event.get("winner")
    if event.get("type") != "intrigue" or event.get("loser") != seat:
        return
    if winner is None or winner not in state.opponents(seat):
        return
    ask_choose(
        state,
        winner,
        "draw_or_power",
        ["draw", "power", "neither"],
        "agenda_draw_or_power",
        ctx={"seat": winner},
    )


@handler("agenda_draw_or_power")
def _draw_or_power(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if ctx["choice"] == "draw":
        moves.effect_draw(state, seat, 1)
    elif ctx["choice"] == "power":
        moves.gain_power(state, seat, 1, "agenda")


register(
    "lotr_48",
    passives={"challenges_allowed": extra_challenges("intrigue", 2)},
    forced={"challenge_won": _power_behind},
)


# --- low_48 The Siege of Winterfell: "You cannot claim power for your House except during
# a [Military] challenge. Response: After you win a [Military] challenge, claim 2 power for
# your House."


def _siege_claim(state: GameState, source: str, seat: int, base: bool) -> bool:
    if seat != owner(state, source):
        return base
    challenge = state.challenge
    return base and challenge is not None and challenge["type"] == "military"


def _siege_won(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and event.get("type") == "military"


def _siege_power(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 2, "agenda")


register(
    "low_48",
    Ability(
        "response",
        _siege_power,
        trigger="challenge_won",
        condition=_siege_won,
        zones=("agenda",),
    ),
    passives={"can_claim_power": _siege_claim},
)


# --- kl_79 The White Book: "If you control at least 1 Kingsguard character, claim 1 power
# for your House each time you successfully defend a challenge. Each time you lose a
# challenge as the attacker, kneel a standing Kingsguard character you control or discard 1
# power from your House."


def _kingsguard(state: GameState, seat: int, standing: bool = False) -> list[str]:
    return [
        r
        for r in characters(state, seat)
        if has_trait(state, r, "Kingsguard") and not (standing and state.in_play[r].knelt)
    ]


def _white_book(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("defender") == seat and event.get("winner") == seat:
        if _kingsguard(state, seat):
            moves.gain_power(state, seat, 1, "agenda")
    elif event.get("attacker") == seat and event.get("loser") == seat:
        standing = _kingsguard(state, seat, standing=True)
        if not standing:
            moves.discard_power(state, seat, 1, "agenda")
            return
        options = ["kneel"] + (["power"] if state.players[seat].power else [])
        ask_choose(state, seat, "white_book", options, "agenda_white_book", ctx={"seat": seat})


@handler("agenda_white_book")
def _white_book_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if ctx["choice"] == "power":
        moves.discard_power(state, seat, 1, "agenda")
        return
    standing = _kingsguard(state, seat, standing=True)
    ask_select(state, seat, "kneel", standing, "agenda_kneel", low=1, high=1, ctx={"seat": seat})


@handler("agenda_kneel")
def _kneel_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        moves.kneel(state, ref)
        state.emit("knelt", card=ref, code=state.code(ref))


register("kl_79", forced={"challenge_won": _white_book})


# --- kr_99 The Old Way: "After a challenge resolves, the player who counted the lowest
# total STR must choose and kill a participating character he or she controls." (Equal
# totals: nobody; RULINGS.md.)


def _old_way(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    attack, defence = event["strength"]
    if attack == defence:
        return
    seat, side = (
        (event["attacker"], "attackers") if attack < defence else (event["defender"], "defenders")
    )
    victims = [
        r
        for r in event[side]
        if r in state.in_play
        and state.in_play[r].controller == seat
        and allowed(state, "can_be_killed", r)
    ]
    if victims:
        ask_select(state, seat, "claim_kill", victims, "agenda_old_way", low=1, high=1)


@handler("agenda_old_way")
def _old_way_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, selected)


register("kr_99", forced={"challenge_ends": _old_way})


# --- cad_80 Dark Wings, Dark Words: "You cannot trigger event card effects from your dead
# or discard pile. Response: After you play an event card, draw 1 card." (Minimum deck
# size and one copy of each event are deck building.)


def _no_pile_events(state: GameState, source: str, subject: tuple[int, str], base: bool) -> bool:
    seat, ref = subject
    if seat == owner(state, source) and facts(state, ref).type == "event":
        return False
    return base


def _played_event(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("seat") == ctx["seat"] and event.get("type") == "event"


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "cad_80",
    Ability("response", _draw_one, trigger="played", condition=_played_event, zones=("agenda",)),
    passives={"can_trigger_from_pile": _no_pile_events},
)
