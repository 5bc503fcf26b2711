"""The epic phase: the Epic Battle plot-events ("Plot: After the dominance phase this round,
there is an epic phase during which each player may initiate a single [type] challenge ...
(Place this card next to your plot deck until the end of this epic phase.)").

- **Playing the event** (a "Plot:" action, in the plot phase's action window):
  :func:`create` takes the event out of the discard pile (it is "next to the plot deck",
  in no zone) and records the battle as an ``epic_battle`` entry of ``state.effects``
  (``subject`` the player, ``card``, ``types``, ``claim``, ``claim_instead``, ``reward``),
  then schedules its epic phase in the round's queue right before the standing phase:
  after dominance and after the epic phases created before it (one epic phase per Epic
  Battle card, in the order they were played).
- **The phase** (``phase`` ``epic``): each player, from the first player clockwise, has a
  turn window (point ``epic``) in which every seat may act and the turn's player may
  initiate one challenge of the battle's types (:func:`challenge_options`); initiating it
  ends the turn (no window after it). The challenge is the usual one (``challenges.py``)
  with the battle's claim (``challenge["base_claim"]``, or an effect ``claim_instead``);
  once it is over its winner may take the battle's ``reward`` (an effect registered with
  :func:`abilities.effect`, called with ``seat`` the winner, ``loser``, ``source``).
- **The end**: the card goes to its owner's discard pile (dead pile with Deathbound) and
  the entry is dropped; a round that ends first (an effect ending the round) discards it at
  the end of the round.

Nothing here runs unless an Epic Battle card was played (no step of an ordinary round
changes), so games without one keep their digests.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import challenges
from gameplay.engine.abilities import EFFECTS, Ability, Ctx, add_delayed, effect, facts
from gameplay.engine.state import GameState
from gameplay.engine.triggers import turn_window

EPIC = "epic"  # the phase and the point of its turn windows
QUERY = "epic_battle"
TYPE_WORDS = {"military": "Military", "intrigue": "Intrigue", "power": "Power"}


def battles(state: GameState) -> list[dict[str, Any]]:
    """Every Epic Battle card next to a plot deck, in the order played."""
    return [e for e in state.effects if e["query"] == QUERY]


def current(state: GameState) -> dict[str, Any] | None:
    """The Epic Battle whose epic phase is being played (None outside an epic phase)."""
    if state.phase != EPIC:
        return None
    return next((e for e in battles(state) if e.get("open")), None)


def beside_plot_deck(state: GameState, seat: int) -> list[str]:
    """The Epic Battle cards next to ``seat``'s plot deck (public)."""
    return [e["card"] for e in battles(state) if e["subject"] == seat]


# --- playing the event -----------------------------------------------------------------------


def epic_battle_event(
    types: tuple[str, ...] = challenges.TYPES,
    *,
    claim: int | None = None,
    claim_instead: str | None = None,
    reward: str | None = None,
) -> Ability:
    """The "Plot:" ability of an Epic Battle event: played from the hand in the plot phase.
    ``types``: the challenge types allowed ("a single Military challenge"; all three for
    "a single challenge of his or her choice"); ``claim``: a fixed claim value (Battle of
    Ruby Ford: 2; None: normal claim); ``claim_instead``: an effect name resolved instead of
    the claim; ``reward``: an effect name the winner of each challenge may take."""

    def play(state: GameState, ctx: Ctx) -> None:
        create(
            state,
            ctx["seat"],
            ctx["source"],
            types=types,
            claim=claim,
            claim_instead=claim_instead,
            reward=reward,
        )

    return Ability("action", play, phases=("plot",), zones=("hand",))


def create(
    state: GameState,
    seat: int,
    card: str,
    *,
    types: tuple[str, ...],
    claim: int | None = None,
    claim_instead: str | None = None,
    reward: str | None = None,
) -> None:
    """Record an Epic Battle played by ``seat`` and schedule its epic phase."""
    owner = state.players[state.cards[card].owner]
    if card in owner.discard:  # played: "place this card next to your plot deck"
        owner.discard.remove(card)
    state.effects.append(
        {
            "query": QUERY,
            "subject": seat,
            "until": "round",
            "source": card,
            "card": card,
            "types": list(types),
            "claim": claim,
            "claim_instead": claim_instead,
            "reward": reward,
        }
    )
    state.emit("epic_battle", seat=seat, card=card, code=state.code(card), types=list(types))
    # Safety net: a round that ends before the epic phase is played discards the card.
    add_delayed(state, "round_ends", seat, "epic_battle_cleanup", card, until="round")
    steps = [{"name": "begin_phase", "phase": EPIC}, {"name": "epic_phase", "card": card}]
    at = _before_standing(state)
    state.queue[at:at] = steps


def _before_standing(state: GameState) -> int:
    """Where an epic phase goes in the queue: before the round's standing phase (after the
    dominance phase and the epic phases already scheduled), else before the round's end."""
    for name, phase in (("begin_phase", "standing"), ("begin_phase", "taxation")):
        for i, step in enumerate(state.queue):
            if step["name"] == name and step.get("phase") == phase:
                return i
    for i, step in enumerate(state.queue):
        if step["name"] in ("return_titles", "start_round"):
            return i
    return len(state.queue)


# --- the phase ----------------------------------------------------------------------------------


def epic_phase(state: GameState, step: dict[str, Any]) -> None:
    """The ``epic_phase`` step (the phase has begun): each player's turn, then the end."""
    battle = next((e for e in battles(state) if e["card"] == step["card"]), None)
    if battle is None:
        return
    battle["open"] = True
    for player in state.players:  # "a single challenge" this phase
        player.challenges_done = []
    state.emit(
        "epic_phase",
        seat=battle["subject"],
        card=battle["card"],
        code=state.code(battle["card"]),
        types=list(battle["types"]),
    )
    turns = [turn_window(state, EPIC, seat) for seat in state.turn_order()]
    state.queue[0:0] = [*turns, {"name": "epic_end", "card": battle["card"]}]


