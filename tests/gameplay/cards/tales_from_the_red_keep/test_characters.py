"""Tales from the Red Keep: the characters (tales_from_the_red_keep/cards.py), played through
legal actions: "kl_61" Sansa Stark, "kl_62" Ser Dontos Hollard, "kl_64" Joffrey Baratheon,
"kl_69" Distinguished Boatswain, "kl_73" Daemon Blackfyre, "kl_75" The Red Viper, "kl_77"
Syrio Forel."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import characters, crests, keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    act,
    agenda_position,
    answer,
    head,
    joust,
    pass_windows,
    ref,
    shadow,
    start,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)


def until_defenders(state):
    """Pass until the defending seat declares defenders."""
    for _ in range(20):
        if head(state).get("purpose") == "defenders":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(head(state))


def can_use_in_window(state, seat, source, trigger, limit=40):
    """Whether ``seat`` may use ``source`` in a ``trigger`` window before the windows at
    hand run out (each seat passes until then)."""
    for _ in range(limit):
        step = head(state)
        if step.get("name") != "window":
            return False
        here = step.get("trigger") == trigger and seat in waiting_seats(state)
        if here and uses(state, seat, source):
            return True
        state = act(state, waiting_seats(state)[0], "pass")
    return False


def until_resolved(state):
    """Pass until the challenge at hand has resolved."""
    for _ in range(30):
        if state.challenge is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(head(state))


SANSA = "kl_61"
DONTOS = "kl_62"
JOFFREY = "kl_64"
BOATSWAIN = "kl_69"
DAEMON = "kl_73"
VIPER = "kl_75"
SYRIO = "kl_77"
KNIGHT = "Knight of the Tumblestone"
PUP = "Direwolf Pup"
BEN = "Brown Ben Plumm"
STEWARD = "Lannisport Steward"
HOST = "War Host of the North"


# --- kl_61 Sansa Stark --------------------------------------------------------------------


def test_sansa_stark_gets_strength_a_noble_crest_and_renown_while_shadows_are_empty():
    state = joust({"house": "Stark", "in_play": [SANSA]}, {"house": "Lannister"})
    sansa = ref(state, 0, SANSA)
    assert strength(state, sansa) == 4
    assert "noble" in crests(state, sansa) and "renown" in keywords(state, sansa)
    state = until_resolved(start(state, "power", [sansa]))
    assert state.in_play[sansa].power == 1  # Renown


def test_sansa_stark_gains_no_renown_while_a_card_is_in_shadows():
    state = joust({"house": "Stark", "in_play": [SANSA]}, {"house": "Lannister"})
    sansa = ref(state, 0, SANSA)
    shadow(state, 0, SYRIO)
    state = until_resolved(start(state, "power", [sansa]))
    assert state.in_play[sansa].power == 0


def test_sansa_stark_loses_it_all_once_any_player_has_a_card_in_shadows():
    state = joust({"house": "Stark", "in_play": [SANSA]}, {"house": "Lannister"})
    sansa = ref(state, 0, SANSA)
    shadow(state, 1, SYRIO)  # an opponent's Shadows count too
    assert strength(state, sansa) == 2
    assert "noble" not in crests(state, sansa) and "renown" not in keywords(state, sansa)


# --- kl_62 Ser Dontos Hollard -------------------------------------------------------------


def _dontos_position(knelt: bool = True):
    return joust(
        {"house": "Stark", "in_play": [{"card": DONTOS, "knelt": knelt}, SANSA, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )


def test_ser_dontos_stands_to_save_a_lady_from_being_killed():
    state = _dontos_position()
    dontos, sansa = ref(state, 0, DONTOS), ref(state, 0, SANSA)
    moves.kill(state, [sansa])
    state = until_seat(until_window(state, "would_be_killed"), 0)
    assert {a.cards[1:] for a in uses(state, 0, dontos)} == {(sansa,)}
    state = use(state, 0, dontos, sansa)
    assert not state.in_play[dontos].knelt and sansa in state.in_play


def test_ser_dontos_saves_a_lady_from_being_discarded_from_play_but_not_other_characters():
    state = _dontos_position()
    dontos, sansa, knight = ref(state, 0, DONTOS), ref(state, 0, SANSA), ref(state, 0, KNIGHT)
    moves.discard(state, [sansa, knight])
    state = until_seat(until_window(state, "would_be_discarded"), 0)
    assert {a.cards[1:] for a in uses(state, 0, dontos)} == {(sansa,)}  # a Knight is no Lady
    state = use(state, 0, dontos, sansa)
    assert sansa in state.in_play and knight not in state.in_play


def test_ser_dontos_must_be_knelt_to_stand_for_the_save():
    state = _dontos_position(knelt=False)
    dontos, sansa = ref(state, 0, DONTOS), ref(state, 0, SANSA)
    moves.kill(state, [sansa])
    assert not can_use_in_window(state, 0, dontos, "would_be_killed")


# --- kl_64 Joffrey Baratheon --------------------------------------------------------------


def _joffrey_position(knelt: bool = True, gold: int = 1):
    return joust(
        {
            "house": "Lannister",
            "in_play": [{"card": JOFFREY, "knelt": knelt}, KNIGHT],
            "gold": gold,
        },
        {"house": "Stark", "in_play": [PUP]},
    )


def test_joffrey_pays_a_gold_to_stand_and_claims_a_power_when_an_opponents_character_kneels():
    state = _joffrey_position()
    joffrey, knight, pup = ref(state, 0, JOFFREY), ref(state, 0, KNIGHT), ref(state, 1, PUP)
    state = start(state, "military", [knight])
    state = until_defenders(state)
    state = answer(state, "defenders", [pup])
    state = until_seat(until_window(state, "knelt"), 0)
    state = use(state, 0, joffrey)
    assert not state.in_play[joffrey].knelt and state.in_play[joffrey].power == 1
    assert state.players[0].gold == 0


def test_joffrey_ignores_his_own_side_kneeling():
    state = _joffrey_position()
    joffrey, knight = ref(state, 0, JOFFREY), ref(state, 0, KNIGHT)
    state = start(state, "military", [knight])  # my own attacker kneels
    assert not can_use_in_window(state, 0, joffrey, "knelt")


def _opponent_defends(state):
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = until_defenders(state)
    return answer(state, "defenders", [ref(state, 1, PUP)])


def test_joffrey_must_be_knelt_to_stand():
    state = _opponent_defends(_joffrey_position(knelt=False))
    assert not can_use_in_window(state, 0, ref(state, 0, JOFFREY), "knelt")


def test_joffrey_needs_a_gold_to_pay():
    state = _opponent_defends(_joffrey_position(gold=0))
    assert not can_use_in_window(state, 0, ref(state, 0, JOFFREY), "knelt")


# --- kl_69 Distinguished Boatswain --------------------------------------------------------


def test_distinguished_boatswain_loses_two_strength_per_card_in_any_shadows():
    state = joust({"house": "Greyjoy", "in_play": [BOATSWAIN]}, {"house": "Stark"})
    boatswain = ref(state, 0, BOATSWAIN)
    assert strength(state, boatswain) == 4
    shadow(state, 0, SYRIO)
    assert strength(state, boatswain) == 2
    shadow(state, 1, SYRIO)
    assert strength(state, boatswain) == 0


# --- kl_73 Daemon Blackfyre ---------------------------------------------------------------


def test_daemon_blackfyre_gives_a_war_crest_to_house_targaryen_characters_you_control():
    state = joust(
        {"house": "Targaryen", "in_play": [DAEMON, BEN, STEWARD]},
        {"house": "Targaryen", "in_play": [BEN]},
    )
    assert "war" in crests(state, ref(state, 0, DAEMON))
    assert "war" in crests(state, ref(state, 0, BEN))
    assert "war" not in crests(state, ref(state, 0, STEWARD))  # House Lannister
    assert "war" not in crests(state, ref(state, 1, BEN))  # not yours


# --- kl_75 The Red Viper ------------------------------------------------------------------


def _viper_dies(agendas=None):
    players = [
        {"house": "Martell", "in_play": [VIPER, KNIGHT]},
        {"house": "Stark", "in_play": [PUP]},
    ]
    state = agenda_position(players, agendas or {})
    viper = ref(state, 0, VIPER)
    moves.kill(state, [viper])
    return state, viper


def test_the_red_viper_kills_all_characters_when_killed_without_an_agenda():
    state, viper = _viper_dies()
    state = use(until_seat(until_window(state, "killed"), 0), 0, viper)
    state = pass_windows(state)
    assert characters(state) == []


def test_the_red_viper_has_nothing_while_his_owner_runs_an_agenda():
    state, viper = _viper_dies({0: "kl_79"})  # The White Book
    assert not can_use_in_window(state, 0, viper, "killed")


# --- kl_77 Syrio Forel --------------------------------------------------------------------


def test_syrio_forel_goes_into_shadows_after_winning_a_challenge_he_took_part_in():
    state = joust({"house": "Stark", "in_play": [SYRIO]}, {"house": "Lannister"})
    syrio = ref(state, 0, SYRIO)
    state = start(state, "military", [syrio])
    state = until_window(state, "challenge_won")
    state = use(state, 0, syrio)
    assert syrio in state.players[0].shadows and syrio not in state.in_play
    assert not [a for a in legal_actions(state, 0) if a.choice == "shadow"]  # not this round


def test_syrio_forel_stays_when_he_did_not_participate():
    state = joust({"house": "Stark", "in_play": [SYRIO, KNIGHT]}, {"house": "Lannister"})
    syrio, knight = ref(state, 0, SYRIO), ref(state, 0, KNIGHT)
    state = start(state, "military", [knight])
    assert not can_use_in_window(state, 0, syrio, "challenge_won")
    assert syrio in state.in_play and not state.players[0].shadows


def test_syrio_forel_stays_when_he_lost_the_challenge():
    state = joust({"house": "Stark", "in_play": [SYRIO]}, {"house": "Lannister", "in_play": [HOST]})
    syrio = ref(state, 0, SYRIO)
    state = until_defenders(start(state, "military", [syrio]))
    state = answer(state, "defenders", [ref(state, 1, HOST)])
    assert not can_use_in_window(state, 0, syrio, "challenge_won")
