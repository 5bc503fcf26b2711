"""The Tower of the Hand locations, events, plot and attachment (gameplay/engine/cards/
the_tower_of_the_hand/cards.py and steed.py), played through legal actions.

Fillers: Lannisport Steward (2 STR, intrigue), Knight of the Tumblestone (2 STR, military and
power, Knight), Brown Ben Plumm (2 STR, military, cost 0), Sister of Truth (kotst_12, a
Shadow character, cost 2), Distinct Mastery (core_177: any phase, stand a kneeling Noble,
Holy, Learned or War character)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import attachment_targets, facts
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    challenge_without,
    choose,
    events,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    plots_revealed,
    ref,
    set_season,
    shadow,
    start,
    to_window,
    until_seat,
    until_window,
    use,
    uses,
    won_window,
)
from tests.gameplay.scenario import code

STEWARD = "Lannisport Steward"
KNIGHT = "Knight of the Tumblestone"
BEN = "Brown Ben Plumm"
SISTER = "kotst_12"
MASTERY = "core_177"
CORE_ROBERT = "core_71"

TOWER, MANSE, STEED, THRONE, HILL = "kl_42", "kl_45", "kl_48", "kl_49", "kl_54"
LIGHT, JUDGEMENT, CITY, PARAMOUR = "kl_56", "kl_59", "kl_60", "kl_55"


def out_of_shadows(state, seat, name):
    """``seat`` puts ``name`` into its Shadows (earlier) and brings it out in its next
    chance to act; returns the state and the card."""
    card = shadow(state, seat, name)
    state = until_seat(state, seat)
    return act(state, seat, "use", [card], "shadow"), card


# --- kl_42 Tower of the Hand ---------------------------------------------------------------------


def test_kl_42_tower_of_the_hand_gives_gold_when_any_card_comes_out_of_shadows_in_winter():
    state = joust({"in_play": [TOWER]}, {"gold": 2}, phase="marshalling")
    set_season(state, "Winter")
    state, _ = out_of_shadows(state, 1, SISTER)  # an opponent's card
    assert state.players[0].gold == 1
    assert events(state, "gold_gained")[-1]["seat"] == 0


def test_kl_42_tower_of_the_hand_gives_nothing_unless_it_is_winter():
    state = joust({"in_play": [TOWER], "gold": 1}, {}, phase="marshalling")
    state, _ = out_of_shadows(state, 0, SISTER)
    assert state.players[0].gold == 0  # paid 1, gained nothing
    state = joust({"in_play": [TOWER]}, {"gold": 2}, phase="marshalling")
    set_season(state, "Summer")
    state, _ = out_of_shadows(state, 1, SISTER)
    assert state.players[0].gold == 0


# --- kl_45 Shae's Manse --------------------------------------------------------------------------


def test_kl_45_shaes_manse_looks_at_the_top_card_and_may_put_it_at_the_bottom():
    state = joust({"in_play": [MANSE], "deck": [STEWARD, KNIGHT]}, {"gold": 2}, phase="marshalling")
    top, second = state.players[0].deck
    state, _ = out_of_shadows(state, 1, SISTER)
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, ref(state, 0, MANSE))
    assert head(state)["purpose"] == "top_or_bottom" and head(state)["ctx"]["shown"] == [top]
    state = choose(state, "bottom")
    assert state.players[0].deck == [second, top]


def test_kl_45_shaes_manse_needs_a_card_in_your_deck():
    state = joust({"in_play": [MANSE]}, {"gold": 2}, phase="marshalling")
    state, _ = out_of_shadows(state, 1, SISTER)
    assert not uses(state, 0, ref(state, 0, MANSE))
    assert head(state).get("trigger") != "came_out_of_shadows" or not uses(
        state, 0, ref(state, 0, MANSE)
    )


# --- kl_49 The Iron Throne -----------------------------------------------------------------------


def test_kl_49_iron_throne_discards_at_random_from_a_bigger_hand_after_coming_out():
    state = joust(
        {"house": "Baratheon", "gold": 1, "hand": [STEWARD]},
        {"hand": [STEWARD, KNIGHT, BEN]},
        phase="marshalling",
    )
    state, throne = out_of_shadows(state, 0, THRONE)
    state = use(state, 0, throne)
    assert len(state.players[1].hand) == 2 and len(state.players[1].discard) == 1


def test_kl_49_iron_throne_discards_nothing_from_a_hand_no_bigger_than_yours():
    state = joust(
        {"house": "Baratheon", "gold": 1, "hand": [STEWARD, KNIGHT]},
        {"hand": [STEWARD, KNIGHT]},
        phase="marshalling",
    )
    state, throne = out_of_shadows(state, 0, THRONE)
    state = use(state, 0, throne)
    assert len(state.players[1].hand) == 2 and not state.players[1].discard


def _paramour_draws(seat_with_throne):
    """The Paramour's controller wins a challenge as the defender and draws 2."""
    mine = [STEWARD, THRONE] if seat_with_throne == 0 else [STEWARD]
    theirs = [PARAMOUR, STEWARD] + ([THRONE] if seat_with_throne == 1 else [])
    state = joust({"in_play": mine}, {"in_play": theirs, "deck": [KNIGHT, BEN]})
    paramour = ref(state, 1, PARAMOUR)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won", [paramour, ref(state, 1, STEWARD)])
    state = use(state, 1, paramour)
    return state


