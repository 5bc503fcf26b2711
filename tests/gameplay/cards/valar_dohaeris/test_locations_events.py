"""Valar Dohaeris locations, attachment and event: Castle Battlements (btns_23), Braavos
(btns_35), Norvos (btns_36) and Recruitment (btns_32).

Fillers: Knight of the Tumblestone (Stark, cost 2), Cersei Lannister (a Lannister Lady, cost
3), House Dayne Knight (Martell, cost 1), Kingsmoot Hopeful (a Greyjoy Lord, cost 2),
Crossroads (a location with 1 influence), Bastard of Robert (a non-unique character with
stealth), Lurkers at Harrenhal (a non-unique character with deadly and stealth), Lannisport
Steward (a non-unique Ally, cost 2), Brown Ben Plumm (a unique Mercenary), Hired Swords (a
non-unique Mercenary, cost 2)."""

from __future__ import annotations

from gameplay.engine.abilities import immune_to, keywords
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    code,
    head,
    initiate,
    joust,
    marshals,
    ref,
    use,
    uses,
)

BATTLEMENTS, BRAAVOS, NORVOS, RECRUITMENT = "btns_23", "btns_35", "btns_36", "btns_32"
CROSSROADS, BASTARD, LURKERS, CERSEI = "core_138", "core_87", "core_51", "core_39"
DAYNE, HOPEFUL, BEN, SWORDS = "pots_11", "soo_29", "core_118", "qod_8"


def _hand(state, seat, name):
    return next(r for r in state.players[seat].hand if state.code(r) == code(name))


# --- btns_23 Castle Battlements -----------------------------------------------------------


def test_castle_battlements_attaches_only_to_a_location_you_control():
    me = {"in_play": [CROSSROADS, KNIGHT], "hand": [BATTLEMENTS], "gold": 5}
    state = build(players=[me, {"in_play": [CROSSROADS]}])
    battlements = _hand(state, 0, BATTLEMENTS)
    hosts = {a.cards[1] for a in marshals(state, 0, battlements)}
    assert hosts == {ref(state, 0, CROSSROADS)}


def test_castle_battlements_makes_its_location_immune_to_non_plot_effects():
    me = {"in_play": [{"card": CROSSROADS, "attachments": [BATTLEMENTS]}]}
    state = joust(me, {})
    crossroads = ref(state, 0, CROSSROADS)
    for kind in ("character", "location", "attachment", "event", "agenda"):
        assert immune_to(state, crossroads, kind, 1) and immune_to(state, crossroads, kind, 0)
    assert not immune_to(state, crossroads, "plot", 1)


def test_castle_battlements_non_unique_attackers_lose_stealth_against_you():
    them = {"in_play": [{"card": CROSSROADS, "attachments": [BATTLEMENTS]}, KNIGHT]}
    state = joust({"house": "Baratheon", "in_play": [BASTARD]}, them)
    bastard = ref(state, 0, BASTARD)
    state = initiate(state, "power", [bastard])
    assert head(state).get("purpose") != "stealth"
    assert "stealth" not in keywords(state, bastard)
    plain = joust({"house": "Baratheon", "in_play": [BASTARD]}, {"in_play": [KNIGHT]})
    plain = initiate(plain, "power", [ref(plain, 0, BASTARD)])
    assert head(plain).get("purpose") == "stealth"  # without it, Stealth works


def test_castle_battlements_only_while_you_are_the_defending_player():
    me = {"in_play": [{"card": CROSSROADS, "attachments": [BATTLEMENTS]}, LURKERS]}
    state = joust(me, {"in_play": [KNIGHT]})
    lurkers = ref(state, 0, LURKERS)
    state = initiate(state, "power", [lurkers])  # its controller attacks
    assert head(state).get("purpose") == "stealth"
    assert {"stealth", "deadly"} <= keywords(state, lurkers)


# --- btns_35 Braavos ----------------------------------------------------------------------


