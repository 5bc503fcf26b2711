"""Trial By Combat's melee events and plot (gameplay/engine/cards/trial_by_combat/
melee_events.py): A United Cause (atoc_97), Enemy of My Enemy (atoc_98), Secret Alliance
(atoc_99) and I Fight to Win (atoc_100), played through legal actions.

Fillers: Knight of the Tumblestone (cost 2, 2 STR), Host of Storm's End (cost 5, 6 STR),
Brown Ben Plumm (unique, cost 0, no text), Great Keep (location, cost 0), Northern Fiefdoms
(location, cost 1), Godswood (location, cost 2)."""

from __future__ import annotations

import pytest

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    answer,
    build,
    choose,
    code,
    events,
    head,
    pass_windows,
    ref,
    start,
    use,
    uses,
    waiting_seats,
)

BEN = "Brown Ben Plumm"
KEEP = "Great Keep"
FIEFDOMS = "Northern Fiefdoms"
GODSWOOD = "Godswood"
COURTIER = "Renly's Courtier"
CAUSE, ENEMY, ALLIANCE, FIGHT = "atoc_97", "atoc_98", "atoc_99", "atoc_100"


def _melee(phase, me, *others, count=3, **options):
    """A melee position at ``phase`` (seat 0 first) with ``me`` at seat 0."""
    rest = list(others) + [{} for _ in range(count - 1 - len(others))]
    return build(phase=phase, players=[me, *rest], **options)


def _event(state, seat=0):
    return next(r for r in state.players[seat].hand if state.code(r) in (CAUSE, ENEMY, ALLIANCE))


# --- the shared restrictions ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "phase", "house"),
    [
        (CAUSE, "dominance", "Stark"),
        (ENEMY, "draw", "Lannister"),
        (ALLIANCE, "challenges", "Martell"),
    ],
)
def test_melee_events_need_more_than_one_opponent_and_a_power_on_the_house_card(card, phase, house):
    me = {"house": house, "hand": [card], "power": 1, "dead": [BEN], "deck": [KNIGHT] * 8}
    # Two opponents: playable, and the power is discarded as its cost.
    state = _melee(phase, me, {"in_play": [KEEP]}, {"in_play": [KEEP]})
    assert state.phase == phase
    event = _event(state)
    assert uses(state, 0, event)
    # One opponent (a joust): not playable.
    assert not uses(build(phase=phase, players=[me, {"in_play": [KEEP]}]), 0, event)
    # No power on the House card: not playable.
    broke = _melee(phase, {**me, "power": 0}, {"in_play": [KEEP]}, {"in_play": [KEEP]})
    assert not uses(broke, 0, _event(broke))
    state = use(state, 0, event)
    assert state.players[0].power == 0
    assert [e for e in events(state, "power") if e.get("reason") == "cost"][-1]["amount"] == -1


@pytest.mark.parametrize(
    ("card", "phase", "other_phase"),
    [
        (CAUSE, "dominance", "challenges"),
        (ENEMY, "draw", "dominance"),
        (ALLIANCE, "challenges", "dominance"),
    ],
)
def test_melee_events_only_in_their_phase(card, phase, other_phase):
    me = {"hand": [card], "power": 3, "dead": [BEN], "deck": [KNIGHT] * 8}
    state = _melee(other_phase, me, {"in_play": [KEEP]}, {"in_play": [KEEP]}, auto_pass=False)
    assert state.phase == other_phase and head(state).get("name") == "window"
    assert not uses(state, 0, _event(state))


def test_melee_events_limit_one_per_phase():
    # Renly's Courtier (an unused Any Phase action) keeps seat 0 asked in the draw window.
    me = {"hand": [ENEMY, ENEMY], "power": 3, "deck": [KNIGHT] * 10, "in_play": [COURTIER]}
    state = _melee("draw", me)
    first, second = state.players[0].hand[:2]
    assert uses(state, 0, second)
    state = use(state, 0, first)  # drawing is the only option: chosen at once
    assert state.players[0].power == 2
    assert state.phase == "draw" and waiting_seats(state) == [0]
    assert uses(state, 0, ref(state, 0, COURTIER))  # seat 0 may act, but not play it again
    assert second in state.players[0].hand and not uses(state, 0, second)


# --- atoc_97 A United Cause ----------------------------------------------------------------


def _cause(**extra):
    me = {"house": "Stark", "hand": [CAUSE], "power": 2, **extra}
    return _melee("dominance", me)


