"""Scattered Armies Reinforcements put into play as characters (scattered_armies/
reserves.py): Missing Recruit, Spy in Their Midst, Beguiled Bodyguard, Winter Reserves and
Summer Reserves, played through legal actions after seat 0 loses a challenge it initiated.

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR,
intrigue), Host of Storm's End (6 STR, military and power), Highgarden Cavaliers (acoa_71,
5 STR, military and intrigue); Exhausted Horsemen (ator_107) stand after a Reinforcements
event is played.
"""

from __future__ import annotations

from gameplay.engine.abilities import (
    add_lasting,
    characters,
    facts,
    icons,
    is_character,
    keywords,
    strength,
    traits,
)
from gameplay.engine.actions import Action
from tests.gameplay.cardtest import (
    answer,
    events,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    ref,
    resolved,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

KNIGHT = "Knight of the Tumblestone"
STEWARD = "Lannisport Steward"
HOST = "Host of Storm's End"
CAVALIERS = "acoa_71"
ATTACKER = {"military": KNIGHT, "power": KNIGHT, "intrigue": STEWARD}
DEFENDER = {"military": HOST, "power": HOST, "intrigue": CAVALIERS}


def lost(card, ctype, mine=(), season=None):
    """Seat 0 holds ``card``, 2 gold and loses a ``ctype`` challenge it initiated; returns
    the state back at its challenges turn and the card's ref. Before the loss (and in the
    wrong season) the card cannot be played."""
    attacker, defender = ATTACKER[ctype], DEFENDER[ctype]
    state = joust(
        {"hand": [card], "gold": 2, "in_play": [attacker, *mine]},
        {"in_play": [defender]},
    )
    if season is not None:
        plot = state.players[0].revealed_plot
        add_lasting(state, "traits", plot, "round", add=[season])
    source = hand(state, 0, card)[0]
    assert not uses(state, 0, source)  # no challenge lost yet
    state = start(state, ctype, [ref(state, 0, attacker)])
    state = answer(state, "defenders", [ref(state, 1, defender)])
    state = pass_until(state, back_in_turn)
    assert resolved(state)["winner"] == 1
    return state, source


def back_in_turn(state) -> bool:
    """The challenge is over and seat 0 is asked again in its challenges turn window (which
    starts again from seat 0: asked before the others have passed, it may use the card), or
    its turn is over (it was never asked: it had nothing but ``pass``)."""
    if state.challenge is not None:
        return False
    turn_0 = [s for s in state.queue if s.get("point") == "before_challenge" and s.get("turn") == 0]
    if not turn_0:
        return True
    return head(state) is turn_0[0] and waiting_seats(state) == [0]


def check_character(state, card, power, icon_set, words):
    assert card in state.in_play and card in characters(state, 0)
    assert is_character(state, card) and facts(state, card).type == "character"
    assert strength(state, card) == power
    assert icons(state, card) == set(icon_set)
    assert keywords(state, card) == set(words)
    assert "Reinforcements" in traits(state, card)


def put_in(state, source):
    state = use(state, 0, source)
    paid = [e for e in events(state, "gold_paid") if e["reason"] == "ability"]
    assert [(e["seat"], e["gold"]) for e in paid] == [(0, 1)]
    return state


def test_ator_115_missing_recruit_becomes_a_military_character_after_a_military_loss():
    state, recruit = lost("ator_115", "military", [{"card": "ator_107", "knelt": True}])
    state = use(state, 0, recruit)
    # A Reinforcements event is played: Exhausted Horsemen may stand.
    state = until_window(state, "played")
    assert recruit in state.in_play
    state = use(state, 0, ref(state, 0, "ator_107"))
    state = pass_windows(state)
    check_character(state, recruit, 3, {"military"}, {"stealth", "renown"})
    assert not state.in_play[ref(state, 0, "ator_107")].knelt
    assert events(state, "put_into_play")[-1]["card"] == recruit
    # Leaving play, it is an event in the discard pile again.
    state = apply(state, Action(0, "table:move", (recruit,), "discard"))
    assert recruit in state.players[0].discard and facts(state, recruit).type == "event"
    assert not is_character(state, recruit)


def test_ator_116_spy_in_their_midst_becomes_an_intrigue_character_after_an_intrigue_loss():
    state, spy = lost("ator_116", "intrigue")
    state = put_in(state, spy)
    check_character(state, spy, 3, {"intrigue"}, {"stealth", "renown"})


def test_ator_117_beguiled_bodyguard_becomes_a_power_character_after_a_power_loss():
    state, guard = lost("ator_117", "power")
    state = put_in(state, guard)
    check_character(state, guard, 3, {"power"}, {"stealth", "renown"})
    # A military loss would not do: only a lost Power challenge.
    other, card = lost("ator_117", "military")
    assert not uses(other, 0, card)


def test_ator_118_winter_reserves_is_an_army_in_winter_after_any_loss():
    state, reserves = lost("ator_118", "intrigue")
    assert not uses(state, 0, reserves)  # not Winter
    state, reserves = lost("ator_118", "intrigue", season="Winter")
    state = put_in(state, reserves)
    check_character(state, reserves, 4, {"military", "intrigue", "power"}, {"deadly"})
    assert "Army" in traits(state, reserves)


def test_ator_119_summer_reserves_is_an_army_in_summer_after_any_loss():
    state, reserves = lost("ator_119", "power", season="Winter")
    assert not uses(state, 0, reserves)  # not Summer
    state, reserves = lost("ator_119", "power", season="Summer")
    state = put_in(state, reserves)
    check_character(state, reserves, 4, {"military", "intrigue", "power"}, {"deadly"})
    assert "Army" in traits(state, reserves)


def test_a_reserve_in_play_is_shown_and_counted_as_a_character():
    """The board draws it in the characters' row with its STR, and the greedy bot counts it,
    though its printed type is event ("ator_115")."""
    from gameplay.board import board
    from gameplay.engine.bots import GreedyBot
    from gameplay.engine.observe import observe

    state, recruit = lost("ator_115", "military")
    state = pass_windows(use(state, 0, recruit))
    seat0 = next(p for p in board(state, 0, ["Ann", "Bob"])["players"] if p["is_me"])
    row = {c["id"]: c for c in seat0["characters"]}
    assert recruit in row and row[recruit]["strength"] == 3
    assert recruit not in {c["id"] for c in seat0["locations"]}
    seen = next(c for c in observe(state, 1)["players"][0]["in_play"] if c["id"] == recruit)
    assert GreedyBot(1)._is_character(seen)
