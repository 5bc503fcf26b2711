"""Return of the Others: the attachments, events, location and plot
(return_of_the_others/cards.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import strength
from tests.gameplay.cards.return_of_the_others.helpers import play_on
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    at_point,
    build,
    code,
    defend,
    events,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    to_window,
    until_prompt,
    until_seat,
    use,
    uses,
)

PRICE = "dotn_104"
FOR_RHLLOR = "dotn_106"
KINGSMOOT = "dotn_108"
PELT = "dotn_110"
BURNING = "dotn_112"
WALL = "dotn_114"
NIGHTMARES = "dotn_118"
MUSE = "dotn_120"
BASTARD = "kotst_19"  # Bastard in Hiding, a Noble character without text
FOLLOWERS = "acoa_53"  # Fiery Followers, a Holy character
RANGER = "dotn_13"  # Ranger of the Watch, a Night's Watch character
CROSSROADS = "core_138"  # a neutral location, 1 influence
RUMORS = "kl_116"  # an Any Phase event: its holder is asked in every action window
CALM = "Summoning Season"  # no passive text (Calm Over Westeros taxes events)


# --- dotn_104 The Price of Nobility -------------------------------------------------------


def test_dotn_104_the_price_of_nobility_attaches_only_to_a_noble_character_you_control():
    state = joust(
        {"house": "Lannister", "gold": 5, "hand": [PRICE], "in_play": [BASTARD, STEWARD]},
        {"house": "Stark", "in_play": [BASTARD]},
        phase="marshalling",
    )
    price = hand(state, 0, PRICE)[0]
    targets = {a.cards[1] for a in marshals(state, 0, price) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, BASTARD)}
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [price, ref(state, 1, BASTARD)])


def _noble_killed(victim: str):
    state = joust(
        {"house": "Stark", "in_play": [HOST], "hand": [RUMORS]},
        {
            "house": "Lannister",
            "hand": [RUMORS],
            "in_play": [{"card": BASTARD, "attachments": [PRICE]}, KNIGHT],
        },
    )
    state = defend(start(state, "military", [ref(state, 0, HOST)]), [])
    state = until_prompt(state, "claim_kill")
    return answer(state, "claim_kill", [ref(state, 1, victim)])


def test_dotn_104_the_price_of_nobility_gives_3_gold_after_its_character_leaves_play():
    state = _noble_killed(BASTARD)
    state = to_window(state, "killed")
    price = next(r for r in state.players[1].discard if state.code(r) == PRICE)
    state = until_seat(state, 1)
    gold = state.players[1].gold
    state = use(state, 1, price)
    assert state.players[1].gold == gold + 3


def test_dotn_104_the_price_of_nobility_does_not_answer_another_character_leaving_play():
    state = _noble_killed(KNIGHT)
    price = next(r for r in state.in_play if state.code(r) == PRICE)
    state = play_on(state, lambda s: bool(uses(s, 1, price)))
    assert not uses(state, 1, price) and price in state.in_play


# --- dotn_106 For R'hllor -----------------------------------------------------------------


def _pelt_drawn(me_in_play, me_hand=(STEWARD,) * 5):
    """Seat 1 (first player) marshals Hrakkar Pelt and draws a card; seat 0 holds For
    R'hllor."""
    state = joust(
        {"house": "Baratheon", "in_play": list(me_in_play), "hand": [FOR_RHLLOR, *me_hand]},
        {
            "house": "Targaryen",
            "gold": 5,
            "in_play": [KNIGHT],
            "hand": [PELT, *[KNIGHT] * 5],
            "deck": [KNIGHT, KNIGHT],
        },
        phase="marshalling",
        first_player=1,
    )
    pelt = hand(state, 1, PELT)[0]
    return act(state, 1, "marshal:play", [pelt, ref(state, 1, KNIGHT)])


