"""Valar Morghulis characters without a legacy agenda
(gameplay/engine/cards/valar_morghulis/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (Lannister, 2 STR, intrigue), House Dayne Knight
(pots_11, Martell, 1 STR, military and intrigue), Rhaegar Targaryen (acoa_82, a King)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength, value
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    defend,
    events,
    hand,
    head,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
)

HUGOR = "btns_4"
STANNIS = "btns_7"
NIGHTSONG = "btns_8"
WILLAS = "btns_9"
ILLYRIO = "btns_16"
DAYNE = "pots_11"
RHAEGAR = "acoa_82"
ALLIANCE = "qod_47"


# --- btns_4 Hugor Hill -----------------------------------------------------------------------


def test_hugor_hill_is_discarded_while_you_control_tyrion():
    state = joust({"house": "Lannister", "in_play": [HUGOR, "Tyrion Lannister"]}, {})
    assert not [r for r in state.players[0].in_play if state.code(r) == HUGOR]
    assert [r for r in state.players[0].discard if state.code(r) == HUGOR]


def test_hugor_hill_stays_while_an_opponent_controls_tyrion():
    state = joust({"house": "Lannister", "in_play": [HUGOR]}, {"in_play": ["Tyrion Lannister"]})
    assert ref(state, 0, HUGOR) in state.in_play


def _hugor_won(discard, attackers=(HUGOR,), defenders=()):
    state = joust(
        {"house": "Lannister", "in_play": [HUGOR, HOST]},
        {"in_play": [KNIGHT], "discard": discard},
    )
    state = start(state, "power", [ref(state, 0, a) for a in attackers])
    state = defend(state, [ref(state, 1, d) for d in defenders])
    for _ in range(30):
        step = head(state)
        if step.get("purpose") == "put_into_play" or state.challenge is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_hugor_hill_alone_puts_a_character_of_cost_x_from_the_losers_discard_pile():
    # Hugor (3 STR) wins unopposed by 3: the Knight and the Steward (cost 2) may be chosen,
    # not Host of Storm's End (cost 7).
    state = _hugor_won([KNIGHT, STEWARD, HOST])
    step = head(state)
    assert step.get("purpose") == "put_into_play"
    assert all(state.code(c) != state.code(ref(state, 0, HOST)) for c in step["candidates"])
    assert len(step["candidates"]) == 2
    knight = step["candidates"][0]
    power = state.players[1].power
    state = answer(state, "put_into_play", [knight])
    assert state.in_play[knight].controller == 0
    assert state.players[1].power == power  # no Power claim


def test_hugor_hill_not_alone_makes_the_normal_claim():
    state = _hugor_won([KNIGHT], attackers=(HUGOR, HOST))
    assert not events(state, "put_into_play")
    assert head(state).get("purpose") != "put_into_play"


# --- btns_7 Stannis Baratheon ----------------------------------------------------------------


def test_stannis_gains_vigilant_renown_and_stealth_as_the_only_king():
    state = joust({"house": "Baratheon", "in_play": [STANNIS]}, {})
    assert {"vigilant", "renown", "stealth"} <= keywords(state, ref(state, 0, STANNIS))


def test_stannis_gains_nothing_with_another_king_in_play():
    state = joust({"house": "Baratheon", "in_play": [STANNIS]}, {"in_play": [RHAEGAR]})
    assert not {"vigilant", "renown", "stealth"} & keywords(state, ref(state, 0, STANNIS))


# --- btns_8 The Bastard of Nightsong ---------------------------------------------------------


def test_the_bastard_of_nightsong_moves_power_from_the_losers_house_card():
    state = joust({"house": "Baratheon", "in_play": [NIGHTSONG]}, {"power": 3})
    bastard = ref(state, 0, NIGHTSONG)
    state = start(state, "military", [bastard])
    state = to_window(state, "challenge_won", claim=())
    state = use(state, 0, bastard)
    assert state.in_play[bastard].power == 1


def _nightsong_offered(state, bastard):
    for _ in range(40):
        if state.challenge is None:
            return False
        if head(state).get("trigger") == "challenge_won" and uses(state, 0, bastard):
            return True
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def test_the_bastard_of_nightsong_needs_to_participate_and_power_to_move():
    state = joust({"house": "Baratheon", "in_play": [NIGHTSONG, HOST]}, {"power": 3})
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not _nightsong_offered(defend(state, []), ref(state, 0, NIGHTSONG))
    state = joust({"house": "Baratheon", "in_play": [NIGHTSONG]}, {"power": 0})
    state = start(state, "military", [ref(state, 0, NIGHTSONG)])
    assert not _nightsong_offered(defend(state, []), ref(state, 0, NIGHTSONG))


# --- btns_9 Willas Tyrell --------------------------------------------------------------------


def test_willas_gains_renown_against_an_opponent_running_an_agenda():
    players = [{"house": "Baratheon", "in_play": [WILLAS]}, {"house": "Lannister"}]
    state = agenda_position(players, {1: ALLIANCE})
    willas = ref(state, 0, WILLAS)
    assert "renown" not in keywords(state, willas)  # not participating
    state = start(state, "power", [willas])
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[willas].power == 1  # renown


def test_willas_gains_no_renown_against_an_opponent_without_an_agenda():
    state = joust({"house": "Baratheon", "in_play": [WILLAS]}, {})
    state = start(state, "power", [ref(state, 0, WILLAS)])
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[ref(state, 0, WILLAS)].power == 0


def test_willas_makes_participating_lannister_and_martell_characters_count_no_str():
    state = joust(
        {"house": "Baratheon", "in_play": [WILLAS, DAYNE]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state = start(state, "intrigue", [ref(state, 0, WILLAS), ref(state, 0, DAYNE)])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 0]


def test_willas_not_participating_changes_nobodys_str():
    state = joust(
        {"house": "Baratheon", "in_play": [WILLAS, DAYNE]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state = start(state, "intrigue", [ref(state, 0, DAYNE)])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [1, 2]


# --- btns_16 Magister Illyrio ----------------------------------------------------------------


CHASER = "acoa_59"  # Dragon Chaser: Ambush, cost 4
INFLUENCE = ["Eastern Fiefdoms", "Summer Sea", "Crossroads", "Crossroads"]


def _illyrio_position(phase="challenges"):
    return build(
        phase=phase,
        players=[
            {"house": "Targaryen", "in_play": [ILLYRIO, *INFLUENCE], "hand": [CHASER], "gold": 4},
            {"in_play": [KNIGHT, "Robb Stark"]},
        ],
    )


def test_magister_illyrio_answers_a_character_entering_play_in_the_challenges_phase():
    state = _illyrio_position()
    illyrio, knight = ref(state, 0, ILLYRIO), ref(state, 1, KNIGHT)
    state = act(state, 0, "use", [hand(state, 0, CHASER)[0]], choice="ambush")
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"])
    state = until_window(state, "entered_play")
    targets = {a.cards[1] for a in uses(state, 0, illyrio)}
    assert knight in targets and ref(state, 1, "Robb Stark") not in targets  # non-unique
    state = use(state, 0, illyrio, knight)
    assert strength(state, knight) == 1
    assert value(state, "dies_at_zero", knight, False)


def test_magister_illyrio_does_not_answer_outside_the_challenges_phase():
    state = _illyrio_position("marshalling")
    state = act(state, 0, "marshal:play", [hand(state, 0, CHASER)[0]])
    assert not any(
        a.cards[:1] == (ref(state, 0, ILLYRIO),) for s in (0, 1) for a in legal_actions(state, s)
    )
