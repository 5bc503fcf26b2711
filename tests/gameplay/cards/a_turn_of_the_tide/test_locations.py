"""A Turn of the Tide: the locations and Seized
(gameplay/engine/cards/a_turn_of_the_tide/locations.py).

Fillers: Host of Storm's End (6 STR), Knight of the Tumblestone (2 STR), Lannisport Steward
(2 STR, intrigue), Kings in the North (core_157, an event), Crossroads (core_138, a neutral
non-unique location), Great Keep (core_29, Limited), Lannisport (core_55, unique), Frozen
Solid (low_4, an attachment for locations), Gutter Rat's Cunning (core_34, a Lannister
attachment), Bones of a Child (core_104, a Targaryen attachment), Ironborn Marauder
(asots_24, [Naval] military)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import controller, icons, keywords
from gameplay.engine.game import legal_actions
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    choose,
    head,
    joust,
    marshalling,
    pass_until,
    pass_windows,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    watch,
)
from tests.gameplay.scenario import apply, hand

DEEPWOOD = "asots_64"
SEIZED = "asots_65"
BLACKWATER = "asots_68"
VESSEL = "asots_72"
SUMMER_SEA = "asots_73"
PORT = "asots_76"
BLAZEWATER = "asots_78"
RUSH = "asots_79"
EVENT = "core_157"
CROSSROADS = "core_138"
GREAT_KEEP = "core_29"
LANNISPORT = "core_55"
FROZEN = "low_4"
CUNNING = "core_34"
BONES = "core_104"
MARAUDER = "asots_24"


def _over(state) -> bool:
    return state.challenge is None


def _marshal(state, card, host=None):
    state = pass_windows(state)
    found = [
        a
        for a in legal_actions(state, 0)
        if a.kind.startswith("marshal")
        and a.cards[:1] == (card,)
        and (host is None or host in a.cards[1:] or a.choice == host)
    ]
    assert found, [str(a) for a in legal_actions(state, 0)]
    return apply(state, found[0])


# --- asots_64 Deepwood Motte -----------------------------------------------------------------


def test_deepwood_motte_discards_three_and_stands_a_character_for_two_non_characters():
    me = {"house": "Greyjoy", "in_play": [DEEPWOOD, KNIGHT, {"card": HOST, "knelt": True}]}
    them = {"in_play": [{"card": STEWARD, "knelt": True}], "deck": [EVENT, CROSSROADS, KNIGHT]}
    state = joust(me, them)
    motte, host = ref(state, 0, DEEPWOOD), ref(state, 0, HOST)
    state = use(state, 0, motte)
    assert len(state.players[1].discard) == 3
    assert sorted(head(state)["candidates"]) == sorted([host, ref(state, 1, STEWARD)])
    state = answer(state, "stand", [host])
    assert not state.in_play[host].knelt


def test_deepwood_motte_stands_nothing_for_fewer_than_two_non_characters():
    me = {"house": "Greyjoy", "in_play": [DEEPWOOD, KNIGHT, {"card": HOST, "knelt": True}]}
    state = joust(me, {"deck": [EVENT, KNIGHT, KNIGHT, KNIGHT]})
    state = use(state, 0, ref(state, 0, DEEPWOOD))
    assert len(state.players[1].discard) == 3
    assert head(state).get("purpose") != "stand"
    assert state.in_play[ref(state, 0, HOST)].knelt


def test_deepwood_motte_cancelled_by_a_player_discarding_house_power():
    me = {"house": "Greyjoy", "in_play": [DEEPWOOD]}
    state = joust(me, {"deck": [EVENT, CROSSROADS, KNIGHT], "power": 2})
    state = use(state, 0, ref(state, 0, DEEPWOOD))
    assert head(state)["purpose"] == "cancel_effect" and head(state)["seat"] == 1
    state = choose(state, "cancel")
    assert state.players[1].power == 1
    assert not state.players[1].discard and len(state.players[1].deck) == 3
    # The opponent may let it resolve.
    state = joust(me, {"deck": [EVENT, CROSSROADS, KNIGHT], "power": 2})
    state = use(state, 0, ref(state, 0, DEEPWOOD))
    state = choose(state, "allow")
    assert state.players[1].power == 2 and len(state.players[1].discard) == 3


def test_deepwood_motte_only_in_the_challenges_phase():
    state = marshalling({"house": "Greyjoy", "in_play": [DEEPWOOD]}, {"deck": [KNIGHT] * 3})
    assert not uses(state, 0, ref(state, 0, DEEPWOOD))


# --- asots_65 Seized -------------------------------------------------------------------------


def test_seized_takes_control_and_discards_the_other_attachments():
    me = {"house": "Greyjoy", "gold": 10, "hand": [SEIZED]}
    them = {"in_play": [{"card": CROSSROADS, "attachments": [FROZEN]}]}
    state = marshalling(me, them)
    crossroads = ref(state, 1, CROSSROADS)
    frozen = next(r for r in state.in_play if state.code(r) == FROZEN)
    seized = hand(state, 0, SEIZED)[0]
    state = _marshal(state, seized, crossroads)
    assert controller(state, crossroads) == 0
    assert frozen not in state.in_play and frozen in state.players[1].discard
    # Control goes back when Seized leaves play.
    moves.discard(state, [seized])
    run(state)
    state = pass_until(state, lambda s: seized not in s.in_play)
    assert controller(state, crossroads) == 1


def test_seized_only_on_a_non_unique_non_limited_location():
    me = {"house": "Greyjoy", "gold": 10, "hand": [SEIZED]}
    them = {"in_play": [GREAT_KEEP, LANNISPORT, KNIGHT, CROSSROADS]}
    state = marshalling(me, them)
    seized = hand(state, 0, SEIZED)[0]
    hosts = {
        r
        for a in legal_actions(state, 0)
        if a.cards[:1] == (seized,)
        for r in [*a.cards[1:], a.choice]
        if r in state.in_play
    }
    assert hosts == {ref(state, 1, CROSSROADS)}


# --- asots_68 Shores of the Blackwater -------------------------------------------------------


def _offered_shores(state):
    """Pass until seat 0 may use Shores of the Blackwater (fails if never)."""
    shores = next(r for r in state.in_play if state.code(r) == BLACKWATER)
    return pass_until(state, lambda s: bool(uses(s, 0, shores)), limit=20)


def _kill(state, card):
    """A character of seat 0 is killed this phase (set up by hand)."""
    moves.kill(state, [card])
    run(state)
    return pass_windows(state)


def test_shores_of_the_blackwater_return_a_character_killed_this_phase():
    me = {"house": "Baratheon", "in_play": [BLACKWATER, HOST, KNIGHT, STEWARD]}
    state = joust(me, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    shores, host, knight = ref(state, 0, BLACKWATER), ref(state, 0, HOST), ref(state, 0, KNIGHT)
    state = start(state, "power", [host])  # unopposed: won by 6
    state, _ = watch(state, 0, shores, _over)
    assert not uses(state, 0, shores)  # nobody of seat 0 killed yet
    state = _offered_shores(_kill(state, knight))
    state = use(state, 0, shores, knight)
    assert knight in state.players[0].hand
    assert shores in state.players[0].discard


def test_shores_of_the_blackwater_need_a_win_by_four_and_a_kill_this_phase():
    me = {"house": "Baratheon", "in_play": [BLACKWATER, KNIGHT, STEWARD], "dead": [HOST]}
    state = joust(me, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    shores = ref(state, 0, BLACKWATER)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])  # unopposed, by 2
    state, _ = watch(state, 0, shores, _over)
    state = _kill(state, ref(state, 0, KNIGHT))
    assert not uses(state, 0, shores)
    # Won by 4, but the only character in the dead pile was killed before this phase.
    me = {"house": "Baratheon", "in_play": [BLACKWATER, HOST, KNIGHT], "dead": [STEWARD]}
    state = joust(me, {"in_play": [{"card": KNIGHT, "knelt": True}]})
    shores = ref(state, 0, BLACKWATER)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, shores, _over)
    assert not offered and not uses(state, 0, shores)


# --- asots_72 Greenblood Vessel --------------------------------------------------------------


def test_greenblood_vessel_gives_a_character_an_icon_after_a_challenge_against_you():
    them = {"house": "Martell", "in_play": [VESSEL, STEWARD]}
    state = joust({"in_play": [HOST]}, them)
    vessel, steward = ref(state, 1, VESSEL), ref(state, 1, STEWARD)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_window(state, "attackers_declared")
    state = use(state, 1, vessel, steward)
    state = choose(state, "military")
    assert "military" in icons(state, steward)
    assert state.in_play[vessel].knelt


def test_greenblood_vessel_not_for_its_own_challenges():
    me = {"house": "Martell", "in_play": [VESSEL, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    vessel = ref(state, 0, VESSEL)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, vessel, _over)
    assert not offered


# --- asots_73 Shores of the Summer Sea -------------------------------------------------------


def test_shores_of_the_summer_sea_shuffle_two_discarded_cards_into_the_deck():
    them = {"house": "Martell", "in_play": [SUMMER_SEA], "discard": [KNIGHT, STEWARD, EVENT]}
    state = joust({"in_play": [HOST]}, them)
    shores = ref(state, 1, SUMMER_SEA)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "challenge_won")
    state = use(state, 1, shores)
    pile = list(state.players[1].discard)
    state = answer(state, "shuffle", pile[:2])
    assert len(state.players[1].discard) == 1 and len(state.players[1].deck) == 2


def test_shores_of_the_summer_sea_need_a_lost_challenge_and_two_cards():
    them = {"house": "Martell", "in_play": [SUMMER_SEA], "discard": [KNIGHT]}
    state = joust({"in_play": [HOST]}, them)
    shores = ref(state, 1, SUMMER_SEA)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, shores, _over)
    assert not offered  # a single card in the discard pile
    me = {"house": "Martell", "in_play": [SUMMER_SEA, HOST], "discard": [KNIGHT, STEWARD]}
    state = joust(me, {})
    shores = ref(state, 0, SUMMER_SEA)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, shores, _over)
    assert not offered  # won


# --- asots_76 Port at Slaver's Bay -----------------------------------------------------------


def test_port_lowers_the_next_attachment_by_one_or_two_out_of_house():
    me = {"house": "Targaryen", "gold": 10, "in_play": [PORT, KNIGHT], "hand": [BONES, CUNNING]}
    state = marshalling(me)
    port, host = ref(state, 0, PORT), ref(state, 0, KNIGHT)
    state = use(state, 0, port)
    gold = state.players[0].gold
    state = _marshal(state, hand(state, 0, CUNNING)[0], host)
    assert state.players[0].gold == gold - 1  # 1 + 2 penalty, lowered by 2
    state = marshalling(me)
    port, host = ref(state, 0, PORT), ref(state, 0, KNIGHT)
    state = use(state, 0, port)
    gold = state.players[0].gold
    state = _marshal(state, hand(state, 0, BONES)[0], host)
    assert state.players[0].gold == gold  # 1, lowered by 1


def test_port_does_not_lower_a_character():
    me = {"house": "Targaryen", "gold": 10, "in_play": [PORT], "hand": [KNIGHT]}
    state = marshalling(me)
    state = use(state, 0, ref(state, 0, PORT))
    gold = state.players[0].gold
    state = _marshal(state, hand(state, 0, KNIGHT)[0])
    assert state.players[0].gold == gold - 4  # 2 + 2 penalty


# --- asots_78 Blazewater Bay -----------------------------------------------------------------


def test_blazewater_bay_lowers_the_next_naval_card_by_two():
    me = {"house": "Greyjoy", "gold": 10, "in_play": [BLAZEWATER], "hand": [KNIGHT, MARAUDER]}
    state = marshalling(me)
    bay = ref(state, 0, BLAZEWATER)
    state = use(state, 0, bay)
    assert bay in state.players[0].discard
    gold = state.players[0].gold
    state = _marshal(state, hand(state, 0, KNIGHT)[0])
    assert state.players[0].gold == gold - 4  # no [Naval] enhancement: 2 + 2 penalty
    gold = state.players[0].gold
    state = _marshal(state, hand(state, 0, MARAUDER)[0])
    assert state.players[0].gold == gold  # 2, lowered by 2


# --- asots_79 Blackwater Rush ----------------------------------------------------------------


def test_blackwater_rush_gives_a_naval_character_deadly():
    me = {"house": "Lannister", "in_play": [RUSH, MARAUDER, HOST]}
    state = joust(me, {})
    rush, marauder = ref(state, 0, RUSH), ref(state, 0, MARAUDER)
    assert [a.cards[1] for a in uses(state, 0, rush)] == [marauder]  # not the Host
    state = use(state, 0, rush, marauder)
    assert "deadly" in keywords(state, marauder)
    assert state.in_play[rush].knelt


def test_blackwater_rush_only_in_the_challenges_phase():
    state = marshalling({"house": "Lannister", "in_play": [RUSH, MARAUDER]})
    assert not uses(state, 0, ref(state, 0, RUSH))
