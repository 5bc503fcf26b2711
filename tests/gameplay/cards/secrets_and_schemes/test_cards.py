"""Secrets and Schemes locations and attachments
(gameplay/engine/cards/secrets_and_schemes/cards.py).

Fillers: Host of Storm's End (5 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue only)."""

from __future__ import annotations

from gameplay.engine.abilities import facts, icons, keywords, strength
from gameplay.engine.challenges import claim_value
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import CARRIED_CACHES, InPlay
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    choose,
    finish_challenge,
    head,
    joust,
    marshals,
    ref,
    start,
    until_phase,
    until_window,
    use,
    uses,
)

SEA_TOWER, RED_RAIN, QUEEN, AXE, RAVENTREE, VAES_DOTHRAK = (
    "w_5",
    "w_6",
    "w_9",
    "w_12",
    "w_14",
    "w_16",
)
ASHA = "kotse_2"  # Asha Greyjoy: unique Greyjoy, 3 STR, all three icons
MARAUDER = "asots_24"  # Ironborn Marauder: a Greyjoy character, cost 2, no text


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_5 The Sea Tower ----------------------------------------------------------------------


def test_the_sea_tower_lowers_the_next_greyjoy_character_by_one():
    me = {"house": "Greyjoy", "in_play": [SEA_TOWER], "hand": [MARAUDER, KNIGHT], "gold": 2}
    state = build(players=[me, {}])
    tower = ref(state, 0, SEA_TOWER)
    marauder, knight = state.players[0].hand
    state.players[0].gold = 1
    assert not marshals(state, 0, marauder)
    state = use(state, 0, tower)
    assert not marshals(state, 0, knight)  # a Stark character still costs 3 (penalty)
    state = act(state, 0, "marshal:play", [marauder])
    assert marauder in state.in_play and state.players[0].gold == 0


def test_the_sea_tower_only_in_the_marshalling_phase():
    state = joust({"in_play": [SEA_TOWER]}, {})
    assert not uses(state, 0, ref(state, 0, SEA_TOWER))


# --- w_6 Red Rain ---------------------------------------------------------------------------


def test_red_rain_only_on_a_unique_greyjoy_character():
    state = build(players=[{"in_play": [ASHA, MARAUDER, KNIGHT], "hand": [RED_RAIN]}, {}])
    rain = state.players[0].hand[0]
    assert set(attachment_targets(state, facts(state, rain), 0)) == {ref(state, 0, ASHA)}


