"""Rituals of R'hllor locations, attachments, events and plot
(gameplay/engine/cards/rituals_of_rhllor/cards.py), played through legal actions. Fillers:
Host of Storm's End, Knight of the Tumblestone, Lannisport Steward, Fiery Followers
(acoa_53: Asshai, Holy, no text), Clan Scout (w_67: Clansman), Crossroads (1 influence),
House Dayne Knight and Lord Edric's Knight (pots_11, pots_13: House Dayne, no text)."""

from __future__ import annotations

from gameplay.engine.abilities import crests, keywords, strength, traits
from gameplay.engine.game import legal_actions
from tests.gameplay.cards.rituals_of_rhllor.helpers import give_trait, offered, offered_while
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    build,
    choose,
    codes,
    events,
    hand,
    head,
    joust,
    names,
    pass_windows,
    plots_revealed,
    ref,
    start,
    to_window,
    until_seat,
    use,
    uses,
)

FOLLOWERS = "acoa_53"
SCOUT = "w_67"


def _after_attackers(state):
    return to_window(state, None)


# --- bwb_22 Abandoned Fort ---------------------------------------------------------------


def test_bwb_22_abandoned_fort_returns_an_attacking_house_bolton_character():
    state = joust({"in_play": [KNIGHT, HOST]}, {"in_play": ["bwb_22"]})
    knight, host, fort = ref(state, 0, KNIGHT), ref(state, 0, HOST), ref(state, 1, "bwb_22")
    give_trait(state, knight, "House Bolton")
    assert not uses(state, 1, fort)  # no challenge: nobody attacking
    state = _after_attackers(start(state, "military", [knight, host]))
    assert {a.cards[1] for a in uses(state, 1, fort)} == {knight}  # the Host is no Bolton
    state = use(state, 1, fort, knight)
    assert events(state, "ability")[-1]["card"] == fort
    state = pass_windows(state)
    assert knight in state.players[0].hand


# --- bwb_24 Mountain Tactics ---------------------------------------------------------------


def test_bwb_24_mountain_tactics_stands_or_kneels_one_clansman():
    state = build(
        players=[
            {
                "in_play": ["Crossroads", {"card": SCOUT, "knelt": True}, KNIGHT],
                "hand": ["bwb_24", KNIGHT],
            },
            {"in_play": [SCOUT], "hand": [KNIGHT]},
        ]
    )
    mine, theirs = ref(state, 0, SCOUT), ref(state, 1, SCOUT)
    state = use(state, 0, hand(state, 0, "bwb_24")[0])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, "Crossroads")])
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "stand_or_kneel" and prompt["max"] == 1  # 1 card against 1
    assert set(prompt["candidates"]) == {mine, theirs}  # Clansmen only
    state = answer(state, "stand_or_kneel", [theirs])
    assert state.in_play[theirs].knelt and state.in_play[ref(state, 0, "Crossroads")].knelt


def test_bwb_24_mountain_tactics_two_clansmen_with_fewer_cards_in_hand():
    state = build(
        players=[
            {"in_play": ["Crossroads", {"card": SCOUT, "knelt": True}], "hand": ["bwb_24"]},
            {"in_play": [SCOUT], "hand": [KNIGHT]},
        ]
    )
    mine, theirs = ref(state, 0, SCOUT), ref(state, 1, SCOUT)
    state = use(state, 0, hand(state, 0, "bwb_24")[0])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, "Crossroads")])
    state = pass_windows(state)
    assert head(state)["max"] == 2
    state = answer(state, "stand_or_kneel", [mine, theirs])
    assert not state.in_play[mine].knelt and state.in_play[theirs].knelt


def test_bwb_24_mountain_tactics_needs_influence_and_a_clansman():
    state = build(players=[{"in_play": [SCOUT], "hand": ["bwb_24"]}, {"in_play": []}])
    assert not uses(state, 0, hand(state, 0, "bwb_24")[0])  # no influence
    state = build(players=[{"in_play": ["Crossroads", KNIGHT], "hand": ["bwb_24"]}, {}])
    assert not uses(state, 0, hand(state, 0, "bwb_24")[0])  # no Clansman


# --- bwb_28 Fanatic ----------------------------------------------------------------------------


def test_bwb_28_fanatic_on_a_printed_holy_character():
    state = joust({"in_play": [{"card": FOLLOWERS, "attachments": ["bwb_28"]}]}, {})
    followers = ref(state, 0, FOLLOWERS)
    assert strength(state, followers) == 2 + 1 and "vigilant" in keywords(state, followers)


def test_bwb_28_fanatic_on_another_character_gives_only_the_crest_and_trait():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": ["bwb_28"]}, STEWARD]}, {})
    knight, steward = ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    assert "holy" in crests(state, knight) and "Asshai" in traits(state, knight)
    assert strength(state, knight) == 2 and "vigilant" not in keywords(state, knight)
    assert "holy" not in crests(state, steward) and "Asshai" not in traits(state, steward)


