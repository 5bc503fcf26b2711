"""The Horn that Wakes characters (gameplay/engine/cards/the_horn_that_wakes/characters.py).

Fillers: Host of Storm's End (Baratheon Army, 6 STR), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (Lannister Ally, 2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import icons, strength
from gameplay.engine.cards.vocabulary import naval_icons
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.rules import can_defend
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    SUMMER,
    WINTER,
    act,
    challenge_without,
    choose,
    defend,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    ref,
    start,
    to_window,
    until_seat,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

STANNIS = "kr_62"
GORMOND = "kr_64"
RAIDERS = "kr_65"
PLUNDER = "kr_66"
JANOS = "kr_67"
CONSPIRATOR = "kr_68"
SECRET_ORDERS = "kr_69"
PARAMOUR = "kr_70"
SPEARMAN = "kr_71"
HERMITAGE = "kr_72"
JON = "kr_73"
YOREN = "kr_74"
ENVOY = "kr_77"
YGRITTE = "kr_78"


def _window(state):
    run(state)
    return settle(state)


# --- kr_62 Stannis Baratheon ---------------------------------------------------------------


def test_stannis_gets_1_str_only_in_winter():
    state = joust({"house": "Baratheon", "in_play": [STANNIS, WINTER]}, {})
    assert strength(state, ref(state, 0, STANNIS)) == 4
    state = joust({"house": "Baratheon", "in_play": [STANNIS]}, {})
    assert strength(state, ref(state, 0, STANNIS)) == 3


def test_stannis_gives_a_character_without_power_1_power_after_you_play_an_event():
    me = {"house": "Baratheon", "in_play": [STANNIS, WINTER, {"card": KNIGHT, "power": 1}]}
    state = joust({**me, "hand": [PLUNDER]}, {"in_play": [STEWARD]})
    stannis, steward = ref(state, 0, STANNIS), ref(state, 1, STEWARD)
    state = use(state, 0, hand(state, 0, PLUNDER)[0])
    state = until_seat(state, 0)
    offered = {a.cards[1] for a in uses(state, 0, stannis)}
    assert ref(state, 0, KNIGHT) not in offered and steward in offered  # a powerless one
    state = use(state, 0, stannis, steward)
    assert state.in_play[steward].power == 1


def test_stannis_has_no_response_unless_it_is_winter():
    me = {"house": "Baratheon", "in_play": [STANNIS], "hand": [PLUNDER]}
    state = joust(me, {"in_play": [STEWARD]})
    stannis = ref(state, 0, STANNIS)
    state = use(state, 0, hand(state, 0, PLUNDER)[0])
    assert not uses(state, 0, stannis)


# --- kr_64 Gormond Goodbrother -------------------------------------------------------------


def _gormond(knelt=False):
    gormond = {"card": GORMOND, "knelt": knelt}
    me = {"house": "Greyjoy", "in_play": [gormond, "Great Keep", KNIGHT]}
    return joust(me, {"in_play": ["Great Keep"]})


def test_gormond_kneels_to_save_a_location_you_control_from_being_discarded():
    state = _gormond()
    gormond, location = ref(state, 0, GORMOND), ref(state, 0, "Great Keep")
    moves.discard(state, [location])
    state = until_seat(_window(state), 0)
    (action,) = [a for a in uses(state, 0, gormond) if a.cards[1:] == (location,)]
    state = engine_apply(state, action)  # not settled: the round would run on
    assert state.in_play[gormond].knelt and location in state.in_play


def test_gormond_saves_only_your_locations_and_only_standing():
    state = _gormond()
    gormond, theirs = ref(state, 0, GORMOND), ref(state, 1, "Great Keep")
    moves.discard(state, [theirs])
    state = _window(state)
    assert theirs not in state.in_play and not uses(state, 0, gormond)
    state = _gormond(knelt=True)
    gormond, location = ref(state, 0, GORMOND), ref(state, 0, "Great Keep")
    moves.discard(state, [location])
    state = _window(state)
    assert location not in state.in_play


# --- kr_65 Hammerhorn Raiders --------------------------------------------------------------


def _power_claimed(attackers, defenders):
    me = {"house": "Greyjoy", "in_play": [RAIDERS, KNIGHT]}
    state = joust(me, {"power": 5, "in_play": [KNIGHT, KNIGHT]})
    mine = {"raiders": ref(state, 0, RAIDERS), "knight": ref(state, 0, KNIGHT)}
    theirs = [ref(state, 1, KNIGHT, i) for i in range(defenders)]
    state = start(state, "power", [mine[a] for a in attackers])
    state = defend(state, theirs)
    state = finish_challenge(state)
    return 5 - state.players[1].power


def test_hammerhorn_raiders_raise_claim_when_winning_with_twice_the_str():
    assert _power_claimed(["raiders"], 1) == 2  # 4 against 2
    assert _power_claimed(["raiders", "knight"], 1) == 2  # 6 against 2


def test_hammerhorn_raiders_only_with_twice_the_str_and_while_attacking():
    assert _power_claimed(["raiders"], 2) == 1  # 4 against 4
    assert _power_claimed(["knight"], 0) == 1  # Raiders not attacking


# --- kr_67 Janos Slynt ---------------------------------------------------------------------


def _janos(knelt=True):
    janos = {"card": JANOS, "knelt": knelt}
    me = {"house": "Lannister", "in_play": [janos, KNIGHT], "deck": [KNIGHT]}
    return joust(me, {"hand": [KNIGHT, KNIGHT]})


def test_janos_slynt_stands_to_draw_after_a_discard_from_an_opponents_hand():
    state = _janos()
    janos = ref(state, 0, JANOS)
    moves.discard_from_hand(state, 1, state.players[1].hand[:1])
    state = until_seat(_window(state), 0)
    (action,) = uses(state, 0, janos)
    state = engine_apply(state, action)
    assert not state.in_play[janos].knelt and len(state.players[0].hand) == 1


def test_janos_slynt_needs_to_kneel_and_an_opponents_discard():
    state = _janos(knelt=False)
    janos = ref(state, 0, JANOS)
    moves.discard_from_hand(state, 1, state.players[1].hand[:1])
    state = _window(state)
    assert not uses(state, 0, janos) and not state.players[0].hand
    janos = {"card": JANOS, "knelt": True}
    me = {"house": "Lannister", "in_play": [janos, KNIGHT], "hand": [KNIGHT]}
    state = joust({**me, "deck": [KNIGHT]}, {})
    moves.discard_from_hand(state, 0, state.players[0].hand[:1])  # my own discard
    state = _window(state)
    assert not uses(state, 0, ref(state, 0, JANOS))


# --- kr_68 Janos's Conspirator -------------------------------------------------------------


def _conspirator(others):
    me = {"house": "Lannister", "gold": 5, "hand": [CONSPIRATOR], "in_play": others}
    return joust(me, {"in_play": [HOST]}, phase="marshalling")


def test_janoss_conspirator_kneels_a_character_with_a_nights_watch_character_in_play():
    state = _conspirator([YOREN])
    conspirator = hand(state, 0, CONSPIRATOR)[0]
    state = act(state, 0, "marshal:play", [conspirator])
    state = until_seat(state, 0)
    host = ref(state, 1, HOST)
    state = use(state, 0, conspirator, host)
    assert state.in_play[host].knelt


def test_janoss_conspirator_needs_another_nights_watch_or_a_wildling():
    state = _conspirator([KNIGHT])
    conspirator = hand(state, 0, CONSPIRATOR)[0]
    state = act(state, 0, "marshal:play", [conspirator])
    assert not uses(state, 0, conspirator)
    state = _conspirator([YGRITTE])  # a Wildling
    conspirator = hand(state, 0, CONSPIRATOR)[0]
    state = act(state, 0, "marshal:play", [conspirator])
    state = until_seat(state, 0)
    assert uses(state, 0, conspirator)


# --- kr_70 Viper's Paramour ----------------------------------------------------------------


def test_vipers_paramour_keeps_ally_characters_from_defending():
    state = joust({"house": "Martell", "in_play": [PARAMOUR, STEWARD]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, PARAMOUR)])
    (resolved,) = events(state, "challenge_resolved")  # unopposed: nobody could defend
    assert resolved["strength"] == [1, 0] and resolved["winner"] == 0


def test_vipers_paramour_only_while_attacking():
    state = joust({"house": "Martell", "in_play": [PARAMOUR, STEWARD]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])  # she does not attack
    assert can_defend(state, 1, "intrigue", []) == [ref(state, 1, STEWARD)]


# --- kr_71 Dayne Spearman ------------------------------------------------------------------


def test_dayne_spearman_goes_into_shadows_to_take_3_icons_after_you_lose():
    state = joust({"house": "Martell", "in_play": [SPEARMAN]}, {"in_play": [HOST]})
    spearman, host = ref(state, 0, SPEARMAN), ref(state, 1, HOST)
    state = start(state, "military", [spearman])
    state = to_window(state, "challenge_won", [host])
    (action,) = [a for a in uses(state, 0, spearman) if a.cards[1:] == (host,)]
    state = engine_apply(state, action)
    assert spearman in state.players[0].shadows
    while icons(state, host) and head(state).get("name") == "window":  # a cancel's window
        state = engine_apply(state, f"p{waiting_seats(state)[0]}:pass")  # not settled
    assert icons(state, host) == set()


def test_dayne_spearman_only_after_you_lose():
    state = joust({"house": "Martell", "in_play": [SPEARMAN]}, {"in_play": [STEWARD]})
    spearman = ref(state, 0, SPEARMAN)
    challenge_without(state, "military", [spearman], 0, spearman)  # won unopposed


# --- kr_73 Jon Snow ------------------------------------------------------------------------


def test_jon_snow_gives_your_wildlings_str_and_your_nights_watch_immunity_to_events():
    me = {"house": "Stark", "in_play": [JON, YGRITTE, YOREN], "hand": [SECRET_ORDERS]}
    state = joust(me, {"in_play": [YGRITTE]})
    assert strength(state, ref(state, 0, JON)) == 3
    assert strength(state, ref(state, 0, YGRITTE)) == 3
    assert strength(state, ref(state, 1, YGRITTE)) == 2  # not theirs
    assert strength(state, ref(state, 0, YOREN)) == 2  # not a Wildling
    targets = {a.cards[1] for a in uses(state, 0, hand(state, 0, SECRET_ORDERS)[0])}
    assert ref(state, 0, YOREN) not in targets and ref(state, 0, JON) not in targets
    assert ref(state, 0, YGRITTE) in targets and ref(state, 1, YGRITTE) in targets


# --- kr_74 Yoren ---------------------------------------------------------------------------


def test_yoren_defends_intrigue_challenges_even_while_kneeling():
    them = {"in_play": [{"card": YOREN, "knelt": True}]}
    state = joust({"house": "Lannister", "in_play": [STEWARD]}, them)
    yoren = ref(state, 1, YOREN)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert can_defend(state, 1, "intrigue", []) == [yoren]
    state = defend(state, [yoren])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 2]  # Yoren defended


def test_yoren_not_in_summer_nor_in_other_challenges_while_kneeling():
    them = {"in_play": [{"card": YOREN, "knelt": True}, SUMMER]}
    state = joust({"house": "Lannister", "in_play": [STEWARD]}, them)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    assert ref(state, 1, YOREN) not in can_defend(state, 1, "intrigue", [])
    them = {"in_play": [{"card": YOREN, "knelt": True}]}
    state = joust({"house": "Lannister", "in_play": [KNIGHT]}, them)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert can_defend(state, 1, "military", []) == []


# --- kr_77 Eastwatch Envoy -----------------------------------------------------------------


def test_eastwatch_envoy_gains_a_naval_enhancement_with_each_icon_it_gains():
    me = {"house": "Martell", "in_play": [ENVOY, HERMITAGE], "hand": [KNIGHT]}
    state = joust(me, {})
    envoy = ref(state, 0, ENVOY)
    assert naval_icons(state, envoy) == {"power"}
    state = use(state, 0, ref(state, 0, HERMITAGE), envoy)
    assert not state.players[0].hand  # the only other card of the hand: the cost
    state = choose(state, "intrigue")
    assert naval_icons(state, envoy) == {"power", "intrigue"}
