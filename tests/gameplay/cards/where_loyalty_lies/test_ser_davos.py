"""Where Loyalty Lies: Ser Davos Seaworth (atoc_67), marshalled from the hand; the top card
of his controller's deck goes under him face down as a duplicate that saves him and that
only its owner sees."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import keywords
from gameplay.engine.game import apply
from gameplay.engine.observe import observe
from gameplay.eventlog import event_text
from tests.gameplay.cardtest import (
    act,
    build,
    code,
    events,
    head,
    marshals,
    use,
    uses,
    waiting_seats,
)

DAVOS = "atoc_67"
HOST = "Host of Storm's End"  # Baratheon Army: not a copy of Davos
KNIGHT = "Knight of the Tumblestone"


def _marshal_davos(deck=(HOST, KNIGHT)):
    state = build(
        players=[
            {"house": "Baratheon", "hand": [DAVOS], "deck": list(deck), "gold": 10},
            {"in_play": [KNIGHT]},
        ]
    )
    davos = state.players[0].hand[0]
    (action,) = [a for a in marshals(state, 0, davos) if a.kind == "marshal:play"]
    state = apply(state, action)
    for _ in range(10):
        if uses(state, 0, davos) or head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    return state, davos


def test_atoc_67_davos_attaches_the_top_card_of_the_deck_face_down():
    state, davos = _marshal_davos()
    assert "stealth" in keywords(state, davos)
    deck = len(state.players[0].deck)
    state = use(state, 0, davos)
    assert len(state.players[0].deck) == deck - 1
    (dup,) = state.in_play[davos].duplicates
    assert state.code(dup) == code(HOST)  # the top card, a character of another title
    assert dup in moves.face_down(state)
    assert events(state, "face_down_duplicate")


def test_atoc_67_the_face_down_duplicate_is_hidden_from_the_opponent():
    state, davos = _marshal_davos()
    state = use(state, 0, davos)
    (dup,) = state.in_play[davos].duplicates
    host_code = state.code(dup)
    theirs = observe(state, 1)
    (mine_public,) = [c for c in theirs["players"][0]["in_play"] if c["id"] == davos]
    assert mine_public["duplicates"] == [{"id": None, "code": None, "face_down": True}]
    assert "face_down" not in theirs["players"][0]
    assert dup not in str({k: v for k, v in theirs.items() if k != "log"})
    for entry in state.log:
        assert entry.get("code") != host_code or entry.get("card") != dup
        assert dup not in str(entry.values())
        text = event_text(entry, card=state.code, code=str, seat=str) or ""
        assert code(HOST) not in text
    # Its owner sees it (RULINGS), the spectator does not.
    mine = observe(state, 0)
    assert mine["players"][0]["face_down"] == [{"id": dup, "code": host_code, "under": davos}]
    spectator = observe(state, None)
    assert dup not in str({k: v for k, v in spectator.items() if k != "log"})


def test_atoc_67_the_face_down_duplicate_saves_davos():
    state, davos = _marshal_davos()
    state = use(state, 0, davos)
    (dup,) = state.in_play[davos].duplicates
    moves.kill(state, [davos])
    for _ in range(10):
        if head(state).get("purpose") == "save":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert head(state).get("purpose") == "save", head(state)
    state = act(state, 0, "select", [davos])
    for _ in range(10):
        if head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert davos in state.in_play
    assert dup in state.players[0].discard  # face up in the discard pile now
    assert not state.in_play[davos].duplicates


def test_atoc_67_davos_offers_nothing_with_an_empty_deck():
    state, davos = _marshal_davos(deck=())
    assert not uses(state, 0, davos)
    assert not state.in_play[davos].duplicates


def test_atoc_67_only_davos_entering_play_answers():
    state, davos = _marshal_davos()
    state = use(state, 0, davos)
    # Another character of his controller's entering play is no answer for Davos.
    knight = state.new_card(code(KNIGHT), 0)
    state.players[0].hand.append(knight)
    (action,) = [a for a in marshals(state, 0, knight) if a.kind == "marshal:play"]
    state = apply(state, action)
    for _ in range(10):
        assert not uses(state, 0, davos)
        if head(state).get("name") != "window":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert len(state.in_play[davos].duplicates) == 1
