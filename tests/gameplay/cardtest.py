"""Helpers for the card tests (tests/gameplay/cards/<product>/test_*.py, one folder per
product, ``cards/agendas/`` for the agendas of the whole pool): find and use a card's ability
the way a player would, through legal_actions and apply, step through windows, and the usual
set-ups those tests share (a challenge started and its windows reached, a marshalling turn,
both plots revealed, a season, a position with agendas).

The rules helpers (``act``, ``joust``, ``challenge``, ``answer``, ``pass_windows`` ...)
live in test_challenges.py and are re-exported here. A card test module imports its helpers
from here (and scenario.py), never from another test module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gameplay.engine import house_card
from gameplay.engine.abilities import add_lasting
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, describe, legal_actions
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState, InPlay
from gameplay.engine.steps import round_steps, run, waiting_seats
from tests.gameplay.scenario import apply, build, code, hand, in_play, settle
from tests.gameplay.test_challenges import (
    PLOT,
    act,
    answer,
    challenge,
    declared,
    end_turn,
    events,
    head,
    in_window,
    joust,
    pass_windows,
    ref,
    resolved,
    turn,
    until_phase,
)

# Fillers without text of their own, as most card tests use them.
HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, military and power
KNIGHT = "Knight of the Tumblestone"  # Stark Knight, 2 STR, military and power
STEWARD = "Lannisport Steward"  # Lannister Ally, 2 STR, intrigue
CALM = "Calm Over Westeros"  # a plot with no when revealed effect and no season
SEASON_PLOT = "Summoning Season"  # claim 1, only "when revealed" text
# A character that makes it Winter (Robb Stark with "low_1" Crown of Winter) or Summer (a
# Knight with "qod_6"), as an entry of a player's in_play.
WINTER = {"card": "Robb Stark", "attachments": ["low_1"]}
SUMMER = {"card": KNIGHT, "attachments": ["qod_6"]}
AGENDA_DECK = [KNIGHT] * 8

__all__ = [
    "AGENDA_DECK",
    "CALM",
    "HOST",
    "KNIGHT",
    "PLOT",
    "SEASON_PLOT",
    "STEWARD",
    "SUMMER",
    "WINTER",
    "IllegalAction",
    "act",
    "agenda_position",
    "answer",
    "at_point",
    "build",
    "calm_marshalling",
    "challenge",
    "challenge_kinds",
    "challenge_without",
    "challenges_over",
    "choose",
    "code",
    "codes",
    "declared",
    "defend",
    "defend_until_won",
    "describe",
    "end_turn",
    "events",
    "fight",
    "finish_challenge",
    "hand",
    "head",
    "hidden_changed",
    "in_deck",
    "in_play",
    "in_window",
    "initiate",
    "joust",
    "marshalling",
    "marshals",
    "names",
    "never_offered",
    "on_house",
    "pass_until",
    "pass_windows",
    "plots_revealed",
    "plotted",
    "ref",
    "resolved",
    "season_plot",
    "set_season",
    "shadow",
    "start",
    "to_window",
    "turn",
    "until_phase",
    "until_prompt",
    "until_seat",
    "until_window",
    "use",
    "uses",
    "waiting_seats",
    "watch",
    "won_window",
]


def uses(state: GameState, seat: int, source: str) -> list[Action]:
    """The legal ``use`` actions of ``seat`` whose source card is ``source`` (a ref)."""
    return [
        a
        for a in legal_actions(state, seat)
        if a.kind == "use" and a.cards[0] == source and a.choice != "ambush"
    ]


def use(state: GameState, seat: int, source: str, *targets: str) -> GameState:
    """Use the (only, or the one with these targets) ability of ``source``; fails the test
    with the legal uses listed when it is not legal."""
    found = [a for a in uses(state, seat, source) if a.cards[1:] == tuple(targets)]
    assert len(found) == 1, f"not exactly one legal use of {source} on {targets}: " + str(
        [str(a) for a in uses(state, seat, source)]
    )
    return apply(state, found[0])


def until_window(state: GameState, trigger: str | None = None, limit: int = 40) -> GameState:
    """Pass windows until the head is a window for ``trigger`` (an action window when
    None) in which some seat can act; fails if none comes within ``limit`` passes."""
    for _ in range(limit):
        step = head(state)
        if step.get("name") == "window" and step.get("trigger") == trigger:
            return state
        if step.get("name") != "window":
            raise AssertionError(f"no {trigger or 'action'} window; head is {step}")
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {trigger or 'action'} window within {limit} passes")


def initiate(state: GameState, ctype: str, attackers=(), defender: int | None = None) -> GameState:
    """The seat whose challenge turn it is initiates a challenge against ``defender`` (its
    first opponent by default) and declares ``attackers`` (or sees the prompt settle itself);
    returns the state at the next decision, before any Stealth choice."""
    state = pass_windows(state)
    seat = head(state)["turn"]
    defender = state.opponents(seat)[0] if defender is None else defender
    state = act(state, seat, f"challenge:{ctype}", choice=str(defender))
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", attackers)
    return state


def start(state: GameState, ctype: str, attackers=(), defender: int | None = None) -> GameState:
    """:func:`initiate`, keeping nobody out with Stealth."""
    state = initiate(state, ctype, attackers, defender)
    while head(state).get("purpose") == "stealth":
        state = answer(state, "stealth", [])
    return state


def defend(state: GameState, defenders) -> GameState:
    """The defending seat declares ``defenders`` (the windows before are passed); with no
    defenders, a challenge that asks for none (nobody can defend) goes on as it is."""
    state = pass_windows(state)
    if not defenders and head(state).get("purpose") != "defenders":
        return state
    assert head(state).get("purpose") == "defenders", head(state)
    return answer(state, "defenders", defenders)


def defend_until_won(state: GameState, defenders) -> GameState:
    """Pass the windows up to the defenders prompt and declare ``defenders``; a challenge
    that asks for none (nobody can defend) stops at the window after it is won, at the
    latest."""
    while head(state).get("name") == "window" and head(state).get("trigger") != "challenge_won":
        state = act(state, waiting_seats(state)[0], "pass")
    if head(state).get("purpose") != "defenders":
        assert not defenders
        return state
    return answer(state, "defenders", defenders)


def fight(state: GameState, ctype: str, attackers, defenders=(), until="challenge_won"):
    """Initiate a challenge against the first opponent, declare ``attackers`` and
    ``defenders`` (a kill by claim takes the first candidate), and stop at the ``until``
    response window."""
    state = initiate(state, ctype, attackers)
    for _ in range(40):
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", defenders)
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", step["candidates"][:1])
        elif step.get("name") == "window" and step.get("trigger") == until:
            return state
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {until} window")


def to_window(state: GameState, trigger: str, defenders=(), claim=()) -> GameState:
    """Pass until a response window for ``trigger``, declaring ``defenders`` and answering
    a military claim with ``claim`` on the way."""
    for _ in range(80):
        step = head(state)
        if step.get("name") == "window" and step.get("trigger") == trigger:
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("purpose") in ("claim_military", "claim_kill", "deadly_kill"):
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
            continue
        assert step.get("name") == "window", step
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {trigger} window")


def won_window(state: GameState, ctype: str, attackers, defenders=()) -> GameState:
    """:func:`start` a challenge and reach its ``challenge_won`` response window."""
    state = start(state, ctype, attackers)
    return to_window(state, "challenge_won", defenders)


def at_point(state: GameState, point: str, limit: int = 30) -> GameState:
    """Pass (windows, and prompts only with ``done``) until an action window at ``point``
    (``after_attackers``, ``after_defenders``)."""
    for _ in range(limit):
        step = head(state)
        if step.get("name") == "window" and step.get("point") == point:
            return state
        seat = step["seat"] if step.get("name") == "prompt" else waiting_seats(state)[0]
        state = act(state, seat, "done" if step.get("name") == "prompt" else "pass")
    raise AssertionError(f"no {point} window")


def until_prompt(state: GameState, purpose: str, limit: int = 80, stop=None) -> GameState:
    """Pass windows until a prompt for ``purpose`` (or a step named ``stop``) is at the head;
    fails at any other decision on the way."""
    for _ in range(limit):
        if head(state).get("purpose") == purpose or head(state).get("name") == stop:
            return state
        assert head(state).get("name") == "window", head(state)
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {purpose} prompt")


def pass_until(state: GameState, done: Callable[[GameState], bool], limit: int = 60) -> GameState:
    """Pass (windows, turns) until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never got there")


