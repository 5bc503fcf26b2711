"""A Dire Message locations and events (gameplay/engine/cards/a_dire_message/cards.py).

Fillers: Host of Storm's End (6 STR, Army, war crest), Knight of the Tumblestone (2 STR, war
crest), Lannisport Steward (2 STR, no crest), Western Fiefdoms (1 influence)."""

from __future__ import annotations

from gameplay.engine.abilities import controller
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    challenge_without,
    choose,
    codes,
    defend,
    events,
    hand,
    head,
    in_deck,
    joust,
    never_offered,
    pass_until,
    plots_revealed,
    ref,
    start,
    to_window,
    until_seat,
    use,
    uses,
    waiting_seats,
    won_window,
)

FLAME, TEN_TOWERS, WHEELS, CELL, GALLEY = "cad_102", "cad_105", "cad_107", "cad_109", "cad_116"
FIEFDOM = "Western Fiefdoms"  # 1 influence
JAIME = "core_37"  # Ser Jaime Lannister, unique Lannister
ARIANNE = "pots_2"  # Arianne Martell, [Noble] crest
MARAUDER = "asots_24"  # Ironborn Marauder: a [Naval] enhanced military icon
BANNER = "core_34"  # Gutter Rat's Cunning, an attachment


def _knelt(card):
    return {"card": card, "knelt": True}


def _influence(state):
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"])
    return state


# --- cad_102 Flame and Shadow ---------------------------------------------------------------


def _flame(them, fiefdoms=2, phase="marshalling"):
    me = {"in_play": [FIEFDOM] * fiefdoms, "hand": [FLAME]}
    state = joust(me, them, phase=phase)
    return state, hand(state, 0, FLAME)[0]


def test_flame_and_shadow_takes_control_until_the_end_of_the_challenges_phase():
    state, flame = _flame({"in_play": [STEWARD, HOST]})
    steward = ref(state, 1, STEWARD)
    assert [a.cards[1:] for a in uses(state, 0, flame)] == [(steward,)]  # not the Army
    state = _influence(use(state, 0, flame, steward))
    assert controller(state, steward) == 0
    state = pass_until(state, lambda s: head(s).get("name") == "choose_plots")
    seen = [
        e.get("phase") if e["event"] == "phase" else (e["event"], e["seat"])
        for e in state.log
        if e["event"] == "phase" or (e["event"] == "control" and e["card"] == steward)
    ]
    # taken in marshalling, given back as the challenges phase ends (not the marshalling)
    assert seen[:4] == [("control", 0), "challenges", ("control", 1), "dominance"]


def test_flame_and_shadow_restrictions():
    state, flame = _flame({"in_play": [{"card": STEWARD, "attachments": [BANNER]}]})
    assert not uses(state, 0, flame)  # a character with attachments
    state, flame = _flame({"in_play": [STEWARD]}, fiefdoms=1)
    assert not uses(state, 0, flame)  # 1 influence
    state, flame = _flame({"in_play": [STEWARD]}, phase="challenges")
    assert not uses(state, 0, flame)  # Marshalling only


# --- cad_105 Ten Towers ---------------------------------------------------------------------


def test_ten_towers_discards_the_winning_margin_from_the_losers_deck():
    them = {"in_play": [_knelt(KNIGHT)], "deck": [KNIGHT] * 10}
    state = joust({"in_play": [TEN_TOWERS, HOST]}, them)
    state = won_window(state, "power", [ref(state, 0, HOST)])
    state = use(state, 0, ref(state, 0, TEN_TOWERS))
    assert len(state.players[1].discard) == 6 and len(state.players[1].deck) == 4


def test_ten_towers_not_after_an_opposed_challenge():
    them = {"in_play": [KNIGHT], "deck": [KNIGHT] * 10}
    state = joust({"in_play": [TEN_TOWERS, HOST]}, them)
    towers, knight = ref(state, 0, TEN_TOWERS), ref(state, 1, KNIGHT)
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, towers, [knight])


# --- cad_107 Wheels within Wheels -----------------------------------------------------------


def test_wheels_within_wheels_reveals_a_new_plot():
    me = {"in_play": [JAIME], "hand": [WHEELS], "plot_deck": [CALM]}
    state = joust(me, {})
    state = use(state, 0, hand(state, 0, WHEELS)[0])
    if head(state).get("purpose") == "new_plot":
        state = answer(state, "new_plot", head(state)["candidates"])
    (revealed,) = events(state, "plot_revealed")
    assert revealed["seat"] == 0 and revealed["new"]
    assert events(state, "knelt_for_cost")


