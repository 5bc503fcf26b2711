"""A Turn of the Tide: the Army characters and Dothraki Outrider
(gameplay/engine/cards/a_turn_of_the_tide/armies.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR),
Lannisport Steward (2 STR, intrigue); Treaty (low_39) is a non-character agenda."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    agenda_position,
    answer,
    events,
    head,
    joust,
    marshalling,
    pass_windows,
    ref,
    start,
    until_window,
    use,
    watch,
    won_window,
)
from tests.gameplay.cardtest import in_play as in_play_refs
from tests.gameplay.scenario import apply, hand

BRIGANDS = "asots_61"
RAIDERS = "asots_63"
BLACKCROWN = "asots_66"
RIDERS = "asots_69"
BONEWAY = "asots_71"
OUTRIDER = "asots_74"
SCREAMERS = "asots_75"
TREATY = "low_39"  # a non-character agenda
EVENT = "core_157"  # Kings in the North, an event card (filler in a deck)
HANDMAIDEN = "bwb_113"  # Dothraki Handmaiden, a cost-1 Dothraki character


def _over(state) -> bool:
    return state.challenge is None


def _agenda_blocks(me: dict, them: dict, ctype: str, card: str) -> None:
    """With a non-character agenda, the gained response is never offered."""
    state = agenda_position([me, them], {0: TREATY})
    source = ref(state, 0, card)
    state = start(state, ctype, [source])
    state, offered = watch(state, 0, source, _over)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not offered


# --- asots_61 House Clegane Brigands ---------------------------------------------------------


def test_brigands_stand_after_winning_an_intrigue_challenge():
    state = joust({"house": "Lannister", "in_play": [BRIGANDS]}, {"in_play": [STEWARD]})
    brigands = ref(state, 0, BRIGANDS)
    state = won_window(state, "intrigue", [brigands], [ref(state, 1, STEWARD)])
    assert state.in_play[brigands].knelt
    state = use(state, 0, brigands)
    assert not state.in_play[brigands].knelt


def test_brigands_not_after_a_military_win_nor_with_a_non_character_agenda():
    state = joust({"house": "Lannister", "in_play": [BRIGANDS]}, {"in_play": []})
    brigands = ref(state, 0, BRIGANDS)
    state = start(state, "military", [brigands])
    state, offered = watch(state, 0, brigands, _over)
    assert not offered
    _agenda_blocks({"house": "Lannister", "in_play": [BRIGANDS]}, {}, "intrigue", BRIGANDS)


# --- asots_63 Raiders of Orkmont -------------------------------------------------------------


def test_raiders_discard_up_to_two_of_the_losers_top_three_and_order_the_rest():
    deck = [KNIGHT, STEWARD, HOST, KNIGHT]
    state = joust({"house": "Greyjoy", "in_play": [RAIDERS]}, {"in_play": [], "deck": deck})
    raiders = ref(state, 0, RAIDERS)
    top = list(state.players[1].deck[:3])
    state = won_window(state, "military", [raiders])
    state = use(state, 0, raiders)
    assert head(state)["purpose"] == "discard" and head(state)["max"] == 2
    assert head(state).get("hidden")
    state = answer(state, "discard", [top[0]])
    assert top[0] in state.players[1].discard
    state = answer(state, "deck_order", [top[2]])
    assert state.players[1].deck[:2] == [top[2], top[1]]


def test_raiders_may_discard_nothing_and_need_a_military_win():
    deck = [KNIGHT, STEWARD, HOST]
    state = joust({"house": "Greyjoy", "in_play": [RAIDERS]}, {"in_play": [], "deck": deck})
    raiders = ref(state, 0, RAIDERS)
    top = list(state.players[1].deck[:3])
    state = won_window(state, "military", [raiders])
    state = use(state, 0, raiders)
    state = answer(state, "discard", [])
    state = answer(state, "deck_order", [top[1]])
    state = answer(state, "deck_order", [top[0]])
    assert state.players[1].deck[:3] == [top[1], top[0], top[2]]
    assert not state.players[1].discard
    state = joust({"house": "Greyjoy", "in_play": [RAIDERS]}, {"in_play": [], "deck": deck})
    raiders = ref(state, 0, RAIDERS)
    state = start(state, "power", [raiders])
    state, offered = watch(state, 0, raiders, _over)
    assert not offered
    _agenda_blocks({"house": "Greyjoy", "in_play": [RAIDERS]}, {}, "military", RAIDERS)


# --- asots_66 Blackcrown Knights -------------------------------------------------------------


def test_blackcrown_knights_discard_a_card_to_claim_two_power():
    state = joust({"house": "Baratheon", "in_play": [BLACKCROWN], "hand": [KNIGHT]}, {})
    knights = ref(state, 0, BLACKCROWN)
    state = won_window(state, "power", [knights])
    state = use(state, 0, knights)
    if head(state).get("name") == "prompt":
        state = answer(state, head(state)["purpose"], hand(state, 0, KNIGHT))
    assert not state.players[0].hand
    assert state.in_play[knights].power == 2


def test_blackcrown_knights_need_a_card_to_discard_and_to_participate():
    state = joust({"house": "Baratheon", "in_play": [BLACKCROWN], "hand": []}, {})
    knights = ref(state, 0, BLACKCROWN)
    state = start(state, "power", [knights])
    state, offered = watch(state, 0, knights, _over)
    assert not offered  # no card in hand to discard
    state = joust({"house": "Baratheon", "in_play": [BLACKCROWN, HOST], "hand": [KNIGHT]}, {})
    knights = ref(state, 0, BLACKCROWN)
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, knights, _over)
    assert not offered  # did not participate
    me = {"house": "Baratheon", "in_play": [BLACKCROWN], "hand": [KNIGHT]}
    _agenda_blocks(me, {}, "power", BLACKCROWN)


# --- asots_69 Riders of Karhold, asots_71 Host of the Boneway --------------------------------


def test_riders_add_a_revealed_character_to_the_hand():
    state = joust({"in_play": [RIDERS], "deck": [KNIGHT, EVENT]}, {})
    riders = ref(state, 0, RIDERS)
    top = state.players[0].deck[0]
    state = won_window(state, "military", [riders])
    state = use(state, 0, riders)
    assert top in state.players[0].hand
    assert events(state, "revealed")[-1]["cards"] == [top]


def test_riders_leave_a_non_character_on_top_and_need_a_military_win():
    state = joust({"in_play": [RIDERS], "deck": [EVENT, KNIGHT]}, {})
    riders = ref(state, 0, RIDERS)
    top = state.players[0].deck[0]
    state = won_window(state, "military", [riders])
    state = use(state, 0, riders)
    assert state.players[0].deck[0] == top and top not in state.players[0].hand
    state = joust({"in_play": [RIDERS], "deck": [KNIGHT]}, {})
    riders = ref(state, 0, RIDERS)
    state = start(state, "power", [riders])
    state, offered = watch(state, 0, riders, _over)
    assert not offered
    _agenda_blocks({"in_play": [RIDERS], "deck": [KNIGHT]}, {}, "military", RIDERS)


def test_host_of_the_boneway_adds_a_revealed_event_to_the_hand():
    state = joust({"house": "Martell", "in_play": [BONEWAY], "deck": [EVENT, KNIGHT]}, {})
    host = ref(state, 0, BONEWAY)
    top = state.players[0].deck[0]
    state = won_window(state, "intrigue", [host])
    state = use(state, 0, host)
    assert top in state.players[0].hand


def test_host_of_the_boneway_leaves_a_character_and_needs_an_intrigue_win():
    state = joust({"house": "Martell", "in_play": [BONEWAY], "deck": [KNIGHT, EVENT]}, {})
    host = ref(state, 0, BONEWAY)
    top = state.players[0].deck[0]
    state = won_window(state, "intrigue", [host])
    state = use(state, 0, host)
    assert state.players[0].deck[0] == top
    state = joust({"house": "Martell", "in_play": [BONEWAY], "deck": [EVENT]}, {})
    host = ref(state, 0, BONEWAY)
    state = start(state, "military", [host])
    state, offered = watch(state, 0, host, _over)
    assert not offered
    me = {"house": "Martell", "in_play": [BONEWAY], "deck": [EVENT]}
    _agenda_blocks(me, {}, "intrigue", BONEWAY)


# --- asots_74 Dothraki Outrider --------------------------------------------------------------


def test_outrider_gains_renown_during_power_challenges_only():
    state = joust({"house": "Targaryen", "in_play": [OUTRIDER, HOST]}, {"in_play": [KNIGHT]})
    outrider = ref(state, 0, OUTRIDER)
    assert "renown" not in keywords(state, outrider)
    power = start(state, "power", [outrider])
    assert "renown" in keywords(power, outrider)
    power, _ = watch(power, 0, outrider, _over)
    assert power.in_play[outrider].power == 1
    military = start(state, "military", [outrider])
    assert "renown" not in keywords(military, outrider)


# --- asots_75 Braided Screamers --------------------------------------------------------------


def _screamers_marshalling(deck, hand_cards=(OUTRIDER,)):
    me = {
        "house": "Targaryen",
        "gold": 10,
        "in_play": [SCREAMERS],
        "hand": list(hand_cards),
        "deck": deck,
    }
    return marshalling(me)


def _marshal(state, card):
    from gameplay.engine.game import legal_actions

    found = [
        a for a in legal_actions(state, 0) if a.kind == "marshal:play" and a.cards[:1] == (card,)
    ]
    return apply(state, found[0])


def test_screamers_search_the_top_five_for_a_dothraki_character():
    deck = [KNIGHT, KNIGHT, OUTRIDER, KNIGHT, KNIGHT, SCREAMERS]
    state = _screamers_marshalling(deck)
    screamers = ref(state, 0, SCREAMERS)
    state = _marshal(state, hand(state, 0, OUTRIDER)[0])
    state = until_window(state, "played")
    state = use(state, 0, screamers)
    step = head(state)
    assert step["purpose"] == "search" and step.get("hidden")
    assert len(step["candidates"]) == 1  # the Screamers are 6th: not searched
    state = answer(state, "search", step["candidates"])
    assert len(hand(state, 0, OUTRIDER)) == 1
    assert events(state, "shuffled")


def test_screamers_limit_once_per_round_and_cost_three_or_more():
    deck = [OUTRIDER, OUTRIDER, KNIGHT]
    state = _screamers_marshalling(deck, (OUTRIDER, OUTRIDER))
    screamers = ref(state, 0, SCREAMERS)
    state = _marshal(state, hand(state, 0, OUTRIDER)[0])
    state = use(until_window(state, "played"), 0, screamers)
    state = answer(state, "search", head(state)["candidates"][:1])
    state = pass_windows(state)
    state = _marshal(state, hand(state, 0, OUTRIDER)[0])
    assert head(state).get("trigger") != "played"  # limit once per round: no window
    state = _screamers_marshalling([OUTRIDER], (HANDMAIDEN,))
    state = _marshal(state, hand(state, 0, HANDMAIDEN)[0])
    assert head(state).get("trigger") != "played"  # cost 1


def test_screamers_not_for_a_non_dothraki_nor_with_a_non_character_agenda():
    me = {
        "house": "Targaryen",
        "gold": 10,
        "in_play": [SCREAMERS],
        "hand": [HOST],
        "deck": [OUTRIDER],
    }
    state = marshalling(me)
    state = _marshal(state, hand(state, 0, HOST)[0])
    assert head(state).get("trigger") != "played"
    me = {"house": "Targaryen", "gold": 10, "in_play": [SCREAMERS], "hand": [OUTRIDER]}
    state = agenda_position([me, {}], {0: TREATY}, phase="marshalling")
    state = _marshal(state, hand(state, 0, OUTRIDER)[0])
    assert head(state).get("trigger") != "played"
    assert in_play_refs(state, 0, OUTRIDER)
