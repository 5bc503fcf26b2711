"""The Kingsguard locations and attachment (gameplay/engine/cards/the_kingsguard/places.py),
played through legal actions: Longship Grey Ghost, Moat Cailin and Harpy's Scourge."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    defend,
    events,
    head,
    joust,
    pass_until,
    pass_windows,
    ref,
    shadow,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)

GHOST = "kr_44"
MOAT = "kr_50"
SCOURGE = "kr_52"
KILLER = "kr_41"


def shadow_moves(state, seat):
    return [a for a in legal_actions(state, seat) if a.choice == "shadow"]


# --- kr_44 Longship Grey Ghost ------------------------------------------------------------


def test_grey_ghost_returns_to_shadows_after_its_controller_wins_unopposed():
    state = joust({"house": "Greyjoy", "in_play": [GHOST, HOST]}, {})
    ghost = ref(state, 0, GHOST)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert ghost in state.players[0].shadows and ghost not in state.in_play
    state.players[0].gold = 5
    assert shadow_moves(state, 0) == []  # not again this round


def test_grey_ghost_stays_after_an_opposed_win():
    state = joust({"house": "Greyjoy", "in_play": [GHOST, HOST]}, {"in_play": [KNIGHT]})
    ghost = ref(state, 0, GHOST)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert ghost in state.in_play


def test_grey_ghost_coming_out_stops_a_character_defending_this_phase():
    state = joust(
        {"house": "Greyjoy", "gold": 0, "in_play": [HOST]},
        {"in_play": [KNIGHT, STEWARD]},
    )
    ghost = shadow(state, 0, GHOST)
    knight = ref(state, 1, KNIGHT)
    state = act(state, 0, "use", [ghost], "shadow")  # cost 0
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, ghost, knight)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert head(state).get("purpose") != "defenders" or knight not in head(state)["candidates"]


# --- kr_50 Moat Cailin --------------------------------------------------------------------


def test_moat_cailin_comes_out_when_a_challenge_is_declared_against_its_owner():
    state = joust({"in_play": [HOST]}, {"house": "Stark", "in_play": [KNIGHT]})
    moat = shadow(state, 1, MOAT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_window(state, "attackers_declared")
    state = use(state, 1, moat)
    assert moat in state.players[1].in_play


def test_moat_cailin_does_not_answer_its_owners_own_challenge():
    state = joust({"house": "Stark", "in_play": [HOST]}, {"in_play": [KNIGHT]})
    moat = shadow(state, 0, MOAT)
    state = start(state, "military", [ref(state, 0, HOST)])
    for _ in range(10):
        if head(state).get("purpose") == "defenders":
            break
        assert [a for a in uses(state, 0, moat) if a.choice != "shadow"] == []
        state = act(state, waiting_seats(state)[0], "pass")
    assert moat in state.players[0].shadows


def test_moat_cailin_adds_the_shadows_to_its_defending_side():
    state = joust({"in_play": [HOST]}, {"house": "Stark", "in_play": [MOAT, KNIGHT]})
    shadow(state, 0, KILLER)
    shadow(state, 1, KILLER)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 2 + 2]


def test_moat_cailin_needs_a_defending_character():
    state = joust({"in_play": [HOST]}, {"house": "Stark", "in_play": [MOAT, KNIGHT]})
    shadow(state, 1, KILLER)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 0]


# --- kr_52 Harpy's Scourge ----------------------------------------------------------------


def test_harpys_scourge_moves_1_str_from_a_character_to_its_bearer():
    state = joust(
        {
            "house": "Targaryen",
            "in_play": [{"card": KNIGHT, "attachments": [SCOURGE]}],
            "hand": [STEWARD, HOST],
        },
        {"in_play": [HOST]},
    )
    scourge, knight, host = ref(state, 0, SCOURGE), ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = use(state, 0, scourge, host)
    state = answer(state, "discard_cost", state.players[0].hand[:1])
    assert strength(state, knight) == 3 and strength(state, host) == 5
    assert len(state.players[0].discard) == 1
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert strength(state, knight) == 2 and strength(state, host) == 6


def test_harpys_scourge_needs_a_card_to_discard_and_the_challenges_phase():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": KNIGHT, "attachments": [SCOURGE]}]},
        {"in_play": [HOST]},
    )
    assert uses(state, 0, ref(state, 0, SCOURGE)) == []
    state = joust(
        {
            "house": "Targaryen",
            "in_play": [{"card": KNIGHT, "attachments": [SCOURGE]}],
            "hand": [STEWARD],
        },
        {"in_play": [HOST]},
        phase="marshalling",
    )
    assert uses(state, 0, ref(state, 0, SCOURGE)) == []