def test_dotn_106_for_rhllor_has_every_player_discard_down_to_4_cards():
    state = _pelt_drawn([FOLLOWERS])
    assert len(state.players[1].hand) == 6  # 5 Knights and the card drawn
    state = to_window(state, "cards_drawn")
    state = until_seat(state, 0)
    rhllor = hand(state, 0, FOR_RHLLOR)[0]
    state = use(state, 0, rhllor)
    assert state.in_play[ref(state, 0, FOLLOWERS)].knelt  # the Holy character paid
    for seat, extra in ((1, 2), (0, 1)):
        prompt = head(state)
        assert prompt["purpose"] == "discard" and prompt["seat"] == seat
        state = answer(state, "discard", prompt["candidates"][:extra])
    assert len(state.players[0].hand) == 4 and len(state.players[1].hand) == 4


def test_dotn_106_for_rhllor_may_kneel_3_influence_instead():
    state = _pelt_drawn([CROSSROADS] * 3)
    state = to_window(state, "cards_drawn")
    state = until_seat(state, 0)
    rhllor = hand(state, 0, FOR_RHLLOR)[0]
    state = use(state, 0, rhllor)
    assert all(state.in_play[r].knelt for r in state.players[0].in_play)


def test_dotn_106_for_rhllor_needs_a_holy_character_or_3_influence():
    state = _pelt_drawn([STEWARD, CROSSROADS, CROSSROADS])
    rhllor = hand(state, 0, FOR_RHLLOR)[0]
    state = play_on(state, lambda s: bool(uses(s, 0, rhllor)) or s.phase == "challenges")
    assert not uses(state, 0, rhllor)


def test_dotn_106_for_rhllor_does_not_answer_your_own_draw():
    state = joust(
        {
            "house": "Baratheon",
            "gold": 5,
            "in_play": [FOLLOWERS, KNIGHT],
            "hand": [FOR_RHLLOR, PELT],
            "deck": [KNIGHT],
        },
        {"house": "Stark", "hand": [RUMORS]},
        phase="marshalling",
    )
    rhllor = hand(state, 0, FOR_RHLLOR)[0]
    state = act(state, 0, "marshal:play", [hand(state, 0, PELT)[0], ref(state, 0, KNIGHT)])
    assert len(state.players[0].hand) == 2  # For R'hllor and the Knight drawn
    assert not uses(state, 0, rhllor)


# --- dotn_108 Kingsmoot Support -----------------------------------------------------------


def test_dotn_108_kingsmoot_support_gives_3_chosen_characters_1_2_and_3_str():
    state = joust(
        {
            "house": "Greyjoy",
            "hand": [KINGSMOOT],
            "in_play": [KNIGHT, STEWARD, CROSSROADS, CROSSROADS, CROSSROADS],
        },
        {"house": "Stark", "in_play": [HOST]},
    )
    knight, steward, host = ref(state, 0, KNIGHT), ref(state, 0, STEWARD), ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, KINGSMOOT)[0])
    assert head(state)["purpose"] == "plus_3"  # the only 3 characters: chosen
    assert set(head(state)["candidates"]) == {knight, steward, host}
    state = answer(state, "plus_3", [steward])
    state = answer(state, "plus_2", [host])
    assert strength(state, steward) == 5 and strength(state, host) == 8
    assert strength(state, knight) == 3
    assert all(
        state.in_play[r].knelt for r in state.players[0].in_play if state.code(r) == CROSSROADS
    )


def test_dotn_108_kingsmoot_support_needs_3_characters_and_3_influence():
    state = joust(
        {"house": "Greyjoy", "hand": [KINGSMOOT], "in_play": [KNIGHT, *[CROSSROADS] * 3]},
        {"house": "Stark", "in_play": [HOST]},
    )
    assert not uses(state, 0, hand(state, 0, KINGSMOOT)[0])  # 2 characters
    state = joust(
        {"house": "Greyjoy", "hand": [KINGSMOOT], "in_play": [KNIGHT, STEWARD, CROSSROADS]},
        {"house": "Stark", "in_play": [HOST]},
    )
    assert not uses(state, 0, hand(state, 0, KINGSMOOT)[0])  # 1 influence


