"""The Banners Gather's events and plot (gameplay/engine/cards/the_banners_gather/
events_plots.py): kr_3, 15, 18, 19, 20.

Fillers: Knight of the Tumblestone (Stark, 2 STR, cost 2), Lannisport Steward (Lannister,
2 STR, cost 2), Host of Storm's End (Baratheon, 6 STR, cost 5), Drogon (a printed Dragon),
Calm Over Westeros (a plot without text)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    hand,
    head,
    joust,
    plots_revealed,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

BREACH, BREACHING, RAIN, STORM, RALLY = "kr_3", "kr_15", "kr_18", "kr_19", "kr_20"
LADDER, SOUTHRON, MORS = "kr_6", "kr_11", "kr_13"
DROGON = "core_111"
DECK = [KNIGHT] * 6


def _to_seat(state, seat):
    while waiting_seats(state)[0] != seat:
        state = act(state, waiting_seats(state)[0], "pass")
    return state


# --- kr_3 Into the Breach -----------------------------------------------------------------


def test_into_the_breach_puts_a_baratheon_character_into_play_until_the_end_of_the_phase():
    state = joust({"house": "Baratheon", "hand": [BREACH, HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    breach, host = hand(state, 0, BREACH)[0], hand(state, 0, HOST)[0]
    assert {a.cards[1:] for a in uses(state, 0, breach)} == {(host,)}  # not the Stark Knight
    state = use(state, 0, breach, host)
    assert host in state.in_play
    while state.phase == "challenges" and head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.phase != "challenges"
    assert host not in state.in_play and host in state.players[0].discard


# --- kr_15 Breaching the Wall -------------------------------------------------------------


def test_breaching_the_wall_kills_the_losers_characters_with_str_above_cost():
    state = joust(
        {"house": "Stark", "in_play": [MORS, KNIGHT], "hand": [BREACHING]},
        {"in_play": [HOST, STEWARD, {"card": KNIGHT, "knelt": True}]},
    )
    state = start(state, "military", [ref(state, 0, MORS), ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", claim=[ref(state, 1, STEWARD)])
    state = _to_seat(state, 0)
    state = use(state, 0, hand(state, 0, BREACHING)[0])
    step = head(state)
    assert step["purpose"] == "kill"
    assert set(step["candidates"]) == {ref(state, 1, HOST)}  # STR 6 > cost 5 only
    host = ref(state, 1, HOST)
    assert state.players[0].limited_response_used
    state = answer(state, "kill", [host])
    while host in state.in_play and head(state).get("name") == "window":
        state = act(state, waiting_seats(state)[0], "pass")
    assert host in state.players[1].dead


def test_breaching_the_wall_only_after_winning_a_military_challenge():
    state = joust(
        {"house": "Stark", "in_play": [MORS], "hand": [BREACHING]},
        {"in_play": [{"card": HOST, "knelt": True}, STEWARD]},
    )
    breaching, host = hand(state, 0, BREACHING)[0], ref(state, 1, HOST)
    state = start(state, "power", [ref(state, 0, MORS)])
    while state.challenge is not None:
        assert head(state).get("name") == "window", head(state)
        assert not uses(state, 0, breaching)
        state = act(state, waiting_seats(state)[0], "pass")
    assert host in state.in_play and breaching in state.players[0].hand


# --- kr_18 Rain of Fire -------------------------------------------------------------------


def _rain(dragon):
    location = {"card": SOUTHRON, "attachments": [LADDER]}
    mine = [location, *([DROGON] if dragon else [KNIGHT])]
    state = joust(
        {"house": "Targaryen", "in_play": mine, "hand": [RAIN], "deck": DECK},
        {"in_play": [{"card": SOUTHRON, "attachments": [LADDER]}]},
    )
    return state


def test_rain_of_fire_discards_every_attachment_then_a_card_of_the_deck_for_each():
    state = _rain(True)
    ladders = [r for r in state.in_play if state.code(r) == LADDER]
    state = use(state, 0, hand(state, 0, RAIN)[0])
    for _ in range(10):
        if head(state).get("name") == "window" and head(state).get("trigger") is None:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert not any(r in state.in_play for r in ladders)
    assert len(state.players[0].deck) == len(DECK) - 2
    assert len([r for r in state.players[0].discard if state.code(r) != RAIN]) == 1 + 2


def test_rain_of_fire_only_with_a_printed_dragon():
    state = _rain(False)
    assert not uses(state, 0, hand(state, 0, RAIN)[0])


# --- kr_19 Storm the Gate -----------------------------------------------------------------


def _storm(gold):
    players = [
        {"house": "Baratheon", "hand": [STORM], "gold": gold, "in_play": [KNIGHT, HOST]},
        {"in_play": [{"card": STEWARD, "knelt": True}, KNIGHT]},
    ]
    state = build(phase="dominance", players=players, auto_pass=False)
    state.in_play[ref(state, 0, HOST)].knelt = True
    return state


def test_storm_the_gate_discards_every_kneeling_character():
    state = _storm(3)
    storm = hand(state, 0, STORM)[0]
    state = _to_seat(state, 0)
    host, steward = ref(state, 0, HOST), ref(state, 1, STEWARD)
    knights = [ref(state, 0, KNIGHT), ref(state, 1, KNIGHT)]
    state = use(state, 0, storm)
    for _ in range(10):
        if host not in state.in_play:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert host in state.players[0].discard and steward in state.players[1].discard
    assert all(k in state.in_play for k in knights)
    assert state.players[0].gold == 0


def test_storm_the_gate_needs_three_gold_or_three_influence():
    state = _to_seat(_storm(2), 0)
    assert not uses(state, 0, hand(state, 0, STORM)[0])


# --- kr_20 Rally Cry ----------------------------------------------------------------------


def test_rally_cry_discards_a_cheap_card_of_the_player_with_most_cards_at_command():
    me = {"in_play": [KNIGHT], "used_plots": [CALM]}
    them = {"in_play": [HOST, STEWARD, SOUTHRON], "hand": [KNIGHT], "used_plots": [CALM]}
    state = plots_revealed(RALLY, CALM, me, them)
    # X = 2 (used piles; plus the plots just revealed are not there yet): cost 2 or lower.
    assert head(state).get("purpose") == "discard"
    assert set(head(state)["candidates"]) == {ref(state, 1, STEWARD), ref(state, 1, SOUTHRON)}
    steward = ref(state, 1, STEWARD)
    state = answer(state, "discard", [steward])
    assert steward in state.players[1].discard


def test_rally_cry_nothing_on_a_tie():
    me = {"in_play": [KNIGHT, STEWARD], "used_plots": [CALM]}
    them = {"in_play": [STEWARD, KNIGHT], "used_plots": [CALM]}
    state = plots_revealed(RALLY, CALM, me, them)
    assert head(state).get("purpose") != "discard"
    assert len(state.players[0].in_play) == 2 and len(state.players[1].in_play) == 2
