"""A Poisoned Spear Warhorses (gameplay/engine/cards/a_poisoned_spear/warhorses.py): each
replaces the claim of a won challenge of its type in which its host attacked alone; each is
restricted to a character of its House.

Fillers: Knight of the Tumblestone (Stark, military and power), Lannisport Steward
(Lannister, intrigue), Old Red Priest (Baratheon, every icon), Ironborn Marauder (Greyjoy,
military and power), House Dayne Knight (Martell, military and intrigue), Pentoshi
Guildmaster (Targaryen, every icon), Direwolf Pup (a Stark character), Crossroads (a
location)."""

from __future__ import annotations

from gameplay.engine.rules import attachment_targets
from tests.gameplay.cards.a_poisoned_spear.helpers import card, pile, to_claim, until_not
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    answer,
    choose,
    hand,
    head,
    joust,
    ref,
    start,
)

PUP = "Direwolf Pup"
PRIEST = "core_84"
MARAUDER = "asots_24"
DAYNE = "pots_11"
PENTOSHI = "core_124"
CROSSROADS = "core_138"
CLAIMS = ("claim_military", "claim_kill")


def _alone(house, host, horse, ctype, them, extra=(), me=None):
    """Seat 0 (``house``) attacks seat 1 in a ``ctype`` challenge with ``host`` carrying
    ``horse`` (and ``extra`` attackers)."""
    state = joust(
        {"house": house, "in_play": [{"card": host, "attachments": [horse]}, *extra], **(me or {})},
        them,
    )
    attackers = [ref(state, 0, host)] + [ref(state, 0, e) for e in extra]
    return start(state, ctype, attackers)


def _knelt(card):
    return {"card": card, "knelt": True}


# --- atoc_102 Northern Courser -----------------------------------------------------------


def test_northern_courser_kills_a_character_instead_of_the_military_claim():
    state = _alone(
        "Stark", KNIGHT, "atoc_102", "military", {"in_play": [_knelt(PUP), _knelt(STEWARD)]}
    )
    pup = ref(state, 1, PUP)
    state = to_claim(state, ("kill", *CLAIMS))
    assert head(state)["purpose"] == "kill" and head(state)["seat"] == 0
    state = answer(state, "kill", [pup])
    assert pup in state.players[1].dead


def test_northern_courser_not_when_the_host_has_company_or_in_another_challenge():
    them = {"in_play": [_knelt(PUP), _knelt(STEWARD)]}
    state = _alone("Stark", KNIGHT, "atoc_102", "military", them, extra=[PUP])
    assert head(to_claim(state, ("kill", *CLAIMS)))["purpose"] in CLAIMS  # normal claim
    state = _alone("Stark", KNIGHT, "atoc_102", "power", {"in_play": [_knelt(PUP)]})
    assert to_claim(state, ("kill", *CLAIMS)).challenge is None  # power claim, no kill


def test_northern_courser_stark_character_only():
    state = joust({"house": "Stark", "in_play": [KNIGHT, STEWARD]}, {})
    targets = attachment_targets(state, card("atoc_102"), 0)
    assert ref(state, 0, KNIGHT) in targets and ref(state, 0, STEWARD) not in targets


# --- atoc_104 Andal Charger --------------------------------------------------------------


def test_andal_charger_returns_a_card_from_the_hand_to_the_bottom_of_the_deck():
    them = {"in_play": [_knelt(PUP)], "hand": [KNIGHT, STEWARD], "deck": [PUP, PUP]}
    state = _alone("Lannister", STEWARD, "atoc_104", "intrigue", them)
    state = to_claim(state, ("return_to_deck",))
    assert head(state)["purpose"] == "return_to_deck" and head(state)["seat"] == 0
    knight = pile(state, 1, "hand", KNIGHT)
    state = answer(state, "return_to_deck", [knight])
    state = choose(state, "bottom")
    assert state.players[1].deck[-1] == knight and len(state.players[1].hand) == 1


def test_andal_charger_top_of_deck_and_not_in_a_power_challenge():
    them = {"in_play": [_knelt(PUP)], "hand": [KNIGHT], "deck": [PUP, PUP]}
    state = _alone("Lannister", STEWARD, "atoc_104", "intrigue", them)
    state = to_claim(state, ("return_to_deck",))
    knight = pile(state, 1, "hand", KNIGHT)
    state = choose(until_not(state, ("return_to_deck",)), "top")
    assert state.players[1].deck[0] == knight
    state = _alone("Lannister", PRIEST, "atoc_104", "power", them, me={"house": "Lannister"})
    assert to_claim(state, ("return_to_deck",)).challenge is None


def test_andal_charger_lannister_character_only():
    state = joust({"house": "Lannister", "in_play": [KNIGHT, STEWARD]}, {})
    targets = attachment_targets(state, card("atoc_104"), 0)
    assert ref(state, 0, STEWARD) in targets and ref(state, 0, KNIGHT) not in targets


# --- atoc_106 Highgarden Destrier --------------------------------------------------------


