"""The Valemen characters (gameplay/engine/cards/the_valemen/characters.py).

Fillers: Host of Storm's End (Baratheon Army, 6 STR, military and power), Knight of the
Tumblestone (Stark, House Tully, 2 STR, military and power), Lannisport Steward (2 STR,
intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.rules import initiative
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_without,
    challenges_over,
    events,
    head,
    joust,
    pass_until,
    pass_windows,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

BRYCE, FREERIDER, EURON, CREWMAN = "w_41", "w_42", "w_43", "w_44"
GUNTHOR, PAYNE, NYMERIA, VYMAN = "w_45", "w_46", "w_48", "w_51"
DESMOND, VANGUARD, RAKHARO, JHIQUI, INFORMANT = "w_52", "w_53", "w_54", "w_55", "w_57"
CROSSROADS = "core_138"  # [+1 Influence]
HEDGE_KNIGHT = "kotst_40"  # printed cost 1
TYENE = "bwb_91"  # Sand Snake, printed cost 2
SARELLA = "pots_6"  # Sand Snake, printed cost 3
BEN = "core_118"  # Brown Ben Plumm, Targaryen, military only, no text


def _knelt(card):
    return {"card": card, "knelt": True}


def _play_out(state, claim=(), check=None, limit=80):
    """Pass and answer until the current challenge is over: no defenders, a claim answered
    with ``claim`` (or the first candidates); ``check(state)`` at every decision."""
    for _ in range(limit):
        if state.challenge is None:
            return state
        if check is not None:
            check(state)
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            chosen = [c for c in claim if c in step["candidates"]] or step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


# --- w_41 Ser Bryce Caron, w_52 Ser Desmond Grell, w_54 Rakharo -----------------------------------


def test_ser_bryce_caron_a_rainbow_guard_character_gains_renown_for_the_phase():
    state = joust({"in_play": [BRYCE, HOST]}, {})
    bryce = ref(state, 0, BRYCE)
    assert [a.cards[1:] for a in uses(state, 0, bryce)] == [(bryce,)]  # the Army is not one
    state = use(state, 0, bryce, bryce)
    assert "renown" in keywords(state, bryce)
    assert not uses(state, 0, bryce)  # once per phase
    state = pass_until(state, challenges_over)
    assert "renown" not in keywords(state, bryce)


def test_ser_desmond_grell_a_house_tully_character_gains_deadly():
    state = joust({"in_play": [DESMOND, KNIGHT, HOST]}, {})
    desmond, knight = ref(state, 0, DESMOND), ref(state, 0, KNIGHT)
    assert {a.cards[1] for a in uses(state, 0, desmond)} == {desmond, knight}
    state = use(state, 0, desmond, knight)
    assert "deadly" in keywords(state, knight)
    assert not uses(state, 0, desmond)


def test_rakharo_a_dothraki_attacker_gains_stealth_before_defenders():
    state = joust({"in_play": [RAKHARO, JHIQUI, HOST]}, {"in_play": [STEWARD]})
    rakharo, jhiqui = ref(state, 0, RAKHARO), ref(state, 0, JHIQUI)
    assert {a.cards[1] for a in uses(state, 0, rakharo)} == {rakharo, jhiqui}
    state = start(state, "intrigue", [jhiqui])
    state = until_window(state)
    state = use(state, 0, rakharo, jhiqui)
    assert "stealth" in keywords(state, jhiqui)
    assert head(state)["purpose"] == "stealth"  # she bypasses a defender at once
    assert not uses(state, 0, rakharo)


def test_keyword_actions_only_in_the_challenges_phase():
    state = build(players=[{"in_play": [BRYCE, DESMOND, RAKHARO]}, {}])
    assert state.phase == "marshalling"
    for card in (BRYCE, DESMOND, RAKHARO):
        assert not uses(state, 0, ref(state, 0, card))


# --- w_42 Storm's End Freerider -------------------------------------------------------------------


def test_storms_end_freerider_kneels_an_influence_to_stand():
    state = joust({"in_play": [_knelt(FREERIDER), CROSSROADS]}, {})
    rider, crossroads = ref(state, 0, FREERIDER), ref(state, 0, CROSSROADS)
    state = use(state, 0, rider)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [crossroads])
    assert not state.in_play[rider].knelt and state.in_play[crossroads].knelt


def test_storms_end_freerider_not_standing_nor_without_influence():
    state = joust({"in_play": [FREERIDER, CROSSROADS]}, {})
    assert not uses(state, 0, ref(state, 0, FREERIDER))  # already standing
    state = joust({"in_play": [_knelt(FREERIDER)]}, {})
    assert not uses(state, 0, ref(state, 0, FREERIDER))  # no influence


# --- w_43 Euron Crow's Eye ------------------------------------------------------------------------


def test_euron_crows_eye_attacking_alone_no_defenders():
    state = joust({"house": "Greyjoy", "in_play": [EURON]}, {"in_play": [KNIGHT, STEWARD]})
    state = start(state, "military", [ref(state, 0, EURON)])

    def no_defenders(now):
        assert head(now).get("purpose") != "defenders"

    state = _play_out(state, check=no_defenders)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0


def test_euron_crows_eye_not_alone_the_opponent_may_defend():
    state = joust({"house": "Greyjoy", "in_play": [EURON, HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, EURON), ref(state, 0, HOST)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders"
    assert head(state)["candidates"] == [ref(state, 1, KNIGHT)]


# --- w_44 Silence Crewman -------------------------------------------------------------------------


def test_silence_crewman_not_attacking_is_killed_and_mills_two():
    deck = [KNIGHT] * 5
    state = joust({"in_play": [CREWMAN]}, {"deck": deck})
    crewman = ref(state, 0, CREWMAN)
    state = pass_until(state, challenges_over)
    assert crewman in state.players[0].dead
    assert len(state.players[1].discard) == 2 and len(state.players[1].deck) == 3


def test_silence_crewman_declared_as_an_attacker_stays():
    state = joust({"in_play": [CREWMAN]}, {"deck": [KNIGHT] * 5, "in_play": [_knelt(KNIGHT)]})
    crewman = ref(state, 0, CREWMAN)
    state = _play_out(start(state, "intrigue", [crewman]))
    state = pass_until(state, challenges_over, limit=80)
    assert crewman in state.in_play and not state.players[1].discard


# --- w_45 Gunthor Son of Gurn ---------------------------------------------------------------------


def test_gunthor_draws_until_the_loser_has_no_more_cards_than_you():
    me = {"house": "Lannister", "in_play": [GUNTHOR], "hand": [KNIGHT], "deck": [KNIGHT] * 8}
    state = joust(me, {"hand": [KNIGHT] * 6, "in_play": [_knelt(KNIGHT)]})
    gunthor = ref(state, 0, GUNTHOR)
    state = won_window(state, "power", [gunthor])
    state = use(state, 0, gunthor)
    assert len(state.players[0].hand) == 6  # 5 cards drawn past the draw cap of 3


def test_gunthor_only_when_he_participated_and_the_loser_has_more_cards():
    me = {"house": "Lannister", "in_play": [GUNTHOR, HOST], "deck": [KNIGHT] * 8}
    state = joust(me, {"hand": [KNIGHT] * 6, "in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, GUNTHOR))
    me = {"house": "Lannister", "in_play": [GUNTHOR], "hand": [KNIGHT] * 3, "deck": [KNIGHT]}
    state = joust(me, {"hand": [KNIGHT] * 2, "in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "power", [ref(state, 0, GUNTHOR)], 0, ref(state, 0, GUNTHOR))


# --- w_46 Ser Ilyn Payne --------------------------------------------------------------------------


def test_ser_ilyn_payne_kills_a_kneeling_character_of_printed_cost_three_or_lower():
    them = {"in_play": [_knelt(KNIGHT), KNIGHT, _knelt(HOST)]}
    state = build(phase="dominance", players=[{"in_play": [PAYNE]}, them])
    payne = ref(state, 0, PAYNE)
    knelt_knight = ref(state, 1, KNIGHT)
    assert [a.cards[1:] for a in uses(state, 0, payne)] == [(knelt_knight,)]
    state = use(state, 0, payne, knelt_knight)
    assert knelt_knight in state.players[1].dead
    assert payne in events(state, "stood_all")[-1]["cards"]  # he knelt to kill


def test_ser_ilyn_payne_only_in_the_dominance_phase():
    state = joust({"in_play": [PAYNE]}, {"in_play": [_knelt(KNIGHT)]})
    assert not uses(state, 0, ref(state, 0, PAYNE))


# --- w_48 Nymeria Sand ----------------------------------------------------------------------------


def _snake_killed(mine, theirs):
    """Seat 0 wins a Military challenge against seat 1, who kills Tyene Sand for the claim;
    the state at seat 1's ``killed`` window."""
    state = joust({"in_play": [HOST, *theirs]}, {"house": "Martell", "in_play": mine})
    tyene = ref(state, 1, TYENE)
    state = start(state, "military", [ref(state, 0, HOST)])
    return to_window(state, "killed", claim=[tyene]), tyene


