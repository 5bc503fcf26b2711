"""A Dire Message characters (gameplay/engine/cards/a_dire_message/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power, Stark), Lannisport Steward (2 STR, intrigue, Lannister)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords
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
    head,
    joust,
    never_offered,
    pass_windows,
    ref,
    shadow,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
    won_window,
)

ROBERT, RAIDER, CAPTAIN, BALON = "cad_101", "cad_103", "cad_104", "cad_106"
CLANSMAN, ELITE, AERYS, AMBASSADOR = "cad_110", "cad_111", "cad_112", "cad_113"
HONOR_GUARD = "core_54"  # Lannisport Honor Guard: 4 STR, military and intrigue
JAIME = "core_37"  # Ser Jaime Lannister (not a Noble)
NOBLE = "Eddard Stark"  # a Stark Lord with the [Noble] crest
THEON = "cad_17"  # Theon Greyjoy, a Greyjoy character with prized 2
ASHA = "kotse_2"  # Asha Greyjoy (war crest)
ARIANNE = "pots_2"  # Arianne Martell
LOCATION = "The Roseroad"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- cad_101 Robert Baratheon ---------------------------------------------------------------


def test_robert_baratheon_claims_a_power_after_a_won_challenge_with_a_prized_participant():
    state = joust({"in_play": [ROBERT, THEON]}, {"in_play": [_knelt(KNIGHT)]})
    robert = ref(state, 0, ROBERT)
    state = won_window(state, "power", [ref(state, 0, THEON)])  # Robert stays home
    state = use(state, 0, robert)
    assert state.in_play[robert].power == 1


def test_robert_baratheon_not_without_a_prized_participant():
    state = joust({"in_play": [ROBERT, HOST]}, {"in_play": [_knelt(KNIGHT)]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, ROBERT))


# --- cad_103 Raider from Orkwood ------------------------------------------------------------


def test_raider_from_orkwood_characters_with_more_than_one_icon_do_not_count():
    state = joust({"in_play": [RAIDER]}, {"in_play": [HONOR_GUARD]})
    state = start(state, "military", [ref(state, 0, RAIDER)])
    state = defend(state, [ref(state, 1, HONOR_GUARD)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 0] and resolved["winner"] == 0


def test_raider_from_orkwood_only_while_participating():
    state = joust({"in_play": [RAIDER, KNIGHT]}, {"in_play": [HONOR_GUARD]})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, HONOR_GUARD)])
    state = pass_windows(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 4]


# --- cad_104 Orkwood Captain ----------------------------------------------------------------


def test_orkwood_captain_kneels_the_defending_players_locations():
    them = {"in_play": [_knelt(KNIGHT), LOCATION, LOCATION]}
    state = joust({"in_play": [CAPTAIN, LOCATION]}, them)
    knight = ref(state, 1, KNIGHT)
    theirs = sorted(r for r in state.players[1].in_play if r != knight)
    state = won_window(state, "power", [ref(state, 0, CAPTAIN)])
    state = use(state, 0, ref(state, 0, CAPTAIN))
    assert sorted(e["card"] for e in events(state, "knelt")) == theirs  # not his own


def test_orkwood_captain_only_as_an_attacker():
    state = joust({"in_play": [CAPTAIN, HOST]}, {"in_play": [_knelt(KNIGHT), LOCATION]})
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, ref(state, 0, CAPTAIN))
    state = joust({"in_play": [HOST, LOCATION]}, {"in_play": [CAPTAIN, HOST]})
    state = start(state, "power", [ref(state, 0, HOST)])
    never_offered(state, 1, ref(state, 1, CAPTAIN), [ref(state, 1, CAPTAIN), ref(state, 1, HOST)])


# --- cad_106 Ser Balon Swann ----------------------------------------------------------------


def _balon_out(their_hand):
    state = build(
        players=[
            {"house": "Lannister", "gold": 2},
            {"house": "Stark", "hand": [KNIGHT] * their_hand},
        ]
    )
    balon = shadow(state, 0, BALON)
    state = act(state, 0, "use", [balon], "shadow")
    return until_window(state, "came_out_of_shadows"), balon


def test_ser_balon_swann_an_opponent_with_four_cards_discards_one():
    state, balon = _balon_out(4)
    state = use(state, 0, balon)
    assert head(state)["seat"] == 1
    state = act(state, 1, "select", [state.players[1].hand[0]])
    assert len(state.players[1].hand) == 3 and len(state.players[1].discard) == 1


def test_ser_balon_swann_not_an_opponent_with_fewer_than_four_cards():
    state, balon = _balon_out(3)
    state = use(state, 0, balon)
    assert len(state.players[1].hand) == 3 and not state.players[1].discard


# --- cad_110 Northern Clansman --------------------------------------------------------------


def test_northern_clansman_gains_renown_and_stealth_from_your_houses():
    state = joust({"in_play": [CLANSMAN]}, {"in_play": [HOST, STEWARD]})
    assert not {"renown", "stealth"} & set(keywords(state, ref(state, 0, CLANSMAN)))
    state = joust({"in_play": [CLANSMAN, HOST]}, {})
    assert {"renown"} == {"renown", "stealth"} & set(keywords(state, ref(state, 0, CLANSMAN)))
    state = joust({"in_play": [CLANSMAN, STEWARD]}, {})
    assert {"stealth"} == {"renown", "stealth"} & set(keywords(state, ref(state, 0, CLANSMAN)))


# --- cad_111 Blackwood Elite ----------------------------------------------------------------


def test_blackwood_elite_must_be_chosen_for_military_claim():
    them = {"in_play": [_knelt(KNIGHT), _knelt(ELITE)]}  # the Knight first
    state = joust({"in_play": [HOST]}, them)
    elite = ref(state, 1, ELITE)
    state = finish_challenge(start(state, "military", [ref(state, 0, HOST)]))
    assert elite in state.players[1].dead and ref(state, 1, KNIGHT) in state.players[1].in_play


# --- cad_112 Mad King Aerys -----------------------------------------------------------------


def _dominance(me, them):
    from tests.gameplay.cardtest import until_phase

    return until_phase(joust(me, them), "dominance")


def test_mad_king_aerys_kills_a_noble_character_in_dominance():
    state = _dominance({"in_play": [AERYS]}, {"in_play": [NOBLE, KNIGHT]})
    aerys = ref(state, 0, AERYS)
    state.phase = "dominance"
    noble = ref(state, 1, NOBLE)
    offered = sorted(a.cards[1:] for a in uses(state, 0, aerys))
    assert offered == sorted([(noble,), (aerys,)])  # Nobles (his own crest), not the Knight
    state = use(state, 0, aerys, noble)
    assert [e["card"] for e in events(state, "killed")] == [noble]


def _unopposed(state):
    """Play the challenge out undefended (power placed on the House card)."""
    for _ in range(40):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "place_power":
            state = choose(state, "house")
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def test_mad_king_aerys_cannot_be_killed_unless_an_opponent_controls_a_noble_or_jaime():
    state = joust({"in_play": [HOST]}, {"in_play": [_knelt(AERYS), _knelt(KNIGHT)]})
    state = finish_challenge(start(state, "military", [ref(state, 0, HOST)]))
    assert ref(state, 1, AERYS) in state.players[1].in_play  # the Knight dies instead
    for opponent in (NOBLE, JAIME):
        state = joust({"in_play": [HOST, opponent]}, {"in_play": [_knelt(AERYS)]})
        aerys = ref(state, 1, AERYS)
        state = start(state, "military", [ref(state, 0, HOST)])
        state = _unopposed(state)
        assert aerys in state.players[1].dead


# --- cad_113 Dragon Ambassador --------------------------------------------------------------


def test_dragon_ambassador_gains_deadly_and_an_intrigue_icon_from_your_houses():
    state = joust({"in_play": [AMBASSADOR]}, {"in_play": [ASHA, ARIANNE]})
    ambassador = ref(state, 0, AMBASSADOR)
    assert "deadly" not in keywords(state, ambassador)
    assert "intrigue" not in icons(state, ambassador)
    state = joust({"in_play": [AMBASSADOR, ASHA]}, {})
    assert "deadly" in keywords(state, ref(state, 0, AMBASSADOR))
    assert "intrigue" not in icons(state, ref(state, 0, AMBASSADOR))
    state = joust({"in_play": [AMBASSADOR, ARIANNE]}, {})
    assert "deadly" not in keywords(state, ref(state, 0, AMBASSADOR))
    assert "intrigue" in icons(state, ref(state, 0, AMBASSADOR))
