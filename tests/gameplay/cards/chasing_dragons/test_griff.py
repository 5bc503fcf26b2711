"""Chasing Dragons: Griff (btns_57), a character that becomes its player's only agenda
(gameplay/engine/cards/chasing_dragons/martell_targaryen.py).

Fillers: Host of Storm's End (6 STR, military), Knight of the Tumblestone, Blood Magic
Ritual (asots_93, a Targaryen attachment), Seized (asots_65, a Greyjoy attachment), Pentos
(btns_58, a location with [+1 Influence]), Jorah's Cohorts (qod_11)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    finish_challenge,
    head,
    in_play,
    joust,
    ref,
    start,
    use,
    uses,
    waiting_seats,
)

GRIFF = "btns_57"
RITUAL = "asots_93"
SEIZED = "asots_65"
PENTOS = "btns_58"
COHORTS = "qod_11"  # after you win a [Power] challenge, discard an attachment from play


def _knelt(card):
    return {"card": card, "knelt": True}


def _griff_agenda(state, seat):
    """Make a new Griff ``seat``'s only agenda (a position set up by hand)."""
    griff = state.new_card(GRIFF, seat)
    player = state.players[seat]
    player.agenda, player.agenda_card = GRIFF, griff
    for cache in ("_passive_cache", "_agenda_cards"):
        state.__dict__.pop(cache, None)
    return griff


def test_griff_becomes_the_agenda_instead_of_dying():
    them = {"house": "Targaryen", "in_play": [_knelt(GRIFF)]}
    state = joust({"in_play": [HOST]}, them)
    griff = ref(state, 1, GRIFF)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert state.players[1].agenda_card == griff
    assert griff not in state.players[1].dead and griff not in state.in_play


def test_griff_returns_to_play_with_fewer_attachments_than_each_opponent():
    me = {"in_play": [{"card": HOST, "attachments": [SEIZED]}]}
    them = {"house": "Targaryen", "in_play": [_knelt(GRIFF)]}
    state = joust(me, them)
    griff = ref(state, 1, GRIFF)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert griff in state.in_play and state.players[1].agenda_card is None  # 0 < 1
    assert in_play(state, 1, GRIFF) == [griff]


def test_griff_stays_the_agenda_without_fewer_attachments():
    state = joust({"in_play": [KNIGHT]}, {"house": "Targaryen", "in_play": [KNIGHT]})
    griff = _griff_agenda(state, 1)
    state = act(state, waiting_seats(state)[0], "pass")
    assert state.players[1].agenda_card == griff and griff not in state.in_play


def _ritual_killed(state):
    """Seat 0 wins a [Power] challenge with Jorah's Cohorts, which discard seat 1's
    attachment from play; returns the state at the ``discarded`` window, if one comes."""
    cohorts = ref(state, 0, COHORTS)
    state = start(state, "power", [cohorts])
    for _ in range(30):
        step = head(state)
        if step.get("trigger") == "discarded" or state.challenge is None:
            return state
        if step.get("trigger") == "challenge_won" and uses(state, 0, cohorts):
            state = use(state, 0, cohorts, *[a.cards[1] for a in uses(state, 0, cohorts)][:1])
        elif step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no discarded window")


def test_griff_as_agenda_returns_a_discarded_targaryen_attachment_to_hand():
    them = {"house": "Targaryen", "in_play": [{"card": KNIGHT, "attachments": [RITUAL]}, PENTOS]}
    state = joust({"in_play": [COHORTS]}, them)
    griff = _griff_agenda(state, 1)
    ritual = ref(state, 1, RITUAL)
    state = _ritual_killed(state)
    assert head(state).get("trigger") == "discarded"
    state = use(state, 1, griff, ritual)
    assert ritual in state.players[1].hand
    assert state.in_play[ref(state, 1, PENTOS)].knelt  # the influence


def _offered(state, seat, source):
    """Whether the ``discarded`` window at the head offers ``source`` to ``seat``."""
    while head(state).get("trigger") == "discarded":
        if waiting_seats(state)[0] == seat:
            return bool(uses(state, seat, source))
        state = act(state, waiting_seats(state)[0], "pass")
    return False


def test_griff_not_for_a_non_targaryen_attachment_or_without_influence():
    them = {"house": "Targaryen", "in_play": [{"card": KNIGHT, "attachments": [SEIZED]}, PENTOS]}
    state = joust({"in_play": [COHORTS]}, them)
    griff = _griff_agenda(state, 1)
    state = _ritual_killed(state)
    assert not _offered(state, 1, griff)
    them = {"house": "Targaryen", "in_play": [{"card": KNIGHT, "attachments": [RITUAL]}]}
    state = joust({"in_play": [COHORTS]}, them)
    griff = _griff_agenda(state, 1)
    state = _ritual_killed(state)
    assert not _offered(state, 1, griff)