# --- dotn_110 Hrakkar Pelt ----------------------------------------------------------------


def test_dotn_110_hrakkar_pelt_draws_a_card_when_played_from_hand_on_your_character():
    state = joust(
        {"house": "Targaryen", "gold": 5, "hand": [PELT], "in_play": [KNIGHT], "deck": [HOST]},
        {"house": "Stark", "in_play": [STEWARD], "hand": [RUMORS]},
        phase="marshalling",
    )
    pelt = hand(state, 0, PELT)[0]
    targets = {a.cards[1] for a in marshals(state, 0, pelt) if a.kind == "marshal:play"}
    assert targets == {ref(state, 0, KNIGHT)}  # not the opponent's Steward
    state = act(state, 0, "marshal:play", [pelt, ref(state, 0, KNIGHT)])
    assert [state.code(r) for r in state.players[0].hand] == [code(HOST)]  # drawn


def test_dotn_110_hrakkar_pelt_stands_its_character_at_the_end_of_the_challenges_phase():
    state = joust(
        {"house": "Targaryen", "in_play": [{"card": KNIGHT, "attachments": [PELT]}, HOST]},
        {"house": "Stark", "hand": [RUMORS]},
    )
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    state = start(state, "military", [knight])
    state = play_on(state, lambda s: bool(events(s, "challenge_resolved")))
    state = start(state, "power", [host])
    state = play_on(state, lambda s: s.phase == "dominance")
    assert not state.in_play[knight].knelt
    assert state.in_play[host].knelt  # no Pelt


# --- dotn_112 Burning on the Sand ---------------------------------------------------------


def test_dotn_112_burning_on_the_sand_cancels_an_opponent_s_win_against_you():
    state = joust(
        {"house": "Stark", "in_play": [HOST]},
        {"house": "Martell", "in_play": [KNIGHT], "hand": [BURNING]},
    )
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "would_win_military")
    state = until_seat(state, 1)
    state = use(state, 1, hand(state, 1, BURNING)[0])
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["winner"] is None
    assert knight in state.in_play  # no claim


def test_dotn_112_burning_on_the_sand_does_not_cancel_your_own_win():
    state = joust(
        {"house": "Martell", "in_play": [HOST], "hand": [BURNING, RUMORS]},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [RUMORS]},
    )
    burning = hand(state, 0, BURNING)[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state = play_on(
        state, lambda s: bool(uses(s, 0, burning)) or bool(events(s, "challenge_resolved"))
    )
    assert not uses(state, 0, burning)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0


def test_dotn_112_burning_on_the_sand_does_not_answer_a_win_of_yours_as_defender():
    state = joust(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [RUMORS]},
        {"house": "Martell", "in_play": [HOST], "hand": [BURNING]},
    )
    burning = hand(state, 1, BURNING)[0]
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = defend(state, [ref(state, 1, HOST)])
    state = play_on(
        state, lambda s: bool(uses(s, 1, burning)) or bool(events(s, "challenge_resolved"))
    )
    assert not uses(state, 1, burning)
    assert events(state, "challenge_resolved")[-1]["winner"] == 1


# --- dotn_114 The Wall --------------------------------------------------------------------


def _wall_attacked(hand_cards=(RANGER, KNIGHT)):
    state = joust(
        {"house": "Lannister", "in_play": [HOST], "hand": [RUMORS]},
        {"house": "Stark", "in_play": [WALL], "hand": list(hand_cards)},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    return at_point(state, "after_attackers")


def test_dotn_114_the_wall_puts_a_night_s_watch_character_into_play_knelt_as_a_defender():
    state = _wall_attacked()
    wall = ref(state, 1, WALL)
    ranger = hand(state, 1, RANGER)[0]
    state = until_seat(state, 1)
    state = use(state, 1, wall)
    prompt = head(state)
    assert prompt["purpose"] == "put_into_play" and prompt["candidates"] == [ranger]
    state = answer(state, "put_into_play", [ranger])
    assert ranger in state.in_play and state.in_play[ranger].knelt
    assert ranger in state.challenge["defenders"]
    state = play_on(state, lambda s: bool(events(s, "challenge_resolved")))
    assert events(state, "defenders")[-1]["cards"] == []  # none declared: the Ranger stays
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 2]
    state = play_on(state, lambda s: s.phase == "dominance")
    assert ranger in state.players[1].hand  # back at the end of the phase


