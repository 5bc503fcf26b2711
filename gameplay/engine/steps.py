"""Rules timing: a queue of steps, each a JSON dict ``{"name": ..., **args}``.

Automatic steps run as soon as they reach the head of the queue; decision steps
(:data:`DECISIONS`) stop the queue until the seats they wait for act. A round is scheduled
as a list of steps (:func:`round_steps`), so a half-played round serializes as data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.rules import DRAW_PHASE_CARDS, HAND_SIZE, income, initiative
from gameplay.engine.state import GameState, InPlay, draw, shuffle_zone

Step = dict[str, Any]
DECISIONS = frozenset({"setup_place", "choose_plots", "first_player", "marshal"})
WIN_POWER = 15


def setup_steps() -> list[Step]:
    """Game setup after decks are built: shuffle and draw, place, reveal, draw back up."""
    return [
        {"name": "begin_phase", "phase": "setup"},
        {"name": "setup_deal"},
        {"name": "setup_place"},
        {"name": "setup_reveal"},
        {"name": "start_round"},
    ]


def round_steps(from_phase: str = "plot") -> list[Step]:
    """The steps of a round from the start of ``from_phase`` to the next round."""
    phases: list[tuple[str, list[Step]]] = [
        (
            "plot",
            [
                {"name": "begin_phase", "phase": "plot"},
                {"name": "choose_plots"},
                {"name": "reveal_plots"},
                {"name": "recycle_plots"},
                {"name": "initiative"},
            ],
        ),
        ("draw", [{"name": "begin_phase", "phase": "draw"}, {"name": "draw_phase"}]),
        (
            "marshalling",
            [{"name": "begin_phase", "phase": "marshalling"}, {"name": "marshal_turns"}],
        ),
        (
            "challenges",
            [
                {"name": "begin_phase", "phase": "challenges"},
                {"name": "challenges_not_implemented"},
            ],
        ),
        ("standing", [{"name": "begin_phase", "phase": "standing"}, {"name": "standing"}]),
        ("taxation", [{"name": "begin_phase", "phase": "taxation"}, {"name": "taxation"}]),
    ]
    names = [name for name, _ in phases]
    steps: list[Step] = []
    for _, part in phases[names.index(from_phase) :]:
        steps += part
    return [*steps, {"name": "start_round"}]


def _begin_phase(state: GameState, step: Step) -> None:
    state.phase = step["phase"]
    state.emit("phase", phase=step["phase"])


def _setup_deal(state: GameState, step: Step) -> None:
    for player in state.players:
        shuffle_zone(state, player.deck)
        draw(state, player.seat, HAND_SIZE)


def _setup_reveal(state: GameState, step: Step) -> None:
    for player in state.players:
        for ref in player.setup_cards:
            state.in_play[ref] = InPlay(controller=player.seat)
            player.in_play.append(ref)
            state.emit("setup_revealed", seat=player.seat, card=ref, code=state.code(ref))
        player.setup_cards = []
    for player in state.players:
        draw(state, player.seat, HAND_SIZE - len(player.hand))


def _start_round(state: GameState, step: Step) -> None:
    if state.round >= state.round_limit:
        state.result = {"winner": None, "reason": "round_limit"}
        state.emit("game_over", reason="round_limit")
        state.queue.clear()
        return
    state.round += 1
    for player in state.players:
        player.limited_played = False
    state.emit("round", number=state.round)
    state.queue[0:0] = round_steps("plot")


def _reveal_plots(state: GameState, step: Step) -> None:
    for player in state.players:
        ref = player.chosen_plot
        if ref is None:
            continue
        if player.revealed_plot:
            player.used_plots.append(player.revealed_plot)
        player.plot_deck.remove(ref)
        player.revealed_plot, player.chosen_plot = ref, None
        state.emit("plot_revealed", seat=player.seat, card=ref, code=state.code(ref))


def _recycle_plots(state: GameState, step: Step) -> None:
    # "If this was the last card in your plot deck, return all your previously played plots
    # (except the one just revealed) to your plot deck after your revealed plot has taken
    # effect." The plot deck is open to its owner, so no shuffle and no new ids.
    for player in state.players:
        if not player.plot_deck and player.used_plots:
            player.plot_deck, player.used_plots = player.used_plots, []
            state.emit("plots_returned", seat=player.seat, count=len(player.plot_deck))


def _initiative(state: GameState, step: Step) -> None:
    totals = [initiative(state, p.seat) for p in state.players]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        least = min(state.total_power(s) for s in tied)
        tied = [s for s in tied if state.total_power(s) == least]
    winner = tied[0] if len(tied) == 1 else tied[state.random_below(len(tied))]
    state.emit("initiative", seat=winner, totals=totals, random=len(tied) > 1)
    state.queue.insert(0, {"name": "first_player", "seat": winner})


def _draw_phase(state: GameState, step: Step) -> None:
    for seat in state.turn_order():
        draw(state, seat, DRAW_PHASE_CARDS)


def _marshal_turns(state: GameState, step: Step) -> None:
    turns: list[Step] = []
    for seat in state.turn_order():
        turns += [{"name": "collect_income", "seat": seat}, {"name": "marshal", "seat": seat}]
    state.queue[0:0] = turns


def _collect_income(state: GameState, step: Step) -> None:
    seat = step["seat"]
    amount = income(state, seat)
    state.players[seat].gold += amount
    state.emit("income", seat=seat, gold=amount)


def _challenges_not_implemented(state: GameState, step: Step) -> None:
    """Placeholder: the challenges phase is built in a later slice."""


def _standing(state: GameState, step: Step) -> None:
    for record in state.in_play.values():
        record.knelt = False


def _taxation(state: GameState, step: Step) -> None:
    for player in state.players:
        if player.gold:
            state.emit("taxed", seat=player.seat, gold=player.gold)
        player.gold = 0


AUTOMATIC: dict[str, Callable[[GameState, Step], None]] = {
    "begin_phase": _begin_phase,
    "setup_deal": _setup_deal,
    "setup_reveal": _setup_reveal,
    "start_round": _start_round,
    "reveal_plots": _reveal_plots,
    "recycle_plots": _recycle_plots,
    "initiative": _initiative,
    "draw_phase": _draw_phase,
    "marshal_turns": _marshal_turns,
    "collect_income": _collect_income,
    "challenges_not_implemented": _challenges_not_implemented,
    "standing": _standing,
    "taxation": _taxation,
}


def check_victory(state: GameState) -> None:
    """End the game when a seat has 15 power (no card can add power yet in this slice)."""
    winners = [p.seat for p in state.players if state.total_power(p.seat) >= WIN_POWER]
    if winners and state.result is None:
        # Several at once: the first player chooses; until that decision exists, the first
        # of them in turn order wins (cannot happen before power can be gained).
        order = state.turn_order()
        winner = min(winners, key=order.index)
        state.result = {"winner": winner, "reason": "power"}
        state.emit("game_over", reason="power", seat=winner)
        state.queue.clear()


def run(state: GameState) -> None:
    """Run automatic steps until a decision step is at the head or the game is over."""
    while state.queue and state.result is None:
        if state.queue[0]["name"] in DECISIONS:
            return
        # Pop first: a step schedules what follows it by inserting at the head.
        step = state.queue.pop(0)
        AUTOMATIC[step["name"]](state, step)
        check_victory(state)


def waiting_seats(state: GameState) -> list[int]:
    """The seats the head decision step waits for (several when simultaneous)."""
    if state.result is not None or not state.queue:
        return []
    step = state.queue[0]
    if step["name"] == "setup_place":
        return [p.seat for p in state.players if not p.setup_done]
    if step["name"] == "choose_plots":
        return [p.seat for p in state.players if p.chosen_plot is None]
    if step["name"] in DECISIONS:
        return [step["seat"]]
    return []
