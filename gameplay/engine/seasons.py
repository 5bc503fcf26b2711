"""The season changing: the trigger ``season_changed`` ("After the season changes to Winter
or to Summer": Demon's Dance).

The season (:func:`abilities.season`) is read, not stored: it follows the revealed plots,
their traits and the cards in play. So it is watched only while a card in play answers
``season_changed`` (a response or forced effect of its script: :func:`watchers`). Each such
card keeps the season it last saw in a ``season_seen`` lasting effect on itself (until it
leaves play; set when it is first seen in play, so entering play is no change); after every
step (``checks.check_zero_strength``) :func:`check_season_change` compares it with the
season now and, when it changed, logs ``season_changed`` (``season``, ``was``: "summer",
"winter" or None) and triggers it with the same fields.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import REGISTRY, SCRIPTS, in_game, season
from gameplay.engine.state import GameState
from gameplay.engine.triggers import trigger

SEASON_CHANGED = "season_changed"
SEEN = "season_seen"

_WATCHERS: dict[str, Any] = {"key": None, "codes": frozenset()}


def watchers() -> frozenset[str]:
    """Codes whose script answers ``season_changed`` (cached by registry version)."""
    if _WATCHERS["key"] != REGISTRY["version"]:
        codes = frozenset(
            code
            for code, script in SCRIPTS.items()
            if SEASON_CHANGED in script.forced
            or any(a.trigger == SEASON_CHANGED for a in script.abilities)
        )
        _WATCHERS.update(key=REGISTRY["version"], codes=codes)
    return _WATCHERS["codes"]


def _watching(state: GameState, codes: frozenset[str]) -> list[str]:
    """The watching cards in play, looked for again only when the log or the cards in
    play changed (a card entering play is logged)."""
    key = (len(state.log), len(state.in_play), REGISTRY["version"])
    found = state.__dict__.get("_season_watchers")
    if found is None or found[0] != key:
        refs = [r for r in state.in_play if state.cards[r].code in codes]
        found = state.__dict__["_season_watchers"] = (key, refs)
    return found[1]


def check_season_change(state: GameState) -> None:
    """Trigger ``season_changed`` when the season is not the one the watching cards in play
    last saw (nothing to do while none is in play)."""
    codes = watchers()
    if not in_game(state, codes):
        return
    refs = _watching(state, codes)
    if not refs:
        return
    now = season(state)
    seen = {e["subject"]: i for i, e in enumerate(state.effects) if e["query"] == SEEN}
    was: list[str | None] = []
    for ref in refs:
        if ref not in state.in_play:
            continue
        index = seen.get(ref)
        if index is None:  # first seen in play: what it sees now is no change
            state.effects.append(
                {"query": SEEN, "subject": ref, "until": "play", "source": ref, "value": now}
            )
        elif state.effects[index]["value"] != now:
            was.append(state.effects[index]["value"])
            state.effects[index] = {**state.effects[index], "value": now}
    if was:
        state.emit("season_changed", season=now, was=was[0])
        trigger(state, SEASON_CHANGED, {"season": now, "was": was[0]})
