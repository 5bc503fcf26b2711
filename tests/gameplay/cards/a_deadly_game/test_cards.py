"""A Deadly Game events and locations (gameplay/engine/cards/a_deadly_game/cards.py).

Fillers: Knight of the Tumblestone (Stark, 2 STR, military and power, cost 2), Host of
Storm's End (Baratheon Army, 6 STR, cost 5), Lannisport Steward (2 STR, intrigue, cost 2)."""

from __future__ import annotations

from gameplay.engine.abilities import immune_to, strength, traits
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    code,
    events,
    finish_challenge,
    head,
    joust,
    pass_until,
    plots_revealed,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)

PEACH, THUNDERER, WINDS, VALE = "w_22", "w_24", "w_25", "w_28"
RED_MOUNTAINS, MISSION, SEAGARD, EYRIE = "w_30", "w_31", "w_34", "w_38"
TYENE = "w_29"  # Tyene Sand: Martell Sand Snake, cost 4
WARRIOR = "w_23"  # Warrior of Note: Greyjoy, no text
SCOUT = "w_67"  # Clan Scout: Lannister Clansman, cost 1, no text
PARAMOUR = "pots_12"  # Paramour: Martell Ally, cost 1, no text
SHADOWCAT = "kotse_43"  # Shadowcat: a character with the [Shadow] crest, no text
LURKERS = "core_51"  # Lurkers at Harrenhal: Lannister, cost 6, not an Army
CALM = "Calm Over Westeros"
EVENT = "core_155"  # Distraction, an event card


def _knelt(card):
    return {"card": card, "knelt": True}


def _mine(state, seat, card):
    return next(r for r in state.players[seat].hand if state.code(r) == code(card))


# --- w_22 Offer of a Peach -------------------------------------------------------------------


def _dominance(me, them=None):
    state = joust(me, them or {"in_play": [_knelt(STEWARD)]})
    return pass_until(state, lambda s: head(s).get("trigger") == "dominance_won")


def test_offer_of_a_peach_standing_characters_claim_one_power_each():
    me = {"in_play": [HOST, KNIGHT, KNIGHT], "hand": [PEACH], "used_plots": [CALM, CALM]}
    state = _dominance(me, {"in_play": [STEWARD]})
    peach = _mine(state, 0, PEACH)
    state = use(state, 0, peach)
    assert head(state)["max"] == 2  # two plots in the used pile
    host, knight = ref(state, 0, HOST), ref(state, 0, KNIGHT)
    steward = ref(state, 1, STEWARD)
    assert steward in head(state)["candidates"]  # any player's standing character
    state = answer(state, "claim_power", [host, knight])
    assert state.in_play[host].power == 1 and state.in_play[knight].power == 1


def _never_until_standing(state, seat, card):
    """Pass through the challenges and dominance phases, checking ``card`` is never usable."""
    for _ in range(80):
        if state.phase not in ("challenges", "dominance"):
            return state
        assert not uses(state, seat, card)
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the dominance phase did not end")


def test_offer_of_a_peach_not_with_an_empty_used_pile():
    state = joust({"in_play": [HOST], "hand": [PEACH]}, {"in_play": [_knelt(STEWARD)]})
    _never_until_standing(state, 0, _mine(state, 0, PEACH))


def test_offer_of_a_peach_not_after_losing_dominance():
    me = {"in_play": [_knelt(KNIGHT)], "hand": [PEACH], "used_plots": [CALM]}
    state = joust(me, {"in_play": [HOST]})
    _never_until_standing(state, 0, _mine(state, 0, PEACH))


# --- w_24 Thunderer --------------------------------------------------------------------------


def _thunder(their_top):
    me = {"in_play": [THUNDERER], "deck": [STEWARD, STEWARD]}
    them = {"deck": [their_top, KNIGHT]}
    state = plots_revealed(CALM, CALM, me, them)
    return until_window(state, "plot_revealed"), ref(state, 0, THUNDERER)


def test_thunderer_discards_the_top_card_and_draws_for_a_character():
    state, thunderer = _thunder(KNIGHT)
    state = use(state, 0, thunderer)
    assert state.in_play[thunderer].knelt
    assert [state.code(r) for r in state.players[1].discard] == ["core_18"]
    assert state.players[0].effect_draws == 1


