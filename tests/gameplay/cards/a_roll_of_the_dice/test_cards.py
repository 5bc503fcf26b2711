"""A Roll of the Dice: Ramsay's Hunting Dogs, Walk of Shame, Snowed In, Outthought, The Brazen
Beasts, Meereenese Fighting Pit (gameplay/engine/cards/a_roll_of_the_dice/cards.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Raff the Sweetling (core_46, a
character with an Any Phase action), Rhaegal (core_109, a Dragon), Ice (core_1, a Weapon)."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    at_point,
    build,
    defend,
    events,
    hand,
    head,
    initiate,
    joust,
    marshals,
    ref,
    start,
    to_window,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import apply

RAFF = "core_46"
RHAEGAL = "core_109"
ICE = "core_1"
SECOND_SONS = "btns_105"  # Stealth
EASTERN = "Eastern Fiefdoms"  # 1 influence


def _knelt(card, **more):
    return {"card": card, "knelt": True, **more}


# --- btns_102 Ramsay's Hunting Dogs ----------------------------------------------------


def test_ramsays_hunting_dogs_give_two_str_and_keep_the_bearer_from_stealth():
    them = {"in_play": [{"card": KNIGHT, "attachments": ["btns_102"]}, STEWARD]}
    state = joust({"house": "Lannister", "in_play": [SECOND_SONS]}, them)
    knight, steward = ref(state, 1, KNIGHT), ref(state, 1, STEWARD)
    assert strength(state, knight) == 4
    state = initiate(state, "intrigue", [ref(state, 0, SECOND_SONS)])
    assert head(state)["purpose"] == "stealth"
    assert head(state)["candidates"] == [steward]


# --- btns_104 Walk of Shame --------------------------------------------------------------


def _walk(me_power=2, knight_power=2):
    me = {"house": "Lannister", "hand": ["btns_104"], "in_play": [EASTERN, HOST]}
    them = {"in_play": [{"card": KNIGHT, "power": knight_power}]}
    state = joust(me, them)
    state.players[0].power = me_power
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = at_point(state, "after_defenders")
    return state


def test_walk_of_shame_removes_a_participant_and_discards_power():
    state = _walk()
    knight, host = ref(state, 1, KNIGHT), ref(state, 0, HOST)
    walk = hand(state, 0, "btns_104")[0]
    assert {a.cards[1:] for a in uses(state, 0, walk)} == {(knight,), (host,)}
    state = use(state, 0, walk, knight)
    state = _influence(state)
    (removed,) = events(state, "removed_from_challenge")
    assert removed["cards"] == [knight] and removed["card"] == walk  # the log names the event
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [6, 0]
    shame = [e for e in events(state, "power") if e.get("reason") == "btns_walk_of_shame"]
    assert [(e.get("card"), e["seat"], e["amount"]) for e in shame] == [
        (knight, 1, -1),
        (None, 0, -1),
    ]
    (paid,) = events(state, "influence")  # the cost
    assert paid["cards"] == [ref(state, 0, EASTERN)]


def test_walk_of_shame_needs_influence_and_a_challenge():
    state = _walk()
    state.in_play[ref(state, 0, EASTERN)].knelt = True
    assert not uses(state, 0, hand(state, 0, "btns_104")[0])
    me = {"house": "Lannister", "hand": ["btns_104"], "in_play": [EASTERN]}
    state = joust(me, {"in_play": [KNIGHT]})
    assert not uses(state, 0, hand(state, 0, "btns_104")[0])  # no challenge: nobody participates


def _influence(state):
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", head(state)["candidates"][:1])
    return state


# --- btns_106 Snowed In ------------------------------------------------------------------


def test_snowed_in_forbids_character_abilities_for_the_phase():
    me = {"house": "Baratheon", "hand": ["btns_106"], "deck": [KNIGHT] * 3}
    them = {"in_play": [RAFF, "btns_116", _knelt(RHAEGAL)], "gold": 3}
    state = joust(me, them)
    raff, pit = ref(state, 1, RAFF), ref(state, 1, "btns_116")
    assert uses(until_seat(state, 1), 1, raff)
    state = use(state, 0, hand(state, 0, "btns_106")[0])
    state = until_seat(state, 1)
    assert not uses(state, 1, raff)
    assert uses(state, 1, pit)  # a location's ability still can be triggered


# --- btns_113 Outthought -----------------------------------------------------------------


def test_outthought_draws_a_card_when_played():
    me = {"house": "Martell", "hand": ["btns_113"], "gold": 3, "deck": [KNIGHT] * 3}
    state = build(players=[me, {"in_play": [KNIGHT]}])
    outthought, knight = hand(state, 0, "btns_113")[0], ref(state, 1, KNIGHT)
    (action,) = [a for a in marshals(state, 0, outthought) if knight in a.cards]
    state = apply(state, action)
    assert outthought in state.in_play and len(state.players[0].hand) == 1


def test_outthought_kneels_the_attached_character_after_you_lose():
    them = {"in_play": [{"card": STEWARD, "attachments": ["btns_113"]}, HOST]}
    state = joust({"house": "Martell", "in_play": [KNIGHT]}, them)
    host, outthought = ref(state, 1, STEWARD), ref(state, 1, "btns_113")
    state.in_play[outthought].controller = 0  # Outthought is mine, on their character
    state.players[1].in_play.remove(outthought)
    state.players[0].in_play.append(outthought)
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = to_window(state, "challenge_won", [ref(state, 1, HOST)])
    state = use(state, 0, outthought)
    assert [e["card"] for e in events(state, "knelt")] == [host]


def test_outthought_not_after_you_win():
    me = {"house": "Martell", "in_play": [HOST]}
    state = joust(me, {"in_play": [{"card": KNIGHT, "attachments": ["btns_113"]}]})
    outthought, knight = ref(state, 1, "btns_113"), ref(state, 1, KNIGHT)
    state.in_play[outthought].controller = 0
    state.players[1].in_play.remove(outthought)
    state.players[0].in_play.append(outthought)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = defend(state, [knight])
    assert events(state, "challenge_resolved")[0]["winner"] == 0
    assert knight not in [e.get("card") for e in events(state, "knelt")]


# --- btns_115 The Brazen Beasts ----------------------------------------------------------

PUP = "core_53"  # Lannisport Weaponsmith, 1 STR
FOREVER_BURNING = "core_174"  # a character gets -STR until the end of the phase


def test_the_brazen_beasts_claim_power_when_an_opponents_str_drops_to_zero():
    me = {"house": "Targaryen", "in_play": ["btns_115"], "hand": [FOREVER_BURNING] * 2}
    state = joust(me, {"in_play": [PUP, HOST]})
    beasts, pup, host = ref(state, 0, "btns_115"), ref(state, 1, PUP), ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, FOREVER_BURNING)[0], host)
    assert not _window_use(state, beasts)  # the Host is not at 0 STR
    state = use(state, 0, hand(state, 0, FOREVER_BURNING)[0], pup)
    state = until_window(state, "strength_reduced")
    state = use(state, 0, beasts)
    assert state.in_play[beasts].power == 1


def test_the_brazen_beasts_once_per_phase():
    me = {"house": "Targaryen", "in_play": ["btns_115"], "hand": [FOREVER_BURNING] * 2}
    state = joust(me, {"in_play": [PUP, PUP]})
    beasts = ref(state, 0, "btns_115")
    first, second = ref(state, 1, PUP), ref(state, 1, PUP, 1)
    state = use(state, 0, hand(state, 0, FOREVER_BURNING)[0], first)
    state = until_window(state, "strength_reduced")
    state = use(state, 0, beasts)
    state = use(until_seat(state, 0), 0, hand(state, 0, FOREVER_BURNING)[0], second)
    assert not _window_use(state, beasts)


def _window_use(state, source):
    """Whether ``source`` could be used in a ``strength_reduced`` window before it closes."""
    for _ in range(10):
        step = head(state)
        if step.get("name") != "window" or step.get("trigger") != "strength_reduced":
            return False
        if uses(state, 0, source):
            return True
        state = act(state, waiting_seats(state)[0], "pass")
    return False


# --- btns_116 Meereenese Fighting Pit ----------------------------------------------------


def test_meereenese_fighting_pit_stands_a_dragon_or_a_weapon_bearer():
    armed = _knelt(KNIGHT, attachments=[ICE])
    state = joust(
        {"house": "Targaryen", "in_play": ["btns_116", _knelt(RHAEGAL), armed]},
        {"in_play": [_knelt(HOST)]},
    )
    pit, rhaegal, knight = ref(state, 0, "btns_116"), ref(state, 0, RHAEGAL), ref(state, 0, KNIGHT)
    assert {a.cards[1:] for a in uses(state, 0, pit)} == {(rhaegal,), (knight,)}  # not the Host
    state = use(state, 0, pit, knight)
    assert not state.in_play[knight].knelt and state.in_play[pit].knelt
    assert not uses(state, 0, pit)  # knelt


def test_meereenese_fighting_pit_only_in_the_challenges_phase():
    state = build(players=[{"house": "Targaryen", "in_play": ["btns_116", _knelt(RHAEGAL)]}, {}])
    assert not uses(state, 0, ref(state, 0, "btns_116"))  # marshalling
