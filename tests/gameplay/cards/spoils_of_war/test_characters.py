"""Spoils of War characters (gameplay/engine/cards/spoils_of_war/characters.py) and the
printed Prized keyword (vocabulary/prized.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_without,
    choose,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    won_window,
)

SMUGGLER, CREWMAN, ARMSMEN, DORAN, SPY = "cad_3", "cad_6", "cad_8", "cad_10", "cad_11"
CATELYN, AEGON, LYSONO, THEON, TYCHO = "cad_13", "cad_15", "cad_16", "cad_17", "cad_18"
YOUNG_GRIFF = "btns_33"
HONOR_GUARD = "core_54"  # Lannisport Honor Guard: 4 STR, military and intrigue
WAR_HOST = "core_16"  # War Host of the North: a Stark Army


def _knelt(card):
    return {"card": card, "knelt": True}


# --- Prized (vocabulary.prized_card) --------------------------------------------------------


def _killed_by_claim(victim):
    state = joust({"in_play": [HOST]}, {"in_play": [_knelt(victim)]})
    power = state.players[0].power
    state = finish_challenge(start(state, "military", [ref(state, 0, HOST)]))
    assert state.players[1].dead
    return state.players[0].power - power - 1  # 1 for the unopposed challenge


def test_prized_character_killed_gives_each_opponent_its_prized_value():
    assert _killed_by_claim(THEON) == 2  # prized 2
    assert _killed_by_claim(KNIGHT) == 0  # no prized keyword


# --- cad_3 Seasoned Smuggler ----------------------------------------------------------------


def test_seasoned_smuggler_stands_a_prized_card_after_a_won_power_challenge():
    me = {"in_play": [SMUGGLER, _knelt(TYCHO)]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    smuggler, tycho = ref(state, 0, SMUGGLER), ref(state, 0, TYCHO)
    state = won_window(state, "power", [smuggler])
    # knelt prized cards (himself, Tycho), not the Knight
    assert sorted(a.cards[1:] for a in uses(state, 0, smuggler)) == sorted([(tycho,), (smuggler,)])
    state = use(state, 0, smuggler, tycho)
    assert not state.in_play[tycho].knelt


def test_seasoned_smuggler_not_without_him():
    me = {"in_play": [SMUGGLER, HOST, _knelt(TYCHO)]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, SMUGGLER))


# --- cad_6 Enraged Crewman ------------------------------------------------------------------


def test_enraged_crewman_wins_unopposed_by_four_as_the_attacker():
    state = joust({"in_play": [CREWMAN, HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, CREWMAN), ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][1] == 2 and resolved["unopposed"]


def test_enraged_crewman_not_unopposed_by_less_than_four():
    state = joust({"in_play": [CREWMAN]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, CREWMAN)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 0 and not resolved["unopposed"]


def test_enraged_crewman_not_as_a_defender():
    state = joust({"in_play": [HOST, "Robb Stark"]}, {"in_play": [CREWMAN, HOST]})
    state = start(state, "military", [ref(state, 0, HOST), ref(state, 0, "Robb Stark")])
    state = defend(state, [ref(state, 1, CREWMAN)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["winner"] == 0 and not resolved["unopposed"]


# --- cad_8 Frey Armsmen ---------------------------------------------------------------------


def test_frey_armsmen_gets_two_per_house_frey_character_in_military_challenges():
    state = joust({"in_play": [ARMSMEN, ARMSMEN]}, {"in_play": [KNIGHT]})
    armsmen = ref(state, 0, ARMSMEN)
    assert strength(state, armsmen) == 2  # no challenge
    state = start(state, "military", [armsmen])
    assert strength(state, armsmen) == 6  # two House Frey characters
    state = joust({"in_play": [ARMSMEN]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, ARMSMEN)])
    assert head(state).get("purpose") == "defenders"
    assert strength(state, ref(state, 0, ARMSMEN)) == 2  # not an intrigue challenge


# --- cad_10 Doran Martell -------------------------------------------------------------------


def _intrigue_claim(discarded, me=()):
    """Doran attacks alone, unopposed: the intrigue claim discards the opponent's only card."""
    state = joust({"in_play": [DORAN], "hand": list(me)}, {"hand": [discarded]})
    power = state.players[0].power
    state = finish_challenge(start(state, "intrigue", [ref(state, 0, DORAN)]))
    assert state.players[1].discard
    return state.players[0].power - power - 1  # 1 for the unopposed challenge


def test_doran_martell_claims_the_prized_value_of_a_card_discarded_from_an_opponents_hand():
    assert _intrigue_claim(THEON) == 2  # prized 2
    assert _intrigue_claim(KNIGHT) == 0  # not prized


# --- cad_11 Spy from Starfall ---------------------------------------------------------------