def test_kl_49_iron_throne_goes_into_shadows_after_an_opponent_draws_outside_the_draw_phase():
    state = _paramour_draws(0)
    assert len(state.players[1].hand) == 2
    state = until_window(state, "cards_drawn")
    throne = ref(state, 0, THRONE)
    state = use(state, 0, throne)
    assert throne in state.players[0].shadows and throne not in state.in_play
    # It went into Shadows this round: it may not come out before the next one.
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]


def test_kl_49_iron_throne_ignores_your_own_draws():
    state = _paramour_draws(1)
    throne = ref(state, 1, THRONE)
    assert len(state.players[1].hand) == 2
    assert not uses(state, 1, throne) and not uses(state, 0, throne)
    state = pass_windows(state)
    assert throne in state.in_play


# --- kl_54 Aegon's Hill --------------------------------------------------------------------------


def test_kl_54_aegons_hill_places_a_character_from_an_opponents_hand_in_the_dead_pile():
    state = joust({"in_play": [HILL, KNIGHT]}, {"hand": [STEWARD, MASTERY]})
    hill = ref(state, 0, HILL)
    steward = hand(state, 1, STEWARD)[0]
    state = use(state, 0, hill)
    assert head(state)["purpose"] == "dead_pile"
    assert head(state)["candidates"] == [steward]  # a character card only
    assert set(head(state)["ctx"]["shown"]) == set(state.players[1].hand)
    state = answer(state, "dead_pile", [steward])
    assert steward in state.players[1].dead and state.in_play[hill].knelt
    assert len(state.players[1].hand) == 1


def test_kl_54_aegons_hill_only_in_the_challenges_phase():
    state = build(players=[{"in_play": [HILL]}, {"hand": [STEWARD]}])
    assert not uses(state, 0, ref(state, 0, HILL))


# --- kl_56 By the Light of the Sun ---------------------------------------------------------------


def test_kl_56_by_the_light_of_the_sun_makes_the_loser_discard_a_card_in_shadows():
    state = joust({"in_play": [STEWARD], "hand": [LIGHT]}, {})
    hidden = shadow(state, 1, SISTER)
    other = shadow(state, 1, THRONE)
    state = won_window(state, "intrigue", [ref(state, 0, STEWARD)])
    state = use(state, 0, hand(state, 0, LIGHT)[0])
    assert head(state)["purpose"] == "discard_shadow" and head(state)["seat"] == 1
    state = answer(state, "discard_shadow", [hidden])
    assert state.players[1].shadows == [other] and hidden in state.players[1].discard


def test_kl_56_by_the_light_of_the_sun_only_after_an_intrigue_win_against_shadows():
    state = joust({"in_play": [KNIGHT], "hand": [LIGHT]}, {})
    shadow(state, 1, SISTER)
    light = hand(state, 0, LIGHT)[0]
    challenge_without(state, "military", [ref(state, 0, KNIGHT)], 0, light)
    state = joust({"in_play": [STEWARD], "hand": [LIGHT]}, {})  # nothing in Shadows
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 0, hand(state, 0, LIGHT)[0])


# --- kl_59 The Hand's Judgement ------------------------------------------------------------------


def _mastery(judgement_gold):
    state = joust(
        {"hand": [JUDGEMENT], "gold": judgement_gold, "in_play": [KNIGHT]},
        {"in_play": [{"card": CORE_ROBERT, "knelt": True}], "hand": [MASTERY]},
    )
    robert = ref(state, 1, CORE_ROBERT)
    state = until_seat(state, 1)
    state = act(state, 1, "use", [hand(state, 1, MASTERY)[0], robert])
    return state, robert


def test_kl_59_hands_judgement_pays_one_gold_to_cancel_an_event():
    state, robert = _mastery(1)
    assert head(state).get("trigger") == "ability"
    state = use(state, 0, hand(state, 0, JUDGEMENT)[0])
    state = pass_windows(state)
    assert state.in_play[robert].knelt and state.players[0].gold == 0
    assert code(JUDGEMENT) in [state.code(r) for r in state.players[0].discard]


def test_kl_59_hands_judgement_needs_gold_and_an_event():
    state, robert = _mastery(0)
    assert not uses(state, 0, hand(state, 0, JUDGEMENT)[0])
    state = pass_windows(state)
    assert not state.in_play[robert].knelt
    # A character's ability is not an event.
    state = joust(
        {"hand": [JUDGEMENT], "gold": 1, "in_play": [KNIGHT]},
        {"in_play": [{"card": "kl_46", "knelt": True}]},
    )
    robert = ref(state, 1, "kl_46")
    state = until_seat(state, 1)
    state = act(state, 1, "use", [robert])
    assert not uses(state, 0, hand(state, 0, JUDGEMENT)[0])


