"""Where Loyalty Lies cards (gameplay/engine/cards/where_loyalty_lies/): each card driven
through legal actions, with a test of each restriction its text states."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    act,
    agenda_position,
    answer,
    build,
    events,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    to_window,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"  # Baratheon Army, 6 STR, military and power, no Knight
KNIGHT = "Knight of the Tumblestone"  # Stark Knight, 2 STR
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
ARYA = {"card": "Arya Stark", "duplicates": ["Arya Stark"]}
RICKARD, GREGOR, ASHA, QUENTYN, OATH = "atoc_62", "atoc_63", "atoc_70", "atoc_75", "atoc_80"
EVENT = "core_155"  # Distraction, an event


def _claim_kill(state):
    for _ in range(40):
        step = head(state)
        if step.get("purpose") in ("claim_kill", "save"):
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        state = pass_windows(state)
        if head(state).get("name") == "window":
            break
    return state


def _kill_arya(attackers_codes):
    state = joust({"in_play": [GREGOR, HOST]}, {"in_play": [ARYA]})
    attackers = [ref(state, 0, code) for code in attackers_codes]
    arya = ref(state, 1, "Arya Stark")
    state = initiate(state, "military", attackers)
    state = _claim_kill(state)
    if head(state).get("purpose") == "claim_kill":
        state = answer(state, "claim_kill", [arya])
    return state, arya


# --- atoc_62 Rickard Karstark -----------------------------------------------------------


def _rickard_attacks(ctype):
    state = joust({"in_play": [RICKARD]}, {"in_play": [HOST]})
    rickard = ref(state, 0, RICKARD)
    state = initiate(state, ctype, [rickard])
    assert state.challenge is not None
    return state, rickard


def test_atoc_62_rickard_does_not_kneel_to_attack_in_military():
    state, rickard = _rickard_attacks("military")
    assert not state.in_play[rickard].knelt


def test_atoc_62_rickard_kneels_to_attack_in_power():
    state, rickard = _rickard_attacks("power")
    assert state.in_play[rickard].knelt


def _rickard_claim(agendas):
    players = [{"in_play": [RICKARD, HOST]}, {"in_play": [STEWARD]}]
    state = agenda_position(players, agendas)
    rickard, steward = ref(state, 0, RICKARD), ref(state, 1, STEWARD)
    state = initiate(state, "military", [ref(state, 0, HOST)])
    return state, rickard, steward


def test_atoc_62_rickard_claims_power_after_a_military_claim_kill():
    state, rickard, steward = _rickard_claim({})
    state = to_window(state, "killed")
    assert steward in state.players[1].dead
    state = use(state, 0, rickard)
    assert state.in_play[rickard].power == 1


def test_atoc_62_rickard_gains_nothing_while_running_an_agenda():
    state, rickard, steward = _rickard_claim({0: "kl_15"})
    for _ in range(40):
        if head(state).get("name") != "window":
            break
        assert not uses(state, 0, rickard)
        state = act(state, waiting_seats(state)[0], "pass")
    assert steward in state.players[1].dead
    assert state.in_play[rickard].power == 0


# --- atoc_63 Ser Gregor Clegane ----------------------------------------------------------


def test_atoc_63_gregor_attacking_no_character_can_be_saved():
    state, arya = _kill_arya([GREGOR])
    assert head(state).get("purpose") != "save"
    state = pass_windows(state)
    assert arya in state.players[1].dead


def test_atoc_63_gregor_not_attacking_saves_are_allowed():
    state, arya = _kill_arya([HOST])
    assert head(state).get("purpose") == "save", head(state)
    assert head(state)["candidates"] == [arya]


# --- atoc_70 Asha Greyjoy ----------------------------------------------------------------


def _asha(discard):
    state = joust({"in_play": [ASHA]}, {"in_play": [HOST], "discard": discard})
    asha = ref(state, 0, ASHA)
    state = initiate(state, "military", [asha])
    return state, asha


def test_atoc_70_asha_does_not_kneel_against_three_non_characters():
    state, asha = _asha([EVENT, EVENT, EVENT])
    assert state.challenge is not None
    assert not state.in_play[asha].knelt


def test_atoc_70_asha_kneels_when_the_pile_holds_characters():
    state, asha = _asha([EVENT, EVENT, STEWARD])
    assert state.challenge is not None
    assert state.in_play[asha].knelt


# --- atoc_75 Quentyn's Guard -------------------------------------------------------------


def _marshal_quentyn(gold, count=2):
    me = {"house": "Martell", "hand": [QUENTYN], "gold": gold}
    players = [me] + [{} for _ in range(count - 1)]
    state = build(players=players, variant="joust" if count == 2 else "melee")
    guard = state.players[0].hand[0]
    return state, guard, [a for a in legal_actions(state, 0) if a.cards[:1] == (guard,)]


def test_atoc_75_quentyns_guard_costs_one_less_per_opponent():
    state, guard, actions = _marshal_quentyn(4)
    assert gold_cost(state, 0, guard) == 4
    assert actions


def test_atoc_75_quentyns_guard_needs_the_rest():
    _, _, actions = _marshal_quentyn(3)
    assert not actions  # 5 - 1 = 4 gold needed


def test_atoc_75_quentyns_guard_counts_every_opponent():
    state, guard, _ = _marshal_quentyn(3, count=3)
    assert gold_cost(state, 0, guard) == 3


# --- atoc_80 You Swore an Oath -----------------------------------------------------------


def _stood(state):
    """The cards the standing phase stood (those knelt until then)."""
    return [r for e in events(state, "stood_all") for r in e["cards"]]


def test_atoc_80_knights_gain_joust_and_do_not_kneel_to_defend():
    state = joust({"in_play": [HOST]}, {"revealed_plot": OATH, "in_play": [KNIGHT, STEWARD]})
    knight, steward = ref(state, 1, KNIGHT), ref(state, 1, STEWARD)
    assert "joust" in keywords(state, knight)
    assert "joust" not in keywords(state, steward)
    state = initiate(state, "power", [ref(state, 0, HOST)])
    state = pass_windows(state)
    state = answer(state, "defenders", [knight])
    assert [knight] in [e["cards"] for e in events(state, "defenders")]
    assert knight not in _stood(state)


def test_atoc_80_other_characters_still_kneel_to_defend():
    state = joust({"in_play": [STEWARD]}, {"revealed_plot": OATH, "in_play": [STEWARD]})
    steward = ref(state, 1, STEWARD)
    assert "joust" not in keywords(state, steward)
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = pass_windows(state)
    state = answer(state, "defenders", [steward])
    assert steward in _stood(state)
