"""The title steps of melee: choosing the titles and returning them, the Crown Regent's
redirection, supporters defending and the Lord Commander taking over (the prompts).

The table of titles and what the rules ask of it is :mod:`gameplay.engine.titles`; the
phases run :data:`STEPS`. How the project reads the rulebook here is told there.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import HANDLERS, PASSIVE_CODES, handler, value
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import can_defend
from gameplay.engine.state import GameState
from gameplay.engine.titles import (
    SECOND_TITLE,
    TITLES,
    card_titles,
    holder,
    legal_target,
    mark_used,
    supporting_title,
    supports,
    used,
)

# --- Crown Regent ---------------------------------------------------------------------


def _new_targets(state: GameState) -> list[int]:
    challenge = state.challenge
    assert challenge is not None
    attacker, target = challenge["attacker"], challenge["target"]
    return [
        s
        for s in state.opponents(attacker)
        if s != target and legal_target(state, attacker, challenge["type"], s)
    ]


def crown_regent(state: GameState, step: dict[str, Any]) -> None:
    """After attackers: the Crown Regent may redirect the challenge once a round."""
    challenge = state.challenge
    regent = holder(state, "crown_regent")
    if challenge is None or regent is None or used(state, "crown_regent"):
        return
    if regent == challenge["attacker"] or not _new_targets(state):
        return
    ask_choose(state, regent, "crown_regent", ["redirect", "decline"], "crown_regent")


@handler("crown_regent")
def _crown_regent(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    if ctx["choice"] != "redirect":
        return
    challenge = state.challenge
    assert challenge is not None
    regent = holder(state, "crown_regent")
    assert regent is not None
    mark_used(state, regent, "crown_regent")
    targets = _new_targets(state)
    if not targets:  # not offered so; kept for safety: the original target stays
        state.emit("redirect_failed", seat=challenge["attacker"], target=challenge["target"])
        return
    options = [str(s) for s in targets]
    ask_choose(state, challenge["attacker"], "redirect_target", options, "redirect_target")


@handler("redirect_target")
def _redirect_target(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    challenge = state.challenge
    assert challenge is not None
    old, new = challenge["target"], int(ctx["choice"])
    challenge["defender"] = challenge["target"] = new
    state.emit("redirected", seat=challenge["attacker"], title="crown_regent", old=old, new=new)


# --- Supports and the Lord Commander (after no defenders) -----------------------------


def no_defenders(state: GameState, step: dict[str, Any]) -> None:
    """After defenders: if the target declared none, the players who support it may
    defend (clockwise from the target); if none does, the Lord Commander may take over."""
    challenge = state.challenge
    if challenge is None or challenge["defenders"] or not any(p.title for p in state.players):
        return
    attacker, target = challenge["attacker"], challenge["target"]
    supporters = [
        s
        for s in state.clockwise_from_left(target)
        if s not in (attacker, target) and supports(state, s, target)
    ]
    _ask_supporter(state, supporters)


def _support_candidates(state: GameState, seat: int) -> list[str]:
    challenge = state.challenge
    assert challenge is not None
    return can_defend(state, seat, challenge["type"], challenge["blocked"])


def _ask_supporter(state: GameState, seats: list[int]) -> None:
    while seats and not _support_candidates(state, seats[0]):
        seats = seats[1:]
    if not seats:
        _offer_lord_commander(state)
        return
    seat = seats[0]
    ctx = {"seat": seat, "rest": seats[1:]}
    candidates = _support_candidates(state, seat)
    ask_select(state, seat, "support_defenders", candidates, "support_defenders", ctx=ctx)


@handler("support_defenders")
def _support_defenders(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    challenge = state.challenge
    assert challenge is not None
    if not selected:
        _ask_supporter(state, ctx["rest"])
        return
    seat = ctx["seat"]
    challenge["defender"] = seat
    title = supporting_title(state, seat, challenge["target"])
    state.emit("support", seat=seat, target=challenge["target"], title=title)
    HANDLERS["defenders"](state, {}, selected)


def _offer_lord_commander(state: GameState) -> None:
    challenge = state.challenge
    assert challenge is not None
    commander = holder(state, "lord_commander")
    attacker, target = challenge["attacker"], challenge["target"]
    if challenge["type"] != "military" or commander is None or commander in (attacker, target):
        return
    if used(state, "lord_commander") or target not in state.opponents(commander):
        return
    if not legal_target(state, attacker, "military", commander):
        return
    ask_choose(state, commander, "lord_commander", ["take_over", "decline"], "lord_commander")


@handler("lord_commander")
def _lord_commander(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    if ctx["choice"] != "take_over":
        return
    challenge = state.challenge
    assert challenge is not None
    commander = holder(state, "lord_commander")
    assert commander is not None
    old = challenge["target"]
    mark_used(state, commander, "lord_commander")
    challenge["defender"] = challenge["target"] = challenge["lord_commander"] = commander
    state.emit(
        "redirected", seat=challenge["attacker"], title="lord_commander", old=old, new=commander
    )
    candidates = can_defend(state, commander, "military", challenge["blocked"])
    ask_select(state, commander, "defenders", candidates, "defenders")


# --- choosing and returning titles -----------------------------------------------------


def select_titles(state: GameState, step: dict[str, Any]) -> None:
    """Plot phase step 2: choose titles in turn order (one prompt at a time, so each
    player sees what the players before chose)."""
    if state.variant != "melee":
        return
    _ask_title(state, state.turn_order())


def _ask_title(state: GameState, seats: list[int]) -> None:
    if not seats or not state.title_pool:
        _ask_second_title(state, state.turn_order())
        return
    ctx = {"seat": seats[0], "rest": seats[1:]}
    ask_choose(state, seats[0], "title", list(state.title_pool), "title_chosen", ctx=ctx)


@handler("title_chosen")
def _title_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, name = ctx["seat"], ctx["choice"]
    state.title_pool.remove(name)
    # Three players: the title chosen last round is replaced and stays out of the pool.
    state.players[seat].title = name
    state.emit("title", seat=seat, title=name)
    _ask_title(state, ctx["rest"])


def _ask_second_title(state: GameState, seats: list[int]) -> None:
    """After every player has chosen: each seat allowed a second title (the flag query
    :data:`SECOND_TITLE`), in turn order, may choose one from the titles left, or decline."""
    if SECOND_TITLE not in PASSIVE_CODES:
        return
    while seats and not value(state, SECOND_TITLE, seats[0], False):
        seats = seats[1:]
    if not seats or not state.title_pool:
        return
    ctx = {"seat": seats[0], "rest": seats[1:]}
    options = [*state.title_pool, "decline"]
    ask_choose(state, seats[0], "second_title", options, "second_title_chosen", ctx=ctx)


@handler("second_title_chosen")
def _second_title_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, name = ctx["seat"], ctx["choice"]
    if name in state.title_pool:
        state.title_pool.remove(name)
        state.players[seat].extra_titles.append(name)
        state.emit("title", seat=seat, title=name, second=True)
    _ask_second_title(state, ctx["rest"])


def return_titles(state: GameState, step: dict[str, Any]) -> None:
    """End of round: titles go back to the pool (three players: only when it is empty;
    a second title, used this round only, always goes back)."""
    if state.variant != "melee":
        return
    every = [*TITLES, *card_titles(state)]  # the six, then cards added (Aurane Waters)
    if len(state.players) == 3 and state.title_pool:
        extra = [name for player in state.players for name in player.extra_titles]
        if extra:
            for player in state.players:
                player.extra_titles = []
            state.title_pool = [t for t in every if t in state.title_pool or t in extra]
            state.emit("second_titles_returned", titles=extra)
        return
    for player in state.players:
        player.title = None
        player.extra_titles = []
    state.title_pool = every
    state.emit("titles_returned")


STEPS = {
    "crown_regent": crown_regent,
    "no_defenders": no_defenders,
    "select_titles": select_titles,
    "return_titles": return_titles,
}
