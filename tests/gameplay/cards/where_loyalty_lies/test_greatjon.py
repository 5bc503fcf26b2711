"""Where Loyalty Lies: Greatjon Umber (atoc_61) joining a challenge as a defender."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    answer,
    build,
    defend,
    events,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_window,
    use,
    uses,
)

GREATJON = "atoc_61"  # 3 STR
HOST = "Host of Storm's End"  # 6 STR, military and power


def test_atoc_61_greatjon_joins_as_a_defender_once_defenders_are_declared():
    state = joust({"in_play": [HOST]}, {"in_play": [GREATJON]})
    greatjon = ref(state, 1, GREATJON)
    state = start(state, "power", [ref(state, 0, HOST)])
    assert not uses(state, 1, greatjon)  # not before defenders are declared
    state = defend(state, [])
    state = until_window(state)
    state = use(state, 1, greatjon)
    assert events(state, "joined_challenge")[-1]["card"] == greatjon
    assert state.in_play[greatjon].power == 0  # no titles in a joust: no power
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 4]  # Melee: +1
    assert greatjon in events(state, "stood_all")[-1]["cards"]  # knelt as the cost


def test_atoc_61_greatjon_cannot_defend_his_own_challenge():
    state = joust({"in_play": [HOST, GREATJON]}, {"in_play": [HOST]})
    greatjon = ref(state, 0, GREATJON)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, HOST)])
    state = until_window(state)
    assert not uses(state, 0, greatjon)


def _melee(greatjon_title):
    state = build(
        players=[{"in_play": [HOST]}, {"in_play": [HOST]}, {"in_play": [GREATJON]}],
        variant="melee",
        phase="challenges",
    )
    titled = {0: "crown_regent", 1: "hand_of_the_king", 2: greatjon_title}
    for seat, title in titled.items():
        state.players[seat].title = title
    greatjon = ref(state, 2, GREATJON)
    state = start(state, "power", [ref(state, 0, HOST)], defender=1)
    state = defend(state, [])
    if head(state).get("purpose") == "support_defenders":  # he is not declared
        state = answer(state, "support_defenders", [])
    state = until_window(state)
    state = use(state, 2, greatjon)
    assert events(state, "joined_challenge")[-1]["card"] == greatjon
    return state, greatjon


def test_atoc_61_greatjon_claims_power_when_his_title_supports_the_defender():
    state, greatjon = _melee("master_of_laws")  # supports the Hand of the King
    assert [e["card"] for e in events(state, "power") if e.get("card") == greatjon]


def test_atoc_61_greatjon_claims_nothing_without_support():
    state, greatjon = _melee("master_of_coin")  # supports the Master of Laws
    assert not [e for e in events(state, "power") if e.get("card") == greatjon]
