"""A Time of Trials characters, plot and Balon's Rebellion (a_time_of_trials/cards.py), each
played through legal actions, with the restrictions their texts state."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from gameplay.engine.actions import Action
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    at_point,
    build,
    hand,
    head,
    initiate,
    joust,
    plots_revealed,
    ref,
    set_season,
    shadow,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

CATELYN, MORDANE, CERSEI, GOLD_CLOAKS = "kl_21", "kl_22", "kl_24", "kl_25"
BALON, REBELLION, WAIF, SCAVENGER = "kl_30", "kl_31", "kl_32", "kl_35"
OASIS, HOUND, CITY_OF_SIN = "kl_36", "kl_37", "kl_40"
SEA_RAIDERS = "kotse_9"  # Greyjoy Army Ironborn, 3 STR, no Lord
GREAT_KEEP = "Great Keep"
INITIATE = "kotst_14"  # "Any Phase: Discard the top 2 cards of your deck to ..."


def intrigue_allowed(state, seat, defender):
    return Action(seat, "challenge:intrigue", (), str(defender)) in legal_actions(state, seat)


# --- kl_21 Catelyn Stark ------------------------------------------------------------------


def test_kl_21_catelyn_stops_intrigue_challenges_in_winter_with_a_card_in_shadows():
    state = joust({"in_play": [STEWARD, KNIGHT]}, {"in_play": [CATELYN]})
    assert intrigue_allowed(state, 0, 1)  # neither Winter nor a card in Shadows
    shadow(state, 1, GOLD_CLOAKS)
    assert intrigue_allowed(state, 0, 1)  # not Winter
    set_season(state, "Winter")
    assert not intrigue_allowed(state, 0, 1)
    military = Action(0, "challenge:military", (), "1")
    assert military in legal_actions(state, 0)  # only Intrigue challenges


def test_kl_21_catelyn_needs_a_card_in_her_controllers_shadows_and_spares_her_own_side():
    state = joust({"in_play": [STEWARD]}, {"in_play": [CATELYN]})
    set_season(state, "Winter")
    shadow(state, 0, GOLD_CLOAKS)  # the attacker's Shadows do not count
    assert intrigue_allowed(state, 0, 1)
    mine = joust({"in_play": [STEWARD, CATELYN]}, {"in_play": [KNIGHT]})
    set_season(mine, "Winter")
    shadow(mine, 0, GOLD_CLOAKS)
    assert intrigue_allowed(mine, 0, 1)  # her controller may still initiate them


# --- kl_22 Septa Mordane ------------------------------------------------------------------


def test_kl_22_septa_mordane_gives_an_attacker_minus_the_cards_in_shadows():
    state = joust({"in_play": [HOST]}, {"in_play": [MORDANE, KNIGHT]})
    mordane, host = ref(state, 1, MORDANE), ref(state, 0, HOST)
    shadow(state, 0, GOLD_CLOAKS)
    shadow(state, 1, GOLD_CLOAKS)  # every player's Shadows count: X = 2
    assert not uses(state, 1, mordane)  # no attacking character yet
    state = initiate(state, "military", [host])
    state = at_point(state, "after_attackers")
    state = until_seat_or_use(state, 1, mordane)
    assert {a.cards[1] for a in uses(state, 1, mordane)} == {host}  # attackers only
    state = use(state, 1, mordane, host)
    assert strength(state, host) == 6 - 2 and state.in_play[mordane].knelt


def until_seat_or_use(state, seat, source):
    for _ in range(10):
        if waiting_seats(state)[0] == seat and uses(state, seat, source):
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never offered")


def test_kl_22_septa_mordane_does_not_choose_a_defender():
    state = joust({"in_play": [HOST]}, {"in_play": [MORDANE, KNIGHT]})
    mordane, knight = ref(state, 1, MORDANE), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, None, [knight]) if head(state).get("purpose") else state
    state = at_point(state, "after_defenders")
    targets = {a.cards[1] for a in uses(state, 1, mordane)}
    assert knight not in targets and ref(state, 0, HOST) in targets


# --- kl_24 Cersei Lannister ---------------------------------------------------------------


def test_kl_24_cersei_kneels_up_to_x_non_army_characters():
    state = joust({"in_play": [CERSEI]}, {"in_play": [HOST, KNIGHT, STEWARD]})
    cersei = ref(state, 0, CERSEI)
    shadow(state, 0, GOLD_CLOAKS)
    shadow(state, 0, GOLD_CLOAKS)  # X = 2
    state = won_window(state, "intrigue", [cersei])
    state = use(state, 0, cersei)
    prompt = head(state)
    assert prompt["purpose"] == "kneel" and prompt["max"] == 2
    assert ref(state, 1, HOST) not in prompt["candidates"]  # an Army
    state = answer(state, "kneel", [ref(state, 1, KNIGHT), ref(state, 1, STEWARD)])
    assert (
        state.in_play[ref(state, 1, KNIGHT)].knelt and state.in_play[ref(state, 1, STEWARD)].knelt
    )
    assert not state.in_play[ref(state, 1, HOST)].knelt


def offered(state, seat, name, limit=80):
    """Pass every decision (windows, then prompts with their first answers) to the end of
    the round; whether ``seat`` was ever offered a use of its card ``name`` on the way."""
    start_round = state.round
    for _ in range(limit):
        over = state.round != start_round or head(state).get("name") == "choose_plots"
        if over or state.result is not None:
            return False
        if any(
            uses(state, seat, r)
            for r in state.players[seat].in_play
            if r in in_play_refs(state, seat, name)
        ):
            return True
        step = head(state)
        if step.get("name") == "prompt":
            chosen = step["candidates"][: step["min"]]
            state = (
                answer(state, step["purpose"], chosen)
                if chosen
                else act(state, step["seat"], "done")
            )
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the round did not end")


def in_play_refs(state, seat, name):
    from tests.gameplay.cardtest import in_play

    return in_play(state, seat, name)


def test_kl_24_cersei_needs_a_shadow_card_an_intrigue_win_and_her_participation():
    state = joust({"in_play": [CERSEI]}, {"in_play": [KNIGHT]})
    assert not offered(start(state, "intrigue", [ref(state, 0, CERSEI)]), 0, CERSEI)  # X = 0
    state = joust({"in_play": [CERSEI]}, {"in_play": [KNIGHT]})
    shadow(state, 0, GOLD_CLOAKS)
    assert not offered(start(state, "power", [ref(state, 0, CERSEI)]), 0, CERSEI)  # Power
    state = joust({"in_play": [CERSEI, STEWARD]}, {"in_play": [KNIGHT]})
    shadow(state, 0, GOLD_CLOAKS)
    assert not offered(start(state, "intrigue", [ref(state, 0, STEWARD)]), 0, CERSEI)
    state = joust({"in_play": [CERSEI]}, {"in_play": [KNIGHT]})
    shadow(state, 0, GOLD_CLOAKS)
    assert offered(start(state, "intrigue", [ref(state, 0, CERSEI)]), 0, CERSEI)


# --- kl_25 Gold Cloaks --------------------------------------------------------------------


def test_kl_25_gold_cloaks_draw_a_card_per_mercenary_coming_out_of_shadows():
    state = build(
        players=[
            {"house": "Lannister", "gold": 2, "in_play": ["Brown Ben Plumm", STEWARD]},
            {"house": "Stark"},
        ]
    )
    state.players[0].deck = [state.new_card("core_18", 0) for _ in range(4)]
    cloaks = shadow(state, 0, GOLD_CLOAKS)
    state = act(state, 0, "use", [cloaks], "shadow")
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, cloaks)
    assert len(state.players[0].hand) == 2  # Brown Ben Plumm and the Gold Cloaks


def test_kl_25_gold_cloaks_answer_only_their_own_coming_out():
    state = build(players=[{"house": "Lannister", "gold": 4}, {"house": "Stark"}])
    state.players[0].deck = [state.new_card("core_18", 0) for _ in range(4)]
    first, second = shadow(state, 0, GOLD_CLOAKS), shadow(state, 0, GOLD_CLOAKS)
    state = act(state, 0, "use", [first], "shadow")
    state = until_window(state, "came_out_of_shadows")
    state = use(state, 0, first)
    state = act(state, 0, "use", [second], "shadow")
    state = until_window(state, "came_out_of_shadows")
    assert not uses(state, 0, first) and uses(state, 0, second)


# --- kl_30 Balon Greyjoy ------------------------------------------------------------------


def _balon_position(top, more=()):
    state = joust(
        {"house": "Greyjoy", "in_play": [BALON, INITIATE, *more], "dead": [KNIGHT]},
        {"house": "Stark"},
    )
    state.players[0].deck = [state.new_card(c, 0) for c in top]
    return state


def test_kl_30_balon_puts_a_shadow_card_discarded_from_a_deck_into_shadows():
    state = _balon_position([GOLD_CLOAKS, "core_18"])
    cloaks = state.players[0].deck[0]
    balon, initiate_ = ref(state, 0, BALON), ref(state, 0, INITIATE)
    state = use(state, 0, initiate_, state.players[0].dead[0])
    state = until_window(state, "card_discarded_from_deck")
    while state.queue[0].get("event", {}).get("card") != cloaks:
        assert not uses(state, 0, balon)  # the Knight has no Shadow crest
        state = act(state, waiting_seats(state)[0], "pass")
        state = until_window(state, "card_discarded_from_deck")
    state = act(state, 0, "use", [balon], "1")  # kneel a Noble character (himself)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [balon])
    assert len(state.players[0].shadows) == 1 and cloaks not in state.players[0].discard
    assert state.in_play[balon].knelt


def test_kl_30_balon_is_limited_once_per_phase():
    state = _balon_position([GOLD_CLOAKS, GOLD_CLOAKS], more=[CERSEI])
    balon, initiate_ = ref(state, 0, BALON), ref(state, 0, INITIATE)
    state = use(state, 0, initiate_, state.players[0].dead[0])
    state = until_window(state, "card_discarded_from_deck")
    state = act(state, 0, "use", [balon], "1")
    state = answer(state, "kneel_cost", [ref(state, 0, CERSEI)])  # Balon stays standing
    assert len(state.players[0].shadows) == 1
    # The second Gold Cloaks discarded in the same phase: the limit is reached.
    assert not offered(state, 0, BALON)


# --- kl_31 Balon's Rebellion --------------------------------------------------------------


def test_kl_31_balons_rebellion_kneels_as_many_locations_as_the_lords_str():
    state = joust(
        {"house": "Greyjoy", "in_play": [BALON, SEA_RAIDERS], "hand": [REBELLION]},
        {"in_play": [GREAT_KEEP, "The Goldroad", "Aegon's Garden", "core_31"]},
    )
    rebellion = hand(state, 0, REBELLION)[0]
    state = use(state, 0, rebellion)
    # The kneel cost: only Balon may pay it (not the Sea Raiders), so it settles itself.
    assert head(state).get("purpose") != "kneel_cost" and state.in_play[ref(state, 0, BALON)].knelt
    prompt = head(state)
    assert prompt["purpose"] == "kneel" and prompt["min"] == prompt["max"] == 3
    state = answer(state, "kneel", prompt["candidates"][:3])
    assert sum(state.in_play[r].knelt for r in state.players[1].in_play) == 3


def test_kl_31_balons_rebellion_needs_a_greyjoy_lord_and_a_standing_location():
    state = joust(
        {"house": "Greyjoy", "in_play": [SEA_RAIDERS], "hand": [REBELLION]},
        {"in_play": [GREAT_KEEP]},
    )
    assert not uses(state, 0, hand(state, 0, REBELLION)[0])  # no Lord
    state = joust(
        {"house": "Greyjoy", "in_play": [BALON], "hand": [REBELLION]},
        {"in_play": [{"card": GREAT_KEEP, "knelt": True}]},
    )
    assert not uses(state, 0, hand(state, 0, REBELLION)[0])  # no standing location


# --- kl_32 Street Waif --------------------------------------------------------------------


def test_kl_32_street_waif_returns_the_card_the_opponent_chooses():
    state = joust({"in_play": [WAIF], "discard": [HOST, KNIGHT]}, {})
    waif = ref(state, 0, WAIF)
    state = use(state, 0, waif)
    prompt = head(state)
    assert prompt["seat"] == 1 and prompt["purpose"] == "return_to_hand"
    knight = next(r for r in state.players[0].discard if state.code(r) == "core_18")
    state = answer(state, "return_to_hand", [knight])
    assert state.players[0].hand == [knight] and len(state.players[0].discard) == 1


def test_kl_32_street_waif_needs_more_than_one_card_in_the_discard_pile():
    state = joust({"in_play": [WAIF], "discard": [HOST]}, {})
    state = use(state, 0, ref(state, 0, WAIF))
    assert state.players[0].hand == [] and len(state.players[0].discard) == 1


# --- kl_35 Flea Bottom Scavenger ----------------------------------------------------------


def test_kl_35_flea_bottom_scavenger_draws_three_without_house_power():
    state = build(players=[{"house": "Martell", "hand": [SCAVENGER], "gold": 5}, {}])
    state.players[0].deck = [state.new_card("core_18", 0) for _ in range(4)]
    state = act(state, 0, "marshal:play", [hand(state, 0, SCAVENGER)[0]])
    state = until_window(state, "played")
    state = use(state, 0, ref(state, 0, SCAVENGER))
    assert len(state.players[0].hand) == 3


def test_kl_35_flea_bottom_scavenger_not_with_power_on_the_house_card():
    state = build(players=[{"house": "Martell", "hand": [SCAVENGER], "gold": 5, "power": 1}, {}])
    state.players[0].deck = [state.new_card("core_18", 0) for _ in range(4)]
    state = act(state, 0, "marshal:play", [hand(state, 0, SCAVENGER)[0]])
    assert not uses(state, 0, ref(state, 0, SCAVENGER))
    assert state.players[0].hand == []


# --- kl_36 Lost Oasis ---------------------------------------------------------------------


def test_kl_36_lost_oasis_gives_stealth_that_kneels_the_bypassed_character():
    state = joust({"in_play": [OASIS, SCAVENGER]}, {"in_play": [STEWARD]})
    oasis, scavenger = ref(state, 0, OASIS), ref(state, 0, SCAVENGER)
    steward = ref(state, 1, STEWARD)
    state = use(state, 0, oasis, scavenger)
    state = initiate(state, "intrigue", [scavenger])
    assert head(state).get("purpose") == "stealth"
    state = engine_apply(state, Action(0, "select", (steward,)))
    assert state.in_play[steward].knelt and state.in_play[oasis].knelt
    assert steward not in state.challenge["defenders"]


def test_kl_36_lost_oasis_only_house_martell_and_only_in_challenges():
    state = joust({"in_play": [OASIS, SCAVENGER, STEWARD]}, {}, phase="marshalling")
    oasis = ref(state, 0, OASIS)
    assert not uses(state, 0, oasis)  # the marshalling phase
    state = joust({"in_play": [OASIS, SCAVENGER, STEWARD]}, {"in_play": [KNIGHT]})
    oasis = ref(state, 0, OASIS)
    assert {a.cards[1] for a in uses(state, 0, oasis)} == {ref(state, 0, SCAVENGER)}


def test_kl_36_plain_stealth_kneels_nobody():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": ["Gutter Rat's Cunning"]}]},
        {"in_play": [STEWARD]},
    )
    state = initiate(state, "military", [ref(state, 0, KNIGHT)])
    steward = ref(state, 1, STEWARD)
    state = engine_apply(state, Action(0, "select", (steward,)))
    assert steward in state.challenge["blocked"] and not state.in_play[steward].knelt


# --- kl_37 The Hound ----------------------------------------------------------------------


def test_kl_37_the_hound_kneels_every_knight_in_play():
    state = build(
        players=[
            {"house": "Lannister", "hand": [HOUND, STEWARD], "gold": 8, "in_play": [KNIGHT]},
            {"in_play": [KNIGHT, STEWARD]},
        ]
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, HOUND)[0]])
    state = until_window(state, "played")
    state = use(state, 0, ref(state, 0, HOUND))
    assert state.in_play[ref(state, 0, KNIGHT)].knelt and state.in_play[ref(state, 1, KNIGHT)].knelt
    assert not state.in_play[ref(state, 1, STEWARD)].knelt


def test_kl_37_the_hound_answers_only_his_own_play():
    state = build(
        players=[
            {"house": "Lannister", "hand": [STEWARD], "gold": 8, "in_play": [HOUND]},
            {"in_play": [KNIGHT]},
        ]
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, STEWARD)[0]])
    assert not uses(state, 0, ref(state, 0, HOUND))


# --- kl_40 City of Sin --------------------------------------------------------------------


def test_kl_40_city_of_sin_kneels_up_to_the_city_plots_in_the_used_pile():
    state = plots_revealed(
        CITY_OF_SIN,
        CALM,
        me={"used_plots": ["kl_19", "kl_60", CALM], "in_play": [KNIGHT]},
        them={"in_play": [HOST, STEWARD, KNIGHT]},
    )
    state = until_prompt_kneel(state)
    assert head(state)["max"] == 2  # two City plots; City of Sin itself is revealed
    state = answer(state, "kneel", [ref(state, 1, HOST), ref(state, 1, STEWARD)])
    assert (
        state.in_play[ref(state, 1, HOST)].knelt and not state.in_play[ref(state, 1, KNIGHT)].knelt
    )


def until_prompt_kneel(state):
    for _ in range(20):
        if head(state).get("purpose") == "kneel":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no kneel prompt")


def test_kl_40_city_of_sin_without_city_plots_kneels_nothing():
    state = plots_revealed(
        CITY_OF_SIN, CALM, me={"used_plots": [CALM]}, them={"in_play": [HOST, STEWARD]}
    )
    assert not any(e["event"] == "prompt" and e.get("purpose") == "kneel" for e in state.log)
    assert head(state).get("purpose") != "kneel"
    assert not any(state.in_play[r].knelt for r in state.players[1].in_play)