def test_highgarden_destrier_returns_a_character_from_the_discard_pile():
    me = {"discard": [KNIGHT, CROSSROADS]}
    state = _alone("Baratheon", PRIEST, "atoc_106", "power", {"in_play": [_knelt(PUP)]}, me=me)
    state = to_claim(state, ("return_to_hand",))
    state = until_not(state, ("return_to_hand",))  # the Knight, the only character
    assert hand(state, 0, KNIGHT) and len(state.players[0].discard) == 1


def test_highgarden_destrier_not_in_a_military_challenge_nor_on_another_house():
    me = {"discard": [KNIGHT]}
    them = {"in_play": [_knelt(PUP), _knelt(STEWARD)]}
    state = _alone("Baratheon", PRIEST, "atoc_106", "military", them, me=me)
    assert head(to_claim(state, ("return_to_hand", *CLAIMS)))["purpose"] in CLAIMS
    state = joust({"house": "Baratheon", "in_play": [KNIGHT, PRIEST]}, {})
    targets = attachment_targets(state, card("atoc_106"), 0)
    assert ref(state, 0, PRIEST) in targets and ref(state, 0, KNIGHT) not in targets


# --- atoc_109 Isle Garron ----------------------------------------------------------------


def test_isle_garron_puts_a_location_from_the_losers_discard_pile_into_play():
    them = {"in_play": [_knelt(PUP)], "discard": [CROSSROADS, KNIGHT]}
    state = _alone("Greyjoy", MARAUDER, "atoc_109", "military", them)
    state = until_not(to_claim(state, ("put_into_play", *CLAIMS)), ("put_into_play",))
    crossroads = ref(state, 0, CROSSROADS)  # the only location in that pile
    assert state.cards[crossroads].owner == 1 and state.in_play[crossroads].controller == 0


def test_isle_garron_not_in_an_intrigue_challenge_nor_on_another_house():
    them = {"in_play": [_knelt(PUP)], "discard": [CROSSROADS], "hand": [KNIGHT]}
    state = _alone("Greyjoy", MARAUDER, "atoc_109", "power", them)
    crossroads = pile(state, 1, "discard", CROSSROADS)
    assert to_claim(state, ("put_into_play",)).challenge is None
    assert crossroads in state.players[1].discard
    state = joust({"house": "Greyjoy", "in_play": [KNIGHT, MARAUDER]}, {})
    targets = attachment_targets(state, card("atoc_109"), 0)
    assert ref(state, 0, MARAUDER) in targets and ref(state, 0, KNIGHT) not in targets


# --- atoc_112 Dothraki Stallion ----------------------------------------------------------


def test_dothraki_stallion_returns_the_top_card_of_the_discard_pile():
    me = {"discard": [KNIGHT, CROSSROADS]}
    state = _alone("Targaryen", PENTOSHI, "atoc_112", "power", {"in_play": [_knelt(PUP)]}, me=me)
    state = to_claim(state, ("never",))
    assert hand(state, 0, CROSSROADS) and pile(state, 0, "discard", KNIGHT)
    assert state.players[1].power == 0  # the power claim was replaced


def test_dothraki_stallion_not_with_company_nor_on_another_house():
    me = {"discard": [CROSSROADS]}
    state = _alone(
        "Targaryen",
        PENTOSHI,
        "atoc_112",
        "power",
        {"in_play": [_knelt(PUP)]},
        extra=[KNIGHT],
        me=me,
    )
    crossroads = pile(state, 0, "discard", CROSSROADS)
    state = to_claim(state, ("never",))
    assert crossroads in state.players[0].discard
    state = joust({"house": "Targaryen", "in_play": [KNIGHT, PENTOSHI]}, {})
    targets = attachment_targets(state, card("atoc_112"), 0)
    assert ref(state, 0, PENTOSHI) in targets and ref(state, 0, KNIGHT) not in targets


# --- atoc_114 Rhoynish Steed -------------------------------------------------------------


def test_rhoynish_steed_returns_a_losing_character_to_its_owners_hand():
    them = {"in_play": [_knelt(PUP)], "hand": [KNIGHT]}
    state = _alone("Martell", DAYNE, "atoc_114", "intrigue", them)
    state = until_not(to_claim(state, ("return_to_hand",)), ("return_to_hand",))
    assert hand(state, 1, PUP) and not state.players[1].in_play and len(state.players[1].hand) == 2


def test_rhoynish_steed_not_in_a_military_challenge_nor_on_another_house():
    them = {"in_play": [_knelt(PUP), _knelt(STEWARD)]}
    state = _alone("Martell", DAYNE, "atoc_114", "military", them)
    assert head(to_claim(state, ("return_to_hand", *CLAIMS)))["purpose"] in CLAIMS
    state = joust({"house": "Martell", "in_play": [KNIGHT, DAYNE]}, {})
    targets = attachment_targets(state, card("atoc_114"), 0)
    assert ref(state, 0, DAYNE) in targets and ref(state, 0, KNIGHT) not in targets
