"""Ancient Enemies cards (gameplay/engine/cards/ancient_enemies/): each card's effect in a
position, played through legal actions.

Fillers without text of their own: Host of Storm's End (6 STR Army, military and power),
Knight of the Tumblestone (Stark Knight, 2 STR, military and power), Lannisport Steward (2
STR, intrigue), Lannisport Weaponsmith (1 STR, military), Crossroads ([+1 Influence]),
Dragon Chaser (acoa_59, Ironborn, 3 STR); Viserys Targaryen (kotse_36) is a King.
"""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from gameplay.engine.challenges import challenge_problem, claim_value
from gameplay.engine.rules import can_attack
from tests.gameplay.cardtest import (
    act,
    answer,
    defend_until_won,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_prompt,
    until_window,
    use,
    uses,
    waiting_seats,
)

HOST = "Host of Storm's End"
KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
SMITH = "Lannisport Weaponsmith"
CROSSROADS = "core_138"
CHASER = "acoa_59"
VISERYS = "kotse_36"
LURKERS = "Lurkers at Harrenhal"  # 6 STR, intrigue and power, Stealth


def test_acoa_22_areo_hotah_raises_claim_after_three_lost_challenges():
    state = joust(
        {"in_play": ["acoa_22", STEWARD, CROSSROADS, CROSSROADS]},
        {"in_play": [HOST, LURKERS, KNIGHT]},
        first_player=1,
    )
    areo = ref(state, 0, "acoa_22")
    for ctype, attacker in (("military", HOST), ("intrigue", LURKERS), ("power", KNIGHT)):
        assert not uses(state, 0, areo)
        state = start(state, ctype, [ref(state, 1, attacker)])
        if ctype != "intrigue":  # Areo Hotah could defend (no intrigue icon)
            state = defend_until_won(state, [])
        if ctype == "military":
            state = until_prompt(state, "claim_kill")
            state = answer(state, "claim_kill", [ref(state, 0, STEWARD)])
    state = until_window(state)
    assert claim_value(state, 0) == 1
    state = use(state, 0, areo)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], head(state)["candidates"])
    assert claim_value(state, 0) == 2


def test_acoa_23_die_for_your_king_returns_a_king_after_your_character_dies():
    state = joust(
        {"in_play": [STEWARD], "hand": ["acoa_23"], "discard": [VISERYS]},
        {"in_play": [HOST]},
        first_player=1,
    )
    steward, viserys = ref(state, 0, STEWARD), state.players[0].discard[0]
    event = hand(state, 0, "acoa_23")[0]
    state = start(state, "military", [ref(state, 1, HOST)])
    state = until_window(state, "killed")
    assert steward in state.players[0].dead
    state = use(state, 0, event, viserys)
    assert viserys in state.players[0].hand


def test_acoa_24_questioned_claim_limits_players_without_a_king_to_one_type():
    state = joust({"in_play": [HOST], "hand": ["acoa_24"]}, {"in_play": [LURKERS]})
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "acoa_24")[0])
    state = act(state, 0, "choose", choice="military")
    state = act(state, 1, "choose", choice="intrigue")
    assert challenge_problem(state, 0, "military", 1) is None
    assert challenge_problem(state, 0, "power", 1) is not None
    assert challenge_problem(state, 1, "intrigue", 0) is None
    assert challenge_problem(state, 1, "power", 0) is not None


def test_acoa_24_questioned_claim_spares_a_player_with_a_king():
    state = joust({"in_play": [HOST], "hand": ["acoa_24"]}, {"in_play": [VISERYS, LURKERS]})
    state = until_window(state)
    state = use(state, 0, hand(state, 0, "acoa_24")[0])
    state = act(state, 0, "choose", choice="power")
    assert head(state).get("purpose") != "challenge_type"
    assert challenge_problem(state, 0, "military", 1) is not None
    assert challenge_problem(state, 1, "power", 0) is None


def _fury(plot, house, ctype, chars=(STEWARD, SMITH, KNIGHT)):
    army = LURKERS if ctype == "intrigue" else HOST
    state = joust(
        {"revealed_plot": plot, "in_play": [army]},
        {"house": house, "in_play": [{"card": c, "power": 1} for c in chars]},
    )
    state = start(state, ctype, [ref(state, 0, army)])
    state = defend_until_won(state, [])
    if ctype == "military":
        state = until_prompt(state, "claim_kill")
        state = answer(state, "claim_kill", [ref(state, 1, chars[0])])
    state = until_prompt(state, "fury")
    target = ref(state, 1, chars[-1])
    return answer(state, "fury", [target]), target


def test_acoa_25_fury_of_the_wolf_kills_a_lannister_character():
    state, target = _fury("acoa_25", "Lannister", "military")
    assert target in state.players[1].dead


def test_acoa_26_fury_of_the_lion_kneels_and_strips_power():
    state, target = _fury("acoa_26", "Martell", "intrigue")
    assert state.in_play[target].knelt and state.in_play[target].power == 0


