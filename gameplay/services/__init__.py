"""Writes to matches (services) and what pages read of them; see each module."""

from gameplay.services.bots import bot_overdue, match_bot_requeue, match_bot_sweep
from gameplay.services.clocks import match_clock_sweep, match_flag_overdue
from gameplay.services.play import (
    MatchError,
    SeatSpec,
    StaleMatch,
    core_deck,
    match_act,
    match_bot_move,
    match_config,
    match_create,
    match_join,
    match_leave,
    match_replay,
    match_state,
    seat_deck,
    state_text,
)
from gameplay.services.preferences import (
    match_look_again,
    preferences_of,
    preferences_update,
)
from gameplay.services.table import (
    RateLimited,
    clock_left,
    match_chat,
    match_check_clock,
    match_concede,
    match_offer_draw,
    match_rematch,
    rate_limit,
)

__all__ = [
    "MatchError",
    "RateLimited",
    "SeatSpec",
    "StaleMatch",
    "bot_overdue",
    "clock_left",
    "core_deck",
    "match_act",
    "match_bot_move",
    "match_bot_requeue",
    "match_bot_sweep",
    "match_chat",
    "match_check_clock",
    "match_clock_sweep",
    "match_concede",
    "match_config",
    "match_create",
    "match_flag_overdue",
    "match_join",
    "match_leave",
    "match_look_again",
    "match_offer_draw",
    "match_rematch",
    "match_replay",
    "match_state",
    "preferences_of",
    "preferences_update",
    "rate_limit",
    "seat_deck",
    "state_text",
]
