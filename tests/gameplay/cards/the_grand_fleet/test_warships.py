"""The Grand Fleet Warship locations (gameplay/engine/cards/the_grand_fleet/warships.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Ironborn Marauder (asots_24,
[Naval] military), Ser Davos Seaworth (asots_28, unique Baratheon)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.cards.vocabulary import naval_icons
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    build,
    choose,
    events,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    to_window,
    until_phase,
    until_window,
    use,
    uses,
    watch,
)

MARAUDER = "asots_24"  # Ironborn Marauder: [Naval] military
DAVOS = "asots_28"
CAPTAIN = "asots_31"  # White Harbor Captain: [Naval] power
SELYSE = "core_70"  # Selyse Baratheon: Holy crest, intrigue and power
GUTTER_RAT = "core_34"  # Gutter Rat's Cunning: an attachment without restriction
NARROW_SEA = "core_33"  # a location with 1 influence


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_22 Arbor Queen ----------------------------------------------------------------


def test_arbor_queen_gives_str_for_each_gold_in_the_pool():
    state = joust({"house": "Lannister", "in_play": ["asots_22", STEWARD]}, {})
    state.players[0].gold = 3
    queen, steward = ref(state, 0, "asots_22"), ref(state, 0, STEWARD)
    state = use(state, 0, queen, steward)
    assert strength(state, steward) == 2 + 3
    (lasting,) = events(state, "lasting_effect")
    assert lasting["until"] == "phase" and lasting["amount"] == 3  # the gold counted once


def test_arbor_queen_knelt_cannot_be_used():
    state = joust({"house": "Lannister", "in_play": [_knelt("asots_22"), STEWARD]}, {})
    assert not uses(state, 0, ref(state, 0, "asots_22"))


# --- asots_23 Lionstar -------------------------------------------------------------------


def _dominance(me: dict):
    state = build(phase="dominance", players=[{"house": "Lannister", **me}, {}], auto_pass=False)
    return state


def test_lionstar_moves_up_to_two_gold_on_it_in_dominance_then_back():
    state = build(
        phase="challenges",
        players=[{"house": "Lannister", "in_play": ["asots_23"]}, {"in_play": [STEWARD]}],
    )
    lionstar = ref(state, 0, "asots_23")
    state.players[0].gold = 5
    assert not uses(state, 0, lionstar)  # the Dominance ability; no gold on it to move back
    state = until_phase(state, "dominance")
    state.players[0].gold = 5
    state = use(state, 0, lionstar)
    assert head(state)["options"] == ["0", "1", "2"]
    state = choose(state, "2")
    assert state.in_play[lionstar].gold == 2 and state.players[0].gold == 3
    state.in_play[lionstar].knelt = False
    state = use(state, 0, lionstar)
    assert head(state)["options"] == ["0", "1", "2"]
    state = choose(state, "2")
    assert state.in_play[lionstar].gold == 0
    back = [e for e in events(state, "gold_gained") if e.get("reason") == "lionstar"]
    assert [(e["seat"], e["gold"], e.get("card")) for e in back] == [(0, 2, lionstar), (0, 2, None)]


def test_lionstar_moves_any_number_after_a_win_with_a_naval_attacker():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_23", MARAUDER]}, {"in_play": [_knelt(KNIGHT)]}
    )
    lionstar = ref(state, 0, "asots_23")
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    state = until_phase(state, "dominance")
    state.players[0].gold = 5
    state = use(state, 0, lionstar)
    assert head(state)["options"] == ["0", "1", "2", "3", "4", "5"]


def test_lionstar_a_win_without_a_naval_attacker_allows_two():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_23", KNIGHT]}, {"in_play": [_knelt(KNIGHT)]}
    )
    lionstar = ref(state, 0, "asots_23")
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = until_phase(state, "dominance")
    state.players[0].gold = 5
    state = use(state, 0, lionstar)
    assert head(state)["options"] == ["0", "1", "2"]


# --- asots_26 Longship Golden Storm ------------------------------------------------------


def test_longship_golden_storm_gives_your_holy_characters_a_military_icon():
    state = joust(
        {"house": "Greyjoy", "in_play": ["asots_26", SELYSE, STEWARD]},
        {"house": "Baratheon", "in_play": [SELYSE]},
    )
    assert "military" in icons(state, ref(state, 0, SELYSE))
    assert "military" not in icons(state, ref(state, 0, STEWARD))  # no Holy crest
    assert "military" not in icons(state, ref(state, 1, SELYSE))  # an opponent's


# --- asots_29 Black Betha ----------------------------------------------------------------


def _betha(attacker=MARAUDER, **me):
    state = joust(
        {
            "house": "Baratheon",
            "in_play": ["asots_29", DAVOS, attacker, CAPTAIN, HOST],
            "discard": [KNIGHT],
            **me,
        },
        {"in_play": [_knelt(KNIGHT)]},
    )
    return state, ref(state, 0, "asots_29"), ref(state, 0, DAVOS)


def test_black_betha_attaches_the_top_of_the_discard_pile_as_a_duplicate():
    state, betha, davos = _betha()
    knight = state.players[0].discard[-1]
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    state = to_window(state, "challenge_won")
    # only a unique Baratheon character (not the Host, a Baratheon Army)
    assert [a.cards[1:] for a in uses(state, 0, betha)] == [(davos,)]
    state = use(state, 0, betha, davos)
    assert state.in_play[davos].duplicates == [knight] and not state.players[0].discard


def test_black_betha_needs_a_naval_attacker_and_a_card_in_the_discard_pile():
    state, betha, _ = _betha()
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, betha, lambda s: s.challenge is None)
    assert not offered  # no [Naval] attacker
    state, betha, _ = _betha(discard=[])
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    state, offered = watch(state, 0, betha, lambda s: s.challenge is None)
    assert not offered  # nothing to attach


def test_black_betha_limit_once_per_round():
    state, betha, davos = _betha(discard=[KNIGHT, KNIGHT])
    state = start(state, "military", [ref(state, 0, MARAUDER)])
    state = to_window(state, "challenge_won")
    state = use(state, 0, betha, davos)
    state, _ = watch(state, 0, betha, lambda s: s.challenge is None)
    state.in_play[betha].knelt = False
    state = start(state, "power", [ref(state, 0, CAPTAIN)])
    state, offered = watch(state, 0, betha, lambda s: s.challenge is None)
    assert not offered


# --- asots_32 White Harbor Dromon --------------------------------------------------------


def test_white_harbor_dromon_gives_renown_and_naval_on_each_icon():
    state = joust({"house": "Stark", "in_play": ["asots_32", KNIGHT]}, {})
    dromon, knight = ref(state, 0, "asots_32"), ref(state, 0, KNIGHT)
    assert not naval_icons(state, knight)
    state = use(state, 0, dromon, knight)
    assert naval_icons(state, knight) == {"military", "power"}
    assert "renown" in keywords(state, knight)
    assert {e["until"] for e in events(state, "lasting_effect")} == {"phase"}


def test_white_harbor_dromon_only_in_the_challenges_phase():
    state = build(players=[{"house": "Stark", "in_play": ["asots_32", KNIGHT]}, {}])
    assert state.phase == "marshalling"
    assert not uses(state, 0, ref(state, 0, "asots_32"))


# --- asots_34 Meadowlark -----------------------------------------------------------------


def test_meadowlark_removes_every_enhancement_on_the_chosen_icon():
    state = joust(
        {"house": "Martell", "in_play": ["asots_34", MARAUDER, CAPTAIN]},
        {"in_play": [MARAUDER]},
    )
    meadowlark = ref(state, 0, "asots_34")
    state = use(state, 0, meadowlark)
    assert head(state)["options"] == ["military", "intrigue", "power"]
    state = choose(state, "military")
    assert not naval_icons(state, ref(state, 0, MARAUDER))
    assert not naval_icons(state, ref(state, 1, MARAUDER))
    assert naval_icons(state, ref(state, 0, CAPTAIN)) == {"power"}  # another icon


def test_meadowlark_only_in_the_challenges_phase():
    state = build(players=[{"house": "Martell", "in_play": ["asots_34", MARAUDER]}, {}])
    assert not uses(state, 0, ref(state, 0, "asots_34"))


# --- asots_37 Vhagar ---------------------------------------------------------------------


def _vhagar(discard):
    me = {
        "house": "Targaryen",
        "in_play": ["asots_37", NARROW_SEA],
        "hand": [STEWARD],
        "discard": discard,
        "gold": 5,
    }
    state = build(players=[me, {"in_play": [KNIGHT]}])
    steward = hand(state, 0, STEWARD)[0]
    (marshal,) = marshals(state, 0, steward)
    from tests.gameplay.scenario import apply

    return apply(state, marshal), ref(state, 0, "asots_37"), steward


def test_vhagar_attaches_the_topmost_attachment_of_the_discard_pile():
    state, vhagar, steward = _vhagar([GUTTER_RAT, GUTTER_RAT, KNIGHT])
    top = state.players[0].discard[1]
    state = until_window(state, "entered_play")
    state = use(state, 0, vhagar)
    if head(state).get("purpose") == "influence":
        state = act(state, 0, "select", [ref(state, 0, NARROW_SEA)])
    assert state.in_play[top].attached_to == steward
    assert state.in_play[vhagar].knelt and state.in_play[ref(state, 0, NARROW_SEA)].knelt


def test_vhagar_not_without_an_attachment_in_the_discard_pile():
    state, vhagar, _ = _vhagar([KNIGHT])
    assert not uses(state, 0, vhagar)