def test_nymeria_sand_kills_a_character_of_equal_or_lower_printed_cost():
    state, tyene = _snake_killed([NYMERIA, TYENE], [HEDGE_KNIGHT, KNIGHT, SARELLA])
    nymeria = ref(state, 1, NYMERIA)
    assert tyene in state.players[1].dead
    found = {a.cards[1] for a in uses(state, 1, nymeria)}
    assert found == {ref(state, 0, HEDGE_KNIGHT), ref(state, 0, KNIGHT)}  # Sarella costs 3
    knight = ref(state, 0, KNIGHT)
    state = use(state, 1, nymeria, knight)
    assert knight in state.players[0].dead


def test_nymeria_sand_not_after_a_non_sand_snake_is_killed():
    state = joust({"in_play": [HOST, KNIGHT]}, {"house": "Martell", "in_play": [NYMERIA, STEWARD]})
    steward = ref(state, 1, STEWARD)
    nymeria = ref(state, 1, NYMERIA)

    def not_offered(now):
        assert not uses(now, 1, nymeria)

    state = _play_out(start(state, "military", [ref(state, 0, HOST)]), [steward], not_offered)
    assert steward in state.players[1].dead


# --- w_51 Maester Vyman ---------------------------------------------------------------------------


def test_maester_vyman_adds_the_top_card_after_a_house_tully_win():
    me = {"in_play": [VYMAN, KNIGHT], "deck": [HOST, KNIGHT]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    top = state.players[0].deck[0]
    state = won_window(state, "power", [ref(state, 0, KNIGHT)])
    state = use(state, 0, ref(state, 0, VYMAN))
    assert top in state.players[0].hand
    assert events(state, "revealed")


def test_maester_vyman_not_without_a_house_tully_participant():
    me = {"in_play": [VYMAN, HOST], "deck": [HOST, KNIGHT]}
    state = joust(me, {"in_play": [_knelt(STEWARD)]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, VYMAN))


# --- w_53 Blackfish's Vanguard --------------------------------------------------------------------


def test_blackfishs_vanguard_initiative_per_house_tully_character():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    base = initiative(state, 0)
    state = joust({"in_play": [VANGUARD, HOST, KNIGHT]}, {"in_play": [KNIGHT]})
    assert initiative(state, 0) == base + 2  # itself and the Knight, not the Army
    assert initiative(state, 1) == initiative(joust({}, {"in_play": [KNIGHT]}), 1)


# --- w_55 Jhiqui ----------------------------------------------------------------------------------


def _jhiqui_claimed(mine):
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "in_play": mine})
    jhiqui = ref(state, 1, JHIQUI)
    state = start(state, "military", [ref(state, 0, HOST)])
    return to_window(state, "would_be_killed", claim=[jhiqui]), jhiqui