# --- bwb_29 Altar of Fire ------------------------------------------------------------------------


def test_bwb_29_altar_of_fire_discards_a_chosen_card_from_the_losers_hand():
    state = joust({"in_play": [FOLLOWERS, "bwb_29"]}, {"in_play": [], "hand": [KNIGHT, HOST, HOST]})
    altar = ref(state, 0, "bwb_29")
    state = start(state, "intrigue", [ref(state, 0, FOLLOWERS)])
    state = answer(state, "vigilant", [])
    state = to_window(state, "challenge_won")
    state = use(state, 0, altar)
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "discard_from_hand"  # the 2 cards left after the claim
    assert prompt["candidates"] == state.players[1].hand and len(prompt["candidates"]) == 2
    chosen = prompt["candidates"][1]
    state = answer(state, "discard_from_hand", [chosen])
    assert chosen in state.players[1].discard and len(state.players[1].hand) == 1
    assert events(state, "ability")[-1]["card"] == altar and events(state, "looked_at_hand")


def test_bwb_29_altar_of_fire_needs_a_holy_participant_and_an_intrigue_win():
    state = joust({"in_play": [STEWARD, "bwb_29"]}, {"in_play": [], "hand": [KNIGHT]})
    altar = ref(state, 0, "bwb_29")
    state, seen = offered(start(state, "intrigue", [ref(state, 0, STEWARD)]), 0, altar)
    assert not seen  # no Holy character took part
    state = joust({"in_play": [FOLLOWERS, "bwb_29"]}, {"in_play": [], "hand": [KNIGHT]})
    altar = ref(state, 0, "bwb_29")
    state, seen = offered(start(state, "power", [ref(state, 0, FOLLOWERS)]), 0, altar)
    assert not seen  # not an Intrigue challenge


# --- bwb_30 Lord of Light, Protect Us --------------------------------------------------------


def _oarsman_used(asshai_count):
    state = build(
        players=[
            {"in_play": ["bwb_31"], "gold": 3},
            {"in_play": [FOLLOWERS] * asshai_count, "hand": ["bwb_30"]},
        ]
    )
    oarsman = ref(state, 0, "bwb_31")
    state = use(state, 0, oarsman)
    return state, oarsman


def test_bwb_30_lord_of_light_cancels_a_character_ability():
    state, oarsman = _oarsman_used(1)
    state = to_window(state, "ability")
    state = use(state, 1, hand(state, 1, "bwb_30")[0])
    state = pass_windows(state)
    assert not any(e["query"] == "reduction" for e in state.effects)
    assert state.in_play[ref(state, 1, FOLLOWERS)].knelt
    assert oarsman in state.in_play  # fewer than 3 Asshai: no return


def test_bwb_30_lord_of_light_with_three_asshai_returns_the_character():
    state, oarsman = _oarsman_used(3)
    state = to_window(state, "ability")
    state = use(state, 1, hand(state, 1, "bwb_30")[0])
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [ref(state, 1, FOLLOWERS)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "return_to_hand"
    state = choose(state, "return")
    state = pass_windows(state)
    assert oarsman in state.players[0].hand


def test_bwb_30_lord_of_light_only_against_a_character():
    state = build(
        players=[
            {"in_play": ["Crossroads", {"card": SCOUT, "knelt": True}], "hand": ["bwb_24"]},
            {"in_play": [FOLLOWERS], "hand": ["bwb_30"]},
        ]
    )
    scout = ref(state, 0, SCOUT)
    state = use(state, 0, hand(state, 0, "bwb_24")[0])  # an event
    protect = hand(state, 1, "bwb_30")[0]
    state, seen = offered_while(state, 1, protect, lambda s: s.in_play[scout].knelt)
    assert not seen


# --- bwb_32 River Blockade -------------------------------------------------------------------


def _fort_position():
    state = joust(
        {"in_play": [KNIGHT, HOST, "bwb_22", "bwb_22"]}, {"in_play": ["bwb_32", "bwb_22"]}
    )
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    give_trait(state, knight, "House Bolton")
    give_trait(state, host, "House Bolton")
    return _after_attackers(start(state, "power", [knight, host])), knight, host


def test_bwb_32_river_blockade_cancels_the_first_opponent_location_effect_of_the_round():
    state, knight, host = _fort_position()
    first, second = ref(state, 0, "bwb_22"), ref(state, 0, "bwb_22", 1)
    state = until_seat(state, 0)
    state = use(state, 0, first, knight)
    state = pass_windows(state) if head(state).get("trigger") == "ability" else state
    assert knight in state.in_play and state.in_play[first].knelt  # cancelled, cost paid
    state = until_seat(to_window(state, None), 0)
    state = use(state, 0, second, host)
    state = pass_windows(state)
    assert host in state.players[0].hand  # the second one resolves


def test_bwb_32_river_blockade_leaves_its_controllers_own_locations():
    state, knight, _ = _fort_position()
    state = until_seat(state, 1)
    state = use(state, 1, ref(state, 1, "bwb_22"), knight)
    state = pass_windows(state)
    assert knight in state.players[0].hand


# --- bwb_34 Aggo's Bow --------------------------------------------------------------------------


def test_bwb_34_aggos_bow_kills_a_defender_and_on_aggo_it_cannot_be_saved():
    state = joust(
        {"in_play": [{"card": "bwb_33", "attachments": ["bwb_34"]}]},
        {"in_play": [{"card": HOST, "duplicates": [HOST]}, STEWARD]},
    )
    bow, host = ref(state, 0, "bwb_34"), ref(state, 1, HOST)
    state = start(state, "military", [ref(state, 0, "bwb_33")])
    state = to_window(state, None, defenders=[host])
    assert head(state).get("point") == "after_defenders"
    assert {a.cards[1] for a in uses(state, 0, bow)} == {host}  # defenders only
    state = use(state, 0, bow, host)
    state = pass_windows(state)
    assert host in state.players[1].dead  # the duplicate could not save it


def test_bwb_34_aggos_bow_on_another_dothraki_may_be_saved():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["bwb_34"]}]},
        {"in_play": [{"card": HOST, "duplicates": [HOST]}]},
    )
    knight, bow, host = ref(state, 0, KNIGHT), ref(state, 0, "bwb_34"), ref(state, 1, HOST)
    give_trait(state, knight, "Dothraki")
    state = start(state, "military", [knight])
    state = to_window(state, None, defenders=[host])
    state = use(state, 0, bow, host)
    if head(state).get("purpose") == "save":
        state = answer(state, "save", [host])
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert host in state.in_play


