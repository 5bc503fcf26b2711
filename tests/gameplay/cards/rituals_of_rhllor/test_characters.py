"""Rituals of R'hllor characters (gameplay/engine/cards/rituals_of_rhllor/characters.py),
played through legal actions. Fillers: Host of Storm's End (6 STR, military and power),
Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR, intrigue),
Fiery Followers (acoa_53: Asshai, Holy, no text), Crossroads (a location, 1 influence)."""

from __future__ import annotations

from gameplay.engine.abilities import crests, icons, strength, traits
from tests.gameplay.cards.rituals_of_rhllor.helpers import (
    finish,
    give_trait,
    offered,
    offered_while,
)
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
    won_window,
)

FOLLOWERS = "acoa_53"


def _no_window(state, seat, card):
    return not uses(state, seat, card)


# --- bwb_21 The Bastard's Elite ----------------------------------------------------------


def test_bwb_21_bastards_elite_goes_to_the_player_who_wins_a_military_challenge():
    state = joust({"in_play": [HOST]}, {"in_play": ["bwb_21", STEWARD]})
    elite = ref(state, 1, "bwb_21")
    state = finish(start(state, "military", [ref(state, 0, HOST)]), claim=(ref(state, 1, STEWARD),))
    assert elite in state.players[0].in_play and state.in_play[elite].controller == 0


def test_bwb_21_bastards_elite_stays_after_an_intrigue_loss():
    state = joust({"in_play": [STEWARD]}, {"in_play": ["bwb_21"]})
    elite = ref(state, 1, "bwb_21")
    state = finish(start(state, "intrigue", [ref(state, 0, STEWARD)]))
    assert state.in_play[elite].controller == 1


def test_bwb_21_bastards_elite_stays_when_its_controller_wins():
    state = joust({"in_play": ["bwb_21"]}, {"in_play": [KNIGHT]})
    elite = ref(state, 0, "bwb_21")
    state = finish(start(state, "military", [elite]))
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert state.in_play[elite].controller == 0


# --- bwb_23 Campfire Mime ----------------------------------------------------------------


def test_bwb_23_campfire_mime_gains_the_traits_of_its_controllers_other_characters():
    state = joust({"in_play": ["bwb_23", KNIGHT, FOLLOWERS]}, {"in_play": ["Robb Stark"]})
    mime = ref(state, 0, "bwb_23")
    found = traits(state, mime)
    assert {"Ally", "Knight", "Asshai", "Army"} <= found
    assert "Lord" not in found  # the opponent's Robb Stark is not "you control"


def test_bwb_23_two_campfire_mimes_share_without_a_loop():
    state = joust({"in_play": ["bwb_23", "bwb_23", KNIGHT]}, {"in_play": []})
    first, second = ref(state, 0, "bwb_23"), ref(state, 0, "bwb_23", 1)
    assert "Knight" in traits(state, first) and "Knight" in traits(state, second)


# --- bwb_25 Melisandre -------------------------------------------------------------------


def test_bwb_25_melisandre_moves_the_last_power_and_kills_that_character():
    state = joust(
        {"in_play": ["bwb_25"]},
        {"in_play": [{"card": KNIGHT, "power": 1}, {"card": HOST, "power": 2}]},
    )
    mel = ref(state, 0, "bwb_25")
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = won_window(state, "intrigue", [mel])
    assert {a.cards[1] for a in uses(state, 0, mel)} == {knight, host}
    state = use(state, 0, mel, knight)
    state = pass_windows(state)
    assert state.in_play[mel].power >= 1
    assert knight in state.players[1].dead


def test_bwb_25_melisandre_does_not_kill_a_character_with_power_left():
    state = joust({"in_play": ["bwb_25"]}, {"in_play": [{"card": HOST, "power": 2}]})
    mel, host = ref(state, 0, "bwb_25"), ref(state, 1, HOST)
    state = won_window(state, "intrigue", [mel])
    state = use(state, 0, mel, host)
    state = pass_windows(state)
    assert state.in_play[host].power == 1 and host in state.in_play


def test_bwb_25_melisandre_needs_an_intrigue_win_she_took_part_in():
    state = joust(
        {"in_play": ["bwb_25", STEWARD, KNIGHT]}, {"in_play": [{"card": HOST, "power": 1}]}
    )
    mel = ref(state, 0, "bwb_25")
    state, seen = offered(start(state, "intrigue", [ref(state, 0, STEWARD)]), 0, mel)
    assert not seen  # she stayed home
    state, seen = offered(start(state, "power", [mel, ref(state, 0, KNIGHT)]), 0, mel)
    assert not seen  # not an Intrigue challenge
    assert state.in_play[mel].power == 1  # Renown only


# --- bwb_26 Wicked Seductress ------------------------------------------------------------


