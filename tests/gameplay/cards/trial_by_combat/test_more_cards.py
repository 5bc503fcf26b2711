"""Trial By Combat cards of more_cards.py: Knight of Harrenhal (atoc_81), The Painted Table
(atoc_85), Corpse Lake (atoc_87) and Blood Debt (atoc_94), played through legal actions.

Fillers: Desperate Looters (ator_101, "After it enters play, discard the top card of each
opponent's deck"), Lion's Will (core_162, an event), Knight of the Tumblestone, Lannisport
Steward, Host of Storm's End, Calm Over Westeros."""

from __future__ import annotations

import json
from pathlib import Path

from decks.validation import DeckSpec, cards_from_fixtures, validate
from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    head,
    joust,
    marshals,
    on_house,
    pass_until,
    ref,
    start,
    until_seat,
    use,
    uses,
    waiting_seats,
)

HARRENHAL = "atoc_81"
TABLE = "atoc_85"
LAKE = "atoc_87"
DEBT = "atoc_94"
LOOTERS = "ator_101"
EVENT = "core_162"  # Lion's Will, an event (not a character)
JACELYN = "core_47"  # Jacelyn Bywater: "Response: after killed, each opponent discards 1
# card at random"


def _to_claim(state, defenders=()):
    """Pass windows (declaring ``defenders``) until a prompt or the challenge is over."""
    for _ in range(80):
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
            continue
        if state.challenge is None or step.get("name") == "prompt":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


# --- atoc_81 Knight of Harrenhal ----------------------------------------------------------