def test_dotn_114_the_wall_once_per_challenge_and_only_night_s_watch_characters():
    state = _wall_attacked((RANGER, RANGER, KNIGHT))
    wall = ref(state, 1, WALL)
    state = until_seat(state, 1)
    state = use(state, 1, wall)
    assert hand(state, 1, KNIGHT)[0] not in head(state)["candidates"]
    state = answer(state, "put_into_play", head(state)["candidates"][:1])
    state = play_on(
        state, lambda s: bool(uses(s, 1, wall)) or bool(events(s, "challenge_resolved"))
    )
    assert not uses(state, 1, wall)


def test_dotn_114_the_wall_only_during_a_challenge_declared_against_you():
    state = joust(
        {"house": "Stark", "in_play": [WALL, HOST], "hand": [RANGER, RUMORS]},
        {"house": "Lannister", "in_play": [STEWARD], "hand": [RUMORS]},
    )
    wall = ref(state, 0, WALL)
    assert not uses(state, 0, wall)  # no challenge
    state = start(state, "power", [ref(state, 0, HOST)])
    state = at_point(state, "after_attackers")
    assert not uses(state, 0, wall)  # its own challenge


# --- dotn_118 Nightmares in the North -----------------------------------------------------


def _nightmares(my_dead, their_dead):
    return build(
        phase="dominance",
        players=[
            {
                "hand": [NIGHTMARES],
                "dead": my_dead,
                "deck": [KNIGHT] * 4,
                "revealed_plot": CALM,
            },
            {"dead": their_dead, "deck": [STEWARD] * 4, "revealed_plot": CALM},
        ],
    )


def test_dotn_118_nightmares_in_the_north_mills_by_dead_characters_and_the_fewest_draws():
    state = _nightmares([KNIGHT, KNIGHT, "core_138"], [STEWARD])
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, NIGHTMARES)[0])
    assert len(state.players[0].deck) == 2  # 2 characters in the dead pile
    assert len(state.players[1].deck) == 2 and len(state.players[1].hand) == 1  # 1, then draws


def test_dotn_118_nightmares_in_the_north_a_tie_draws_nothing():
    state = _nightmares([KNIGHT], [STEWARD])
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, NIGHTMARES)[0])
    assert len(state.players[0].deck) == 3 and len(state.players[1].deck) == 3
    assert len(state.players[1].hand) == 0 and len(state.players[0].hand) == 0


def test_dotn_118_nightmares_in_the_north_only_in_the_dominance_phase():
    state = joust({"hand": [NIGHTMARES], "dead": [KNIGHT], "in_play": [KNIGHT]}, {})
    assert not uses(state, 0, hand(state, 0, NIGHTMARES)[0])


# --- dotn_120 The Minstrel's Muse ---------------------------------------------------------


def test_dotn_120_the_minstrel_s_muse_claims_3_more_power_when_you_win_dominance():
    state = build(
        phase="dominance",
        players=[
            {"in_play": [KNIGHT], "revealed_plot": MUSE},
            {"house": "Lannister", "revealed_plot": CALM},
        ],
    )
    state = play_on(state)
    assert state.players[0].power == 4


def test_dotn_120_the_minstrel_s_muse_gives_nothing_when_an_opponent_wins_dominance():
    state = build(
        phase="dominance",
        players=[
            {"revealed_plot": MUSE},
            {"house": "Lannister", "in_play": [HOST], "revealed_plot": CALM},
        ],
    )
    state = play_on(state)
    assert state.players[0].power == 0 and state.players[1].power == 1