def _red_rain(attackers):
    me = {"in_play": [{"card": ASHA, "attachments": [RED_RAIN]}, HOST]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    rain, knight = ref(state, 0, RED_RAIN), ref(state, 1, KNIGHT)
    state = start(state, "power", [ref(state, 0, a) for a in attackers])
    return until_window(state, "attackers_declared"), rain, knight


def test_red_rain_discards_the_chosen_character_when_winning_by_4():
    state, rain, knight = _red_rain([ASHA, HOST])
    state = use(state, 0, rain, knight)
    state = finish_challenge(state)
    assert knight in state.players[1].discard


def test_red_rain_not_when_winning_by_less_than_4():
    state, rain, knight = _red_rain([ASHA])
    state = use(state, 0, rain, knight)
    state = finish_challenge(state)
    assert knight in state.in_play  # 3 STR against none


def test_red_rain_only_when_attached_character_attacks():
    me = {"in_play": [{"card": ASHA, "attachments": [RED_RAIN]}, HOST]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not uses(state, 0, ref(state, 0, RED_RAIN))


# --- w_9 Enemy of the Queen -----------------------------------------------------------------


def _queen_on_theirs(them, host, first_player=0, phase="challenges"):
    """Enemy of the Queen controlled by seat 0, attached to seat 1's ``host``."""
    state = joust({}, them, first_player=first_player, phase=phase, auto_pass=False)
    bearer = ref(state, 1, host)
    queen = state.new_card(QUEEN, 0)
    state.in_play[queen] = InPlay(controller=0, attached_to=bearer)
    state.players[0].in_play.append(queen)
    for cache in CARRIED_CACHES:  # the position was changed by hand
        state.__dict__.pop(cache, None)
    return state, queen, bearer


def test_enemy_of_the_queen_keeps_its_character_knelt_in_the_standing_phase():
    them = {"in_play": [_knelt(KNIGHT), _knelt(HOST)]}
    state, _, knight = _queen_on_theirs(them, KNIGHT, phase="dominance")
    host = ref(state, 1, HOST)
    state = until_phase(state, "plot")
    assert state.in_play[knight].knelt and not state.in_play[host].knelt


def test_enemy_of_the_queen_is_discarded_when_its_bearer_wins_intrigue_by_4():
    state, queen, steward = _queen_on_theirs({"in_play": [STEWARD, STEWARD]}, STEWARD, 1)
    state = start(state, "intrigue", [steward, ref(state, 1, STEWARD, 1)])
    state = finish_challenge(state)
    assert queen in state.players[0].discard


def test_enemy_of_the_queen_stays_when_winning_by_less_than_4():
    state, queen, steward = _queen_on_theirs({"in_play": [STEWARD]}, STEWARD, 1)
    state = start(state, "intrigue", [steward])
    state = finish_challenge(state)
    assert queen in state.in_play


# --- w_12 Hotah's Axe -----------------------------------------------------------------------


def _axe(them):
    me = {"in_play": [{"card": HOST, "attachments": [AXE]}, STEWARD]}
    state = joust(me, {"in_play": them})
    state = start(state, "power", [ref(state, 0, HOST)])
    return until_window(state, "challenge_won"), ref(state, 0, AXE)


def test_hotahs_axe_kills_a_character_left_without_icons():
    state, axe = _axe([_knelt(STEWARD)])
    steward = ref(state, 1, STEWARD)
    state = use(state, 0, axe, steward)
    if head(state).get("purpose") == "lose_icon":
        state = choose(state, "intrigue")
    assert steward in state.players[1].dead


def test_hotahs_axe_removes_the_chosen_icon_until_the_end_of_the_phase():
    state, axe = _axe([_knelt(KNIGHT)])
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, axe, knight)
    assert head(state)["options"] == ["military", "power"]
    state = choose(state, "military")
    assert icons(state, knight) & {"military", "intrigue", "power"} == {"power"}
    assert knight in state.in_play
    state = until_phase(state, "plot")
    assert "military" in icons(state, knight)


def test_hotahs_axe_only_when_its_character_participated():
    me = {"in_play": [{"card": HOST, "attachments": [AXE]}, KNIGHT]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    axe = ref(state, 0, AXE)
    for _ in range(30):
        assert not uses(state, 0, axe)
        if state.challenge is None:
            break
        state = act(state, 0 if head(state).get("seat") is None else head(state)["seat"], "pass")


# --- w_14 Raventree Hall --------------------------------------------------------------------


def test_raventree_hall_a_character_defending_alone_gets_1_str_and_renown():
    state = joust({"in_play": [HOST]}, {"in_play": [RAVENTREE, KNIGHT, KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    assert strength(state, knight) == 2
    state = start(state, "military", [ref(state, 0, HOST)])
    state = answer(state, "defenders", [knight])
    assert strength(state, knight) == 3 and "renown" in keywords(state, knight)
    assert "renown" not in keywords(state, ref(state, 1, KNIGHT, 1))


def test_raventree_hall_not_with_two_defenders():
    state = joust({"in_play": [HOST]}, {"in_play": [RAVENTREE, KNIGHT, KNIGHT]})
    knights = [ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)]
    state = start(state, "military", [ref(state, 0, HOST)])
    state = answer(state, "defenders", knights)
    assert strength(state, knights[0]) == 2 and "renown" not in keywords(state, knights[0])


# --- w_16 Vaes Dothrak ----------------------------------------------------------------------


def test_vaes_dothrak_raises_your_claim_during_intrigue_challenges():
    them = {"in_play": [_knelt(STEWARD)], "hand": [KNIGHT] * 4}
    state = joust({"in_play": [VAES_DOTHRAK, STEWARD, HOST]}, them)
    assert claim_value(state, 0) == 1
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = finish_challenge(state)
    assert len(state.players[1].hand) == 2


def test_vaes_dothrak_not_in_other_challenges():
    them = {"in_play": [_knelt(KNIGHT), _knelt(KNIGHT)]}
    state = joust({"in_play": [VAES_DOTHRAK, HOST, STEWARD]}, them)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert len(state.players[1].dead) == 1