def test_united_cause_returns_a_character_of_printed_cost_3_or_less_from_the_dead_pile():
    state = _cause(dead=[HOST, KNIGHT], deck=[BEN] * 5)
    knight = next(r for r in state.players[0].dead if state.code(r) == code(KNIGHT))
    state = use(state, 0, _event(state))
    assert head(state)["options"] == ["dead_to_hand", "search_top_4"]
    state = choose(state, "dead_to_hand")
    # The Knight (cost 2) is the only candidate: the Host costs 5.
    assert head(state).get("purpose") != "return_to_hand"
    assert knight in state.players[0].hand
    assert [state.code(r) for r in state.players[0].dead] == [code(HOST)]
    assert state.players[0].power == 1


def test_united_cause_searches_the_top_4_cards_and_shuffles_the_rest_back():
    deck = [KNIGHT, KNIGHT, BEN, KNIGHT, HOST, HOST]
    state = _cause(dead=[HOST], deck=deck)  # no cheap character dead: only the search
    top = state.players[0].deck[:4]
    state = use(state, 0, _event(state))
    prompt = head(state)
    assert prompt["purpose"] == "search" and prompt["candidates"] == top
    ben = top[2]
    state = answer(state, "search", [ben])
    assert ben in state.players[0].hand
    assert len(state.players[0].deck) == 5
    assert events(state, "shuffled")[-1]["seat"] == 0


def test_united_cause_searches_1_more_beside_karhold_rookery():
    """A search of the top X (vocabulary.search_top): Karhold Rookery (soo_42) adds 1."""
    deck = [KNIGHT, KNIGHT, BEN, KNIGHT, HOST, HOST]
    state = _cause(dead=[HOST], deck=deck, in_play=["Karhold Rookery"])
    top = state.players[0].deck[:5]
    state = use(state, 0, _event(state))
    assert head(state)["candidates"] == top


def test_united_cause_needs_an_option_that_can_do_something():
    state = _cause(dead=[HOST], deck=[])
    assert not uses(state, 0, _event(state))


# --- atoc_98 Enemy of My Enemy -------------------------------------------------------------


def test_enemy_of_my_enemy_draws_2_cards():
    state = _melee(
        "draw", {"house": "Lannister", "hand": [ENEMY], "power": 1, "deck": [KNIGHT] * 6}
    )
    before = len(state.players[0].hand)
    state = use(state, 0, _event(state))  # no opponent has a cheap location: drawing only
    assert len(state.players[0].hand) == before - 1 + 2
    assert state.players[0].power == 0


def test_enemy_of_my_enemy_each_opponent_discards_a_location_of_printed_cost_1_or_less():
    me = {"house": "Greyjoy", "hand": [ENEMY], "power": 1, "deck": [KNIGHT] * 6, "in_play": [KEEP]}
    first = {"in_play": [KEEP, FIEFDOMS, GODSWOOD]}
    second = {"in_play": [GODSWOOD, FIEFDOMS]}
    third = {"in_play": [GODSWOOD]}  # nothing cheap enough: not asked
    state = _melee("draw", me, first, second, third, count=4)
    state = use(state, 0, _event(state))
    assert head(state)["options"] == ["draw_2", "discard_locations"]
    state = choose(state, "discard_locations")
    prompt = head(state)
    assert prompt["seat"] == 1 and prompt["purpose"] == "discard_from_play"
    keep, fiefdoms = ref(state, 1, KEEP), ref(state, 1, FIEFDOMS)
    assert set(prompt["candidates"]) == {keep, fiefdoms}  # not the Godswood (cost 2)
    state = answer(state, "discard_from_play", [fiefdoms])
    # Seat 2 has one choice (it makes itself); then both go at once.
    assert fiefdoms in state.players[1].discard and keep in state.players[1].in_play
    assert [state.code(r) for r in state.players[2].discard] == [code(FIEFDOMS)]
    assert ref(state, 3, GODSWOOD) in state.players[3].in_play
    assert ref(state, 0, KEEP) in state.players[0].in_play  # not the player's own


# --- atoc_99 Secret Alliance ---------------------------------------------------------------


def test_secret_alliance_removes_a_participating_character_from_the_challenge():
    me = {"house": "Martell", "hand": [ALLIANCE], "power": 1, "in_play": [KNIGHT]}
    state = _melee("challenges", me, {"in_play": [HOST]})
    knight, host = ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = start(state, "military", [knight], defender=1)
    state = answer(state, "defenders", [host])
    assert head(state).get("name") == "window"
    state = use(state, 0, _event(state))  # nobody in the dead pile: only the removal
    assert head(state)["purpose"] == "remove"
    assert set(head(state)["candidates"]) == {knight, host}
    state = answer(state, "remove", [host])
    assert events(state, "removed_from_challenge")[-1]["cards"] == [host]
    state = pass_windows(state)
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["winner"] == 0 and resolved["strength"] == [2, 0]  # the Host's 6 is gone