def until_seat(state: GameState, seat: int) -> GameState:
    """Pass until ``seat`` is the first seat asked."""
    while waiting_seats(state)[0] != seat:
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def choose(state: GameState, option: str) -> GameState:
    """The seat of the prompt at the head chooses ``option``."""
    return act(state, head(state)["seat"], "choose", choice=option)


def codes(state: GameState, refs: Sequence[str]) -> list[str]:
    """The card codes of ``refs``, sorted."""
    return sorted(state.code(r) for r in refs)


def names(*items: str) -> list[str]:
    """The card codes of cards named (or given by code), sorted: compare with :func:`codes`."""
    return sorted(code(n) for n in items)


def in_deck(state: GameState, seat: int, card_code: str) -> list[str]:
    """The refs of ``seat``'s deck of the card ``card_code``."""
    return [r for r in state.players[seat].deck if state.code(r) == card_code]


# --- the usual set-ups -------------------------------------------------------------------


def marshalling(me: dict, them: dict | None = None) -> GameState:
    """Seat 0's marshalling turn against seat 1."""
    return build(players=[me, them or {}])


def calm_marshalling(me: dict, them: dict | None = None) -> GameState:
    """Seat 0's (Stark by default) marshalling turn against seat 1 (Lannister), both plots
    Calm Over Westeros (no season) revealed."""
    return build(
        players=[
            {"house": "Stark", "revealed_plot": CALM, **me},
            {"house": "Lannister", "revealed_plot": CALM, **(them or {})},
        ]
    )


