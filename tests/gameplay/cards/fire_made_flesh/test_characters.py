"""Fire Made Flesh characters and attachments
(gameplay/engine/cards/fire_made_flesh/characters.py).

Fillers: Knight of the Tumblestone and Host of Storm's End (no text), Catelyn Stark (core_6,
a unique Stark character), Brown Ben Plumm (core_118, a unique Targaryen character),
Knight of the North and Longship Iron Victory (prized cards of this pack)."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from gameplay.engine.rules import play_problem
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    WINTER,
    answer,
    apply,
    challenge_without,
    defend,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    never_offered,
    ref,
    start,
    until_seat,
    use,
    uses,
    won_window,
)

HEARTSBANE, REAVER, ICE, UTT, ZOLLO = "cad_42", "cad_43", "cad_53", "cad_57", "cad_58"
KOTN, IRON_VICTORY = "cad_41", "cad_45"
CATELYN, BEN = "core_6", "core_118"


def _marshal(state, seat, card):
    (action,) = [a for a in marshals(state, seat, card) if a.kind.startswith("marshal")]
    return apply(state, action)


# --- cad_42 Heartsbane ----------------------------------------------------------------------


def test_heartsbane_gives_1_str_and_stands_its_character_after_a_win():
    me = {"in_play": [{"card": KNIGHT, "attachments": [HEARTSBANE]}]}
    state = joust(me, {"in_play": [HOST]})
    knight, sword = ref(state, 0, KNIGHT), ref(state, 0, HEARTSBANE)
    assert strength(state, knight) == 3
    state = won_window(state, "power", [knight])
    assert state.in_play[knight].knelt
    state = use(state, 0, sword)
    assert state.in_play[sword].knelt and not state.in_play[knight].knelt


def test_heartsbane_not_when_its_character_did_not_participate():
    me = {"in_play": [{"card": KNIGHT, "attachments": [HEARTSBANE]}, HOST]}
    state = joust(me, {"in_play": [KNIGHT]})
    sword = ref(state, 0, HEARTSBANE)
    challenge_without(state, "power", [ref(state, 0, HOST)], 0, sword)


def test_heartsbane_claims_prized_1_as_it_leaves_play():
    me = {"in_play": [{"card": KNIGHT, "attachments": [HEARTSBANE]}, IRON_VICTORY]}
    state = joust(me, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    state = start(state, "power", [knight])
    power = state.players[1].power
    state = use(state, 0, ref(state, 0, IRON_VICTORY), knight)
    assert state.players[1].power == power + 2 + 1  # the Longship's 2, Heartsbane's 1


# --- cad_43 Orkmont Reaver ------------------------------------------------------------------


def test_orkmont_reaver_kills_a_character_an_opponent_plays():
    state = marshalling({"hand": [KNIGHT], "gold": 5}, {"in_play": [REAVER]})
    reaver = ref(state, 1, REAVER)
    state = _marshal(state, 0, hand(state, 0, KNIGHT)[0])
    knight = ref(state, 0, KNIGHT)
    state = until_seat(state, 1)
    power = state.players[0].power
    state = use(state, 1, reaver)
    assert knight in state.players[0].dead and reaver in state.players[1].discard
    assert state.players[0].power == power + 2  # prized 2 for the Reaver's player's opponent


def test_orkmont_reaver_not_after_a_location_or_your_own_character():
    state = marshalling({"hand": [KNIGHT, IRON_VICTORY], "gold": 9, "in_play": [REAVER]})
    reaver = ref(state, 0, REAVER)
    state = _marshal(state, 0, hand(state, 0, KNIGHT)[0])
    assert not uses(state, 0, reaver)
    state = marshalling({"hand": [IRON_VICTORY], "gold": 9}, {"in_play": [REAVER]})
    state = _marshal(state, 0, hand(state, 0, IRON_VICTORY)[0])
    assert not uses(state, 1, ref(state, 1, REAVER))


# --- cad_53 Ice -----------------------------------------------------------------------------


def _ice_position():
    me = {"in_play": [{"card": CATELYN, "attachments": [ICE]}, KOTN, IRON_VICTORY]}
    return joust(me, {"in_play": [KNIGHT, KNIGHT, HOST]})


def test_ice_kills_up_to_x_participating_characters():
    state = _ice_position()
    catelyn, ice = ref(state, 0, CATELYN), ref(state, 0, ICE)
    knights = [ref(state, 1, KNIGHT, 0), ref(state, 1, KNIGHT, 1)]
    state = start(state, "power", [catelyn])
    state = defend(state, [*knights, ref(state, 1, HOST)])
    state = until_seat(state, 0)
    state = use(state, 0, ice)
    assert ice in state.players[0].discard
    assert head(state)["purpose"] == "kill" and head(state)["max"] == 2  # KotN and the Longship
    state = answer(state, "kill", knights)
    assert all(k in state.players[1].dead for k in knights)


def test_ice_only_while_its_character_participates():
    state = _ice_position()
    ice = ref(state, 0, ICE)
    assert not uses(state, 0, ice)
    state = start(state, "power", [ref(state, 0, KOTN)])
    assert not uses(state, 0, ice)


def test_ice_only_on_a_unique_stark_character():
    state = marshalling(
        {"in_play": [CATELYN, KNIGHT, BEN], "hand": [ICE], "gold": 5}, {"in_play": [HOST]}
    )
    card = hand(state, 0, ICE)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, card) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, CATELYN)}
    assert play_problem(state, 0, card) is None


# --- cad_57 Septon Utt ----------------------------------------------------------------------


def test_septon_utt_draws_as_he_enters_play_with_the_neutral_house():
    me = {"house": "Neutral", "hand": [UTT], "gold": 5, "deck": [KNIGHT] * 3}
    state = marshalling(me)
    state = _marshal(state, 0, hand(state, 0, UTT)[0])
    utt = ref(state, 0, UTT)
    state = use(state, 0, utt)
    assert len(state.players[0].hand) == 1


def test_septon_utt_draws_as_he_leaves_play():
    me = {"house": "Neutral", "in_play": [UTT, IRON_VICTORY], "deck": [KNIGHT] * 3}
    state = joust(me, {"in_play": [HOST]})
    utt = ref(state, 0, UTT)
    state = start(state, "power", [utt])
    state = use(state, 0, ref(state, 0, IRON_VICTORY), utt)
    state = until_seat(state, 0)
    state = use(state, 0, utt)
    assert len(state.players[0].hand) == 1


def test_septon_utt_nothing_without_the_neutral_house():
    me = {"house": "Stark", "hand": [UTT], "gold": 5, "deck": [KNIGHT] * 3}
    state = marshalling(me)
    state = _marshal(state, 0, hand(state, 0, UTT)[0])
    assert not uses(state, 0, ref(state, 0, UTT))


# --- cad_58 Zollo ---------------------------------------------------------------------------


def test_zollo_takes_all_gold_of_an_opponents_pool():
    state = marshalling({"hand": [ZOLLO], "gold": 5}, {"gold": 4})
    state = _marshal(state, 0, hand(state, 0, ZOLLO)[0])
    zollo = ref(state, 0, ZOLLO)
    state = use(state, 0, zollo)
    assert state.players[0].gold == 8 and state.players[1].gold == 0


def test_zollo_only_after_you_play_him():
    state = joust({"in_play": [ZOLLO]}, {"gold": 4})
    assert not uses(state, 0, ref(state, 0, ZOLLO))


# --- cad_54 Blackfyre -----------------------------------------------------------------------

BLACKFYRE = "cad_54"


def _blackfyre_defence(extra=()):
    me = {"in_play": [{"card": KNIGHT, "attachments": [BLACKFYRE]}, KNIGHT, *extra]}
    them = {"in_play": [HOST, {"card": KNIGHT, "attachments": [HEARTSBANE]}]}
    state = joust(me, them, first_player=1)
    attackers = [ref(state, 1, HOST), ref(state, 1, KNIGHT)]
    state = start(state, "military", attackers)
    return defend(state, [ref(state, 0, KNIGHT, 0), ref(state, 0, KNIGHT, 1)])


def test_blackfyre_removes_every_character_without_attachments():
    state = _blackfyre_defence()
    sword = ref(state, 0, BLACKFYRE)
    state = until_seat(state, 0)
    state = use(state, 0, sword)
    assert state.in_play[sword].knelt
    assert state.challenge["attackers"] == [ref(state, 1, KNIGHT)]
    assert state.challenge["defenders"] == [ref(state, 0, KNIGHT, 0)]


def test_blackfyre_not_in_winter():
    state = _blackfyre_defence([WINTER])
    never_offered(state, 0, ref(state, 0, BLACKFYRE))


def test_blackfyre_only_when_its_character_defends():
    me = {"in_play": [{"card": KNIGHT, "attachments": [BLACKFYRE]}, KNIGHT]}
    state = joust(me, {"in_play": [HOST]}, first_player=1)
    state = start(state, "military", [ref(state, 1, HOST)])
    never_offered(state, 0, ref(state, 0, BLACKFYRE), [ref(state, 0, KNIGHT, 1)])
