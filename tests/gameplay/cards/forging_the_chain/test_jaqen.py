"""Forging the Chain: Jaqen H'ghar (soo_35), brought out of Shadows as a player would, with
a character killed this phase under him as a duplicate: its printed text (its abilities
used with Jaqen as their source), base STR, icons, traits and crests; back to Shadows once
that duplicate leaves play."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import crests, icons, is_blank, strength, traits
from tests.gameplay.cardtest import (
    KNIGHT,
    act,
    events,
    head,
    joust,
    pass_windows,
    ref,
    shadow,
    use,
    uses,
    waiting_seats,
)

JAQEN = "soo_35"
ILYN = "core_41"  # Marshalling: kneel Ser Ilyn Payne to kill a character with STR 2 or lower
COURTIER = "core_86"  # Renly's Courtier: Any Phase: kneel it to blank a non-unique character
SELYSE = "core_70"  # Selyse Baratheon: a Lady with the Holy crest, STR 2
HOST = "Host of Storm's End"  # an Army (STR 6)


def _settle(state):
    for _ in range(20):
        if head(state).get("name") != "window" or head(state).get("trigger") is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def _killed(theirs=(COURTIER, KNIGHT), victim=COURTIER, gold=5):
    """Seat 0 kills one of seat 1's characters with Ser Ilyn Payne this phase; Jaqen waits
    in seat 0's Shadows."""
    state = joust(
        {"house": "Lannister", "in_play": [ILYN], "gold": gold},
        {"house": "Baratheon", "in_play": list(theirs)},
        phase="marshalling",
    )
    jaqen = shadow(state, 0, JAQEN)
    target = ref(state, 1, victim)
    state = use(state, 0, ref(state, 0, ILYN), target)
    state = _settle(state)
    assert target in state.players[1].dead
    return state, jaqen, target


def test_soo_35_jaqen_comes_out_with_a_killed_character_as_his_face():
    state, jaqen, courtier = _killed()
    gold = state.players[0].gold
    state = use(state, 0, jaqen, courtier)
    assert jaqen in state.in_play
    assert state.players[0].gold == gold - 2  # the rest of his cost: his printed cost
    assert state.in_play[jaqen].duplicates == [courtier]
    assert courtier not in state.players[1].dead
    # Base STR, icons, traits of Renly's Courtier (Jaqen's own Ally trait and Shadow crest).
    assert strength(state, jaqen) == 1
    assert icons(state, jaqen) == {"intrigue", "power"}
    assert "Ally" in traits(state, jaqen)
    assert "shadow" in crests(state, jaqen)
    assert events(state, "text_gained")


def test_soo_35_jaqen_uses_the_printed_text_he_gained():
    state, jaqen, courtier = _killed()
    state = use(state, 0, jaqen, courtier)
    state = _settle(state)
    knight = ref(state, 1, KNIGHT)
    # "Any Phase: Kneel Renly's Courtier to ... blank": now Jaqen's, Jaqen kneels.
    state = use(state, 0, jaqen, knight)
    state = _settle(state)
    assert state.in_play[jaqen].knelt
    assert is_blank(state, knight)


def test_soo_35_jaqen_gains_crests_and_base_strength():
    state, jaqen, selyse = _killed(theirs=(SELYSE, KNIGHT), victim=SELYSE)
    state = use(state, 0, jaqen, selyse)
    assert strength(state, jaqen) == 2
    assert {"holy", "shadow"} <= crests(state, jaqen)
    assert {"Lady", "House Florent", "Ally"} <= traits(state, jaqen)


def test_soo_35_jaqen_returns_to_shadows_when_the_duplicate_leaves_play():
    state, jaqen, courtier = _killed()
    state = use(state, 0, jaqen, courtier)
    state = _settle(state)
    moves.kill(state, [jaqen])
    for _ in range(10):
        if head(state).get("purpose") == "save":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert head(state).get("purpose") == "save", head(state)
    state = act(state, 0, "select", [jaqen])
    state = _settle(state)
    # Saved by the duplicate, which leaves play: Jaqen goes back to Shadows.
    assert courtier in state.players[1].discard
    assert jaqen not in state.in_play
    assert jaqen in state.players[0].shadows
    assert not uses(state, 0, jaqen)  # not out again this round


def test_soo_35_only_a_non_army_character_killed_this_phase_in_an_opponents_dead_pile():
    state = joust(
        {"house": "Lannister", "in_play": [ILYN], "dead": [COURTIER], "gold": 5},
        {"house": "Baratheon", "in_play": [HOST, KNIGHT], "dead": [SELYSE]},
        phase="marshalling",
    )
    jaqen = shadow(state, 0, JAQEN)
    mine = state.players[0].dead[0]
    selyse = state.players[1].dead[0]
    host, knight = ref(state, 1, HOST), ref(state, 1, KNIGHT)
    # Selyse died before this phase, my Courtier is in my own dead pile: nothing to choose
    # (only the plain way out of Shadows of every Shadow card).
    assert {a.choice for a in uses(state, 0, jaqen)} == {"shadow"}
    moves.kill(state, [host])  # an Army, killed this phase
    state = pass_windows(state)
    moves.kill(state, [state.players[0].in_play[0]])  # my own Ser Ilyn, this phase
    state = pass_windows(state)
    assert host in state.players[1].dead
    assert {a.choice for a in uses(state, 0, jaqen)} == {"shadow"}
    moves.kill(state, [knight])
    state = pass_windows(state)
    assert [a.cards for a in uses(state, 0, jaqen) if a.choice != "shadow"] == [(jaqen, knight)]
    assert mine and selyse


def test_soo_35_jaqen_needs_the_gold_of_his_cost():
    state, jaqen, courtier = _killed(gold=1)
    assert not [a for a in uses(state, 0, jaqen) if a.cards[1:] == (courtier,)]


def test_soo_35_a_character_killed_in_an_earlier_phase_is_no_choice():
    state, jaqen, courtier = _killed()
    state.emit("phase", phase="challenges")  # a new phase begins (as steps._enter_phase logs)
    assert not [a for a in uses(state, 0, jaqen) if a.cards[1:] == (courtier,)]
