"""Reach of the Kraken characters (gameplay/engine/cards/reach_of_the_kraken/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Great Keep (core_29, a location),
qod_6 (an attachment), Daenerys Targaryen (core_106, a Queen), Fleet from Pyke (asots_5,
military with a [Naval] enhancement)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import icons, keywords
from gameplay.engine.cards.vocabulary.naval import naval_icons
from gameplay.engine.challenges import claim_value
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    calm_marshalling,
    choose,
    defend,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    shadow,
    start,
    to_window,
    until_seat,
    use,
    uses,
    waiting_seats,
    watch,
)
from tests.gameplay.scenario import settle

LITTLE_BIRD = "asots_1"
VETERAN = "asots_2"
APOSTLE = "asots_4"
PYKE = "asots_5"
VICTARION = "asots_6"
WYMAN = "asots_10"
AREO = "asots_12"
MISSANDEI = "asots_14"
GROLEO = "asots_15"
CORSAIR = "asots_17"
LOCATION = "core_29"  # Great Keep
ATTACHMENT = "qod_6"
QUEEN = "core_106"  # Daenerys Targaryen


def _won_over(state):
    return state.challenge is None


# --- asots_1 Little Bird ---------------------------------------------------------------------


def _bird(choice: str):
    state = joust({"house": "Lannister", "in_play": [LITTLE_BIRD, KNIGHT]}, {})
    bird, knight = ref(state, 0, LITTLE_BIRD), ref(state, 0, KNIGHT)
    state = use(state, 0, bird, knight)
    assert state.in_play[bird].knelt
    return choose(state, choice), knight


def test_little_bird_gives_an_intrigue_icon():
    state, knight = _bird("intrigue")
    assert "intrigue" in icons(state, knight)


def test_little_bird_gives_stealth():
    state, knight = _bird("stealth")
    assert "stealth" in keywords(state, knight) and "infamy" not in keywords(state, knight)


def test_little_bird_gives_infamy():
    state, knight = _bird("infamy")
    assert "infamy" in keywords(state, knight) and "intrigue" not in icons(state, knight)


def test_little_bird_only_in_the_challenges_phase_and_standing():
    state = calm_marshalling({"house": "Lannister", "in_play": [LITTLE_BIRD, KNIGHT]})
    assert not uses(state, 0, ref(state, 0, LITTLE_BIRD))
    state = joust({"house": "Lannister", "in_play": [{"card": LITTLE_BIRD, "knelt": True}]}, {})
    assert not uses(state, 0, ref(state, 0, LITTLE_BIRD))


# --- asots_2 Blackwater Bay Veteran ----------------------------------------------------------


def test_blackwater_bay_veteran_is_naval_with_power():
    state = joust({"in_play": [VETERAN, {"card": VETERAN, "power": 1}]}, {})
    bare, powered = ref(state, 0, VETERAN, 0), ref(state, 0, VETERAN, 1)
    assert naval_icons(state, bare) == set()
    assert naval_icons(state, powered) == {"military"}


# --- asots_4 Apostle of The Drowned God ------------------------------------------------------


def _apostle(top: str, attackers=(APOSTLE,)):
    state = joust(
        {"house": "Greyjoy", "in_play": [APOSTLE, KNIGHT]},
        {"deck": [top, KNIGHT]},
    )
    state = start(state, "power", [ref(state, 0, name) for name in attackers])
    return to_window(state, "challenge_won"), ref(state, 0, APOSTLE)


def test_apostle_discards_a_location_and_claims_power():
    state, apostle = _apostle(LOCATION)
    state = use(state, 0, apostle)
    assert [state.code(r) for r in state.players[1].discard] == [LOCATION]
    assert state.in_play[apostle].power == 1


def test_apostle_discards_another_card_without_power():
    state, apostle = _apostle(KNIGHT)
    state = use(state, 0, apostle)
    assert len(state.players[1].discard) == 1 and len(state.players[1].deck) == 1
    assert state.in_play[apostle].power == 0


def test_apostle_must_have_participated():
    state = joust({"house": "Greyjoy", "in_play": [APOSTLE, KNIGHT]}, {"deck": [LOCATION]})
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    _state, offered = watch(state, 0, ref(state, 0, APOSTLE), _won_over)
    assert not offered


# --- asots_6 Victarion Greyjoy ---------------------------------------------------------------


def test_victarion_raises_claim_with_more_naval_participants():
    state = joust({"house": "Greyjoy", "in_play": [VICTARION]}, {"in_play": [KNIGHT]})
    assert claim_value(state, 0) == 1
    state = start(state, "military", [ref(state, 0, VICTARION)])
    assert claim_value(state, 0) == 2
    assert claim_value(state, 1) == 1


def test_victarion_needs_more_naval_characters_than_the_defender():
    state = joust(
        {"house": "Greyjoy", "in_play": [VICTARION, KNIGHT]},
        {"house": "Greyjoy", "in_play": [PYKE]},
    )
    state = start(state, "military", [ref(state, 0, VICTARION)])
    state = defend(state, [ref(state, 1, PYKE)])
    assert claim_value(state, 0) == 1  # 1 against 1


def test_victarion_must_be_attacking():
    state = joust({"house": "Greyjoy", "in_play": [VICTARION, PYKE]}, {})
    state = start(state, "military", [ref(state, 0, PYKE)])
    assert claim_value(state, 0) == 1


# --- asots_10 Wyman Manderly -----------------------------------------------------------------


def test_wyman_manderly_ignores_str_2_or_lower():
    state = joust({"in_play": [WYMAN]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, WYMAN)])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [3, 0]


def test_wyman_manderly_must_participate():
    state = joust({"in_play": [WYMAN, STEWARD]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 2]


# --- asots_12 Areo Hotah ---------------------------------------------------------------------


def _areo(deck: int, attackers=(HOST,)):
    state = joust(
        {"house": "Baratheon", "in_play": [HOST, KNIGHT]},
        {"house": "Martell", "in_play": [AREO, STEWARD, KNIGHT], "deck": [KNIGHT] * deck},
    )
    state = start(state, "power", [ref(state, 0, name) for name in attackers])
    return state, ref(state, 1, AREO)


def _areo_window(state, areo, defenders=None):
    """Play the Power challenge on (Areo defending) until the ``challenge_won`` window
    in which Areo is offered, or the challenge is over; returns it and whether he was."""
    for _ in range(40):
        step = head(state)
        if state.challenge is None:
            return state, False
        if step.get("trigger") == "challenge_won" and uses(state, 1, areo):
            return state, True
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [areo] if defenders is None else defenders)
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step.get("min", 0)])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def test_areo_hotah_discards_5_to_kill_a_participant():
    state, areo = _areo(6)
    state, offered = _areo_window(state, areo)
    assert offered
    host = ref(state, 0, HOST)
    state = use(state, 1, areo, host)
    assert host in state.players[0].dead
    assert len(state.players[1].discard) == 5 and len(state.players[1].deck) == 1


def test_areo_hotah_needs_5_cards_in_the_deck():
    state, areo = _areo(4)
    assert not _areo_window(state, areo)[1]


def test_areo_hotah_must_have_defended():
    state, areo = _areo(6)
    assert not _areo_window(state, areo, defenders=[ref(state, 1, KNIGHT)])[1]


def test_areo_hotah_only_after_losing_as_a_defender():
    state, areo = _areo(6, attackers=(KNIGHT,))  # Areo (3 STR) wins against the Knight
    assert not _areo_window(state, areo)[1]


# --- asots_14 Missandei ----------------------------------------------------------------------


def test_missandei_cannot_be_discarded_without_an_opposing_queen():
    state = joust({"house": "Targaryen", "in_play": [MISSANDEI]}, {})
    missandei = ref(state, 0, MISSANDEI)
    moves.discard(state, [missandei])
    run(state)
    assert missandei in state.in_play


def test_missandei_can_be_discarded_while_an_opponent_has_a_queen():
    state = joust({"house": "Targaryen", "in_play": [MISSANDEI]}, {"in_play": [QUEEN]})
    missandei = ref(state, 0, MISSANDEI)
    moves.discard(state, [missandei])
    run(state)
    state = settle(state)
    assert missandei in state.players[0].discard


# --- asots_15 Captain Groleo -----------------------------------------------------------------


def _groleo(attackers):
    state = joust(
        {"house": "Targaryen", "in_play": [GROLEO, HOST], "deck": [KNIGHT, ATTACHMENT]}, {}
    )
    state = start(state, "power", [ref(state, 0, name) for name in attackers])
    return state, ref(state, 0, GROLEO)


def test_captain_groleo_searches_for_an_attachment():
    state, groleo = _groleo([GROLEO, HOST])
    state = to_window(state, "challenge_won")
    state = use(state, 0, groleo)
    found = [r for r in state.players[0].deck if state.code(r) == ATTACHMENT]
    state = answer(state, "search", found)
    assert hand(state, 0, ATTACHMENT) and len(state.players[0].deck) == 1


def test_captain_groleo_needs_a_win_by_4():
    state, groleo = _groleo([GROLEO])  # 3 STR unopposed
    _state, offered = watch(state, 0, groleo, _won_over)
    assert not offered


# --- asots_17 Summer Sea Corsair -------------------------------------------------------------


def test_summer_sea_corsair_reveals_one_card_per_smuggler():
    state = joust(
        {"house": "Targaryen", "in_play": ["asots_8"], "deck": [KNIGHT, LOCATION, STEWARD]},
        {},
    )
    state.players[0].gold = 1
    corsair = shadow(state, 0, CORSAIR)
    state = until_seat(pass_windows(state), 0)
    state = use(state, 0, corsair)
    assert corsair in state.players[0].in_play
    assert head(state).get("trigger") == "came_out_of_shadows"
    state = use(state, 0, corsair)  # the response
    (revealed,) = events(state, "revealed")
    assert len(revealed["cards"]) == 2  # Corsair and Fleet from Lys are Smugglers
    assert head(state).get("purpose") == "to_hand"
    location = next(r for r in revealed["cards"] if state.code(r) == LOCATION)
    state = answer(state, "to_hand", [location])
    assert hand(state, 0, LOCATION) and len(state.players[0].deck) == 2