def marshals(state: GameState, seat: int, card: str) -> list[Action]:
    """The legal actions of ``seat`` with ``card`` first (marshalling it, where)."""
    return [a for a in legal_actions(state, seat) if a.cards[:1] == (card,)]


def plotted(me: dict, them: dict | None = None, **options) -> GameState:
    """A joust in the challenges phase, both plots revealed (Summoning Season)."""
    me = {"revealed_plot": SEASON_PLOT, **me}
    them = {"revealed_plot": SEASON_PLOT, **(them or {})}
    return joust(me, them, **options)


def plots_revealed(mine: str, theirs: str, me=None, them=None) -> GameState:
    """Both players choose their (only) plot; returns the state after the plots are
    revealed and the first player is chosen (seat 0 when asked)."""
    players = [{"plot_deck": [mine], **(me or {})}, {"plot_deck": [theirs], **(them or {})}]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def set_season(state: GameState, word: str, seat: int = 0) -> GameState:
    """Give ``seat``'s revealed plot the Summer or Winter trait until the round ends."""
    plot = state.players[seat].revealed_plot
    state.effects.append({"query": "traits", "subject": plot, "until": "round", "add": [word]})
    return state


def season_plot(state: GameState, seat: int, name: str) -> None:
    """Make a seat's revealed plot a Summer or Winter plot (a lasting ``traits`` effect)."""
    add_lasting(state, "traits", state.players[seat].revealed_plot, "round", add=[name])


def agenda_position(players, agendas, phase="challenges", seasons=(), **options) -> GameState:
    """A position at the start of ``phase`` whose seats run ``agendas`` ({seat: code}):
    every seat reveals a claim-1 plot unless it says otherwise; ``seasons``: the trait
    ("Summer", "Winter") of each seat's plot, from the first seat on."""
    players = [{"revealed_plot": SEASON_PLOT, "deck": AGENDA_DECK, **p} for p in players]
    # Power is set once the agendas are there (build checks victory at once).
    power = [p.pop("power", 0) for p in players]
    state = build(phase="marshalling", players=players, auto_pass=False, **options)
    for player, amount in zip(state.players, power, strict=True):
        player.power = amount
    for seat, card in agendas.items():
        state.players[seat].agenda = card
        state.new_card(card, seat)
    for cache in ("_passive_cache", "_agenda_cards"):
        state.__dict__.pop(cache, None)
    for seat, name in enumerate(seasons):
        season_plot(state, seat, name)
    if phase != "marshalling":
        state.queue = round_steps(phase)
    run(state)
    return settle(state)


