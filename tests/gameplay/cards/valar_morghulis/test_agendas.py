"""Valar Morghulis characters that become their player's agenda
(gameplay/engine/cards/valar_morghulis/agendas.py, vocabulary/character_agendas.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Ironborn Marauder (asots_24,
Greyjoy), Robb Stark (unique)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import agenda_of
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    events,
    head,
    joust,
    pass_until,
    ref,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
)

KINDLY = "btns_1"
KEVAN = "btns_5"
AERON = "btns_10"
MARAUDER = "asots_24"
ALLIANCE = "qod_47"


def _killed_by_claim(me_in_play, agendas=None):
    """Seat 1 attacks seat 0 (military, unopposed); seat 0 kills ``me_in_play[0]``."""
    me = {"house": "Stark", "in_play": me_in_play, "deck": [KNIGHT] * 5}
    them = {"in_play": [HOST], "deck": [KNIGHT] * 5}
    if agendas:
        state = agenda_position([me, them], agendas, first_player=1)
    else:
        state = build(
            phase="challenges",
            players=[
                {"revealed_plot": "Summoning Season", **me},
                {"revealed_plot": "Summoning Season", **them},
            ],
            first_player=1,
        )
    card = ref(state, 0, me_in_play[0])
    state = start(state, "military", [ref(state, 1, HOST)])
    for _ in range(40):
        step = head(state)
        if state.challenge is None:
            break
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("purpose") == "claim_kill":
            state = answer(state, "claim_kill", [card])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    return state, card


def test_the_kindly_man_becomes_your_only_agenda_instead_of_being_killed():
    state, kindly = _killed_by_claim([KINDLY], {0: ALLIANCE})
    alliance = next(r for r, c in state.cards.items() if c.code == ALLIANCE)
    assert kindly not in state.in_play and kindly not in state.players[0].dead
    assert agenda_of(state, 0) == kindly and state.players[0].agenda_card == kindly
    assert alliance in state.players[0].removed


def _finish(state, stop):
    """Pass on until the challenge is over (or ``stop``): no defenders, the first claim."""
    for _ in range(60):
        if state.challenge is None or stop(state):
            return state
        step = head(state)
        if step.get("name") == "prompt":
            chosen = [] if step["purpose"] == "defenders" else step["candidates"][:1]
            state = answer(state, step["purpose"], chosen)
            continue
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def _as_agenda(card, me, them):
    """A challenges phase where seat 0 runs ``card`` (put there by being killed)."""
    state = joust(me, them)
    state = state.copy()
    ref_ = state.new_card(card, 0)
    state.players[0].agenda = card
    state.players[0].agenda_card = ref_
    state.__dict__.pop("_agenda_cards", None)
    return state, ref_


def test_the_kindly_man_agenda_puts_a_non_unique_character_from_a_pile_into_play():
    me = {"in_play": [STEWARD], "dead": [KNIGHT, "Robb Stark"]}
    state, kindly = _as_agenda(KINDLY, me, {"discard": [HOST]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won")
    targets = {a.cards[1] for a in uses(state, 0, kindly)}
    knight, host = state.players[0].dead[0], state.players[1].discard[0]
    assert targets == {knight, host}  # not the unique Robb Stark
    state = use(state, 0, kindly, host)
    assert state.in_play[host].controller == 0
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert host in state.players[1].discard


def test_the_kindly_man_agenda_needs_an_intrigue_or_power_win():
    me = {"in_play": [KNIGHT], "dead": [STEWARD]}
    state, kindly = _as_agenda(KINDLY, me, {})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = _finish(state, lambda s: bool(uses(s, 0, kindly)))
    assert state.challenge is None


def test_ser_kevan_becomes_an_agenda_that_kneels_a_character_after_an_intrigue_attack():
    state, kevan = _killed_by_claim([KEVAN])
    assert agenda_of(state, 0) == kevan
    me = {"house": "Lannister", "in_play": [STEWARD]}
    state, kevan = _as_agenda(KEVAN, me, {"in_play": [KNIGHT]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won")
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, kevan, knight)
    assert [e["card"] for e in events(state, "knelt")] == [knight]


def test_ser_kevans_agenda_needs_an_intrigue_win_as_the_attacker():
    me = {"house": "Lannister", "in_play": [HOST]}
    state, kevan = _as_agenda(KEVAN, me, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state = _finish(state, lambda s: bool(uses(s, 0, kevan)))
    assert state.challenge is None


def test_aeron_damphair_becomes_an_agenda_that_draws_after_a_greyjoy_character_is_saved():
    state, aeron = _killed_by_claim([AERON])
    assert agenda_of(state, 0) == aeron
    me = {"house": "Greyjoy", "in_play": [{"card": MARAUDER, "duplicates": [MARAUDER]}]}
    me["deck"] = [KNIGHT] * 4
    state, aeron = _as_agenda(AERON, me, {})
    state = state.copy()
    marauder = ref(state, 0, MARAUDER)
    moves.kill(state, [marauder])
    run(state)
    for _ in range(10):
        if head(state).get("trigger") == "card_saved":
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    hand = len(state.players[0].hand)
    state = use(state, 0, aeron)
    assert len(state.players[0].hand) == hand + 2
    assert marauder in state.in_play
