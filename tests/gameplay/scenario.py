"""Build engine positions directly (no setup played): declare the board, phase and hands.

Cards are named by their printed name (the Core Set printing when there are several) or
given by code (``core_5``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from gameplay.engine.actions import Action
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.game import only_pass
from gameplay.engine.state import GameState, InPlay, Player, initial_rng
from gameplay.engine.steps import round_steps, run
from gameplay.engine.triggers import turn_window

PLOTS = [
    "Summoning Season",
    "Rains of Autumn",
    "Tourney for the Hand",
    "Calm Over Westeros",
    "Noose and Swordpoint",
    "Rule by Decree",
    "Condemned by the Realm",
]


@cache
def code(name: str) -> str:
    """The code of a card by name (Core Set printing first) or the code itself."""
    pool = load_cards()
    if name in pool:
        return name
    matches = sorted(
        (c.code for c in pool.values() if c.name == name),
        key=lambda c: (not c.startswith("core_"), c),
    )
    if not matches:
        raise KeyError(f"No card named {name!r}")
    return matches[0]


def _refs(state: GameState, seat: int, names: Sequence[str]) -> list[str]:
    return [state.new_card(code(n), seat) for n in names]


def build(
    *,
    phase: str = "marshalling",
    players: Sequence[Mapping[str, Any]],
    first_player: int = 0,
    round: int = 1,
    round_limit: int = 10,
    seed: int = 0,
    variant: str | None = None,
    auto_pass: bool = True,
) -> GameState:
    """A position at the start of ``phase``: "setup" (placement), "plot" or "marshalling"
    (the first player's marshalling turn, with ``gold`` already in the pool; the other
    players collect income when their turn comes).

    Each player: ``house``, ``hand``, ``deck``, ``plot_deck`` (default :data:`PLOTS`),
    ``used_plots``, ``revealed_plot``, ``in_play`` (names, or dicts with ``card``,
    ``knelt``, ``power``, ``duplicates``, ``attachments`` (names)), ``dead``, ``discard``,
    ``gold``, ``power``, ``limited_played``, ``title`` (melee), ``team`` (two-on-two).

    Other phases: "draw", "challenges" (the first player's challenge turn), "dominance".
    ``variant`` defaults to joust for 2 players and melee for 3-4 (teams when a player
    has a ``team``). With ``auto_pass`` (the default) the seats that have nothing but
    ``pass`` pass (:func:`settle`); without it the position stops at the first decision.
    """
    if variant is None:
        teams = any("team" in p for p in players)
        variant = "teams" if teams else ("joust" if len(players) == 2 else "melee")
    state = GameState(
        players=[], rng=initial_rng(seed), round=round, round_limit=round_limit, variant=variant
    )
    state.first_player = first_player
    for seat, spec in enumerate(players):
        player = Player(seat=seat, house=spec.get("house", "Stark"))
        state.players.append(player)
        player.hand = _refs(state, seat, spec.get("hand", []))
        player.deck = _refs(state, seat, spec.get("deck", []))
        player.plot_deck = _refs(state, seat, spec.get("plot_deck", PLOTS))
        player.used_plots = _refs(state, seat, spec.get("used_plots", []))
        if spec.get("revealed_plot"):
            player.revealed_plot = _refs(state, seat, [spec["revealed_plot"]])[0]
        player.dead = _refs(state, seat, spec.get("dead", []))
        player.discard = _refs(state, seat, spec.get("discard", []))
        player.title = spec.get("title")
        player.team = spec.get("team")
        player.gold = spec.get("gold", 0)
        player.power = spec.get("power", 0)
        player.limited_played = spec.get("limited_played", False)
        for item in spec.get("in_play", []):
            item = {"card": item} if isinstance(item, str) else item
            ref = _refs(state, seat, [item["card"]])[0]
            state.in_play[ref] = InPlay(
                controller=seat,
                knelt=item.get("knelt", False),
                power=item.get("power", 0),
                duplicates=_refs(state, seat, item.get("duplicates", [])),
            )
            player.in_play.append(ref)
            for name in item.get("attachments", []):
                attachment = _refs(state, seat, [name])[0]
                state.in_play[attachment] = InPlay(controller=seat, attached_to=ref)
                player.in_play.append(attachment)
    if phase == "setup":
        state.round, state.phase = 0, "setup"
        state.queue = [{"name": "setup_place"}, {"name": "setup_reveal"}, {"name": "start_round"}]
    elif phase == "plot":
        state.queue = round_steps("plot")
    elif phase == "marshalling":
        state.phase = "marshalling"
        order = state.turn_order()
        state.queue = [turn_window(state, "marshal", order[0])]
        for seat in order[1:]:
            state.queue += [
                {"name": "collect_income", "seat": seat},
                turn_window(state, "marshal", seat),
            ]
        state.queue += round_steps("challenges")
    elif phase in ("draw", "challenges", "dominance"):
        state.queue = round_steps(phase)
    else:
        raise ValueError(f"scenario.build does not start at phase {phase!r}")
    if variant == "melee":
        from gameplay.engine.titles import TITLES

        taken = {p.title for p in state.players}
        state.title_pool = [t for t in TITLES if t not in taken]
    run(state)
    return settle(state) if auto_pass else state


def own_turn(state: GameState, seat: int) -> bool:
    """Whether the head step is ``seat``'s own marshalling turn."""
    head = state.queue[0] if state.queue else {}
    return head.get("name") == "window" and head["point"] == "marshal" and head["turn"] == seat


def settle(state: GameState) -> GameState:
    """Pass for every seat whose decision has nothing but ``pass`` (as the server does for
    a player with automatic passes on), except a seat's own marshalling turn: the rules
    tests end it themselves. Positions then read as if only seats with something to do
    were asked."""
    while state.result is None and state.queue:
        from gameplay.engine.steps import waiting_seats

        waiting = waiting_seats(state)
        if len(waiting) != 1 or own_turn(state, waiting[0]) or not only_pass(state, waiting[0]):
            return state
        state = engine_apply(state, Action(waiting[0], "pass"))
    return state


def apply(state: GameState, action: Action | str) -> GameState:
    """:func:`gameplay.engine.game.apply`, then :func:`settle`."""
    return settle(engine_apply(state, action))


def hand(state: GameState, seat: int, name: str) -> list[str]:
    """Refs of the cards called ``name`` in a seat's hand."""
    return [r for r in state.players[seat].hand if state.code(r) == code(name)]


def in_play(state: GameState, seat: int, name: str) -> list[str]:
    """Refs of the cards called ``name`` that a seat has in play."""
    return [r for r in state.players[seat].in_play if state.code(r) == code(name)]