def test_thunderer_no_draw_for_an_event():
    state, thunderer = _thunder(EVENT)
    state = use(state, 0, thunderer)
    assert [state.code(r) for r in state.players[1].discard] == [EVENT]
    assert state.players[0].effect_draws == 0


def test_thunderer_only_after_an_opponent_reveals_a_plot():
    state, thunderer = _thunder(KNIGHT)
    assert head(state)["event"]["seat"] == 1  # the window for the opponent's plot only
    state = act(state, 0, "pass")
    for _ in range(10):
        if head(state).get("trigger") != "plot_revealed":
            break
        assert not uses(state, 0, thunderer)
        state = act(state, waiting_seats(state)[0], "pass")


# --- w_25 Command the Winds ------------------------------------------------------------------


def test_command_the_winds_gives_a_greyjoy_character_one_str():
    state = joust({"in_play": [WARRIOR, KNIGHT], "hand": [WINDS]}, {"in_play": [STEWARD]})
    winds, warrior = _mine(state, 0, WINDS), ref(state, 0, WARRIOR)
    assert [a.cards[1:] for a in uses(state, 0, winds)] == [(warrior,)]  # not the Knight
    state = use(state, 0, winds, warrior)
    state = pass_until(state, lambda s: strength(s, warrior) == 3, 5)
    assert winds in state.players[0].dead  # Deathbound


def test_command_the_winds_returns_from_the_dead_pile_by_kneeling_a_warship():
    me = {"in_play": [WARRIOR, THUNDERER], "dead": [WINDS]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    winds, thunderer = state.players[0].dead[0], ref(state, 0, THUNDERER)
    assert not uses(state, 0, winds)  # Dominance only
    state = pass_until(state, lambda s: s.phase == "dominance" and bool(uses(s, 0, winds)), 80)
    state = use(state, 0, winds)
    if head(state).get("purpose") == "kneel_cost":
        state = answer(state, "kneel_cost", [thunderer])
    assert winds in state.players[0].hand and state.in_play[thunderer].knelt


def test_command_the_winds_not_from_the_dead_pile_without_a_warship():
    state = joust({"in_play": [WARRIOR], "dead": [WINDS]}, {"in_play": [_knelt(STEWARD)]})
    winds = state.players[0].dead[0]
    for _ in range(80):
        if state.phase not in ("challenges", "dominance"):
            break
        assert not uses(state, 0, winds)
        state = act(state, waiting_seats(state)[0], "pass")


# --- w_28 Vale Encampment --------------------------------------------------------------------


def test_vale_encampment_lowers_the_next_clansman_and_draws():
    me = {"house": "Lannister", "in_play": [VALE], "hand": [SCOUT, STEWARD], "deck": [KNIGHT]}
    state = build(players=[me, {}])
    vale = ref(state, 0, VALE)
    state = use(state, 0, vale)
    assert vale in state.players[0].discard
    scout = _mine(state, 0, SCOUT)
    assert gold_cost(state, 0, _mine(state, 0, STEWARD)) == 2  # not a Clansman: not lowered
    state = act(state, 0, "marshal:play", [scout])
    assert scout in state.in_play
    assert state.players[0].effect_draws == 1
    assert sorted(state.code(r) for r in state.players[0].hand) == ["core_18", "core_52"]


def test_vale_encampment_only_when_marshalling():
    state = joust({"in_play": [VALE]}, {"in_play": [STEWARD]})
    assert not uses(state, 0, ref(state, 0, VALE))


# --- w_30 The Red Mountains ------------------------------------------------------------------


def test_the_red_mountains_gives_a_cheap_martell_character_the_sand_snake_trait():
    state = joust({"in_play": [RED_MOUNTAINS, PARAMOUR, TYENE, KNIGHT]}, {"in_play": [STEWARD]})
    mountains, paramour = ref(state, 0, RED_MOUNTAINS), ref(state, 0, PARAMOUR)
    assert [a.cards[1:] for a in uses(state, 0, mountains)] == [(paramour,)]
    state = use(state, 0, mountains, paramour)
    state = pass_until(state, lambda s: "Sand Snake" in traits(s, paramour), 5)
    assert state.in_play[mountains].knelt


def test_the_red_mountains_only_in_the_challenges_phase():
    state = build(players=[{"in_play": [RED_MOUNTAINS, PARAMOUR]}, {}])
    assert not uses(state, 0, ref(state, 0, RED_MOUNTAINS))


# --- w_31 A Secret Mission -------------------------------------------------------------------


def test_a_secret_mission_kills_a_sand_snake_to_return_shadow_cards_to_shadows():
    me = {"in_play": [TYENE, SHADOWCAT, KNIGHT], "hand": [MISSION]}
    state = joust(me, {"in_play": [SHADOWCAT]})
    mission, tyene = _mine(state, 0, MISSION), ref(state, 0, TYENE)
    cat, theirs = ref(state, 0, SHADOWCAT), ref(state, 1, SHADOWCAT)
    assert [a.cards[1:] for a in uses(state, 0, mission)] == [(tyene,)]
    state = use(state, 0, mission, tyene)
    assert tyene in state.players[0].dead
    state = answer(state, "to_shadows", [cat, theirs])
    assert state.players[0].shadows and state.players[1].shadows
    assert cat not in state.in_play and theirs not in state.in_play


def test_a_secret_mission_needs_a_sand_snake_you_control():
    state = joust({"in_play": [PARAMOUR, SHADOWCAT], "hand": [MISSION]}, {"in_play": [TYENE]})
    assert not uses(state, 0, _mine(state, 0, MISSION))


# --- w_34 Seagard ----------------------------------------------------------------------------


def test_seagard_a_defender_gets_two_str_and_deadly_and_seagard_stands_on_a_win():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [SEAGARD, KNIGHT]}, first_player=0)
    seagard, defender = ref(state, 1, SEAGARD), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders", 10)
    state = answer(state, "defenders", [defender])
    state = pass_until(state, lambda s: bool(uses(s, 1, seagard)), 10)
    state = use(state, 1, seagard, defender)
    state = finish_challenge(state)
    gained = [e for e in events(state, "lasting_effect") if e["subject"] == defender]
    assert {e["query"] for e in gained} == {"strength", "keywords"}
    assert next(e for e in gained if e["query"] == "keywords")["add"] == ["deadly"]
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 4] and resolved["winner"] == 1
    assert not state.in_play[seagard].knelt


