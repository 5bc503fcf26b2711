"""The Prize of the North characters (gameplay/engine/cards/the_prize_of_the_north/
characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue, Lannister)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, immune_to, keywords
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    agenda_position,
    challenge_without,
    codes,
    defend,
    events,
    finish_challenge,
    head,
    joust,
    names,
    pass_windows,
    ref,
    start,
    to_window,
    use,
    uses,
)

DEFENDERS, ENVOY, COUNCILOR, OUTRIDER = "cad_81", "cad_84", "cad_87", "cad_88"
ESCORT, RICASSO, HUNTER = "cad_89", "cad_90", "cad_92"
BEN = "core_118"  # Brown Ben Plumm: Targaryen, military, 2 STR, no text
HONOR_GUARD = "core_54"  # Lannisport Honor Guard: 4 STR, military and intrigue
FEALTY = "core_201"  # an agenda
THEON = "cad_17"  # Theon Greyjoy: prized 2


def _knelt(card):
    return {"card": card, "knelt": True}


# --- cad_81 Defenders of the Wall -------------------------------------------------------------


def _defender_candidates(agendas, ctype="military"):
    players = [
        {"in_play": [HOST, KNIGHT, STEWARD]},
        {"in_play": [_knelt(DEFENDERS), KNIGHT, STEWARD]},
    ]
    state = agenda_position(players, agendas)
    attacker = ref(state, 0, STEWARD) if ctype == "intrigue" else ref(state, 0, HOST)
    state = start(state, ctype, [attacker])
    step = head(state)
    assert step.get("purpose") == "defenders"
    return state, step["candidates"]


def test_defenders_of_the_wall_defends_knelt_against_a_player_running_an_agenda():
    state, candidates = _defender_candidates({0: FEALTY})
    assert ref(state, 1, DEFENDERS) in candidates


def test_defenders_of_the_wall_not_against_a_player_without_an_agenda():
    state, candidates = _defender_candidates({1: FEALTY})
    assert ref(state, 1, DEFENDERS) not in candidates


def test_defenders_of_the_wall_only_in_military_challenges():
    state, candidates = _defender_candidates({0: FEALTY}, "intrigue")
    assert ref(state, 1, DEFENDERS) not in candidates


# --- cad_84 Lonely Light Envoy ----------------------------------------------------------------


def test_lonely_light_envoy_intrigue_icon_with_a_martell_character():
    state = joust({"in_play": [ENVOY, ESCORT]}, {"in_play": [KNIGHT]})
    assert "intrigue" in icons(state, ref(state, 0, ENVOY))
    state = joust({"in_play": [ENVOY]}, {"in_play": [ESCORT]})  # the opponent's
    assert "intrigue" not in icons(state, ref(state, 0, ENVOY))


def test_lonely_light_envoy_immune_to_plots_with_a_targaryen_character():
    state = joust({"in_play": [ENVOY, BEN]}, {"in_play": [KNIGHT]})
    assert immune_to(state, ref(state, 0, ENVOY), "plot", 1)
    state = joust({"in_play": [ENVOY, ESCORT]}, {"in_play": [BEN]})
    assert not immune_to(state, ref(state, 0, ENVOY), "plot", 1)


# --- cad_87 Ashemark Councilor, cad_92 Riverlands Hunter --------------------------------------


def _councilor_strengths(card, attacker=None):
    state = joust({"in_play": [card, STEWARD]}, {"in_play": [HONOR_GUARD]})
    ctype = "intrigue" if card == COUNCILOR else "military"
    state = start(state, ctype, [ref(state, 0, attacker or card)])
    state = defend(state, [ref(state, 1, HONOR_GUARD)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    return resolved["strength"]


def test_ashemark_councilor_characters_with_more_than_one_icon_do_not_count():
    assert _councilor_strengths(COUNCILOR) == [2, 0]
    assert _councilor_strengths(COUNCILOR, STEWARD) == [2, 4]  # not participating


def test_riverlands_hunter_characters_with_more_than_one_icon_do_not_count():
    assert _councilor_strengths(HUNTER) == [2, 0]


def test_ashemark_councilor_is_prized_1():
    state = joust({"in_play": [HOST]}, {"in_play": [_knelt(COUNCILOR)]})
    power = state.players[0].power
    state = finish_challenge(start(state, "military", [ref(state, 0, HOST)]))
    assert state.players[1].dead
    assert state.players[0].power == power + 1 + 1


# --- cad_88 Marbrand Outrider -----------------------------------------------------------------


def test_marbrand_outrider_adds_the_top_card_after_an_opponents_hand_discard():
    state = joust({"in_play": [OUTRIDER], "deck": [HOST, KNIGHT]}, {"hand": [STEWARD]})
    outrider = ref(state, 0, OUTRIDER)
    state = start(state, "intrigue", [outrider])
    state = to_window(state, "discarded_from_hand")
    state = use(state, 0, outrider)
    assert codes(state, state.players[0].hand) == names(HOST)
    (shown,) = events(state, "revealed")
    assert shown["cards"] == state.players[0].hand


def test_marbrand_outrider_not_after_its_own_controllers_discard():
    them = {"in_play": [OUTRIDER], "hand": [KNIGHT], "deck": [HOST]}
    state = joust({"in_play": [STEWARD]}, them)
    challenge_without(state, "intrigue", [ref(state, 0, STEWARD)], 1, ref(state, 1, OUTRIDER))


# --- cad_89 House Dayne Escort ----------------------------------------------------------------


def test_house_dayne_escort_deadly_with_a_greyjoy_character():
    state = joust({"in_play": [ESCORT, ENVOY]}, {"in_play": [KNIGHT]})
    assert "deadly" in keywords(state, ref(state, 0, ESCORT))
    state = joust({"in_play": [ESCORT]}, {"in_play": [ENVOY]})
    assert "deadly" not in keywords(state, ref(state, 0, ESCORT))


def test_house_dayne_escort_immune_to_plots_with_a_lannister_character():
    state = joust({"in_play": [ESCORT, STEWARD]}, {"in_play": [KNIGHT]})
    assert immune_to(state, ref(state, 0, ESCORT), "plot", 1)
    state = joust({"in_play": [ESCORT]}, {"in_play": [STEWARD]})
    assert not immune_to(state, ref(state, 0, ESCORT), "plot", 1)


# --- cad_90 Seneschal Ricasso -----------------------------------------------------------------


def test_seneschal_ricasso_puts_a_prized_character_from_his_piles_into_play():
    them = {"in_play": [_knelt(RICASSO)], "dead": [KNIGHT], "discard": [THEON, STEWARD]}
    state = joust({"in_play": [HOST]}, them)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed")
    ricasso = state.players[1].dead[-1]
    theon = state.players[1].discard[0]
    assert [a.cards[1:] for a in uses(state, 1, ricasso)] == [(theon,)]  # prized, a character
    state = use(state, 1, ricasso, theon)
    assert theon in state.in_play and state.in_play[theon].controller == 1