def test_braavos_lowers_the_first_out_of_house_stark_card_each_round():
    me = {"house": "Lannister", "in_play": [BRAAVOS], "hand": [KNIGHT, KNIGHT], "gold": 10}
    state = build(players=[me, {}])
    first, second = [r for r in state.players[0].hand]
    assert gold_cost(state, 0, first) == 3  # 2 + 2 gold penalty - 1
    state = act(state, 0, "marshal:play", [first])
    assert state.players[0].gold == 7
    assert gold_cost(state, 0, second) == 4  # used up this round


def test_braavos_lowers_the_first_lady_character_each_round():
    me = {"house": "Lannister", "in_play": [BRAAVOS], "hand": [CERSEI, KNIGHT], "gold": 10}
    state = build(players=[me, {}])
    cersei, knight = _hand(state, 0, CERSEI), _hand(state, 0, KNIGHT)
    assert gold_cost(state, 0, cersei) == 2
    state = act(state, 0, "marshal:play", [cersei])
    assert state.players[0].gold == 8
    assert gold_cost(state, 0, knight) == 3  # the other reduction is still there


def test_braavos_not_for_in_house_stark_cards():
    me = {"house": "Stark", "in_play": [BRAAVOS], "hand": [KNIGHT], "gold": 10}
    state = build(players=[me, {}])
    assert gold_cost(state, 0, _hand(state, 0, KNIGHT)) == 2


# --- btns_36 Norvos -----------------------------------------------------------------------


def test_norvos_lowers_the_first_out_of_house_martell_card_and_lord_character():
    me = {"house": "Greyjoy", "in_play": [NORVOS], "hand": [DAYNE, HOPEFUL, KNIGHT], "gold": 10}
    state = build(players=[me, {}])
    dayne, hopeful = _hand(state, 0, DAYNE), _hand(state, 0, HOPEFUL)
    assert gold_cost(state, 0, dayne) == 2  # 1 + 2 - 1
    assert gold_cost(state, 0, hopeful) == 1  # a Lord
    assert gold_cost(state, 0, _hand(state, 0, KNIGHT)) == 4  # neither
    state = act(state, 0, "marshal:play", [hopeful])
    assert gold_cost(state, 0, dayne) == 2  # the Martell reduction is not used up


# --- btns_32 Recruitment ------------------------------------------------------------------


def test_recruitment_kneels_influence_to_put_an_ally_into_play_from_the_discard_pile():
    me = {
        "house": "Targaryen",
        "hand": [RECRUITMENT],
        "discard": [STEWARD],
        "in_play": [CROSSROADS, CROSSROADS],
    }
    state = joust(me, {})
    recruitment, steward = state.players[0].hand[0], state.players[0].discard[0]
    state = use(state, 0, recruitment, steward)
    if head(state).get("purpose") == "influence":
        state = answer(
            state, "influence", [ref(state, 0, CROSSROADS), ref(state, 0, CROSSROADS, 1)]
        )
    assert steward in state.players[0].in_play
    assert all(state.in_play[r].knelt for r in state.players[0].in_play if r != steward)


def test_recruitment_from_the_dead_pile_a_mercenary():
    me = {
        "house": "Targaryen",
        "hand": [RECRUITMENT],
        "dead": [SWORDS],
        "in_play": [CROSSROADS] * 2,
    }
    state = joust(me, {})
    swords = state.players[0].dead[0]
    state = use(state, 0, state.players[0].hand[0], swords)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [r for r in state.players[0].in_play])
    assert swords in state.players[0].in_play


def test_recruitment_only_non_unique_mercenaries_or_allies_it_can_pay_for():
    me = {
        "house": "Targaryen",
        "hand": [RECRUITMENT],
        "discard": [STEWARD, BEN, KNIGHT, HOST],
        "in_play": [CROSSROADS],
    }
    state = joust(me, {})
    recruitment = state.players[0].hand[0]
    # Brown Ben is unique, the Knight and the Host are neither; the Steward costs 2.
    assert not uses(state, 0, recruitment)
    me["in_play"] = [CROSSROADS, CROSSROADS]
    state = joust(me, {})
    targets = {state.code(a.cards[1]) for a in uses(state, 0, state.players[0].hand[0])}
    assert targets == {"core_52"}
