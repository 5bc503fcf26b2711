"""Wolves of the North attachments, locations, events and plot
(gameplay/engine/cards/wolves_of_the_north/cards.py), played through legal actions: Winter
Cache, Pickpocket, Seat of Power, Ahead of the Tide, The Dragon's Blood, A Gentle Prison,
Castle Black, Wildling Mead and Winter Festival."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import allowed, crests, icons, strength
from gameplay.engine.rules import attachment_targets, can_attack, facts, gold_cost
from gameplay.engine.steps import run
from tests.gameplay.cards.wolves_of_the_north.helpers import (
    offered_during_challenge,
    through_challenge,
    won_window_open,
)
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    WINTER,
    act,
    at_point,
    build,
    events,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    pass_until,
    plots_revealed,
    ref,
    start,
    until_window,
    use,
    uses,
)

CACHE = "dotn_2"
PICKPOCKET = "dotn_4"
SEAT_OF_POWER = "dotn_6"
AHEAD = "dotn_8"
DRAGONS_BLOOD = "dotn_10"
GENTLE_PRISON = "dotn_12"
RANGER = "dotn_13"  # Night's Watch, cost 1
CELLADOR = "dotn_14"  # Night's Watch, cost 2
CASTLE_BLACK = "dotn_15"
SKINCHANGER = "dotn_16"  # Wildling
MEAD = "dotn_18"
FESTIVAL = "dotn_20"
FIEFDOMS = "Northern Fiefdoms"  # 1 influence
WINNER_PLOT = "Rains of Autumn"  # initiative 5 against Summoning Season's 3
LOSER_PLOT = "Summoning Season"  # initiative 3 (Calm Over Westeros taxes events)


# --- dotn_2 Winter Cache -------------------------------------------------------------------


def _cache_board():
    return joust(
        {"in_play": [HOST]},
        {"in_play": [{"card": KNIGHT, "attachments": [CACHE]}, STEWARD, "Lannisport Steward"]},
    )


def test_winter_cache_gives_1_str_and_moves_to_another_character_when_its_host_leaves():
    state = _cache_board()
    knight, cache = ref(state, 1, KNIGHT), ref(state, 1, CACHE)
    steward = ref(state, 1, STEWARD)
    assert strength(state, knight) == 3
    state = start(state, "military", [ref(state, 0, HOST)])
    state = through_challenge(state, claim=[knight], stop="winter_cache")
    prompt = head(state)
    assert prompt["seat"] == 1 and steward in prompt["candidates"]
    assert ref(state, 0, HOST) not in prompt["candidates"]  # Host: No attachments
    state = act(state, 1, "select", [steward])
    assert state.in_play[cache].attached_to == steward
    assert strength(state, steward) == 3 and knight in state.players[1].dead


def test_winter_cache_may_stay_in_the_discard_pile():
    state = _cache_board()
    knight, cache = ref(state, 1, KNIGHT), ref(state, 1, CACHE)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = through_challenge(state, claim=[knight], stop="winter_cache")
    state = act(state, 1, "done")
    assert cache in state.players[1].discard and knight in state.players[1].dead


def test_winter_cache_discarded_itself_stays_in_the_discard_pile():
    state = _cache_board()
    cache = ref(state, 1, CACHE)
    moves.discard(state, [cache])  # an effect discards the Cache itself
    run(state)
    state = pass_until(state, lambda s: cache not in s.in_play)
    assert head(state).get("purpose") != "winter_cache"
    assert cache in state.players[1].discard


# --- dotn_4 Pickpocket ---------------------------------------------------------------------


def test_pickpocket_takes_1_gold_from_the_defending_player_after_an_intrigue_win():
    state = joust(
        {"house": "Lannister", "in_play": [{"card": STEWARD, "attachments": [PICKPOCKET]}]},
        {"gold": 2},
    )
    pickpocket = ref(state, 0, PICKPOCKET)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = through_challenge(state)
    assert won_window_open(state)
    state = use(state, 0, pickpocket)
    assert head(state)["options"] == ["defender", "treasury"]
    state = act(state, 0, "choose", choice="defender")
    assert events(state, "gold_given")[-1] == {
        "event": "gold_given",
        "round": 1,
        "seat": 1,
        "to": 0,
        "gold": 1,
    }


def test_pickpocket_may_take_from_the_treasury_instead():
    state = joust(
        {"house": "Lannister", "in_play": [{"card": STEWARD, "attachments": [PICKPOCKET]}]},
        {"gold": 0},
    )
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = through_challenge(state)
    state = use(state, 0, ref(state, 0, PICKPOCKET))  # the defender has no gold: treasury
    assert events(state, "gold_gained")[-1]["seat"] == 0
    assert events(state, "gold_gained")[-1]["reason"] == "pickpocket"
    assert not events(state, "gold_given")


def test_pickpocket_answers_only_an_intrigue_win_its_character_took_part_in():
    host = {"card": KNIGHT, "attachments": [PICKPOCKET]}
    state = joust({"house": "Lannister", "in_play": [host]}, {"gold": 2})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = through_challenge(state)
    assert not won_window_open(state) or uses(state, 0, ref(state, 0, PICKPOCKET)) == []
    state = joust({"house": "Lannister", "in_play": [host, STEWARD]}, {"gold": 2})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = through_challenge(state)
    assert not won_window_open(state) or uses(state, 0, ref(state, 0, PICKPOCKET)) == []


# --- dotn_6 Seat of Power ------------------------------------------------------------------


def test_seat_of_power_is_discarded_to_lower_the_next_baratheon_card_by_3():
    state = marshalling(
        {"house": "Baratheon", "in_play": [SEAT_OF_POWER], "hand": [HOST], "gold": 2}
    )
    seat_of_power, host = ref(state, 0, SEAT_OF_POWER), hand(state, 0, HOST)[0]
    assert marshals(state, 0, host) == []  # 5 gold
    state = use(state, 0, seat_of_power)
    assert seat_of_power in state.players[0].discard
    assert gold_cost(state, 0, host) == 2
    state = act(state, 0, "marshal:play", [host])
    assert host in state.in_play and state.players[0].gold == 0


def test_seat_of_power_lowers_only_a_baratheon_card_in_marshalling():
    state = marshalling(
        {"house": "Baratheon", "in_play": [SEAT_OF_POWER], "hand": [STEWARD], "gold": 0}
    )
    steward = hand(state, 0, STEWARD)[0]
    before = gold_cost(state, 0, steward)
    state = use(state, 0, ref(state, 0, SEAT_OF_POWER))
    assert gold_cost(state, 0, steward) == before  # a Lannister card: not lowered
    state = joust({"house": "Baratheon", "in_play": [SEAT_OF_POWER, HOST]}, {})
    assert uses(state, 0, ref(state, 0, SEAT_OF_POWER)) == []  # challenges phase


# --- dotn_8 Ahead of the Tide --------------------------------------------------------------


def _tide(mine: str, theirs: str):
    players = [
        {"plot_deck": [mine]},
        {"house": "Greyjoy", "plot_deck": [theirs], "hand": [AHEAD]},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def test_ahead_of_the_tide_wins_initiative_instead_of_the_opponent():
    state = _tide(WINNER_PLOT, LOSER_PLOT)
    ahead = state.players[1].hand[0]
    state = until_window(state, "would_win_initiative")
    state = use(state, 1, ahead)
    state = until_window_or_first_player(state)
    assert events(state, "initiative")[-1]["seat"] == 1
    assert events(state, "initiative_taken")[-1]["was"] == 0
    assert head(state)["name"] == "first_player" and head(state)["seat"] == 1
    assert ahead in state.players[1].discard


def test_ahead_of_the_tide_is_played_only_when_an_opponent_would_win():
    state = _tide(LOSER_PLOT, WINNER_PLOT)  # its own player would win: nothing to play
    assert head(state)["name"] == "first_player" and head(state)["seat"] == 1
    assert events(state, "initiative")[-1]["seat"] == 1 and not events(state, "initiative_taken")
    assert state.players[1].hand


def until_window_or_first_player(state):
    for _ in range(20):
        if head(state).get("name") == "first_player":
            return state
        state = act(state, state.queue[0]["order"][state.queue[0]["i"] % 2], "pass")
    raise AssertionError("no first player choice")


# --- dotn_10 The Dragon's Blood ------------------------------------------------------------


def test_the_dragons_blood_gives_the_noble_crest_and_a_power_icon():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": STEWARD, "attachments": [DRAGONS_BLOOD]}]},
        {},
    )
    steward = ref(state, 0, STEWARD)
    assert "noble" in crests(state, steward) and icons(state, steward) == {"intrigue", "power"}
    assert steward in can_attack(state, 0, "power")


# --- dotn_12 A Gentle Prison ---------------------------------------------------------------


def _prison(influence: int = 2):
    return joust(
        {"in_play": [HOST]},
        {"house": "Martell", "hand": [GENTLE_PRISON], "in_play": [FIEFDOMS] * influence},
    )


def test_a_gentle_prison_stands_and_removes_a_participant_that_cannot_be_killed():
    state = _prison()
    prison, host = state.players[1].hand[0], ref(state, 0, HOST)
    state = start(state, "military", [host])
    state = at_point(state, "after_attackers")
    assert [a.cards[1] for a in uses(state, 1, prison)] == [host]
    state = use(state, 1, prison, host)
    while head(state).get("name") == "prompt":  # the influence to kneel
        state = act(state, 1, "done")
    assert not state.in_play[host].knelt
    assert host not in (state.challenge or {"attackers": []})["attackers"]
    assert not allowed(state, "can_be_killed", host)
    assert all(state.in_play[r].knelt for r in state.players[1].in_play)


def test_a_gentle_prison_needs_2_influence_a_participant_and_the_challenges_phase():
    state = _prison(influence=1)
    prison = state.players[1].hand[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not offered_during_challenge(state, 1, prison)  # 1 influence
    state = _prison()
    state = start(state, "military", [ref(state, 0, HOST)])
    assert offered_during_challenge(state, 1, state.players[1].hand[0])  # 2 influence
    state = _prison()
    assert head(state).get("point") == "before_challenge"
    assert uses(state, 1, state.players[1].hand[0]) == []  # nobody participates
    state = marshalling({"in_play": [HOST]}, {"house": "Martell", "hand": [GENTLE_PRISON]})
    assert uses(state, 1, state.players[1].hand[0]) == []


# --- dotn_15 Castle Black ------------------------------------------------------------------


def test_castle_black_lowers_the_next_nights_watch_character_after_you_play_one():
    state = marshalling({"in_play": [CASTLE_BLACK], "hand": [RANGER, CELLADOR], "gold": 2})
    castle = ref(state, 0, CASTLE_BLACK)
    ranger, cellador = hand(state, 0, RANGER)[0], hand(state, 0, CELLADOR)[0]
    state = act(state, 0, "marshal:play", [ranger])
    state = until_window(state, "played")
    state = use(state, 0, castle)
    assert gold_cost(state, 0, cellador) == 1
    state = act(state, 0, "marshal:play", [cellador])
    assert cellador in state.in_play and state.players[0].gold == 0


def test_castle_black_answers_only_a_nights_watch_character():
    state = marshalling({"in_play": [CASTLE_BLACK], "hand": [KNIGHT, RANGER], "gold": 5})
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])
    assert uses(state, 0, ref(state, 0, CASTLE_BLACK)) == []
    assert gold_cost(state, 0, hand(state, 0, RANGER)[0]) == 1


# --- dotn_18 Wildling Mead -----------------------------------------------------------------


def test_wildling_mead_kneels_to_stand_its_wildling():
    skin = {"card": SKINCHANGER, "knelt": True, "attachments": [MEAD]}
    state = joust({"in_play": [skin, HOST]}, {})
    mead, skinchanger = ref(state, 0, MEAD), ref(state, 0, SKINCHANGER)
    state = use(state, 0, mead)
    assert not state.in_play[skinchanger].knelt and state.in_play[mead].knelt
    assert uses(state, 0, mead) == []


def test_wildling_mead_goes_only_on_a_wildling_and_stands_only_a_kneeling_one():
    state = marshalling({"in_play": [SKINCHANGER, KNIGHT], "hand": [MEAD], "gold": 2})
    mead = hand(state, 0, MEAD)[0]
    assert attachment_targets(state, facts(state, mead), 0) == [ref(state, 0, SKINCHANGER)]
    state = joust({"in_play": [{"card": SKINCHANGER, "attachments": [MEAD]}, HOST]}, {})
    assert uses(state, 0, ref(state, 0, MEAD)) == []  # the Skinchanger stands


# --- dotn_20 Winter Festival ---------------------------------------------------------------


def test_winter_festival_claims_1_power():
    state = plots_revealed(FESTIVAL, CALM)
    assert state.players[0].power == 1 and state.players[1].power == 0


def test_winter_festival_claims_2_power_in_winter():
    state = plots_revealed(FESTIVAL, CALM, them={"in_play": [WINTER]})
    assert state.players[0].power == 2
