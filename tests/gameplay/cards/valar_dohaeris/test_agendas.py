"""Valar Dohaeris characters that become their player's only agenda as they would be killed
(gameplay/engine/cards/valar_dohaeris/agendas.py): Shireen Baratheon (btns_26) and Quentyn
Martell (btns_30).

Fillers: Host of Storm's End (6 STR), Knight of the Tumblestone, Lannisport Steward, Daenerys
Targaryen (core_106, a character with renown and a power icon), Maester Kedry (soo_33, a
unique Martell character), Lord Edric's Knight (pots_13, a
non-unique Martell character)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import agenda_of, keywords
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
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

SHIREEN, QUENTYN, DANY, EDRIC = "btns_26", "btns_30", "core_106", "pots_13"
KEDRY = "soo_33"  # Maester Kedry: a unique Martell character, power icon, 2 STR


def _claim_kills(state, victim, defenders=()):
    """Pass to the end of the challenge, answering a military claim with ``victim``."""
    for _ in range(60):
        step = head(state)
        if state.challenge is None:
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", list(defenders))
        elif step.get("purpose") in ("claim_kill", "claim_military"):
            state = answer(state, step["purpose"], [victim])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge did not end")


def _made_agenda(me, them, card, **options):
    """A challenges-phase joust where seat 0's ``card`` (in play) became its agenda."""
    state = joust(me, them, **options)
    ref_ = ref(state, 0, card)
    state = state.copy()
    moves.kill(state, [ref_])
    run(state)
    state = pass_until(state, lambda s: agenda_of(s, 0) == ref_, limit=5)
    return state, ref_


# --- btns_26 Shireen Baratheon ------------------------------------------------------------


def test_shireen_becomes_your_agenda_instead_of_being_killed():
    me = {"house": "Baratheon", "in_play": [SHIREEN, KNIGHT]}
    state = joust({"in_play": [HOST, KNIGHT]}, me)  # seat 0 attacks seat 1
    shireen = ref(state, 1, SHIREEN)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = _claim_kills(state, shireen)
    assert agenda_of(state, 1) == shireen
    assert shireen not in state.players[1].dead and shireen not in state.in_play
    assert not [e for e in events(state, "killed") if e.get("card") == shireen]


def test_shireen_agenda_renown_claims_one_more_power_after_a_won_power_challenge():
    me = {"house": "Baratheon", "in_play": [SHIREEN, DANY, HOST]}
    state, shireen = _made_agenda(me, {"in_play": [KNIGHT]}, SHIREEN)
    dany, host = ref(state, 0, DANY), ref(state, 0, HOST)
    state = start(state, "power", [host])
    state = to_window(state, "challenge_won")
    assert [a.cards[1] for a in uses(state, 0, shireen)] == [dany]  # only with renown
    state = use(state, 0, shireen, dany)
    state = pass_until(state, lambda s: s.challenge is None)
    state = start(state, "intrigue", [dany])  # later this phase
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[dany].power == 2  # renown: 1 + 1


def test_shireen_agenda_not_after_a_military_challenge():
    me = {"house": "Baratheon", "in_play": [SHIREEN, DANY, HOST]}
    state, shireen = _made_agenda(me, {"in_play": [KNIGHT]}, SHIREEN)
    host = ref(state, 0, HOST)
    state = start(state, "military", [host])
    state = _claim_kills(state, ref(state, 1, KNIGHT))
    assert not [e for e in events(state, "lasting_effect") if e.get("source") == shireen]


def test_shireen_in_play_has_no_agenda_text():
    me = {"house": "Baratheon", "in_play": [SHIREEN, DANY, HOST]}
    state = joust(me, {"in_play": [STEWARD]})
    shireen, dany = ref(state, 0, SHIREEN), ref(state, 0, DANY)
    state = start(state, "power", [dany, ref(state, 0, HOST)])
    state = _claim_kills(state, None)
    assert not uses(state, 0, shireen) and state.in_play[dany].power == 1


# --- btns_30 Quentyn Martell --------------------------------------------------------------


def test_quentyn_agenda_gives_your_unique_martell_characters_vengeful():
    me = {"house": "Martell", "in_play": [QUENTYN, KEDRY, EDRIC]}
    state = joust(me, {"in_play": [KEDRY]})
    assert "vengeful" not in keywords(state, ref(state, 0, KEDRY))  # not an agenda yet
    state, _ = _made_agenda(me, {"in_play": [KEDRY]}, QUENTYN)
    assert "vengeful" in keywords(state, ref(state, 0, KEDRY))
    assert "vengeful" not in keywords(state, ref(state, 0, EDRIC))  # not unique
    assert "vengeful" not in keywords(state, ref(state, 1, KEDRY))  # not yours


def test_quentyn_agenda_draws_a_card_after_characters_stand_for_vengeful():
    me = {"house": "Martell", "in_play": [QUENTYN, {"card": KEDRY, "knelt": True}, HOST]}
    me["deck"] = [KNIGHT, KNIGHT]
    them = {"in_play": [KNIGHT], "deck": [KNIGHT]}
    state, quentyn = _made_agenda(me, them, QUENTYN, first_player=1)
    kedry = ref(state, 0, KEDRY)
    state = start(state, "power", [ref(state, 1, KNIGHT)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders")
    state = answer(state, "defenders", [])  # the defender loses
    state = pass_until(state, lambda s: head(s).get("purpose") == "vengeful")
    hand = len(state.players[0].hand)
    state = answer(state, "vengeful", [kedry])
    assert not state.in_play[kedry].knelt
    assert head(state).get("trigger") == "stood_by_keyword"
    state = use(state, 0, quentyn)
    assert len(state.players[0].hand) == hand + 1


def test_quentyn_in_play_gives_nothing():
    me = {"house": "Martell", "in_play": [QUENTYN, {"card": KEDRY, "knelt": True}, HOST]}
    state = joust(me, {"in_play": [KNIGHT]}, first_player=1)
    kedry = ref(state, 0, KEDRY)
    state = start(state, "power", [ref(state, 1, KNIGHT)])
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders")
    state = answer(state, "defenders", [])
    state = pass_until(state, lambda s: s.challenge is None)
    assert state.in_play[kedry].knelt  # no vengeful
