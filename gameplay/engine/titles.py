"""The six multiplayer titles of melee: the table of titles, their relations and the bonuses
the rules ask about (the facts layer: no prompts of its own).

The titles are data (:data:`TITLE`); the rules call the hooks below. The steps that ask
players something (choosing titles, the Crown Regent, supporters and the Lord Commander) are
in :mod:`gameplay.engine.title_steps`, and the Hand of the King's influence in
:mod:`gameplay.engine.influence`. Without titles (joust, two-on-two) every hook is neutral
and every step does nothing, so those games do not change by a single event.

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

from gameplay.engine.abilities import allowed
from gameplay.engine.moves import gain_power, move_power
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


def used(state: GameState, name: str) -> bool:
    """Whether title ``name`` was used this round (the once-a-round titles)."""
    return f"title:{name}" in state.used


def mark_used(state: GameState, seat: int, name: str, **data: Any) -> None:
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


# --- Hand of the King (its influence is paid in influence.py) ------------------------


def hand_influence(state: GameState, seat: int) -> int:
    """Influence ``seat``'s title can still produce this round (Hand of the King: 2)."""
    title = title_of(state, seat)
    if title is None or not title.influence or used(state, title.name):
        return 0
    return title.influence
