"""Valar Morghulis Thirst-for-Vengeance, Playing the Part, Harried by Dragons and Incinerate
(gameplay/engine/cards/valar_morghulis/events_attachments.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), House Dayne Knight (pots_11, Martell), Hired Swords (qod_8, Targaryen
Mercenary Army, 3 STR), Crossroads (1 influence)."""

from __future__ import annotations

from gameplay.engine.abilities import immune_to, keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    calm_marshalling,
    choose,
    events,
    hand,
    head,
    joust,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

THIRST = "btns_12"
PART = "btns_13"
HARRIED = "btns_14"
INCINERATE = "btns_15"
DAYNE = "pots_11"
SWORDS = "qod_8"


# --- btns_12 Thirst-for-Vengeance ------------------------------------------------------------


def _thirst_position():
    return joust(
        {"house": "Martell", "in_play": [{"card": HOST, "attachments": [THIRST]}]},
        {"in_play": [KNIGHT, KNIGHT]},
    )


def test_thirst_for_vengeance_gives_deadly_and_power_after_a_character_dies_for_deadly():
    state = _thirst_position()
    host = ref(state, 0, HOST)
    assert "deadly" in keywords(state, host)
    state = start(state, "power", [host])
    state = to_window(state, "killed", defenders=[ref(state, 1, KNIGHT)])
    state = use(state, 0, ref(state, 0, THIRST))
    assert state.in_play[host].power == 1


def test_thirst_for_vengeance_does_not_answer_a_kill_for_military_claim():
    state = joust(
        {"house": "Martell", "in_play": [{"card": HOST, "attachments": [THIRST]}]},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    host, thirst = ref(state, 0, HOST), ref(state, 0, THIRST)
    state = start(state, "military", [host])
    for _ in range(40):
        if state.challenge is None:
            break
        if head(state).get("trigger") == "killed":
            assert not uses(state, 0, thirst)
        if head(state).get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", head(state)["candidates"][:1])
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    assert events(state, "killed") or state.players[1].dead
    assert state.in_play[host].power == 0


# --- btns_13 Playing the Part ----------------------------------------------------------------


def test_playing_the_part_gives_a_martell_character_stealth_and_immunity():
    state = joust({"house": "Martell", "in_play": [DAYNE], "hand": [PART]}, {"in_play": [KNIGHT]})
    dayne = ref(state, 0, DAYNE)
    state = use(state, 0, hand(state, 0, PART)[0], dayne)
    assert "stealth" in keywords(state, dayne)
    assert immune_to(state, dayne, "character", 1) and immune_to(state, dayne, "event", 0)


def test_playing_the_part_chooses_only_martell_characters_in_the_challenges_phase():
    state = joust({"house": "Martell", "in_play": [DAYNE], "hand": [PART]}, {"in_play": [KNIGHT]})
    part = hand(state, 0, PART)[0]
    assert {a.cards[1] for a in uses(state, 0, part)} == {ref(state, 0, DAYNE)}
    state = calm_marshalling({"house": "Martell", "in_play": [DAYNE], "hand": [PART]})
    assert not uses(state, 0, hand(state, 0, PART)[0])


# --- btns_14 Harried by Dragons --------------------------------------------------------------


def test_harried_by_dragons_gives_minus_1_str_and_finds_another_copy():
    state = calm_marshalling(
        {"house": "Targaryen", "hand": [HARRIED], "deck": [KNIGHT, HARRIED, KNIGHT], "gold": 5},
        {"in_play": [KNIGHT]},
    )
    knight = ref(state, 1, KNIGHT)
    harried = hand(state, 0, HARRIED)[0]
    action = next(a for a in legal_actions(state, 0) if a.cards == (harried, knight))
    state = act(state, 0, action.kind, action.cards, choice=action.choice)
    assert strength(state, knight) == 1
    state = use(state, 0, harried)
    assert head(state).get("purpose") == "search"
    (found,) = head(state)["candidates"]
    state = answer(state, "search", [found])
    assert [state.code(r) for r in state.players[0].hand] == [HARRIED]
    assert len(state.players[0].deck) == 2


# --- btns_15 Incinerate ----------------------------------------------------------------------


def _incinerate_position(phase="challenges"):
    return joust(
        {"house": "Targaryen", "in_play": [SWORDS, SWORDS, "Crossroads"], "hand": [INCINERATE]},
        {"in_play": [KNIGHT, HOST]},
        phase=phase,
    )


def test_incinerate_gives_minus_x_str_for_the_named_trait_and_kills_at_0():
    state = _incinerate_position()
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, hand(state, 0, INCINERATE)[0], knight)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"][:1])
    assert head(state).get("purpose") == "name_trait"
    assert set(head(state)["options"]) == {"army", "mercenary", "none"}
    state = choose(state, "mercenary")
    assert knight not in state.in_play and knight in state.players[1].dead
    assert state.in_play[ref(state, 0, "Crossroads")].knelt


def test_incinerate_naming_a_trait_nobody_has_only_kills_a_character_at_0():
    state = _incinerate_position()
    host = ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, INCINERATE)[0], host)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"][:1])
    state = choose(state, "none")
    assert strength(state, host) == 6 and host in state.in_play


def test_incinerate_needs_influence_to_kneel():
    state = _incinerate_position()
    state = state.copy()
    state.in_play[ref(state, 0, "Crossroads")].knelt = True
    state.__dict__.pop("_legal", None)
    assert not uses(state, 0, hand(state, 0, INCINERATE)[0])
    state = _incinerate_position("marshalling")
    assert not uses(state, 0, hand(state, 0, INCINERATE)[0])
