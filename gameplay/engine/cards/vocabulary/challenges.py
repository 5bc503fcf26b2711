"""Conditions on challenges: "after you win (lose) a challenge ...", read from the
``challenge_won`` event a response or forced effect answers, and "the first challenge"."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import Ctx, add_lasting, attached_to, controller
from gameplay.engine.cards.vocabulary.history import this_round
from gameplay.engine.state import GameState

Condition = Callable[[GameState, Ctx], bool]


def won(ctype: str | None = None, by: int = 0, role: str | None = None) -> Condition:
    """Condition of "After you win a [``ctype``] challenge [as the ``role``] [by ``by`` or
    more total STR]" on the ``challenge_won`` trigger (``role``: attacker or defender)."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        return (
            event.get("winner") == ctx["seat"]
            and ctype in (None, event.get("type"))
            and event.get("by", 0) >= by
            and (role is None or event.get(role) == ctx["seat"])
        )

    return condition


def lost(role: str | None = None) -> Condition:
    """Condition of "After you lose a challenge [as the ``role``]" (``attacker`` or
    ``defender``) on the ``challenge_won`` trigger."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        if event.get("loser") != ctx["seat"]:
            return False
        return role is None or event.get(role) == ctx["seat"]

    return condition


def lost_to_opponent(ctype: str | None = None) -> Condition:
    """ "After an opponent wins a [``ctype``] challenge against you" (``challenge_won``)."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        return (
            event.get("loser") == ctx["seat"]
            and event.get("winner") is not None
            and ctype in (None, event.get("type"))
        )

    return condition


def won_with(participant: str) -> Condition:
    """Condition of "After you win a challenge in which X participated" (``participant``:
    ``self`` for the source, ``attached`` for the character the source is attached to)."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        if event.get("winner") != ctx["seat"]:
            return False
        ref = ctx["source"] if participant == "self" else attached_to(state, ctx["source"])
        return ref is not None and ref in [*event.get("attackers", ()), *event.get("defenders", ())]

    return condition


def won_unopposed(state: GameState, ctx: Ctx) -> bool:
    """ "After you win an unopposed challenge" (the challenge is still being resolved
    while its responses are answered)."""
    challenge = state.challenge
    return (
        ctx["event"].get("winner") == ctx["seat"]
        and challenge is not None
        and bool(challenge.get("unopposed"))
    )


def attacked_alone(state: GameState, ctx: Ctx) -> bool:
    """ "After you win a challenge in which X attacked alone"."""
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and list(event.get("attackers", ())) == [
        ctx["source"]
    ]


def participants(event: Ctx, state: GameState | None = None) -> list[str]:
    """The attackers and defenders a ``challenge_won`` event names; with ``state``, only
    those that still exist. A participant put into a deck since (Ser Jaremy Rykker
    returning himself to the top of his deck, the deck then shuffled) has a fresh id there,
    and nothing tells what it was: it no longer counts as having participated (RULINGS,
    "Participants gone to a deck"). A condition that reads the participants' traits, Houses
    or crests passes ``state``."""
    named = [*event.get("attackers", ()), *event.get("defenders", ())]
    return named if state is None else [r for r in named if r in state.cards]


def first_challenge(state: GameState) -> bool:
    """During (or at the end of) the first challenge initiated this round (read from the
    log: the challenges of the challenges phase and of any epic phase count)."""
    return state.challenge is not None and sum(1 for _ in this_round(state, "challenge")) == 1


def challenges_this_phase(state: GameState, seat: int | None = None) -> int:
    """The challenges initiated this phase (by ``seat`` when given), read from the log
    since the phase began: an epic phase is a phase of its own (docs/RULINGS.md), so its
    challenge counts there and not in the challenges phase's count."""
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if entry["event"] == "challenge" and seat in (None, entry.get("seat")):
            count += 1
    return count


def wins_this_phase(state: GameState, seat: int, ctype: str | None = None) -> int:
    """The challenges of type ``ctype`` (any when None) that ``seat`` won as the attacker
    this phase, read from the log (``challenge_resolved``) since the phase began (Blood-Crazed
    Screamer, Wedding Feast)."""
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if (
            entry["event"] == "challenge_resolved"
            and entry.get("winner") == seat
            and entry.get("attacker") == seat
            and ctype in (None, entry.get("type"))
        ):
            count += 1
    return count


def first_challenge_this_phase(state: GameState) -> bool:
    """During the first challenge initiated this phase: the challenges phase's first, and
    the first of each epic phase ("the first challenge initiated each phase")."""
    return state.challenge is not None and challenges_this_phase(state) == 1


def challenges_this_round(state: GameState, seat: int | None = None) -> int:
    """The challenges initiated this round (by ``seat`` when given), those of the epic
    phases included (``Player.challenges_done`` holds only the current phase's)."""
    entries = this_round(state, "challenge")
    return sum(1 for e in entries if seat in (None, e.get("seat")))


