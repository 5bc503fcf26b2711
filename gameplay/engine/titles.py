"""The six multiplayer titles of melee: choosing them, their relations and their effects.

The titles are data (:data:`TITLE`); the rest of the engine calls the hooks below and runs
the steps in :data:`STEPS`. Without titles (joust, two-on-two) every hook is neutral and
every step does nothing, so those games do not change by a single event.

How the project reads the rulebook here (see also ``/work/shared/rules/NOTES.md``):

- Choosing (plot phase, step 2): the first player then clockwise, each from the titles
  still in the pool. Four players: every title returns at the end of each round. Three
  players: titles return only at the end of a round in which the pool is empty, so round 2
  is chosen from the three titles left in round 1; a kept title stays in effect until its
  holder chooses its replacement.
- Supports: no challenge against the player you support. When that player declares no
  defenders (cannot or does not), a supporter may declare its own eligible characters as
  defenders; it then becomes the defending player (wins or loses, renown, deadly,
  vengeful, title STR) and the original target still satisfies claim.
- Lord Commander: asked only after every supporter declined (a supported challenge is no
  longer "undefended"). It must be a legal target of the attacker; it becomes defender and
  target; stealth chosen against the original target does not follow the challenge.
- Crown Regent: offered once a round for a challenge initiated by another player, right
  after attackers are declared, and only when the attacker has another legal target (with
  none the redirection would change nothing and only spend the title).
- Legal target (Crown Regent, Lord Commander): an opponent of the attacker that the
  attacker's title does not support and that no card forbids challenging; the attacker
  having already initiated a challenge of that type, the gold paid to initiate (Uneasy
  Truce) and standing attackers are not asked again, the challenge being under way.
- Opposes: a challenge is won "against" its losing player (a supporter who defended and
  lost, not the original target); 1 power for the House, at most once a round per player.
- Hand of the King: once a round, 2 influence towards an influence cost (uses.py asks
  whether to use it before asking for cards; any of the 2 not needed is lost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameplay.engine.abilities import HANDLERS, allowed, handler
from gameplay.engine.moves import gain_power, move_power
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

STR_BONUS = 3
OPPOSES_POWER = 1
LORD_COMMANDER_POWER = 1


@dataclass(frozen=True)
class Title:
    """One title: the challenge type of its +3 STR, whom it supports and opposes, and its
    other bonuses (cards drawn in the draw phase, income, influence once a round)."""

    name: str
    label: str
    icon: str | None = None
    supports: str | None = None
    opposes: tuple[str, ...] = ()
    draw: int = 0
    income: int = 0
    influence: int = 0


# The rulebook's order; relations exactly as "The Multiplayer Titles" and NOTES.md.
TITLE: dict[str, Title] = {
    t.name: t
    for t in (
        Title("crown_regent", "Crown Regent", icon="power"),
        Title("lord_commander", "Lord Commander of the Kingsguard", icon="military"),
        Title(
            "hand_of_the_king",
            "Hand of the King",
            supports="master_of_whispers",
            opposes=("master_of_coin",),
            influence=2,
        ),
        Title(
            "master_of_whispers",
            "Master of Whispers",
            icon="intrigue",
            supports="master_of_coin",
            opposes=("master_of_laws", "crown_regent"),
        ),
        Title(
            "master_of_laws",
            "Master of Laws",
            supports="hand_of_the_king",
            opposes=("master_of_whispers",),
            draw=1,
        ),
        Title(
            "master_of_coin",
            "Master of Coin",
            supports="master_of_laws",
            opposes=("hand_of_the_king",),
            income=2,
        ),
    )
}
# The names are the values of ``Player.title`` and of ``GameState.title_pool``.
TITLES = tuple(TITLE)


def title_of(state: GameState, seat: int) -> Title | None:
    """The title ``seat`` holds, if any."""
    name = state.players[seat].title
    return TITLE.get(name) if name else None


def holder(state: GameState, name: str) -> int | None:
    """The seat holding title ``name``, if anyone does."""
    return next((p.seat for p in state.players if p.title == name), None)


def supports(state: GameState, seat: int, other: int) -> bool:
    """Whether ``seat``'s title supports ``other``'s title."""
    mine, theirs = title_of(state, seat), state.players[other].title
    return mine is not None and theirs is not None and mine.supports == theirs


def opposes(state: GameState, seat: int, other: int) -> bool:
    """Whether ``seat``'s title opposes ``other``'s title."""
    mine, theirs = title_of(state, seat), state.players[other].title
    return mine is not None and theirs is not None and theirs in mine.opposes


def _used(state: GameState, name: str) -> bool:
    return f"title:{name}" in state.used


def _use(state: GameState, seat: int, name: str, **data: Any) -> None:
    state.used.append(f"title:{name}")
    state.emit("title_used", seat=seat, title=name, **data)


# --- hooks the engine calls -----------------------------------------------------------


def challenge_forbidden(state: GameState, attacker: int, defender: int) -> str | None:
    """Why ``attacker`` may not challenge ``defender`` because of titles (supports)."""
    if supports(state, attacker, defender):
        mine, theirs = title_of(state, attacker), title_of(state, defender)
        assert mine is not None and theirs is not None
        return (
            f"Your title ({mine.label}) supports seat {defender}'s {theirs.label}: "
            "you cannot challenge that player."
        )
    return None


def legal_target(state: GameState, attacker: int, ctype: str, seat: int) -> bool:
    """Whether a challenge of ``attacker`` already under way may be turned against ``seat``
    (Crown Regent, Lord Commander): what :func:`challenges.challenge_problem` asks, except
    the already-initiated type, the gold paid to initiate and standing attackers."""
    if seat == attacker or seat not in state.opponents(attacker):
        return False
    if challenge_forbidden(state, attacker, seat):
        return False
    return allowed(state, "can_challenge", f"{attacker}>{seat}:{ctype}")


def side_bonus(state: GameState, seat: int, ctype: str) -> int:
    """STR a title adds to ``seat``'s side in a ``ctype`` challenge: +3 with the matching
    icon when ``seat`` has a participating character on its side."""
    title, challenge = title_of(state, seat), state.challenge
    if title is None or title.icon != ctype or challenge is None:
        return 0
    if seat == challenge["attacker"]:
        side = challenge["attackers"]
    elif seat == challenge["defender"]:
        side = challenge["defenders"]
    else:
        return 0
    mine = any(r in state.in_play and state.in_play[r].controller == seat for r in side)
    return STR_BONUS if mine else 0


def draw_bonus(state: GameState, seat: int) -> int:
    """Extra cards in the draw phase (Master of Laws); they are not effect draws, so the
    draw cap does not count them."""
    title = title_of(state, seat)
    return title.draw if title else 0


def income_bonus(state: GameState, seat: int) -> int:
    """Extra income (Master of Coin)."""
    title = title_of(state, seat)
    return title.income if title else 0


def after_challenge(state: GameState) -> None:
    """Opposes power and the Lord Commander's reward after a challenge is decided."""
    challenge = state.challenge
    if challenge is None or challenge["winner"] is None:
        return
    winner, loser = challenge["winner"], challenge["loser"]
    if challenge.get("lord_commander") == winner:
        move_power(state, challenge["attacker"], winner, LORD_COMMANDER_POWER, "lord_commander")
    if loser is not None and opposes(state, winner, loser):
        mark = f"opposes:{winner}"
        if mark not in state.used:
            state.used.append(mark)
            gain_power(state, winner, OPPOSES_POWER, "opposes")