def test_secret_alliance_puts_a_unique_character_from_the_dead_pile_on_top_of_the_deck():
    me = {"house": "Targaryen", "hand": [ALLIANCE], "power": 1, "dead": [KNIGHT, BEN]}
    me["deck"] = [HOST, HOST]
    state = _melee("challenges", me)
    ben = next(r for r in state.players[0].dead if state.code(r) == code(BEN))
    assert state.challenge is None
    state = use(state, 0, _event(state))  # no challenge under way: only the dead pile
    # Ben is the only unique character (the Knight is not): chosen at once.
    assert state.players[0].deck[0] == ben
    assert [state.code(r) for r in state.players[0].dead] == [code(KNIGHT)]
    assert events(state, "dead_to_deck")[-1]["card"] == ben


def test_secret_alliance_not_without_a_challenge_or_a_unique_dead_character():
    me = {"house": "Martell", "hand": [ALLIANCE], "power": 1, "dead": [KNIGHT]}
    state = _melee("challenges", me)
    assert not uses(state, 0, _event(state))


# --- atoc_100 I Fight to Win ---------------------------------------------------------------


def _plot_round(count, fighters=(0,)):
    """The plot phase of a melee of ``count`` players; the ``fighters`` reveal I Fight to
    Win, the others Rains of Autumn; seat 0 is made first player."""
    players = []
    for seat in range(count):
        plot = FIGHT if seat in fighters else "Rains of Autumn"
        players.append({"plot_deck": [plot] * 3, "deck": [KNIGHT] * 10})
    state = build(phase="plot", players=players)
    for player in state.players:
        state = act(state, player.seat, "plot:choose", [player.plot_deck[0]])
    if head(state).get("purpose") == "first_player" or head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def _titles(state, picks):
    for seat, name in picks:
        assert head(state).get("purpose") == "title" and head(state)["seat"] == seat, head(state)
        state = act(state, seat, "choose", choice=name)
    return state


def test_i_fight_to_win_selects_a_second_title_after_everyone_in_four_players():
    state = _plot_round(4)
    picks = [
        (0, "master_of_coin"),
        (1, "crown_regent"),
        (2, "lord_commander"),
        (3, "master_of_whispers"),
    ]
    state = _titles(state, picks)
    prompt = head(state)
    assert (prompt["seat"], prompt["purpose"]) == (0, "second_title")
    assert prompt["options"] == ["hand_of_the_king", "master_of_laws", "decline"]
    state = choose(state, "master_of_laws")
    assert state.players[0].title == "master_of_coin"
    assert state.players[0].extra_titles == ["master_of_laws"]
    assert state.title_pool == ["hand_of_the_king"]
    # Both titles this round: Master of Laws draws 1 more, Master of Coin adds 2 income.
    assert state.phase == "marshalling"
    assert len(state.players[0].hand) == 3 and len(state.players[1].hand) == 2
    assert events(state, "income")[-1] == {"event": "income", "round": 1, "seat": 0, "gold": 5}


def test_i_fight_to_win_may_decline_and_only_its_owner_is_asked():
    state = _plot_round(3, fighters=(1,))
    state = _titles(state, [(0, "hand_of_the_king"), (1, "crown_regent"), (2, "master_of_laws")])
    prompt = head(state)
    assert (prompt["seat"], prompt["purpose"]) == (1, "second_title")
    state = choose(state, "decline")
    assert [p.extra_titles for p in state.players] == [[], [], []]
    assert state.title_pool == ["lord_commander", "master_of_whispers", "master_of_coin"]
    assert state.phase == "marshalling"


def test_i_fight_to_win_second_title_returns_to_the_pool_in_three_players():
    state = _plot_round(3)
    state = _titles(state, [(0, "hand_of_the_king"), (1, "crown_regent"), (2, "master_of_laws")])
    state = choose(state, "lord_commander")
    assert state.players[0].extra_titles == ["lord_commander"]
    assert state.title_pool == ["master_of_whispers", "master_of_coin"]
    while state.round == 1:
        state = act(state, waiting_seats(state)[0], "pass")
    # Round 2: the kept titles stay, the second title is back in the pool.
    assert [p.title for p in state.players] == [
        "hand_of_the_king",
        "crown_regent",
        "master_of_laws",
    ]
    assert [p.extra_titles for p in state.players] == [[], [], []]
    assert state.title_pool == ["lord_commander", "master_of_whispers", "master_of_coin"]


def test_i_fight_to_win_needs_more_than_one_opponent():
    players = [{"plot_deck": [FIGHT] * 3}, {"plot_deck": ["Rains of Autumn"] * 3}]
    state = build(phase="plot", players=players, variant="melee")
    for player in state.players:
        state = act(state, player.seat, "plot:choose", [player.plot_deck[0]])
    if head(state).get("purpose") == "first_player" or head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    state = _titles(state, [(0, "hand_of_the_king"), (1, "crown_regent")])
    assert head(state).get("purpose") != "second_title"
    assert state.players[0].extra_titles == []