def test_wheels_within_wheels_needs_a_unique_lannister_character():
    state = joust({"in_play": [STEWARD], "hand": [WHEELS], "plot_deck": [CALM]}, {})
    assert not uses(state, 0, hand(state, 0, WHEELS)[0])


# --- cad_109 Locked in a Cell ---------------------------------------------------------------


def test_locked_in_a_cell_returns_a_character_without_a_crest_to_hand():
    me = {"in_play": [FIEFDOM] * 3, "hand": [CELL]}
    state = joust(me, {"in_play": [STEWARD, KNIGHT, ARIANNE]})
    cell, steward = hand(state, 0, CELL)[0], ref(state, 1, STEWARD)
    assert {a.cards[1:] for a in uses(state, 0, cell)} == {(steward,)}  # crests: not them
    state = _influence(use(state, 0, cell, steward))
    assert steward in state.players[1].hand


def test_locked_in_a_cell_by_kneeling_a_noble_character():
    state = joust({"in_play": [ARIANNE], "hand": [CELL]}, {"in_play": [STEWARD]})
    cell, steward = hand(state, 0, CELL)[0], ref(state, 1, STEWARD)
    state = use(state, 0, cell, steward)
    assert steward in state.players[1].hand and events(state, "knelt_for_cost")


def test_locked_in_a_cell_not_without_the_cost():
    state = joust({"in_play": [FIEFDOM, FIEFDOM, KNIGHT], "hand": [CELL]}, {"in_play": [STEWARD]})
    assert not uses(state, 0, hand(state, 0, CELL)[0])


# --- cad_116 Sellsail Galley ----------------------------------------------------------------


def _galley_won(attacker):
    me = {"in_play": [GALLEY, attacker], "deck": [MARAUDER, KNIGHT], "discard": [MARAUDER]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    return won_window(state, "power", [ref(state, 0, attacker)])


def test_sellsail_galley_searches_the_deck_for_a_naval_character():
    state = _galley_won(HOST)
    state = choose(use(state, 0, ref(state, 0, GALLEY)), "deck")
    assert codes(state, head(state)["candidates"]) == [MARAUDER]
    state = answer(state, "search", in_deck(state, 0, MARAUDER))
    assert codes(state, state.players[0].hand) == [MARAUDER]


def test_sellsail_galley_searches_the_discard_pile():
    state = _galley_won(HOST)
    state = choose(use(state, 0, ref(state, 0, GALLEY)), "discard")
    state = answer(state, "search", list(state.players[0].discard))
    assert codes(state, state.players[0].hand) == [MARAUDER] and not state.players[0].discard


def test_sellsail_galley_not_by_less_than_four():
    me = {"in_play": [GALLEY, KNIGHT], "deck": [MARAUDER]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    galley = ref(state, 0, GALLEY)
    challenge_without(state, "power", [ref(state, 0, KNIGHT)], 0, galley)


# --- cad_114 By Sword or By Guile -----------------------------------------------------------

SWORD = "cad_114"


def _sword(ctype, them_power=5):
    me = {"in_play": [HOST], "hand": [SWORD, SWORD]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "power": them_power})
    state = start(state, ctype, [ref(state, 0, HOST)])
    return to_window(state, "claim_pending")


def test_by_sword_or_by_guile_cancels_the_claim_and_moves_three_power():
    state = _sword("military")
    knight, mine = ref(state, 1, KNIGHT), state.players[0].power
    state = use(state, 0, hand(state, 0, SWORD)[0])
    assert state.players[1].power == 2 and state.players[0].power == mine + 3
    state = pass_until(state, lambda s: s.challenge is None)
    assert knight in state.players[1].in_play  # no military claim


def test_by_sword_or_by_guile_up_to_three():
    state = _sword("power", them_power=1)
    state = use(state, 0, hand(state, 0, SWORD)[0])
    assert state.players[1].power == 0


def test_by_sword_or_by_guile_not_in_an_intrigue_challenge_nor_twice_a_phase():
    me = {"in_play": [STEWARD], "hand": [SWORD]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "power": 5, "hand": [KNIGHT]})
    sword = hand(state, 0, SWORD)[0]
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, sword)
    me = {"in_play": [HOST, HOST], "hand": [SWORD, SWORD]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)], "power": 5})
    state = to_window(start(state, "power", [ref(state, 0, HOST, 0)]), "claim_pending")
    state = use(state, 0, hand(state, 0, SWORD)[0])
    state = pass_until(state, lambda s: s.challenge is None)
    state = start(state, "military", [ref(state, 0, HOST, 1)])
    never_offered(state, 0, hand(state, 0, SWORD)[0])  # Limit 1 per phase