def test_jhiqui_attaches_to_a_targaryen_character_instead_of_dying():
    state, jhiqui = _jhiqui_claimed([JHIQUI, BEN])
    ben = ref(state, 1, BEN)
    assert "intrigue" not in icons(state, ben)
    state = use(state, 1, jhiqui, jhiqui)  # the only host is chosen at once
    assert state.in_play[jhiqui].attached_to == ben and jhiqui not in state.players[1].dead
    assert "intrigue" in icons(state, ben)
    # In an Intrigue challenge Ben attacks without kneeling.
    state = pass_until(state, lambda s: s.phase == "challenges" and s.challenge is None)
    state = pass_until(state, lambda s: head(s).get("turn") == 1, limit=80)
    state = start(state, "intrigue", [ben])
    assert not state.in_play[ben].knelt


def test_jhiqui_attached_the_host_kneels_to_attack_in_other_challenges():
    mine = {"house": "Targaryen", "in_play": [{"card": BEN, "attachments": [JHIQUI]}, STEWARD]}
    state = joust(mine, {"in_play": [KNIGHT]})
    ben, jhiqui = ref(state, 0, BEN), ref(state, 0, JHIQUI)
    assert state.in_play[jhiqui].attached_to == ben and "intrigue" in icons(state, ben)
    state = start(state, "military", [ben])
    assert state.in_play[ben].knelt


def test_jhiqui_dies_without_a_targaryen_character():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "in_play": [JHIQUI, STEWARD]})
    jhiqui = ref(state, 1, JHIQUI)

    def not_offered(now):
        assert not uses(now, 1, jhiqui)

    state = _play_out(start(state, "military", [ref(state, 0, HOST)]), [jhiqui], not_offered)
    assert jhiqui in state.players[1].dead


# --- w_57 Vale Informant --------------------------------------------------------------------------


def test_vale_informant_plus_one_per_used_plot():
    state = joust({"in_play": [INFORMANT], "used_plots": ["Calm Over Westeros"] * 2}, {})
    assert strength(state, ref(state, 0, INFORMANT)) == 3
    state = joust({"in_play": [INFORMANT]}, {"used_plots": ["Calm Over Westeros"] * 2})
    assert strength(state, ref(state, 0, INFORMANT)) == 1