def would_win_against_you(state: GameState, ctx: Ctx) -> bool:
    """ "If an opponent would win a challenge against you": a response to the trigger
    ``would_win_<type>`` (challenges.resolve) whose would-be loser is the ability's seat
    and whose would-be winner is one of its opponents."""
    event = ctx["event"]
    return event.get("loser") == ctx["seat"] and event.get("winner") in state.opponents(ctx["seat"])


def win_challenge_instead(state: GameState, seat: int | None) -> None:
    """ "Cancel the determination of challenge winner. You automatically win the challenge"
    (``seat``; None: "no one wins the challenge"), answered in a ``would_win_<type>``
    window: the challenge's winner and loser change before it is settled (logged as
    ``challenge_winner_changed``)."""
    challenge = state.challenge
    if challenge is None:
        return
    attacker, defender = challenge["attacker"], challenge["defender"]
    loser = None if seat is None else (defender if seat == attacker else attacker)
    challenge["winner"], challenge["loser"] = seat, loser
    state.emit("challenge_winner_changed", type=challenge["type"], seat=seat)


def killed_for_military_claim(state: GameState, ctx: Ctx) -> bool:
    """ "After 1 or more of an opponent's characters are killed for [Military] claim": a
    response to the ``killed`` trigger in a Military challenge, one of whose cards is among
    ``challenge["claim_killed"]`` (not Deadly or another effect) and was controlled by an
    opponent of the ability's seat."""
    challenge = state.challenge
    if challenge is None or challenge["type"] != "military":
        return False
    claimed = challenge.get("claim_killed", ())
    controllers = ctx["event"].get("controllers", {})
    opponents = state.opponents(ctx["seat"])
    return any(
        r in claimed and controllers.get(r) in opponents for r in ctx["event"].get("cards", ())
    )


# The lasting effect of a granted challenge (challenges.GRANTED, the same name: the
# vocabulary does not import the challenges module).
GRANTED_CHALLENGE = "granted_challenge"


def grant_challenge(
    state: GameState, seat: int, ctype: str, source: str | None, next_action: bool = True
) -> None:
    """ "You may initiate a [``ctype``] challenge against an opponent of your choice as your
    next player action this phase" (Lucas Blackwood): ``seat`` may initiate that challenge in
    any action window of this phase between challenges, in any phase and outside its
    challenges turn; it does not count as one of its challenges of the phase. With
    ``next_action`` the grant lapses once the seat takes another action (challenges.granted)."""
    data = {"type": ctype, "next_action": next_action}
    add_lasting(state, GRANTED_CHALLENGE, seat, "phase", source, **data)


def attacking_alone(state: GameState, ref: str, ctype: str | None = None) -> bool:
    """ "While X is attacking alone [in a ``ctype`` challenge]": ``ref`` is the only attacking
    character still in play in the challenge being resolved."""
    challenge = state.challenge
    return (
        challenge is not None
        and ctype in (None, challenge["type"])
        and [r for r in challenge["attackers"] if r in state.in_play] == [ref]
    )


def alone_claim_instead(name: str) -> Callable[[GameState, str, object, object], object]:
    """The ``claim_instead`` passive of "If you win a challenge in which <this card> attacked
    alone, instead of the normal claim effects, ...": the effect ``name`` replaces the claim
    when the card's controller attacked and won with it as the only declared attacker (Pyat
    Pree, Hugor Hill, Victarion's Reavers)."""

    def claim_instead(state: GameState, source: str, subject: object, base: object) -> object:
        challenge = state.challenge
        if (
            challenge is not None
            and subject == controller(state, source)
            and challenge["attacker"] == subject
            and challenge["winner"] == subject
            and challenge["attackers"] == [source]
        ):
            return name
        return base

    return claim_instead


def may_join_as_defender(state: GameState, source: str) -> bool:
    """ "... participate in the current challenge as a defender" may be used: a challenge
    with its defenders declared and not yet resolved, ``source`` not already in it."""
    challenge = state.challenge
    if challenge is None or challenge.get("winner") is not None:
        return False
    if source in challenge["attackers"] or source in challenge["defenders"]:
        return False
    if any(step["name"] == "ask_defenders" for step in state.queue):
        return False
    return any(step["name"] == "resolve_challenge" for step in state.queue)


def join_as_defender(state: GameState, source: str, seat: int) -> bool:
    """``source`` (still in play) participates in the current challenge as a defender,
    whatever its icons (it is not declared); False when it cannot."""
    challenge = state.challenge
    if challenge is None or source not in state.in_play:
        return False
    challenge["defenders"].append(source)
    state.emit("joined_challenge", card=source, seat=seat, side="defenders")
    return True
