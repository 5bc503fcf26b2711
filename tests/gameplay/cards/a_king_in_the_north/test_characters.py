"""A King in the North: the characters (a_king_in_the_north/characters.py), played through
legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, immune_to, strength
from tests.gameplay.cards.a_king_in_the_north.helpers import give_trait
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_until,
    ref,
    start,
    until_seat,
    use,
    uses,
)

OSHA = "dotn_81"
WATCHMAN = "dotn_83"
STANNIS = "dotn_85"
FLEET = "dotn_87"
HATCHLING = "dotn_89"
ESCORT = "dotn_91"
DEFENDERS = "dotn_93"
STEWARD_WATCH = "dotn_94"
VARAMYR = "dotn_96"
RAIDERS = "dotn_97"
VISERION = "core_112"  # Viserion (Targaryen, unique)
PUP = "core_19"  # Direwolf Pup: a Stark Creature, cost 1, no text to run
SHADOWCAT = "kotse_43"  # Shadowcat: a neutral Creature, cost 0
BASTARD = "kotst_19"  # Bastard in Hiding: a Baratheon [Noble] character without text
LIONS_WILL = "core_162"  # The Lion's Will: Any Phase, pay 2 gold to choose and kneel a character
RANGERS = "dotn_19"  # The Rangers: a The North agenda
FEALTY = "core_201"  # Fealty: an agenda without The North trait


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", **me}, {"house": "Lannister", **(them or {})}, phase="marshalling"
    )


# --- dotn_81 Osha ------------------------------------------------------------------------------


def test_dotn_81_osha_stands_to_leave_the_challenge():
    state = joust({"house": "Stark", "in_play": [OSHA, KNIGHT]}, {"in_play": [HOST]})
    osha, knight = ref(state, 0, OSHA), ref(state, 0, KNIGHT)
    state = start(state, "military", [osha, knight])
    assert state.in_play[osha].knelt
    state = until_seat(state, 0)
    state = use(state, 0, osha)
    assert not state.in_play[osha].knelt
    assert state.challenge["attackers"] == [knight]
    assert events(state, "removed_from_challenge")[-1]["cards"] == [osha]


def test_dotn_81_osha_must_participate_and_kneel_and_only_in_challenges():
    knelt = {"card": OSHA, "knelt": True}
    state = marshalling({"in_play": [knelt]})
    assert not uses(state, 0, ref(state, 0, OSHA))  # marshalling phase
    state = joust({"house": "Stark", "in_play": [knelt, KNIGHT]}, {"in_play": [HOST]})
    osha = ref(state, 0, OSHA)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    assert not uses(state, 0, osha)  # kneeling, but not in the challenge
    assert head(state)["purpose"] == "defenders"  # seat 0 had nothing to do after attackers
    state = joust({"house": "Stark", "in_play": [OSHA]}, {"in_play": [KNIGHT]})
    assert not uses(state, 0, ref(state, 0, OSHA))  # standing, no challenge


# --- dotn_83 Treacherous Watchman -------------------------------------------------------------


def test_dotn_83_treacherous_watchman_discards_a_lannister_character():
    state = joust(
        {"house": "Lannister", "gold": 5, "hand": [WATCHMAN], "in_play": [STEWARD, KNIGHT]},
        {"house": "Lannister", "in_play": ["Lannisport Steward", HOST]},
        phase="marshalling",
    )
    watchman = hand(state, 0, WATCHMAN)[0]
    state = act(state, 0, "marshal:play", [watchman])
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 0
    steward, their_steward = ref(state, 0, STEWARD), ref(state, 1, "Lannisport Steward")
    assert set(prompt["candidates"]) == {watchman, steward, their_steward}  # no Stark, no Army
    state = answer(state, "discard", [their_steward])
    assert their_steward in state.players[1].discard
    assert watchman in state.in_play and steward in state.in_play


def test_dotn_83_treacherous_watchman_may_have_to_discard_himself():
    state = joust(
        {"house": "Lannister", "gold": 5, "hand": [WATCHMAN], "in_play": [KNIGHT]},
        {"house": "Stark", "in_play": [HOST]},
        phase="marshalling",
    )
    watchman = hand(state, 0, WATCHMAN)[0]
    state = act(state, 0, "marshal:play", [watchman])
    assert watchman in state.players[0].discard  # the only Lannister character


# --- dotn_85 Stannis Baratheon -----------------------------------------------------------------


def test_dotn_85_stannis_gives_your_nights_watch_characters_1_str():
    state = joust({"house": "Baratheon", "in_play": [STANNIS, KNIGHT, HOST]}, {"in_play": [KNIGHT]})
    mine, other, theirs = ref(state, 0, KNIGHT), ref(state, 0, HOST), ref(state, 1, KNIGHT)
    give_trait(state, mine, "Night's Watch")
    give_trait(state, theirs, "Night's Watch")
    assert strength(state, mine) == 3
    assert strength(state, other) == 6  # not Night's Watch
    assert strength(state, theirs) == 2  # not yours
    assert strength(state, ref(state, 0, STANNIS)) == 3


# --- dotn_87 Raiding Fleet ---------------------------------------------------------------------


def test_dotn_87_raiding_fleet_discards_the_top_8_cards_of_each_opponents_deck():
    state = joust(
        {"house": "Greyjoy", "gold": 8, "hand": [FLEET]},
        {"deck": [KNIGHT] * 10},
        phase="marshalling",
    )
    fleet = hand(state, 0, FLEET)[0]
    state = act(state, 0, "marshal:play", [fleet])
    state = until_seat(state, 0)
    state = use(state, 0, fleet)
    assert len(state.players[1].deck) == 2 and len(state.players[1].discard) == 8


def test_dotn_87_raiding_fleet_answers_only_its_own_play():
    state = marshalling({"gold": 2, "hand": [KNIGHT], "in_play": [FLEET]}, {"deck": [KNIGHT] * 10})
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    assert not uses(state, 0, ref(state, 0, FLEET))
    assert len(state.players[1].deck) == 10


# --- dotn_89 White Hatchling -------------------------------------------------------------------


def test_dotn_89_white_hatchling_is_discarded_once_you_control_viserion():
    state = joust(
        {"house": "Targaryen", "gold": 4, "hand": [VISERION], "in_play": [HATCHLING]},
        {},
        phase="marshalling",
    )
    hatchling = ref(state, 0, HATCHLING)
    assert hatchling in state.in_play  # no Viserion yet
    state = act(state, 0, "marshal:play", [hand(state, 0, VISERION)[0]])
    assert hatchling in state.players[0].discard


def test_dotn_89_white_hatchling_stays_with_an_opponents_viserion():
    state = marshalling({"in_play": [HATCHLING]}, {"in_play": [VISERION]})
    assert ref(state, 0, HATCHLING) in state.in_play


def test_dotn_89_white_hatchling_gains_power_in_power_challenges_against_you():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "in_play": [HATCHLING]})
    hatchling = ref(state, 1, HATCHLING)
    assert icons(state, hatchling) == {"military"}
    state = start(state, "power", [ref(state, 0, HOST)])
    assert "power" in icons(state, hatchling)
    state = answer(state, "defenders", [hatchling])  # can defend the Power challenge
    assert events(state, "defenders")[-1]["cards"] == [hatchling]


def test_dotn_89_white_hatchling_gains_no_power_icon_in_other_challenges():
    state = joust({"in_play": [HOST]}, {"house": "Targaryen", "in_play": [HATCHLING]})
    hatchling = ref(state, 1, HATCHLING)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert icons(state, hatchling) == {"military"}  # not a Power challenge
    state = joust({"house": "Targaryen", "in_play": [HATCHLING, HOST]}, {"in_play": [KNIGHT]})
    hatchling = ref(state, 0, HATCHLING)
    state = start(state, "power", [ref(state, 0, HOST)])
    assert icons(state, hatchling) == {"military"}  # initiated by you, not against you


# --- dotn_91 Formal Escort ---------------------------------------------------------------------


def test_dotn_91_formal_escort_makes_your_noble_characters_immune_to_opponents_events():
    state = joust(
        {"house": "Lannister", "gold": 2, "hand": [LIONS_WILL]},
        {"house": "Martell", "in_play": [ESCORT, BASTARD, KNIGHT]},
    )
    bastard, knight = ref(state, 1, BASTARD), ref(state, 1, KNIGHT)
    targets = {a.cards[1] for a in uses(state, 0, hand(state, 0, LIONS_WILL)[0])}
    assert bastard not in targets and knight in targets  # the Knight is not Noble
    assert not immune_to(state, bastard, "event", 1)  # its controller's own events
    assert not immune_to(state, bastard, "character", 0)  # only events


def test_dotn_91_formal_escort_protects_only_its_controllers_noble_characters():
    state = joust(
        {"house": "Lannister", "gold": 2, "hand": [LIONS_WILL], "in_play": [ESCORT]},
        {"house": "Martell", "in_play": [BASTARD]},
    )
    bastard = ref(state, 1, BASTARD)
    targets = {a.cards[1] for a in uses(state, 0, hand(state, 0, LIONS_WILL)[0])}
    assert bastard in targets  # the Escort is the event player's, not the Bastard's


# --- dotn_93 Defenders of the North ------------------------------------------------------------


def _defenders_cost(agenda: str) -> list:
    state = agenda_position(
        [{"gold": 6, "hand": [DEFENDERS]}, {}], {0: agenda}, phase="marshalling"
    )
    return marshals(state, 0, hand(state, 0, DEFENDERS)[0])


def test_dotn_93_defenders_of_the_north_cost_1_less_with_a_the_north_agenda():
    assert _defenders_cost(RANGERS)  # 7 - 1 = 6 gold


def test_dotn_93_defenders_of_the_north_cost_7_without_one():
    assert not _defenders_cost(FEALTY)


# --- dotn_94 Steward of the Watch --------------------------------------------------------------


def test_dotn_94_steward_of_the_watch_makes_each_opponent_discard_a_card_of_their_choice():
    state = marshalling({"gold": 2, "hand": [STEWARD_WATCH]}, {"hand": [KNIGHT, HOST]})
    steward = hand(state, 0, STEWARD_WATCH)[0]
    state = act(state, 0, "marshal:play", [steward])
    state = until_seat(state, 0)
    state = use(state, 0, steward)
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 1
    host = hand(state, 1, HOST)[0]
    state = answer(state, "discard", [host])
    assert state.players[1].discard == [host] and len(state.players[1].hand) == 1


def test_dotn_94_steward_of_the_watch_answers_only_its_own_play():
    state = marshalling(
        {"gold": 2, "hand": [KNIGHT], "in_play": [STEWARD_WATCH]}, {"hand": [KNIGHT]}
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    assert not uses(state, 0, ref(state, 0, STEWARD_WATCH))
    assert len(state.players[1].hand) == 1


# --- dotn_96 Varamyr Sixskins ------------------------------------------------------------------


def test_dotn_96_varamyr_puts_a_creature_into_play_and_returns_to_hand():
    state = marshalling({"in_play": [VARAMYR], "hand": [PUP, KNIGHT]})
    varamyr, pup = ref(state, 0, VARAMYR), hand(state, 0, PUP)[0]
    assert {a.cards[1] for a in uses(state, 0, varamyr)} == {pup}  # a Creature only
    state = use(state, 0, varamyr, pup)
    assert pup in state.in_play and varamyr in state.players[0].hand
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert pup in state.players[0].discard  # at the end of the phase


def test_dotn_96_varamyr_needs_a_creature_you_could_put_into_play():
    state = marshalling({"in_play": [VARAMYR, VISERION], "hand": [VISERION, KNIGHT]})
    assert not uses(state, 0, ref(state, 0, VARAMYR))  # a second Viserion: unique


# --- dotn_97 Rattleshirt's Raiders -------------------------------------------------------------


def test_dotn_97_rattleshirts_raiders_are_discarded_if_they_did_not_attack():
    state = joust({"in_play": [RAIDERS, KNIGHT]}, {"in_play": [STEWARD]})
    raiders = ref(state, 0, RAIDERS)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = pass_until(state, lambda s: s.phase != "challenges", limit=80)
    assert raiders in state.players[0].discard


def test_dotn_97_rattleshirts_raiders_stay_after_attacking():
    state = joust({"in_play": [RAIDERS]}, {"in_play": [STEWARD]})
    raiders = ref(state, 0, RAIDERS)
    state = start(state, "power", [raiders])
    state = pass_until(state, lambda s: s.phase != "challenges", limit=80)
    assert raiders in state.in_play