def test_bwb_26_wicked_seductress_kneels_a_character_without_intrigue_after_she_kneels():
    state = joust({"in_play": ["bwb_26"]}, {"in_play": [HOST, STEWARD]})
    seductress, host = ref(state, 0, "bwb_26"), ref(state, 1, HOST)
    state = start(state, "power", [seductress])  # knelt to attack
    state = to_window(state, "knelt")
    targets = {a.cards[1] for a in uses(state, 0, seductress)}
    assert targets == {host}  # Lannisport Steward has an Intrigue icon
    state = use(state, 0, seductress, host)
    assert state.in_play[host].knelt


def test_bwb_26_wicked_seductress_answers_only_her_own_kneeling():
    state = joust({"in_play": ["bwb_26", KNIGHT]}, {"in_play": [HOST]})
    seductress = ref(state, 0, "bwb_26")
    state, seen = offered(start(state, "military", [ref(state, 0, KNIGHT)]), 0, seductress)
    assert not seen


# --- bwb_27 Intolerant Priest -------------------------------------------------------------


def test_bwb_27_intolerant_priest_with_three_other_asshai_characters():
    state = joust({"in_play": ["bwb_27", FOLLOWERS, FOLLOWERS, FOLLOWERS]}, {"in_play": []})
    priest = ref(state, 0, "bwb_27")
    assert strength(state, priest) == 3
    assert "holy" in crests(state, priest) and "military" in icons(state, priest)


def test_bwb_27_intolerant_priest_needs_three_other_asshai_characters_you_control():
    state = joust({"in_play": ["bwb_27", "bwb_27", FOLLOWERS]}, {"in_play": [FOLLOWERS, FOLLOWERS]})
    priest = ref(state, 0, "bwb_27")  # 2 others of mine (a Priest is Asshai), 2 of theirs
    assert strength(state, priest) == 2
    assert "holy" not in crests(state, priest) and "military" not in icons(state, priest)


# --- bwb_31 Ambitious Oarsman ---------------------------------------------------------------


def _marshal_cost(state, seat, card):
    before = state.players[seat].gold
    state = act(state, seat, "marshal:play", [card])
    return state, before - state.players[seat].gold


def test_bwb_31_ambitious_oarsman_lowers_the_next_raider_by_one():
    state = build(
        players=[
            {"house": "Greyjoy", "in_play": ["bwb_31"], "hand": ["asots_24", KNIGHT], "gold": 10},
            {"in_play": []},
        ]
    )
    oarsman = ref(state, 0, "bwb_31")
    state = use(state, 0, oarsman)
    assert state.in_play[oarsman].knelt
    state, _ = _marshal_cost(state, 0, hand(state, 0, KNIGHT)[0])
    assert any(e["query"] == "reduction" for e in state.effects)  # not used by a non-Raider
    state, paid = _marshal_cost(state, 0, hand(state, 0, "asots_24")[0])
    assert paid == 1  # Ironborn Marauder, printed 2


def test_bwb_31_ambitious_oarsman_by_kneeling_a_warship_location():
    state = build(
        players=[
            {
                "house": "Greyjoy",
                "in_play": [{"card": "bwb_31", "knelt": True}, "Crossroads"],
                "hand": ["asots_24"],
                "gold": 10,
            },
            {"in_play": []},
        ]
    )
    oarsman, ship = ref(state, 0, "bwb_31"), ref(state, 0, "Crossroads")
    assert not uses(state, 0, oarsman)  # knelt, and no Warship yet
    give_trait(state, ship, "Warship")
    state = use(state, 0, oarsman)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ship])
    assert state.in_play[ship].knelt
    state, paid = _marshal_cost(state, 0, hand(state, 0, "asots_24")[0])
    assert paid == 1


def test_bwb_31_ambitious_oarsman_only_in_marshalling():
    state = joust({"in_play": ["bwb_31"]}, {"in_play": []})
    assert not uses(state, 0, ref(state, 0, "bwb_31"))


# --- bwb_33 Aggo ------------------------------------------------------------------------------


def test_bwb_33_aggo_moves_house_power_after_an_all_dothraki_military_win():
    state = joust({"in_play": ["bwb_33"]}, {"in_play": [], "power": 3})
    aggo = ref(state, 0, "bwb_33")
    state = won_window(state, "military", [aggo])
    before = state.players[0].power
    state = use(state, 0, aggo)
    state = pass_windows(state)
    assert state.players[1].power == 2 and state.players[0].power == before + 1


