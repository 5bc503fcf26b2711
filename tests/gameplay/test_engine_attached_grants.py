"""from_pile grants of zone ``attached`` (from_pile.ATTACHED): an event in play attached to
the grant's ``source``, a card the granted seat controls, is played as if from the hand and
goes to the bottom of its owner's deck as it is played (Ten Towers Longship, asots_103)."""

from __future__ import annotations

from gameplay.engine import from_pile
from tests.gameplay.cardtest import KNIGHT, joust, ref, use, uses

MASTERY = "core_177"  # Distinct Mastery: "Any Phase: Choose and stand a Holy ... character."
SELYSE = "core_70"  # a [Holy] character
KEEP = "core_29"  # a location to attach the event to


def _attached(host_seat=0):
    me = {"in_play": [{"card": SELYSE, "knelt": True}, KNIGHT], "deck": [KNIGHT]}
    them: dict = {"in_play": []}
    keep = {"card": KEEP, "attachments": [MASTERY]}
    (me if host_seat == 0 else them)["in_play"].append(keep)
    state = joust(me, them)
    keep_ref = ref(state, host_seat, KEEP)
    mastery = next(r for r, rec in state.in_play.items() if rec.attached_to == keep_ref)
    from_pile.add_grant(state, 0, mastery, keep_ref, until="play", zone=from_pile.ATTACHED)
    return state, mastery, keep_ref


def test_an_attached_event_is_played_to_the_bottom_of_its_owners_deck():
    state, mastery, _keep = _attached()
    selyse = ref(state, 0, SELYSE)
    assert from_pile.playable(state, 0, ("event",)) == [mastery]
    state = use(state, 0, mastery, selyse)
    assert not state.in_play[selyse].knelt
    assert state.players[0].deck[-1] == mastery
    assert mastery not in state.players[0].discard and mastery not in state.in_play


def test_no_grant_while_the_source_is_not_the_seats():
    state, mastery, _keep = _attached(host_seat=1)
    assert from_pile.playable(state, 0, ("event",)) == []
    assert not uses(state, 0, mastery)