def test_by_sword_or_by_guile_only_as_the_attacker():
    me = {"in_play": [KNIGHT], "hand": [SWORD]}
    state = joust(me, {"in_play": [HOST], "power": 5})
    sword = hand(state, 0, SWORD)[0]
    state = until_seat(state, 1)
    state = start(state, "power", [ref(state, 1, HOST)])
    never_offered(state, 0, sword, [ref(state, 0, KNIGHT)])


# --- cad_108 The Boneway --------------------------------------------------------------------

BONEWAY, LIONS = "cad_108", "cad_117"  # They Lay with Lions: a prized plot


def _boneway(their_plot):
    me = {"in_play": [BONEWAY, KNIGHT, KNIGHT, KNIGHT, KNIGHT]}
    state = plots_revealed(CALM, their_plot, me=me, them={"in_play": [STEWARD, STEWARD]})
    if head(state).get("purpose") == "kneel":  # They Lay with Lions
        state = answer(state, "kneel", [ref(state, 0, KNIGHT)])
    return state, ref(state, 0, BONEWAY)


def test_the_boneway_each_player_keeps_up_to_three_characters():
    state, boneway = _boneway(LIONS)
    knights = [r for r in state.players[0].in_play if r != boneway]
    stewards = list(state.players[1].in_play)
    state = use(state, 0, boneway)
    assert head(state)["seat"] == 0 and head(state)["max"] == 3
    state = answer(state, "keep", knights[:3])
    assert head(state)["seat"] == 1
    state = answer(state, "keep", stewards[:1])
    assert state.players[0].hand == [knights[3]] and state.players[1].hand == [stewards[1]]


def test_the_boneway_not_for_an_unprized_card():
    state, boneway = _boneway(CALM)
    for _ in range(20):
        assert not uses(state, 0, boneway)
        if head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")


# --- cad_115 The Iron Throne ----------------------------------------------------------------

THRONE, ROBERT, THEON = "cad_115", "cad_101", "cad_17"  # Theon Greyjoy: prized


def test_the_iron_throne_the_winner_may_kneel_it_and_then_responses_come_back():
    me = {"in_play": [THRONE, ROBERT, THEON]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    throne, robert = ref(state, 0, THRONE), ref(state, 0, ROBERT)
    state = start(state, "power", [ref(state, 0, THEON)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "iron_throne")
    assert head(state)["seat"] == 0
    state = choose(state, "kneel")
    assert state.in_play[throne].knelt
    state = to_window(state, "challenge_won")
    assert uses(state, 0, robert)  # the Throne kneels: responses again


def test_the_iron_throne_standing_forbids_responses():
    me = {"in_play": [THRONE, ROBERT, THEON]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    robert = ref(state, 0, ROBERT)
    state = start(state, "power", [ref(state, 0, THEON)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "iron_throne")
    state = choose(state, "leave")
    never_offered(state, 0, robert)


def test_the_iron_throne_the_winner_may_stand_it_and_nothing_else_stands_it():
    state = joust({"in_play": [_knelt(THRONE), HOST]}, {"in_play": [HOST, KNIGHT]})
    throne = ref(state, 0, THRONE)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, HOST), ref(state, 1, KNIGHT)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "iron_throne")
    assert head(state)["seat"] == 1 and head(state)["options"] == ["stand", "leave"]
    state = choose(state, "leave")
    state = pass_until(state, lambda s: head(s).get("name") == "choose_plots")
    assert state.in_play[throne].knelt  # not by the standing phase
    state = joust({"in_play": [_knelt(THRONE), HOST]}, {"in_play": [_knelt(KNIGHT)]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "iron_throne")
    state = choose(state, "stand")
    assert not state.in_play[ref(state, 0, THRONE)].knelt


def test_the_iron_throne_responses_allowed_when_another_player_controls_one_too():
    me = {"in_play": [THRONE, ROBERT, THEON]}
    state = joust(me, {"in_play": [_knelt(KNIGHT), THRONE]})
    robert = ref(state, 0, ROBERT)
    state = start(state, "power", [ref(state, 0, THEON)])
    for _ in range(2):  # the winner's choice for each Throne
        state = pass_until(state, lambda s: head(s).get("purpose") == "iron_throne")
        state = choose(state, "leave")
    state = to_window(state, "challenge_won")
    assert uses(state, 0, robert)