def test_acoa_27_fury_of_the_stag_takes_control_until_the_end_of_the_phase():
    state, target = _fury("acoa_27", "Martell", "power")
    assert state.in_play[target].controller == 0
    state = pass_windows(state)
    for _ in range(30):
        if state.phase != "challenges":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert state.in_play[target].controller == 1


def test_acoa_28_fury_of_the_kraken_discards_a_stark_character():
    state, target = _fury("acoa_28", "Stark", "military")
    assert target in state.players[1].discard


def test_acoa_29_fury_of_the_dragon_reduces_str_to_zero():
    state, target = _fury("acoa_29", "Baratheon", "power")
    assert strength(state, target) == 0


def test_acoa_30_fury_of_the_sun_returns_a_character_to_hand():
    state, target = _fury("acoa_30", "Lannister", "intrigue")
    assert target in state.players[1].hand


def test_acoa_fury_needs_the_named_houses():
    state = joust(
        {"revealed_plot": "acoa_30", "in_play": [HOST]},
        {"house": "Stark", "in_play": [STEWARD]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend_until_won(state, [])
    state = pass_windows(state)
    assert not events(state, "returned_to_hand")


def test_acoa_31_bear_island_kills_a_non_stark_character():
    state = joust(
        {"house": "Stark", "in_play": ["acoa_31", KNIGHT]},
        {"in_play": [STEWARD]},
        phase="dominance",
    )
    bear, steward = ref(state, 0, "acoa_31"), ref(state, 1, STEWARD)
    state = until_window(state)
    assert {a.cards[1] for a in uses(state, 0, bear)} == {steward}
    state = use(state, 0, bear, steward)
    assert steward in state.players[1].dead


def test_acoa_32_turncloak_mercenaries_stop_battle_plot_defenders():
    state = joust({"in_play": ["acoa_32"]}, {"revealed_plot": "acoa_25", "in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, "acoa_32")])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders"
    assert events(state, "defenders")[-1]["cards"] == []


def test_acoa_33_toll_gate_stands_and_removes_a_participant():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": ["acoa_33", STEWARD]})
    gate, knight = ref(state, 1, "acoa_33"), ref(state, 0, KNIGHT)
    state = start(state, "power", [ref(state, 0, HOST), knight])
    state = until_window(state)
    state = use(state, 1, gate, knight)
    assert not state.in_play[knight].knelt
    state = pass_windows(state)
    assert events(state, "challenge_resolved")[-1]["strength"][0] == 6


def test_acoa_34_kings_champion_alone_gains_a_power_icon():
    state = joust({"in_play": ["acoa_34"]}, {"in_play": [STEWARD]})
    assert "power" in icons(state, ref(state, 0, "acoa_34"))
    state = joust({"in_play": ["acoa_34"]}, {"in_play": ["acoa_34"]})
    assert "power" not in icons(state, ref(state, 0, "acoa_34"))


def test_acoa_36_salt_wife_saves_an_ironborn_character():
    state = joust(
        {"in_play": ["acoa_36", CHASER, CROSSROADS, "core_143"]},
        {"in_play": [HOST]},
        first_player=1,
    )
    wife, chaser = ref(state, 0, "acoa_36"), ref(state, 0, CHASER)
    state = start(state, "military", [ref(state, 1, HOST)])
    state = defend_until_won(state, [])
    state = until_prompt(state, "claim_kill")
    state = answer(state, "claim_kill", [chaser])
    state = until_window(state, "would_be_killed")
    state = use(state, 0, wife, chaser)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], head(state)["candidates"])
    state = pass_windows(state)
    assert chaser in state.in_play


def test_acoa_37_dragon_thief_discards_a_non_unique_attachment():
    state = joust(
        {"hand": ["acoa_37"], "gold": 5, "in_play": [STEWARD]},
        {"in_play": [{"card": KNIGHT, "attachments": ["acoa_20"]}]},
        phase="marshalling",
    )
    thief = hand(state, 0, "acoa_37")[0]
    chariot = ref(state, 1, "acoa_20")
    state = act(state, 0, "marshal:play", [thief])
    state = until_window(state, "entered_play")
    state = use(state, 0, thief, chariot)
    assert chariot in state.players[1].discard


def test_acoa_40_bringers_of_law_cannot_attack_and_stand_when_challenged():
    state = joust({"in_play": ["acoa_40", KNIGHT]}, {"in_play": [HOST]})
    bringers = ref(state, 0, "acoa_40")
    assert bringers not in can_attack(state, 0, "military")
    state = joust(
        {"in_play": [{"card": "acoa_40", "knelt": True}]}, {"in_play": [HOST]}, first_player=1
    )
    state = start(state, "power", [ref(state, 1, HOST)])
    state = until_window(state, "attackers_declared")
    state = use(state, 0, bringers)
    assert not state.in_play[bringers].knelt