def challenge_problem(state: GameState, seat: int, ctype: str, defender: int) -> str | None:
    """Why ``seat`` may not initiate a ``ctype`` challenge against ``defender`` in the epic
    phase now (the usual rules, and a single challenge of the battle's types)."""
    battle = current(state)
    if battle is None:
        return "There is no epic phase now."
    if state.players[seat].challenges_done:
        return "You have already initiated your challenge this epic phase."
    if ctype in challenges.TYPES and ctype not in battle["types"]:
        allowed = " or ".join(TYPE_WORDS[t] for t in battle["types"])
        name = facts(state, battle["card"]).name
        return f"In the epic phase of {name} only a {allowed} challenge may be initiated."
    return challenges.challenge_problem(state, seat, ctype, defender)


def challenge_options(state: GameState, seat: int) -> list[tuple[str, int]]:
    """Every (type, defender) ``seat`` may initiate in its epic turn now."""
    return [
        (ctype, defender)
        for ctype in challenges.TYPES
        for defender in state.opponents(seat)
        if challenge_problem(state, seat, ctype, defender) is None
    ]


def declare(state: GameState, seat: int, ctype: str, defender: int) -> None:
    """Initiate the epic challenge from the head turn window (legal already): the turn is
    over; the challenge runs with the battle's claim, then its winner may take the reward."""
    battle = current(state)
    assert battle is not None
    state.queue.pop(0)  # the turn window: a single challenge, no window after it
    state.queue.insert(0, {"name": "epic_reward", "card": battle["card"], "since": len(state.log)})
    challenges.declare(state, seat, ctype, defender)
    challenge = state.challenge
    assert challenge is not None
    challenge["epic"] = battle["card"]
    if battle.get("claim") is not None:
        challenge["base_claim"] = battle["claim"]
    if battle.get("claim_instead"):
        challenge["claim_instead"] = battle["claim_instead"]


def epic_reward(state: GameState, step: dict[str, Any]) -> None:
    """After an epic challenge: its winner may take the battle's reward."""
    battle = next((e for e in battles(state) if e["card"] == step["card"]), None)
    if battle is None or not battle.get("reward"):
        return
    resolved = next(
        (e for e in state.log[step["since"] :] if e["event"] == "challenge_resolved"), None
    )
    if resolved is None or resolved.get("winner") is None:
        return
    winner = resolved["winner"]
    loser = resolved["defender"] if winner == resolved["attacker"] else resolved["attacker"]
    ctx = {
        "seat": winner,
        "loser": loser,
        "source": battle["card"],
        "type": resolved.get("type"),
        "attacker": resolved["attacker"],
        "defender": resolved["defender"],
    }
    EFFECTS[battle["reward"]](state, ctx)


def epic_end(state: GameState, step: dict[str, Any]) -> None:
    """The end of the epic phase: its card leaves the side of the plot deck."""
    battle = next((e for e in battles(state) if e["card"] == step["card"]), None)
    if battle is not None:
        _discard(state, battle)


def _discard(state: GameState, battle: dict[str, Any]) -> None:
    """The Epic Battle card goes to its owner's discard pile (dead pile with Deathbound)."""
    state.effects = [e for e in state.effects if e is not battle]
    card = battle["card"]
    owner = state.players[state.cards[card].owner]
    pile = "dead" if "deathbound" in facts(state, card).keywords else "discard"
    getattr(owner, pile).append(card)
    state.emit(
        "epic_battle_over", seat=battle["subject"], card=card, code=state.code(card), pile=pile
    )


@effect("epic_battle_cleanup")
def _cleanup(state: GameState, entry: dict[str, Any]) -> None:
    for battle in battles(state):
        if battle["card"] == entry["source"]:
            _discard(state, battle)


# --- effects the Epic Battles share ---------------------------------------------------------


def skip_phase(state: GameState, phase: str) -> bool:
    """ "Skip the <phase> phase this round": its steps leave the round's queue (from its
    ``begin_phase`` to the next phase's); True if it was still to come."""
    start = next(
        (
            i
            for i, s in enumerate(state.queue)
            if s["name"] == "begin_phase" and s.get("phase") == phase
        ),
        None,
    )
    if start is None:
        return False
    end = next(
        (
            i
            for i in range(start + 1, len(state.queue))
            if state.queue[i]["name"] in ("begin_phase", "return_titles", "start_round")
        ),
        len(state.queue),
    )
    del state.queue[start:end]
    state.emit("phase_skipped", phase=phase)
    return True


def random_next_plot(state: GameState, seat: int, source: str | None) -> None:
    """ "Must select his or her next plot card at random": at the start of the next round
    a plot of ``seat``'s plot deck is chosen for it at random (it is not asked)."""
    add_delayed(state, "round_ends", seat, "epic_random_plot", source, until="round")
    state.emit(
        "random_plot_next", seat=seat, card=source, code=state.code(source) if source else None
    )


@effect("epic_random_plot")
def _random_plot(state: GameState, entry: dict[str, Any]) -> None:
    player = state.players[entry["seat"]]
    if player.chosen_plot is not None or not player.plot_deck:
        return
    player.chosen_plot = player.plot_deck[state.random_below(len(player.plot_deck))]
    state.emit("plot_chosen", seat=player.seat, random=True)


STEPS = {"epic_phase": epic_phase, "epic_reward": epic_reward, "epic_end": epic_end}
