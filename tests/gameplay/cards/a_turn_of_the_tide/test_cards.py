"""A Turn of the Tide: Sitting the Iron Throne, Dale Seaworth, Passing the Wall, Margaery
Tyrell, King's Landing Coup (gameplay/engine/cards/a_turn_of_the_tide/cards.py).

Fillers: Host of Storm's End (6 STR), Knight of the Tumblestone (2 STR), Lannisport Steward
(2 STR, intrigue), Ranger of the Watch (dotn_13, a Night's Watch character), Asha Greyjoy
(kotse_2, a Lady), City of Sin (kl_40, a City plot), Stinking Drunk (core_69, a Baratheon
attachment)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import keywords
from gameplay.engine.game import legal_actions
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    events,
    head,
    initiate,
    joust,
    marshalling,
    pass_until,
    pass_windows,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
    watch,
)
from tests.gameplay.scenario import apply, hand

THRONE = "asots_62"
DALE = "asots_67"
PASSING = "asots_70"
MARGAERY = "asots_77"
COUP = "asots_80"
RANGER = "dotn_13"
ASHA = "kotse_2"
CITY = "kl_40"
DRUNK = "core_69"


def _over(state) -> bool:
    return state.challenge is None


# --- asots_62 Sitting the Iron Throne --------------------------------------------------------


def test_sitting_the_iron_throne_pays_one_gold_for_a_character_to_claim_power():
    me = {"house": "Lannister", "gold": 5, "hand": [THRONE], "in_play": [STEWARD]}
    state = joust(me, {"in_play": [KNIGHT]})
    throne, knight = hand(state, 0, THRONE)[0], ref(state, 1, KNIGHT)
    state = use(state, 0, throne, knight)  # any player's character
    assert state.in_play[knight].power == 1
    assert state.players[0].gold == 4
    assert throne in state.players[0].dead  # Deathbound


def test_sitting_the_iron_throne_limit_three_times_per_round_and_needs_gold():
    me = {"house": "Lannister", "gold": 5, "hand": [THRONE] * 4, "in_play": [STEWARD]}
    state = joust(me, {})
    steward = ref(state, 0, STEWARD)
    for _ in range(3):
        state = use(state, 0, hand(state, 0, THRONE)[0], steward)
        state = pass_windows(state)
    assert not uses(state, 0, hand(state, 0, THRONE)[0])
    poor = {"house": "Lannister", "gold": 0, "hand": [THRONE], "in_play": [STEWARD]}
    state = joust(poor, {})
    assert not uses(state, 0, hand(state, 0, THRONE)[0])


def _dominance(me, them):
    players = [
        {"revealed_plot": "Summoning Season", **me},
        {"revealed_plot": "Summoning Season", **them},
    ]
    return build(phase="dominance", players=players)


def test_sitting_the_iron_throne_returns_from_the_dead_pile_after_winning_dominance():
    me = {"house": "Lannister", "gold": 3, "dead": [THRONE], "in_play": [HOST]}
    state = _dominance(me, {"in_play": [KNIGHT]})
    throne = state.players[0].dead[0]
    state = pass_until(state, lambda s: bool(uses(s, 0, throne)) or s.phase != "dominance")
    state = use(state, 0, throne)
    assert throne in state.players[0].hand and state.players[0].gold == 2


def test_sitting_the_iron_throne_stays_dead_without_dominance():
    me = {"house": "Lannister", "gold": 3, "dead": [THRONE], "in_play": [KNIGHT]}
    state = _dominance(me, {"in_play": [HOST]})
    throne = state.players[0].dead[0]
    seen = False
    for _ in range(30):
        if state.phase != "dominance":
            break
        seen = seen or bool(uses(state, 0, throne))
        state = act(state, waiting_seats(state)[0], "pass")
    assert not seen and throne in state.players[0].dead


# --- asots_67 Dale Seaworth ------------------------------------------------------------------


def test_dale_seaworth_returns_a_baratheon_card_as_he_enters_play():
    me = {"house": "Baratheon", "gold": 10, "hand": [DALE], "discard": [DRUNK, STEWARD]}
    state = marshalling(me)
    dale = hand(state, 0, DALE)[0]
    drunk = state.players[0].discard[0]
    state = apply(state, next(a for a in legal_actions(state, 0) if a.cards[:1] == (dale,)))
    state = until_window(state, "entered_play")
    assert [a.cards[1] for a in uses(state, 0, dale)] == [drunk]  # not the Lannister Steward
    state = use(state, 0, dale, drunk)
    assert drunk in state.players[0].hand


def test_dale_seaworth_returns_a_baratheon_card_as_he_leaves_play():
    me = {"house": "Baratheon", "in_play": [DALE], "discard": [DRUNK]}
    state = joust(me, {})
    dale, drunk = ref(state, 0, DALE), state.players[0].discard[0]
    moves.kill(state, [dale])
    run(state)
    state = until_window(state, "killed")
    state = use(state, 0, dale, drunk)
    assert drunk in state.players[0].hand and dale in state.players[0].dead


def test_dale_seaworth_not_without_a_baratheon_card_in_the_discard_pile():
    me = {"house": "Baratheon", "gold": 10, "hand": [DALE], "discard": [STEWARD]}
    state = marshalling(me)
    dale = hand(state, 0, DALE)[0]
    state = apply(state, next(a for a in legal_actions(state, 0) if a.cards[:1] == (dale,)))
    assert head(state).get("trigger") != "entered_play"


# --- asots_70 Passing the Wall ---------------------------------------------------------------


def test_passing_the_wall_puts_a_night_s_watch_character_into_play_until_the_phase_ends():
    me = {"hand": [PASSING, RANGER], "deck": [KNIGHT, KNIGHT], "in_play": [HOST]}
    state = joust(me, {"in_play": [STEWARD]})
    passing, ranger = hand(state, 0, PASSING)[0], hand(state, 0, RANGER)[0]
    state = use(state, 0, passing)
    state = answer(state, "put_into_play", [ranger])
    assert ranger in state.in_play
    assert len(state.players[0].hand) == 1  # drew 1 card
    state = pass_until(state, lambda s: s.phase != "challenges")
    assert ranger in state.players[0].hand


def test_passing_the_wall_needs_a_night_s_watch_character_in_hand():
    me = {"hand": [PASSING, KNIGHT], "deck": [KNIGHT], "in_play": [HOST]}
    state = joust(me, {})
    assert not uses(state, 0, hand(state, 0, PASSING)[0])


# --- asots_77 Margaery Tyrell ----------------------------------------------------------------


def test_margaery_kneels_a_defending_player_character_into_the_challenge():
    me = {"house": "Baratheon", "in_play": [MARGAERY]}
    state = joust(me, {"in_play": [STEWARD, KNIGHT]})
    margaery, knight = ref(state, 0, MARGAERY), ref(state, 1, KNIGHT)
    state = initiate(state, "power", [margaery])
    state = until_window(state, "knelt")
    state = use(state, 0, margaery, knight)
    assert state.in_play[knight].knelt
    assert [e["card"] for e in events(state, "joined_challenge")] == [knight]
    state, _ = watch(state, 0, margaery, _over)
    assert events(state, "challenge_resolved")[-1]["strength"] == [3, 2]


def test_margaery_limit_once_per_phase():
    me = {"house": "Baratheon", "in_play": [MARGAERY, STEWARD]}
    state = joust(me, {"in_play": [STEWARD, KNIGHT, HOST]})
    margaery = ref(state, 0, MARGAERY)
    state = initiate(state, "power", [margaery])
    state = until_window(state, "knelt")
    state = use(state, 0, margaery, ref(state, 1, KNIGHT))
    state, _ = watch(state, 0, margaery, _over)
    assert head(state).get("turn") == 0  # seat 0 may challenge again once she stands
    state.in_play[margaery].knelt = False
    state = initiate(state, "intrigue", [margaery])
    state, offered = watch(state, 0, margaery, _over)
    assert not offered


def test_margaery_gains_melee_only_while_an_opponent_controls_a_lady():
    state = joust({"house": "Baratheon", "in_play": [MARGAERY]}, {"in_play": [ASHA]})
    assert "melee" in keywords(state, ref(state, 0, MARGAERY))
    state = joust({"house": "Baratheon", "in_play": [MARGAERY]}, {"in_play": [KNIGHT]})
    assert "melee" not in keywords(state, ref(state, 0, MARGAERY))


# --- asots_80 King's Landing Coup ------------------------------------------------------------


def test_kings_landing_coup_win_as_defender_and_no_other_city_plot():
    # Seat 0 attacks with a 2-STR Knight; seat 1 defends with a 6-STR Host and wins.
    me = {"in_play": [KNIGHT]}
    them = {"revealed_plot": COUP, "in_play": [HOST], "deck": [STEWARD, KNIGHT]}
    state = joust(me, them)
    top = state.players[1].deck[0]
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, _ = watch(state, 0, "", _over, defenders=[ref(state, 1, HOST)])
    assert top in state.players[1].hand
    assert events(state, "revealed")[-1]["cards"] == [top]
    them["used_plots"] = [CITY]
    state = joust(me, them)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state, _ = watch(state, 0, "", _over, defenders=[ref(state, 1, HOST)])
    assert not state.players[1].hand


def test_kings_landing_coup_not_after_a_win_as_the_attacker():
    me = {"revealed_plot": COUP, "in_play": [HOST], "deck": [STEWARD, KNIGHT]}
    state = joust(me, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state, _ = watch(state, 0, "", _over, defenders=[ref(state, 1, KNIGHT)])
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    assert not state.players[0].hand
