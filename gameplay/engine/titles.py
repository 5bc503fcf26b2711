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
- Two titles (I Fight to Win): once every player has chosen, a seat for which the flag query
  ``select_second_title`` holds may choose a second title from the pool
  (``Player.extra_titles``); every hook reads all the titles of a player
  (:func:`titles_of`): both titles' supports, opposes, STR, draw, income and once-a-round
  abilities. The second title returns to the pool at the end of the round, in three
  players too (it is used "this round" only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameplay.engine.abilities import allowed
from gameplay.engine.moves import gain_power, move_power
from gameplay.engine.state import GameState

STR_BONUS = 3
# The flag query (subject a seat) of a seat that "may select a second Title from the
# remaining Titles" once every player has selected one (I Fight to Win, atoc_100).
SECOND_TITLE = "select_second_title"
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


def card_titles(state: GameState) -> list[str]:
    """The cards added to the title pool as titles ("instead Aurane Waters is added to the
    title pool"): their refs, in the pool or held by a player. A card title has none of the
    six titles' relations or bonuses (it is in no :data:`TITLE`); its card's script gives
    its text (ability zone ``title``). Chosen, held and returned like the others."""
    held = [n for p in state.players for n in (p.title, *p.extra_titles) if n]
    return list(dict.fromkeys(n for n in (*state.title_pool, *held) if n not in TITLE))


def title_of(state: GameState, seat: int) -> Title | None:
    """The title ``seat`` chose first, if any (see :func:`titles_of` for all of them)."""
    name = state.players[seat].title
    return TITLE.get(name) if name else None


def title_names(state: GameState, seat: int) -> list[str]:
    """The names of every title ``seat`` holds: its chosen title, then any second one
    (``Player.extra_titles``: I Fight to Win). A player with two titles has both titles'
    relations and bonuses."""
    player = state.players[seat]
    names = [player.title] if player.title else []
    return names + [n for n in player.extra_titles if n not in names]


def titles_of(state: GameState, seat: int) -> list[Title]:
    """Every title ``seat`` holds (:func:`title_names`)."""
    return [TITLE[n] for n in title_names(state, seat) if n in TITLE]


def holder(state: GameState, name: str) -> int | None:
    """The seat holding title ``name``, if anyone does."""
    return next((p.seat for p in state.players if name in title_names(state, p.seat)), None)


def _supporting(state: GameState, seat: int, other: int) -> tuple[Title, Title] | None:
    """A title of ``seat`` that supports a title of ``other``, with that title."""
    theirs = titles_of(state, other)
    for mine in titles_of(state, seat):
        for title in theirs:
            if mine.supports == title.name:
                return mine, title
    return None


def supports(state: GameState, seat: int, other: int) -> bool:
    """Whether a title of ``seat`` supports a title of ``other``."""
    return _supporting(state, seat, other) is not None


def supporting_title(state: GameState, seat: int, other: int) -> str | None:
    """The name of ``seat``'s title that supports a title of ``other``, if any."""
    pair = _supporting(state, seat, other)
    return pair[0].name if pair else None


def opposes(state: GameState, seat: int, other: int) -> bool:
    """Whether a title of ``seat`` opposes a title of ``other``."""
    theirs = title_names(state, other)
    return any(name in mine.opposes for mine in titles_of(state, seat) for name in theirs)


def used(state: GameState, name: str) -> bool:
    """Whether title ``name`` was used this round (the once-a-round titles)."""
    return f"title:{name}" in state.used


def mark_used(state: GameState, seat: int, name: str, **data: Any) -> None:
    state.used.append(f"title:{name}")
    state.emit("title_used", seat=seat, title=name, **data)


# --- hooks the engine calls -----------------------------------------------------------


def challenge_forbidden(state: GameState, attacker: int, defender: int) -> str | None:
    """Why ``attacker`` may not challenge ``defender`` because of titles (supports)."""
    pair = _supporting(state, attacker, defender)
    if pair is not None:
        mine, theirs = pair
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
    challenge = state.challenge
    matching = sum(1 for title in titles_of(state, seat) if title.icon == ctype)
    if not matching or challenge is None:
        return 0
    if seat == challenge["attacker"]:
        side = challenge["attackers"]
    elif seat == challenge["defender"]:
        side = challenge["defenders"]
    else:
        return 0
    mine = any(r in state.in_play and state.in_play[r].controller == seat for r in side)
    return STR_BONUS * matching if mine else 0


def draw_bonus(state: GameState, seat: int) -> int:
    """Extra cards in the draw phase (Master of Laws); they are not effect draws, so the
    draw cap does not count them."""
    return sum(title.draw for title in titles_of(state, seat))


def income_bonus(state: GameState, seat: int) -> int:
    """Extra income (Master of Coin)."""
    return sum(title.income for title in titles_of(state, seat))


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
    return sum(
        title.influence
        for title in titles_of(state, seat)
        if title.influence and not used(state, title.name)
    )