def test_seagard_stays_knelt_when_the_challenge_is_lost_and_only_defenders():
    state = joust({"in_play": [HOST]}, {"in_play": [SEAGARD, KNIGHT, STEWARD]})
    seagard, defender = ref(state, 1, SEAGARD), ref(state, 1, KNIGHT)
    assert not uses(state, 1, seagard)  # no challenge, no defender
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders", 10)
    state = answer(state, "defenders", [defender])
    state = pass_until(state, lambda s: bool(uses(s, 1, seagard)), 10)
    assert [a.cards[1:] for a in uses(state, 1, seagard)] == [(defender,)]
    state = use(state, 1, seagard, defender)
    state = finish_challenge(state)
    assert state.in_play[seagard].knelt


# --- w_38 The Eyrie --------------------------------------------------------------------------


def _eyrie_claim(victim):
    me = {"in_play": [EYRIE, {"card": victim, "knelt": True, "power": 2}, _knelt(STEWARD)]}
    state = joust(me, {"in_play": [HOST]}, first_player=1)
    target = ref(state, 0, victim)
    state = start(state, "military", [ref(state, 1, HOST)])
    while head(state).get("purpose") != "claim_kill":
        state = act(state, waiting_seats(state)[0], "pass")
    return answer(state, "claim_kill", [target]), target


def test_the_eyrie_saves_an_expensive_character_and_discards_its_power():
    state, lurkers = _eyrie_claim(LURKERS)
    eyrie = ref(state, 0, EYRIE)
    state = until_window(state, "would_be_killed")
    state = use(state, 0, eyrie, lurkers)
    state = finish_challenge(state)
    assert lurkers in state.in_play and state.in_play[lurkers].power == 0
    assert [e for e in events(state, "power") if e.get("reason") == "the_eyrie"]


def test_the_eyrie_not_an_army_or_a_cheap_character():
    for victim in (KNIGHT, "core_16"):  # cost 2; War Host of the North, an Army
        state, target = _eyrie_claim(victim)
        eyrie = ref(state, 0, EYRIE)
        state = finish_challenge(state, check=lambda s, e=eyrie: not uses(s, 0, e))
        assert target in state.players[0].dead


def test_the_eyrie_is_immune_to_plot_effects():
    state = joust({"in_play": [EYRIE]}, {"in_play": [STEWARD]})
    assert immune_to(state, ref(state, 0, EYRIE), "plot", 1)