# --- kl_60 City of Secrets -----------------------------------------------------------------------


def test_kl_60_city_of_secrets_shuffles_the_top_x_discarded_cards_into_the_deck():
    me = {"used_plots": ["kl_19", "kl_40", "Rains of Autumn"], "discard": [BEN, STEWARD, KNIGHT]}
    state = plots_revealed(CITY, "Rains of Autumn", me=me)
    player = state.players[0]
    # X = 2 City plots (City of Lies, City of Sin): the two cards discarded last.
    assert [state.code(r) for r in player.discard] == [code(BEN)]
    drawn = player.deck + player.hand  # the draw phase has drawn them since
    assert sorted(state.code(r) for r in drawn) == sorted([code(STEWARD), code(KNIGHT)])


def test_kl_60_city_of_secrets_without_city_plots_used_shuffles_nothing():
    me = {"used_plots": ["Rains of Autumn"], "discard": [BEN, STEWARD]}
    state = plots_revealed(CITY, "Rains of Autumn", me=me)
    assert len(state.players[0].discard) == 2 and not state.players[0].deck


# --- kl_48 Jousting Steed ------------------------------------------------------------------------


def test_kl_48_jousting_steed_goes_on_a_knight_and_gives_renown():
    state = joust({"in_play": [KNIGHT, STEWARD], "hand": [STEED]}, {}, phase="marshalling")
    steed = hand(state, 0, STEED)[0]
    assert attachment_targets(state, facts(state, steed), 0) == [ref(state, 0, KNIGHT)]
    state = joust({"in_play": [{"card": KNIGHT, "attachments": [STEED]}]}, {})
    knight = ref(state, 0, KNIGHT)
    assert "renown" in keywords(state, knight)


def test_kl_48_jousting_steed_becomes_a_character_that_attacks_and_goes_home():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": [STEED]}]},
        {"in_play": [BEN, {"card": KNIGHT}]},
    )
    knight, steed = ref(state, 0, KNIGHT), ref(state, 0, STEED)
    state = use(state, 0, steed)
    assert state.in_play[steed].attached_to is None
    assert facts(state, steed).type == "character" and strength(state, steed) == 2
    assert "renown" not in keywords(state, knight)
    state = start(state, "power", [steed])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and head(state)["max"] == 1
    state = answer(state, "defenders", [])
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert steed in state.players[0].hand and steed not in state.in_play


def test_kl_48_jousting_steed_unattaches_only_in_the_challenges_phase():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": [STEED]}]}, {}, phase="marshalling")
    assert not uses(state, 0, ref(state, 0, STEED))
    # Attacking with another character, the defender may declare more than 1.
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": [STEED]}, BEN]},
        {"in_play": [BEN, KNIGHT]},
    )
    steed = ref(state, 0, STEED)
    state = use(state, 0, steed)
    state = start(state, "military", [steed, ref(state, 0, BEN)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and head(state)["max"] == 2


# --- kl_52 The Shadow of the Isles ---------------------------------------------------------------

ISLES, CROSSROADS, KEEP, NARROW = "kl_52", "core_138", "core_29", "core_33"


def _isles(season=None):
    state = joust(
        {"house": "Greyjoy", "gold": 1, "in_play": [CROSSROADS, "core_148", KEEP]},
        {"in_play": [NARROW, "core_143", "core_30"]},
        phase="marshalling",
    )
    if season:
        set_season(state, season)
    state, isles = out_of_shadows(state, 0, ISLES)
    assert isles in state.players[0].discard  # an event comes out face up, not into play
    state = until_window(state, "came_out_of_shadows")
    return use(state, 0, isles), isles


def test_kl_52_shadow_of_the_isles_makes_each_player_discard_a_non_limited_location():
    state, isles = _isles("Winter")
    mine = ref(state, 0, CROSSROADS)
    other = ref(state, 0, "core_148")
    assert head(state)["seat"] == 0 and set(head(state)["candidates"]) == {mine, other}
    state = answer(state, "discard_location", [mine])
    assert head(state)["seat"] == 1
    assert set(head(state)["candidates"]) == {ref(state, 1, NARROW), ref(state, 1, "core_143")}
    narrow = ref(state, 1, NARROW)
    state = answer(state, "discard_location", [narrow])
    state = pass_windows(state) if head(state).get("name") == "window" else state
    assert mine in state.players[0].discard and narrow in state.players[1].discard
    assert ref(state, 0, KEEP) and ref(state, 1, "core_30")  # Limited locations stay
    assert other in state.in_play  # one location each
    assert isles in state.players[0].hand  # Winter: back to its owner's hand


def test_kl_52_shadow_of_the_isles_stays_in_the_discard_pile_unless_it_is_winter():
    state, isles = _isles()
    state = answer(state, "discard_location", [ref(state, 0, CROSSROADS)])
    state = answer(state, "discard_location", [ref(state, 1, NARROW)])
    assert isles in state.players[0].discard and isles not in state.players[0].hand