def test_spy_from_starfall_characters_with_more_than_one_icon_do_not_count():
    state = joust({"in_play": [SPY]}, {"in_play": [HONOR_GUARD]})
    state = start(state, "intrigue", [ref(state, 0, SPY)])
    state = defend(state, [ref(state, 1, HONOR_GUARD)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 0] and resolved["winner"] == 0


def test_spy_from_starfall_only_while_participating():
    state = joust({"in_play": [SPY, STEWARD]}, {"in_play": [HONOR_GUARD]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, HONOR_GUARD)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 4]


# --- cad_13 Catelyn Stark -------------------------------------------------------------------


def test_catelyn_stark_puts_a_non_army_stark_character_from_the_dead_pile_into_play():
    them = {"in_play": [_knelt(CATELYN)], "dead": [KNIGHT, WAR_HOST, HOST]}
    state = joust({"in_play": [HOST]}, them)
    power = state.players[0].power
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed")
    catelyn = state.players[1].dead[-1]
    knight = state.players[1].dead[0]
    assert [a.cards[1:] for a in uses(state, 1, catelyn)] == [(knight,)]  # no Army, no Host
    state = use(state, 1, catelyn, knight)
    assert knight in state.in_play and state.in_play[knight].controller == 1
    state = pass_windows(state)
    assert state.players[0].power == power + 1 + 2  # unopposed, and prized 2


def test_catelyn_stark_not_an_army():
    them = {"in_play": [_knelt(CATELYN)], "dead": [WAR_HOST]}  # a Stark Army
    state = joust({"in_play": [HOST]}, them)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    catelyn = next(r for r in state.players[1].dead if state.code(r) == CATELYN)
    assert not uses(state, 1, catelyn)


# --- cad_15 Aegon Targaryen -----------------------------------------------------------------


def test_aegon_targaryen_lowers_non_dragon_characters_without_attachments():
    them = {"in_play": [KNIGHT, {"card": STEWARD, "attachments": ["Milk of the Poppy"]}]}
    state = joust({"house": "Targaryen", "in_play": [AEGON]}, them)
    assert strength(state, ref(state, 1, KNIGHT)) == 1
    assert strength(state, ref(state, 0, AEGON)) == 1  # himself too
    assert strength(state, ref(state, 1, STEWARD)) == 2  # has an attachment


def test_aegon_targaryen_discards_young_griff_you_control():
    state = joust({"house": "Targaryen", "in_play": [AEGON, YOUNG_GRIFF]}, {})
    assert not [r for r in state.players[0].in_play if state.code(r) == YOUNG_GRIFF]
    assert [r for r in state.players[0].discard if state.code(r) == YOUNG_GRIFF]
    state = joust({"house": "Targaryen", "in_play": [AEGON]}, {"in_play": [YOUNG_GRIFF]})
    assert [r for r in state.players[1].in_play if state.code(r) == YOUNG_GRIFF]  # not yours


# --- cad_16 Lysono Maar ---------------------------------------------------------------------


def test_lysono_maar_looks_at_a_players_hand_after_an_attachment_enters_play():
    me = {"house": "Targaryen", "in_play": [LYSONO, KNIGHT], "hand": ["Milk of the Poppy"]}
    state = build(players=[{**me, "gold": 5}, {"hand": [STEWARD]}])
    milk = hand(state, 0, "Milk of the Poppy")[0]
    state = act(state, 0, "marshal:play", [milk, ref(state, 0, KNIGHT)])
    state = until_window(state, "entered_play")
    state = use(state, 0, ref(state, 0, LYSONO))
    state = choose(state, "1")
    assert head(state)["purpose"] == "look_at_hand"
    assert head(state)["ctx"]["shown"] == state.players[1].hand
    (looked,) = events(state, "looked_at_hand")
    assert looked["other"] == 1


def test_lysono_maar_not_after_a_character_enters_play():
    me = {"house": "Targaryen", "in_play": [LYSONO], "hand": [KNIGHT], "gold": 5}
    state = build(players=[me, {}])
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    assert not uses(state, 0, ref(state, 0, LYSONO))


# --- cad_17 Theon Greyjoy -------------------------------------------------------------------


def test_theon_greyjoy_each_player_kills_a_character_after_counting_income():
    me = {"house": "Greyjoy", "in_play": [THEON, KNIGHT]}
    them = {"in_play": [STEWARD, KNIGHT], "revealed_plot": "Summoning Season"}
    state = build(players=[me, them])
    state = act(state, 0, "pass")
    state = pass_windows(state)
    assert head(state)["purpose"] == "kill" and head(state)["seat"] == 1
    state = answer(state, "kill", [ref(state, 1, STEWARD)])
    state = pass_windows(state)
    assert [state.code(r) for r in state.players[1].dead] == ["core_52"]
    assert [state.code(r) for r in state.players[1].in_play] == ["core_18"]


# --- cad_18 Tycho Nestoris ------------------------------------------------------------------


def test_tycho_nestoris_pays_one_gold_to_draw_after_counting_income():
    them = {"in_play": [TYCHO], "deck": [KNIGHT, KNIGHT], "revealed_plot": "Summoning Season"}
    state = build(players=[{}, them])
    state = act(state, 0, "pass")
    state = until_window(state, "income_counted")
    assert head(state)["event"]["seat"] == 1
    gold, cards = state.players[1].gold, len(state.players[1].hand)
    state = use(state, 1, ref(state, 1, TYCHO))
    assert state.players[1].gold == gold - 1 and len(state.players[1].hand) == cards + 1


def test_tycho_nestoris_not_after_an_opponent_counts_income():
    state = build(players=[{"deck": [KNIGHT]}, {"in_play": [TYCHO], "gold": 3}])
    tycho = ref(state, 1, TYCHO)
    state = act(state, 0, "pass")
    state = until_window(state, "income_counted")
    assert head(state)["event"]["seat"] == 1  # seat 0 counted first, Tycho had nothing then
    assert not [e for e in events(state, "ability") if e["card"] == tycho]