def _intrigue_claim(defender_in_play):
    """Seat 0 wins an unopposed Intrigue challenge against seat 1 (a hand of 3)."""
    state = joust(
        {"in_play": [STEWARD]},
        {"in_play": defender_in_play, "hand": [KNIGHT, HOST, EVENT]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    return _to_claim(state)


def test_knight_of_harrenhal_lets_its_controller_choose_the_card_discarded_at_random():
    state = _intrigue_claim([HARRENHAL])
    step = head(state)
    assert step.get("purpose") == "discard_from_hand" and step["seat"] == 1
    chosen = [r for r in step["candidates"] if r in state.players[1].hand][1]
    state = answer(state, "discard_from_hand", [chosen])
    assert state.players[1].discard == [chosen]
    assert len(state.players[1].hand) == 2


def test_knight_of_harrenhal_may_leave_the_discard_to_chance():
    state = _intrigue_claim([HARRENHAL])
    state = answer(state, "discard_from_hand", [])
    assert len(state.players[1].discard) == 1 and len(state.players[1].hand) == 2


def test_without_knight_of_harrenhal_the_discard_is_at_random():
    state = _intrigue_claim([KNIGHT])
    assert head(state).get("purpose") != "discard_from_hand"
    assert len(state.players[1].discard) == 1


def test_knight_of_harrenhal_helps_only_its_controllers_hand():
    state = joust(
        {"in_play": [STEWARD, HARRENHAL]},
        {"in_play": [KNIGHT], "hand": [KNIGHT, HOST, EVENT]},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = _to_claim(state)
    assert head(state).get("purpose") != "discard_from_hand"
    assert len(state.players[1].discard) == 1


def _jacelyn_killed(seat_1_in_play):
    """Seat 1 wins a Military challenge against seat 0, whose Ser Jacelyn Bywater is killed
    for claim; seat 0 uses her response (each opponent discards 1 card at random)."""
    state = build(
        phase="challenges",
        first_player=1,
        players=[
            {"house": "Lannister", "revealed_plot": CALM, "in_play": [JACELYN]},
            {"revealed_plot": CALM, "in_play": seat_1_in_play, "hand": [KNIGHT, STEWARD]},
        ],
    )
    state = start(state, "military", [ref(state, 1, HOST)], defender=0)
    jacelyn = ref(state, 0, JACELYN)
    for _ in range(40):
        if uses(state, 0, jacelyn):
            return use(state, 0, jacelyn)
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("Jacelyn's response never offered")


def test_knight_of_harrenhal_answers_any_random_discard_from_hand():
    state = _jacelyn_killed([HOST, HARRENHAL])
    step = head(state)
    assert step.get("purpose") == "discard_from_hand" and step["seat"] == 1
    chosen = state.players[1].hand[1]
    state = answer(state, "discard_from_hand", [chosen])
    assert state.players[1].discard == [chosen]


def test_knight_of_harrenhal_not_in_play_jacelyn_discards_at_random():
    state = _jacelyn_killed([HOST])
    assert head(state).get("purpose") != "discard_from_hand"
    assert len(state.players[1].discard) == 1


def _house_only(card_code: str, house: str) -> bool:
    """Whether a deck of ``house`` holding the card is refused as "House X only" (the deck
    rules of decks/validation, which read the card data)."""
    path = next(Path("fixtures/cards").glob("*trial-by-combat*.json"))
    pool = cards_from_fixtures([json.loads(path.read_text())])
    verdict = validate(DeckSpec(house, entries={card_code: 1}), "joust", pool)
    return any(p.code == "house_only" for p in verdict.problems)


def test_knight_of_harrenhal_only_in_a_house_stark_deck():
    assert _house_only(HARRENHAL, "Lannister") and not _house_only(HARRENHAL, "Stark")


# --- atoc_85 The Painted Table ------------------------------------------------------------


def _table_used():
    """Seat 0 (Baratheon) kneels The Painted Table in its marshalling turn and ends it; seat
    1 marshals Desperate Looters, whose response is the next triggered effect."""
    state = joust(
        {"house": "Baratheon", "in_play": [TABLE], "deck": [KNIGHT, STEWARD, HOST]},
        {"house": "Lannister", "gold": 5, "hand": [LOOTERS, LOOTERS]},
        phase="marshalling",
    )
    table = ref(state, 0, TABLE)
    state = use(state, 0, table)
    assert state.in_play[table].knelt
    return until_seat(state, 1)


def _loot(state):
    looters = next(r for r in state.players[1].hand if r not in state.in_play)
    state = act(state, 1, "marshal:play", [looters])
    return use(state, 1, looters), looters


def _cancelled(state, ref_):
    return any(e["event"] == "cancelled" and e.get("card") == ref_ for e in state.log)


def test_the_painted_table_cancels_the_next_effect_triggered_this_phase():
    state = _table_used()
    state, looters = _loot(state)
    state = pass_until(state, lambda s: head(s).get("name") != "resolve_ability", limit=5)
    assert _cancelled(state, looters)
    assert len(state.players[0].deck) == 3 and not state.players[0].discard


def test_the_painted_table_cancels_only_the_next_effect():
    state = _table_used()
    state, _first = _loot(state)
    state, second = _loot(until_seat(state, 1))
    assert not _cancelled(state, second)
    assert len(state.players[0].deck) == 2 and len(state.players[0].discard) == 1


def test_the_painted_table_pending_cancel_ends_with_the_phase():
    state = _table_used()
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert not [e for e in state.effects if e.get("query") == "cancel_next_effect"]


def test_without_the_painted_table_the_looters_discard():
    state = joust(
        {"house": "Baratheon", "in_play": [TABLE], "deck": [KNIGHT, STEWARD, HOST]},
        {"house": "Lannister", "gold": 5, "hand": [LOOTERS]},
        phase="marshalling",
    )
    state, looters = _loot(until_seat(state, 1))
    assert not _cancelled(state, looters) and len(state.players[0].discard) == 1


def test_the_painted_table_only_in_a_house_baratheon_deck():
    assert _house_only(TABLE, "Stark") and not _house_only(TABLE, "Baratheon")


# --- atoc_87 Corpse Lake ------------------------------------------------------------------


def _lake_position(top: str, lake_seat: int = 0, looters: int = 1):
    mine = {"house": "Greyjoy", "gold": 9, "hand": [LOOTERS] * looters, "in_play": []}
    theirs = {"house": "Lannister", "deck": [top, KNIGHT, KNIGHT, KNIGHT], "in_play": []}
    (mine if lake_seat == 0 else theirs)["in_play"].append(LAKE)
    return joust(mine, theirs, phase="marshalling")


def _looters_mill(state):
    looters = next(r for r in state.players[0].hand if state.code(r) == LOOTERS)
    state = act(state, 0, "marshal:play", [looters])
    return use(state, 0, looters)


def test_corpse_lake_claims_1_power_after_an_effect_discards_an_opponents_character():
    state = _looters_mill(_lake_position(KNIGHT))
    state = use(state, 0, ref(state, 0, LAKE))
    assert state.players[0].power == 1


def test_corpse_lake_needs_a_character_discarded():
    state = _looters_mill(_lake_position(EVENT))
    assert state.players[1].discard and not uses(state, 0, ref(state, 0, LAKE))


def test_corpse_lake_needs_an_opponents_deck():
    # Seat 1's Corpse Lake: seat 0's Looters discard seat 1's own deck.
    state = _looters_mill(_lake_position(KNIGHT, lake_seat=1))
    assert state.players[1].discard
    assert not any(uses(state, s, ref(state, 1, LAKE)) for s in (0, 1))


def test_corpse_lake_limit_3_times_per_round():
    state = _lake_position(KNIGHT, looters=4)
    lake = ref(state, 0, LAKE)
    for _ in range(3):
        state = use(_looters_mill(state), 0, lake)
    state = _looters_mill(state)
    assert len(state.players[1].discard) == 4
    assert not uses(state, 0, lake) and state.players[0].power == 3


# --- atoc_94 Blood Debt -------------------------------------------------------------------


def test_blood_debt_goes_on_an_opponents_house_card_only():
    state = joust(
        {"house": "Martell", "gold": 3, "hand": [DEBT]},
        {"house": "Lannister", "in_play": [STEWARD]},
        phase="marshalling",
    )
    debt = state.players[0].hand[0]
    assert {a.choice for a in marshals(state, 0, debt)} == {"house_1"}


def test_blood_debt_gives_the_owners_characters_stealth_in_intrigue_challenges():
    state = joust({"in_play": [STEWARD]}, {"house": "Lannister", "in_play": [STEWARD]})
    on_house(state, 0, DEBT, 1)
    mine, theirs = ref(state, 0, STEWARD), ref(state, 1, STEWARD)
    assert "stealth" not in keywords(state, theirs)
    intrigue = start(state, "intrigue", [mine])
    assert "stealth" in keywords(intrigue, theirs) and "stealth" not in keywords(intrigue, mine)


def test_blood_debt_gives_no_stealth_in_other_challenges():
    state = joust({"in_play": [KNIGHT]}, {"house": "Lannister", "in_play": [STEWARD]})
    on_house(state, 0, DEBT, 1)
    military = start(state, "military", [ref(state, 0, KNIGHT)])
    assert "stealth" not in keywords(military, ref(state, 1, STEWARD))


def _debt_game(seats: int):
    specs = [
        {"house": "Martell", "revealed_plot": CALM, "in_play": [KNIGHT]},
        {"house": "Lannister", "revealed_plot": CALM, "in_play": [STEWARD]},
        {"house": "Stark", "revealed_plot": CALM, "in_play": [KNIGHT]},
    ][:seats]
    state = build(phase="challenges", players=specs, first_player=1)
    on_house(state, 0, DEBT, 1)
    return state


def test_blood_debt_claims_1_power_when_the_owner_wins_an_intrigue_challenge():
    state = _debt_game(3)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)], defender=2)
    state = _to_claim(state)
    assert state.players[0].power == 1


def test_blood_debt_claims_only_with_more_than_1_opponent_and_in_intrigue():
    state = _debt_game(2)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)], defender=0)
    assert _to_claim(state).players[0].power == 0


def test_blood_debt_claims_nothing_when_the_owner_wins_another_challenge():
    state = build(
        phase="challenges",
        first_player=1,
        players=[
            {"house": "Martell", "revealed_plot": CALM, "in_play": [KNIGHT]},
            {"house": "Lannister", "revealed_plot": CALM, "in_play": [HOST]},
            {"house": "Stark", "revealed_plot": CALM, "in_play": [KNIGHT]},
        ],
    )
    on_house(state, 0, DEBT, 1)
    state = start(state, "power", [ref(state, 1, HOST)], defender=2)
    assert _to_claim(state).players[0].power == 0
