"""Chasing Dragons: Follower of the Many-Faced God (btns_41), Abel's Washerwoman (btns_42),
Yezzan's Grotesquerie (btns_43), Selhorys Customs Officer (btns_44), Wildling Bard (btns_45)
(gameplay/engine/cards/chasing_dragons/characters.py).

Fillers: Royal Guard (acoa_58, Stark and Baratheon Ally with Stalwart), Ygritte (kr_78, a
Wildling), Knight of the Tumblestone (Stark, 2 STR, military), Lannisport Steward
(Lannister, 2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from gameplay.engine.game import apply as engine_apply
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    choose,
    events,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    to_window,
    until_seat,
    use,
    uses,
    waiting_seats,
)

FOLLOWER = "btns_41"
WASHERWOMAN = "btns_42"
YEZZAN = "btns_43"
OFFICER = "btns_44"
BARD = "btns_45"
GUARD = "acoa_58"
YGRITTE = "kr_78"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- btns_41 Follower of the Many-Faced God -----------------------------------------------


def test_follower_gives_stealth_to_every_character_with_stalwart():
    state = joust({"in_play": [FOLLOWER, KNIGHT]}, {"in_play": [GUARD]})
    assert "stealth" in keywords(state, ref(state, 0, FOLLOWER))
    assert "stealth" in keywords(state, ref(state, 1, GUARD))  # an opponent's too
    assert "stealth" not in keywords(state, ref(state, 0, KNIGHT))  # no Stalwart
    plain = joust({"in_play": [KNIGHT]}, {"in_play": [GUARD]})
    assert "stealth" not in keywords(plain, ref(plain, 1, GUARD))


def _marshal(state, seat, card):
    (action,) = [a for a in marshals(state, seat, card) if a.kind == "marshal:play"]
    return engine_apply(state, action)


def test_follower_stands_a_stark_character_after_you_play_a_stalwart_character():
    me = {"gold": 5, "hand": [GUARD, STEWARD], "in_play": [FOLLOWER, _knelt(KNIGHT)]}
    state = build(players=[me, {"in_play": [_knelt(KNIGHT)]}])
    knight = ref(state, 0, KNIGHT)
    state = _marshal(state, 0, hand(state, 0, GUARD)[0])
    state = until_seat(to_window(state, "played"), 0)  # the window starts left of the player
    follower = ref(state, 0, FOLLOWER)
    targets = sorted(a.cards[1] for a in uses(state, 0, follower))
    assert targets == sorted([knight, ref(state, 1, KNIGHT)])  # any player's Stark character
    state = use(state, 0, follower, knight)
    assert not state.in_play[knight].knelt


def _offered(state, seat, source, trigger="played"):
    """Whether the ``trigger`` response window at the head offers ``source`` to ``seat`` when
    that seat is asked (a window nobody can answer is passed by itself)."""
    while head(state).get("trigger") == trigger:
        if waiting_seats(state)[0] == seat:
            return bool(uses(state, seat, source))
        state = act(state, waiting_seats(state)[0], "pass")
    return False


def test_follower_not_after_a_character_without_stalwart_or_an_opponents_play():
    me = {"gold": 5, "hand": [STEWARD], "in_play": [FOLLOWER, _knelt(KNIGHT)]}
    state = build(players=[me, {}])
    state = _marshal(state, 0, hand(state, 0, STEWARD)[0])
    assert not _offered(state, 0, ref(state, 0, FOLLOWER))
    opponent = {"in_play": [FOLLOWER, _knelt(KNIGHT)]}
    state = build(players=[{"gold": 5, "hand": [GUARD]}, opponent])
    state = _marshal(state, 0, hand(state, 0, GUARD)[0])
    assert not _offered(state, 1, ref(state, 1, FOLLOWER))  # not its controller's play
    assert state.in_play[ref(state, 1, KNIGHT)].knelt


# --- btns_42 Abel's Washerwoman -----------------------------------------------------------


def _no_defenders_window(state):
    for _ in range(40):
        step = head(state)
        if step.get("trigger") == "no_defenders_declared":
            return state
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
            continue
        if state.challenge is None:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no window")


def test_washerwoman_claims_1_power_when_no_defenders_are_declared():
    state = joust({"in_play": [WASHERWOMAN, YGRITTE]}, {"in_play": [STEWARD]})
    washer = ref(state, 0, WASHERWOMAN)
    state = start(state, "intrigue", [washer])
    state = _no_defenders_window(state)
    assert head(state).get("trigger") == "no_defenders_declared"
    power = state.players[0].power
    state = use(state, 0, washer)
    assert state.players[0].power == power + 1


def test_washerwoman_not_with_a_non_wildling_attacker_or_with_defenders():
    state = joust({"in_play": [WASHERWOMAN, STEWARD]}, {"in_play": [STEWARD]})
    washer = ref(state, 0, WASHERWOMAN)
    state = start(state, "intrigue", [washer, ref(state, 0, STEWARD)])
    state = _no_defenders_window(state)
    assert not _offered(state, 0, washer, "no_defenders_declared")
    state = joust({"in_play": [WASHERWOMAN]}, {"in_play": [STEWARD]})
    washer = ref(state, 0, WASHERWOMAN)
    state = start(state, "intrigue", [washer])
    state = answer(_to_defenders(state), "defenders", [ref(state, 1, STEWARD)])
    assert not any(s.get("trigger") == "no_defenders_declared" for s in state.queue)
    assert not any(e["event"] == "power" and e.get("seat") == 0 for e in state.log[-30:])


def _to_defenders(state):
    while head(state).get("purpose") != "defenders":
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_washerwoman_only_while_she_is_attacking():
    state = joust({"in_play": [WASHERWOMAN, YGRITTE]}, {"in_play": [STEWARD]})
    state = start(state, "power", [ref(state, 0, YGRITTE)])  # she has no [Power] icon
    state = _no_defenders_window(state)
    assert head(state).get("trigger") != "no_defenders_declared"  # the challenge went on


# --- btns_43 Yezzan's Grotesquerie --------------------------------------------------------


def test_grotesquerie_military_characters_do_not_count_their_str_while_it_participates():
    state = joust({"house": "Lannister", "in_play": [YEZZAN, STEWARD]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, YEZZAN)])
    state = answer(_to_defenders(state), "defenders", [ref(state, 1, KNIGHT)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [3, 0] and resolved["winner"] == 0


def test_grotesquerie_not_while_it_does_not_participate():
    state = joust({"house": "Lannister", "in_play": [YEZZAN, KNIGHT]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = answer(_to_defenders(state), "defenders", [ref(state, 1, KNIGHT)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 2]


# --- btns_45 Wildling Bard ----------------------------------------------------------------


def test_wildling_bard_discards_a_card_to_give_renown_before_any_challenge():
    me = {"house": "Stark", "in_play": [BARD, KNIGHT], "hand": [STEWARD, STEWARD]}
    state = joust(me, {"in_play": [STEWARD]})
    bard, knight = ref(state, 0, BARD), ref(state, 0, KNIGHT)
    assert ref(state, 1, STEWARD) not in [a.cards[1] for a in uses(state, 0, bard)]  # Lannister
    state = use(state, 0, bard, knight)
    state = answer(state, "discard_cost", hand(state, 0, STEWARD)[:1])
    assert "renown" in keywords(state, knight)
    assert len(state.players[0].hand) == 1
    state = start(state, "power", [knight])
    assert not uses(state, 0, bard)  # a challenge has been declared


def test_wildling_bard_limit_3_times_per_round_and_needs_a_card_in_hand():
    me = {"house": "Stark", "in_play": [BARD, KNIGHT], "hand": [STEWARD] * 4}
    state = joust(me, {})
    bard, knight = ref(state, 0, BARD), ref(state, 0, KNIGHT)
    for _ in range(3):
        state = use(state, 0, bard, knight)
        state = answer(state, "discard_cost", state.players[0].hand[:1])
    assert not uses(state, 0, bard)
    empty = joust({"house": "Stark", "in_play": [BARD, KNIGHT]}, {})
    assert not uses(empty, 0, ref(empty, 0, BARD))


# --- btns_44 Selhorys Customs Officer -----------------------------------------------------

RAFF = "core_46"  # Any Phase: pay 1 gold to look at the top card of an opponent's deck


def _raff_paid(state):
    """Seat 1 uses Raff (1 gold) in the first window it is asked in."""
    for _ in range(10):
        raff = ref(state, 1, RAFF)
        if waiting_seats(state)[0] == 1 and uses(state, 1, raff):
            return use(state, 1, raff)
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("Raff never usable")


def test_customs_officer_takes_the_gold_an_opponent_pays_outside_marshalling():
    me = {"house": "Lannister", "in_play": [OFFICER], "gold": 0, "deck": [KNIGHT] * 3}
    state = joust(me, {"in_play": [RAFF], "gold": 2})
    state = _raff_paid(state)
    state = choose(state, "top")  # Raff's effect resolves first, then the window opens
    assert head(state).get("trigger") == "gold_spent"
    state = use(state, 0, ref(state, 0, OFFICER))
    assert state.players[0].gold == 1 and state.players[1].gold == 1


def test_customs_officer_not_in_the_marshalling_phase_nor_for_its_controllers_gold():
    me = {"house": "Lannister", "in_play": [OFFICER], "gold": 0, "deck": [KNIGHT] * 3}
    them = {"in_play": [RAFF], "gold": 2}
    state = build(players=[me, them])
    state = choose(_raff_paid(state), "top")
    assert not _offered(state, 0, ref(state, 0, OFFICER), "gold_spent")
    own = joust({"in_play": [OFFICER, RAFF], "gold": 2}, {"deck": [KNIGHT] * 3})
    state = choose(use(own, 0, ref(own, 0, RAFF)), "top")
    assert not _offered(state, 0, ref(state, 0, OFFICER), "gold_spent")