def test_bwb_34_aggos_bow_only_on_a_dothraki_attacking_in_military():
    state = build(
        players=[
            {"house": "Targaryen", "in_play": [KNIGHT], "hand": ["bwb_34"], "gold": 5},
            {"in_play": []},
        ]
    )
    bow = hand(state, 0, "bwb_34")[0]
    assert not [a for a in legal_actions(state, 0) if a.cards[:1] == (bow,)]  # no Dothraki
    state = joust({"in_play": [{"card": "bwb_33", "attachments": ["bwb_34"]}]}, {"in_play": [HOST]})
    bow, aggo = ref(state, 0, "bwb_34"), ref(state, 0, "bwb_33")
    state = start(state, "power", [aggo])
    state, seen = offered(state, 0, bow)
    assert not seen  # a Power challenge


# --- bwb_36 Fallen and Reborn ----------------------------------------------------------------


def _dayne_killed(killed):
    state = joust(
        {"in_play": [HOST]},
        {
            "in_play": [killed, "Crossroads", "Crossroads"],
            "hand": ["bwb_36", "pots_13"],
        },
    )
    return start(state, "military", [ref(state, 0, HOST)])


def test_bwb_36_fallen_and_reborn_puts_another_house_dayne_character_into_play():
    state = _dayne_killed("pots_11")
    state = to_window(state, "killed")
    state = use(state, 1, hand(state, 1, "bwb_36")[0])
    if head(state).get("purpose") == "influence":
        state = answer(
            state, "influence", [ref(state, 1, "Crossroads"), ref(state, 1, "Crossroads", 1)]
        )
    state = pass_windows(state)
    if head(state).get("purpose") == "put_into_play":
        state = answer(state, "put_into_play", hand(state, 1, "pots_13"))
    assert ref(state, 1, "pots_13") in state.in_play


def test_bwb_36_fallen_and_reborn_needs_a_house_dayne_character_killed():
    state = _dayne_killed(KNIGHT)
    state, seen = offered(state, 1, hand(state, 1, "bwb_36")[0])
    assert not seen


# --- bwb_40 Many Powers Long Asleep ------------------------------------------------------------


def test_bwb_40_many_powers_long_asleep_puts_a_holy_character_into_play():
    state = plots_revealed("bwb_40", CALM, me={"dead": [KNIGHT, FOLLOWERS]})
    # The only Holy character answers the prompt itself; the Knight is not Holy.
    assert codes(state, state.players[0].in_play) == [FOLLOWERS]
    assert codes(state, state.players[0].dead) == names(KNIGHT)


def test_bwb_40_many_powers_long_asleep_lets_you_choose_among_holy_characters():
    state = plots_revealed("bwb_40", CALM, me={"dead": [FOLLOWERS, "atoc_105", KNIGHT]})
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and len(prompt["candidates"]) == 2
    convert = [r for r in prompt["candidates"] if state.code(r) == "atoc_105"]
    state = answer(state, "put_into_play", convert)
    assert convert[0] in state.in_play and len(state.players[0].dead) == 2


def test_bwb_40_many_powers_long_asleep_with_no_holy_character_dead():
    state = plots_revealed("bwb_40", CALM, me={"dead": [KNIGHT]})
    assert not state.players[0].in_play and len(state.players[0].dead) == 1
