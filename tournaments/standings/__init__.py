"""Standings, tiebreakers, event structure and the top cut: pure Python, no Django.

``table`` ranks a Swiss event (points, head-to-head, SoS, ESoS, seeded random); ``cut``
recommends rounds and cut size and seeds and advances the single-elimination bracket;
``final`` places everyone once the cut is played (the cut first, then the Swiss order). Import
from here: ``from tournaments.standings import standings, GameResult, Bye``.
"""

from __future__ import annotations

from tournaments.standings.cut import (
    BracketMatch,
    Structure,
    TooFewPlayersError,
    advance_bracket,
    bracket_order,
    recommended_structure,
    replace_dropped_cut,
    seed_bracket,
)
from tournaments.standings.final import CutGame, Placing, cut_stage, final_standings
from tournaments.standings.table import (
    Bye,
    GameResult,
    MissedRound,
    StandingRow,
    as_display,
    competition_places,
    random_key,
    standings,
)

__all__ = [
    "BracketMatch",
    "Bye",
    "CutGame",
    "GameResult",
    "MissedRound",
    "Placing",
    "StandingRow",
    "Structure",
    "TooFewPlayersError",
    "advance_bracket",
    "as_display",
    "bracket_order",
    "competition_places",
    "cut_stage",
    "final_standings",
    "random_key",
    "recommended_structure",
    "replace_dropped_cut",
    "seed_bracket",
    "standings",
]
