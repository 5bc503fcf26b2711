"""The check ``checks.check_agenda_now`` (passive ``agenda_now``, one of ``NOW_QUERIES``): a
character that is its player's only agenda (``Player.agenda_card``) whose ``agenda_now``
passive answers True is put back into play under that player's control, who then runs no
agenda (event ``agenda_returned``). Griff (btns_57): "If you control fewer attachments than
each opponent, unattach Griff and return him to play"."""

from __future__ import annotations

from tests.gameplay.cardtest import KNIGHT, act, events, joust, waiting_seats

GRIFF = "btns_57"
SEIZED = "asots_65"  # an attachment


def _agenda(state, seat):
    griff = state.new_card(GRIFF, seat)
    player = state.players[seat]
    player.agenda, player.agenda_card = GRIFF, griff
    for cache in ("_passive_cache", "_agenda_cards"):
        state.__dict__.pop(cache, None)
    return griff


def test_the_agenda_returns_to_play_once_its_condition_holds():
    me = {"in_play": [{"card": KNIGHT, "attachments": [SEIZED]}]}
    state = joust(me, {"house": "Targaryen", "in_play": [KNIGHT]})
    griff = _agenda(state, 1)
    state = act(state, waiting_seats(state)[0], "pass")  # the check runs after the step
    assert griff in state.players[1].in_play
    assert state.players[1].agenda is None and state.players[1].agenda_card is None
    (returned,) = events(state, "agenda_returned")
    assert returned["seat"] == 1 and returned["card"] == griff


def test_the_agenda_stays_while_its_condition_does_not_hold():
    state = joust({"in_play": [KNIGHT]}, {"house": "Targaryen", "in_play": [KNIGHT]})
    griff = _agenda(state, 1)
    state = act(state, waiting_seats(state)[0], "pass")
    assert state.players[1].agenda_card == griff and not events(state, "agenda_returned")