def on_house(state: GameState, seat: int, card_code: str, house_seat: int | None = None) -> str:
    """Put a card of ``seat`` in play on a House card (``seat``'s own by default)."""
    card = state.new_card(card_code, seat)
    state.in_play[card] = InPlay(controller=seat)
    state.players[seat].in_play.append(card)
    house_card.attach(state, card, seat if house_seat is None else house_seat)
    return card


def shadow(state: GameState, seat: int, name: str) -> str:
    """Put a card straight into ``seat``'s Shadows (a position set up by hand)."""
    card = state.new_card(code(name), seat)
    state.players[seat].shadows.append(card)
    return card


def hidden_changed(state: GameState, seat: int) -> GameState:
    """The same position except for what ``seat`` may not see: the others' hands and decks
    reordered and one hidden card swapped between them. A deck's top card the view shows
    (``deck_top``: Noyne's "plays with the top card of his or her deck revealed") stays."""
    shown = {p["seat"] for p in observe(state, seat)["players"] if "deck_top" in p}
    other = state.copy()
    other.__dict__.pop("_public_view", None)  # the board is computed afresh from the copy
    for player in other.players:
        top = 1 if player.seat in shown else 0
        if player.seat == seat:  # my own deck order is hidden from me too
            player.deck[top:] = player.deck[top:][::-1]
            continue
        player.hand.reverse()
        player.deck[top:] = player.deck[top:][::-1]
        if player.hand and len(player.deck) > top:
            player.hand[0], player.deck[top] = player.deck[top], player.hand[0]
    return other


CLAIMS = ("claim_military", "claim_kill", "deadly_kill")


def watch(
    state: GameState,
    seat: int,
    source: str,
    done: Callable[[GameState], bool],
    defenders: Sequence[str] = (),
    limit: int = 120,
) -> tuple[GameState, bool]:
    """Pass every window (declaring ``defenders`` and answering claims with the first
    candidates) until ``done(state)``; returns the state and whether ``seat`` could use an
    ability of ``source`` at any decision on the way: a restriction test sees that a card is
    never offered, since a response window opens only when some card can answer it."""
    offered = False
    for _ in range(limit):
        if done(state) or state.result is not None:
            return state, offered
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if step.get("purpose") in CLAIMS:
            state = answer(state, step["purpose"], step["candidates"][: step.get("max") or 1])
            continue
        assert step.get("name") == "window", step
        waiting = waiting_seats(state)[0]
        if waiting == seat and uses(state, seat, source):
            offered = True
        state = act(state, waiting, "pass")
    raise AssertionError(f"not done within {limit} decisions")


def challenges_over(state: GameState) -> bool:
    """The challenges phase is over."""
    return state.phase != "challenges"


def finish_challenge(
    state: GameState,
    defenders: Sequence[str] = (),
    limit: int = 80,
    check: Callable[[GameState], None] | None = None,
) -> GameState:
    """Pass and answer (declaring ``defenders``, a prompt with its first candidates) until
    the current challenge is over, calling ``check`` at every decision on the way."""
    for _ in range(limit):
        if state.challenge is None:
            return state
        if check is not None:
            check(state)
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: max(step.get("min", 0), 1)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def never_offered(
    state: GameState, seat: int, source: str, defenders: Sequence[str] = (), limit: int = 80
) -> GameState:
    """Play the current challenge out (:func:`finish_challenge`), checking at every decision
    that ``seat`` is never offered a use of ``source``."""

    def check(now: GameState) -> None:
        assert not uses(now, seat, source), f"{source} offered at {head(now)}"

    return finish_challenge(state, defenders, limit, check)


def challenge_without(
    state: GameState,
    ctype: str,
    attackers: Sequence[str],
    seat: int,
    source: str,
    defenders: Sequence[str] = (),
) -> GameState:
    """:func:`start` a challenge and check with :func:`never_offered` that ``source`` has
    nothing to answer in it."""
    return never_offered(start(state, ctype, attackers), seat, source, defenders)


def challenge_kinds(state: GameState, seat: int) -> set[str]:
    """The challenge types ``seat`` may initiate now (its legal ``challenge:<type>``)."""
    return {
        a.kind.split(":", 1)[1]
        for a in legal_actions(state, seat)
        if a.kind.startswith("challenge:")
    }