def test_bwb_33_aggo_needs_every_attacker_dothraki_and_a_military_win():
    state = joust({"in_play": ["bwb_33", KNIGHT]}, {"in_play": [], "power": 3})
    aggo = ref(state, 0, "bwb_33")
    state, seen = offered(start(state, "military", [aggo, ref(state, 0, KNIGHT)]), 0, aggo)
    assert not seen  # the Knight is no Dothraki
    assert state.players[1].power == 3
    state = joust({"in_play": ["bwb_33"]}, {"in_play": [], "power": 3})
    aggo = ref(state, 0, "bwb_33")
    state, seen = offered(start(state, "power", [aggo]), 0, aggo)
    assert not seen  # not a Military challenge
    assert state.players[1].power == 3 - 1  # the Power claim only


# --- bwb_35 Starfall Merchant -----------------------------------------------------------------


def test_bwb_35_starfall_merchant_is_discarded_after_paying_influence():
    state = build(
        players=[
            {"in_play": ["bwb_35", {"card": "w_67", "knelt": True}], "hand": ["bwb_24"]},
            {"in_play": []},
        ]
    )
    merchant, scout = ref(state, 0, "bwb_35"), ref(state, 0, "w_67")
    state = use(state, 0, hand(state, 0, "bwb_24")[0])  # Mountain Tactics
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [merchant])
    state = pass_windows(state) if head(state).get("name") == "window" else state
    if head(state).get("purpose") == "stand_or_kneel":
        state = answer(state, "stand_or_kneel", [scout])
    assert merchant in state.players[0].discard
    assert not state.in_play[scout].knelt
    assert not any(e.get("card") == merchant for e in events(state, "saved"))


def test_bwb_35_starfall_merchant_stays_when_knelt_otherwise():
    state = joust({"in_play": ["bwb_35"]}, {"in_play": []})
    merchant = ref(state, 0, "bwb_35")
    state = finish(start(state, "intrigue", [merchant]))  # knelt to attack
    assert merchant in state.in_play


# --- bwb_37 Thoros of Myr -----------------------------------------------------------------------


def _thoros_position(house_power=0, power_on=1):
    state = joust(
        {"in_play": [HOST]},
        {
            "in_play": ["bwb_37", {"card": KNIGHT, "power": power_on}],
            "power": house_power,
        },
    )
    give_trait(state, ref(state, 1, KNIGHT), "Brotherhood")
    return start(state, "military", [ref(state, 0, HOST)])


def test_bwb_37_thoros_saves_a_brotherhood_character_for_a_power():
    state = _thoros_position()
    state = to_window(state, "would_be_killed", claim=[ref(state, 1, KNIGHT)])
    thoros, knight = ref(state, 1, "bwb_37"), ref(state, 1, KNIGHT)
    state = use(state, 1, thoros, knight)
    if head(state).get("purpose") == "power_cost":
        state = answer(state, "power_cost", [knight])
    state = pass_windows(state)
    assert knight in state.in_play and state.in_play[knight].power == 0
    assert state.in_play[thoros].knelt


def test_bwb_37_thoros_needs_no_house_power_and_a_power_to_discard():
    for state in (_thoros_position(house_power=1), _thoros_position(power_on=0)):
        knight = ref(state, 1, KNIGHT)
        state, seen = offered(state, 1, ref(state, 1, "bwb_37"), claim=(knight,))
        assert not seen and knight in state.players[1].dead


# --- bwb_38 Tom Sevenstrings --------------------------------------------------------------------


def _tactics_played(tom_power=0, window=True):
    state = build(
        players=[
            {"in_play": ["Crossroads", {"card": "w_67", "knelt": True}], "hand": ["bwb_24"]},
            {"in_play": ["bwb_38"], "power": tom_power},
        ]
    )
    state = use(state, 0, hand(state, 0, "bwb_24")[0])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, "Crossroads")])
    return to_window(state, "ability") if window else state


def test_bwb_38_tom_sevenstrings_cancels_an_event():
    state = _tactics_played()
    tom, scout = ref(state, 1, "bwb_38"), ref(state, 0, "w_67")
    state = use(state, 1, tom)
    state = pass_windows(state)
    assert state.in_play[tom].knelt and state.in_play[scout].knelt
    assert events(state, "cancelled")


def test_bwb_38_tom_sevenstrings_needs_an_empty_house_card_and_an_event():
    state = _tactics_played(tom_power=2, window=False)
    tom, scout = ref(state, 1, "bwb_38"), ref(state, 0, "w_67")
    state, seen = offered_while(state, 1, tom, lambda s: s.in_play[scout].knelt)
    assert not seen  # power on his House card
    state = build(players=[{"in_play": ["bwb_31"], "gold": 3}, {"in_play": ["bwb_38"]}])
    oarsman = ref(state, 0, "bwb_31")
    state = use(state, 0, oarsman)  # a character's ability, not an event
    assert any(e["query"] == "reduction" for e in state.effects)