# --- Hand of the King (influence, called by uses._ask_influence) -------------------


def hand_influence(state: GameState, seat: int) -> int:
    """Influence ``seat``'s title can still produce this round (Hand of the King: 2)."""
    title = title_of(state, seat)
    if title is None or not title.influence or _used(state, title.name):
        return 0
    return title.influence


def ask_hand_of_the_king(state: GameState, seat: int, amount: int, pay: dict[str, Any]) -> bool:
    """Before ``seat`` kneels cards for ``amount`` influence, ask whether to use the Hand of
    the King; True when asked (the answer continues the payment with ``pay``, the context
    of what the influence pays for). Only "use" is offered when the cards are not enough."""
    from gameplay.engine.windows import influence_available

    if amount <= 0 or not hand_influence(state, seat):
        return False
    cards = sum(influence_available(state, seat).values())
    options = ["use", "decline"] if cards >= amount else ["use"]
    ctx = {"seat": seat, "amount": amount, "pay": pay}
    ask_choose(state, seat, "hand_of_the_king", options, "hand_of_the_king", ctx=ctx)
    return True


@handler("hand_of_the_king")
def _hand_of_the_king(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    from gameplay.engine.windows import ask_influence_cards

    seat, amount, pay = ctx["seat"], ctx["amount"], ctx["pay"]
    if ctx["choice"] == "use":
        produced = hand_influence(state, seat)
        _use(state, seat, "hand_of_the_king", influence=produced)
        amount -= produced
    if amount > 0:
        ask_influence_cards(state, seat, amount, pay)
    else:
        HANDLERS["influence_paid"](state, pay, [])


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
    if challenge is None or regent is None or _used(state, "crown_regent"):
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
    _use(state, regent, "crown_regent")
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
    from gameplay.engine.challenges import can_defend

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
    state.emit("support", seat=seat, target=challenge["target"], title=state.players[seat].title)
    HANDLERS["defenders"](state, {}, selected)


def _offer_lord_commander(state: GameState) -> None:
    challenge = state.challenge
    assert challenge is not None
    commander = holder(state, "lord_commander")
    attacker, target = challenge["attacker"], challenge["target"]
    if challenge["type"] != "military" or commander is None or commander in (attacker, target):
        return
    if _used(state, "lord_commander") or target not in state.opponents(commander):
        return
    if not legal_target(state, attacker, "military", commander):
        return
    ask_choose(state, commander, "lord_commander", ["take_over", "decline"], "lord_commander")


@handler("lord_commander")
def _lord_commander(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    from gameplay.engine.challenges import can_defend

    if ctx["choice"] != "take_over":
        return
    challenge = state.challenge
    assert challenge is not None
    commander = holder(state, "lord_commander")
    assert commander is not None
    old = challenge["target"]
    _use(state, commander, "lord_commander")
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


def return_titles(state: GameState, step: dict[str, Any]) -> None:
    """End of round: titles go back to the pool (three players: only when it is empty)."""
    if state.variant != "melee":
        return
    if len(state.players) == 3 and state.title_pool:
        return
    for player in state.players:
        player.title = None
    state.title_pool = list(TITLES)
    state.emit("titles_returned")


STEPS = {
    "crown_regent": crown_regent,
    "no_defenders": no_defenders,
    "select_titles": select_titles,
    "return_titles": return_titles,
}
