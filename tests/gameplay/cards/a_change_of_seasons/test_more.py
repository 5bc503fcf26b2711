"""A Change of Seasons (a_change_of_seasons/more.py): Walder Frey ("ator_51"), Secret
Hideout ("ator_52"), A Game of Cyvasse ("ator_57") and Den of the Wolf ("ator_58",
repeating a phase: gameplay/engine/phase_flow.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import immune_to
from gameplay.engine.state import draw
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    code,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)

WALDER = "ator_51"
HIDEOUT = "ator_52"
CYVASSE = "ator_57"
DEN = "ator_58"
OLD_NAN = "acoa_81"  # Any Phase: kneel her to choose a character (a character ability)
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: [+2 Influence]
KNIGHT = "Knight of the Tumblestone"  # 2 STR, military and power
HOST = "Host of Storm's End"  # 6 STR, military and power
STEWARD = "Lannisport Steward"  # 2 STR, intrigue
LURKERS = "Lurkers at Harrenhal"  # 6 STR, intrigue and power, Stealth
JACELYN = "core_47"  # Ser Jacelyn Bywater: immune to character abilities
PLOT = "Summoning Season"
# An Any Phase event in hand keeps its holder asked in every action window (the position
# does not pass itself through: scenario.settle passes only for seats with nothing to do).
STOPPER = HIDEOUT


def _winter(state, seat=0):
    plot = state.players[seat].revealed_plot
    state.effects.append({"query": "traits", "subject": plot, "until": "round", "add": ["Winter"]})
    return state


def _pass_until(state, done, limit=80):
    for _ in range(limit):
        if done(state):
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never came")


# --- ator_51 Walder Frey -------------------------------------------------------------------


def test_ator_51_walder_frey_joins_the_side_currently_winning():
    state = joust({"in_play": [KNIGHT, WALDER], "hand": [STOPPER]}, {"in_play": [HOST]})
    walder, host = ref(state, 0, WALDER), ref(state, 1, HOST)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert not uses(state, 0, walder)  # no defender declared yet
    state = _pass_until(state, lambda s: head(s).get("purpose") == "defenders")
    state = answer(state, "defenders", [host])
    state = until_window(state, "defenders_declared")
    state = until_seat(state, 0)
    state = use(state, 0, walder)  # the defenders (6 against 2) are winning: he joins them
    assert state.in_play[walder].knelt
    assert walder in state.challenge["defenders"]
    state = _pass_until(state, lambda s: bool(events(s, "challenge_resolved")))
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["strength"] == [2, 10] and resolved["winner"] == 1


# --- ator_52 Secret Hideout ----------------------------------------------------------------


def test_ator_52_secret_hideout_draws_from_the_bottom_until_the_end_of_the_phase():
    deck = [KNIGHT, STEWARD, HOST]
    state = joust({"hand": [HIDEOUT, STOPPER], "deck": deck}, {"deck": deck})
    state = until_window(state)
    state = until_seat(state, 0)
    hideout = hand(state, 0, HIDEOUT)[0]
    state = use(state, 0, hideout)
    assert hideout in state.players[0].discard  # not Winter: no Stalwart
    draw(state, 1, 1)  # every player draws from the bottom of their deck now
    assert [state.code(r) for r in state.players[1].hand] == [code(HOST)]
    state = _pass_until(state, lambda s: s.phase != "challenges")
    draw(state, 1, 1)  # the phase is over: from the top again
    assert [state.code(r) for r in state.players[1].hand] == [code(HOST), code(KNIGHT)]


def test_ator_52_secret_hideout_in_winter_goes_on_top_of_the_deck():
    state = _winter(joust({"hand": [HIDEOUT, STOPPER], "deck": [KNIGHT]}, {}))
    state = until_window(state)
    state = until_seat(state, 0)
    hideout = hand(state, 0, HIDEOUT)[0]
    state = use(state, 0, hideout)
    assert state.players[0].deck[0] == hideout
    assert hideout not in state.players[0].discard
    draw(state, 0, 1)  # still this phase: from the bottom, the Hideout stays on top
    assert state.players[0].deck == [hideout]


# --- ator_57 A Game of Cyvasse -------------------------------------------------------------


def test_ator_57_a_game_of_cyvasse_highest_kneeler_returns_a_character():
    state = joust(
        {"hand": [CYVASSE], "in_play": [STEWARD, KNIGHT]},
        {"in_play": [LURKERS, HOST]},
    )
    steward, lurkers = ref(state, 0, STEWARD), ref(state, 1, LURKERS)
    state = until_window(state)
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, CYVASSE)[0])
    # Each kneels its only Intrigue character (chosen by itself); Lurkers (6) beat 2.
    assert state.in_play[steward].knelt and state.in_play[lurkers].knelt
    assert head(state)["purpose"] == "return_to_hand" and head(state)["seat"] == 1
    state = answer(state, "return_to_hand", [ref(state, 0, KNIGHT)])
    assert code(KNIGHT) in [state.code(r) for r in state.players[0].hand]


# --- ator_58 Den of the Wolf ---------------------------------------------------------------


def test_ator_58_den_of_the_wolf_characters_lose_all_immunities():
    state = joust({"in_play": [OLD_NAN]}, {"in_play": [JACELYN]})
    nan, jacelyn = ref(state, 0, OLD_NAN), ref(state, 1, JACELYN)
    state = until_seat(until_window(state), 0)
    assert not [a for a in uses(state, 0, nan) if jacelyn in a.cards]
    with_den = joust({"in_play": [OLD_NAN]}, {"in_play": [JACELYN, DEN]})
    with_den = until_seat(until_window(with_den), 0)
    assert not immune_to(with_den, ref(with_den, 1, JACELYN), "character", 0)
    assert [a for a in uses(with_den, 0, ref(with_den, 0, OLD_NAN)) if a.cards[1:] == (jacelyn,)]


def test_ator_58_den_of_the_wolf_repeats_the_phase_once_per_game():
    state = joust(
        {"in_play": [DEN, DEN, FIEFDOM, FIEFDOM, FIEFDOM, FIEFDOM, KNIGHT], "hand": [STOPPER]},
        {"in_play": [STEWARD]},
        phase="dominance",
    )
    first, second = ref(state, 0, DEN, 0), ref(state, 0, DEN, 1)
    assert len(events(state, "dominance")) == 1
    state = until_seat(state, 0)
    state = act(state, 0, "use", [first])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"][:2])
    assert first in state.players[0].discard
    assert events(state, "phase_repeat")[-1]["phase"] == "dominance"
    assert not uses(state, 0, second)  # Limit once per game (the other copy too)
    state = _pass_until(state, lambda s: s.phase == "standing")
    assert len(events(state, "dominance")) == 2  # dominance was determined again
    phases = [e["phase"] for e in events(state, "phase")]
    assert phases[-3:] == ["dominance", "dominance", "standing"]
    marshalling = joust({"in_play": [DEN, FIEFDOM, FIEFDOM]}, {}, phase="marshalling")
    assert not uses(marshalling, 0, ref(marshalling, 0, DEN))


def test_ator_58_den_of_the_wolf_repeats_the_challenges_phase_in_melee():
    players = [
        {"revealed_plot": PLOT, "in_play": [KNIGHT, DEN, FIEFDOM, FIEFDOM], "hand": [STOPPER]},
        {"revealed_plot": PLOT, "in_play": [STEWARD]},
        {"revealed_plot": PLOT, "in_play": [STEWARD]},
    ]
    state = build(phase="challenges", players=players)
    state = until_seat(state, 0)
    state = act(state, 0, "use", [ref(state, 0, DEN)])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"][:2])
    state = start(state, "power", [ref(state, 0, KNIGHT)], defender=1)
    state = _pass_until(state, lambda s: s.phase != "challenges" or len(events(s, "phase")) > 1)
    phases = [e["phase"] for e in events(state, "phase")]
    assert phases[:2] == ["challenges", "challenges"]
    # In the repeated phase each player has a challenges turn again, with its count reset.
    assert state.players[0].challenges_done == []
    assert head(state)["point"] == "before_challenge" and head(state)["turn"] == 0
