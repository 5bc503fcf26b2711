"""The House of Black and White events and plots
(gameplay/engine/cards/the_house_of_black_and_white/events_plots.py).

Fillers: Host of Storm's End (6 STR, non-unique), Knight of the Tumblestone (2 STR, Stark,
non-unique), Eddard Stark (unique Stark Lord), Robb Stark (unique Stark)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    act,
    answer,
    build,
    hand,
    head,
    ref,
    use,
    uses,
    waiting_seats,
)

EDDARD = "Eddard Stark"
ROBB = "Robb Stark"
NO_ONE = "btns_84"
EXECUTION = "btns_98"


def _dominance(me: dict, them: dict):
    return build(phase="dominance", auto_pass=False, players=[me, them])


def _to(state, trigger):
    """Pass until a window for ``trigger`` (None: the dominance action window)."""
    for _ in range(10):
        step = head(state)
        window = step.get("name") == "window" and step.get("trigger") == trigger
        if window and (trigger is not None or step.get("point") == "dominance"):
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(f"no {trigger} window")


def _offered(state, seat, card) -> bool:
    """Pass every window of the phase; whether ``seat`` could use ``card`` on the way."""
    offered = False
    while head(state).get("name") == "window":
        offered = offered or bool(uses(state, seat, card))
        state = act(state, waiting_seats(state)[0], "pass")
    return offered


def _seat_asked(state, seat):
    while waiting_seats(state)[0] != seat:
        state = act(state, waiting_seats(state)[0], "pass")
    return state


# --- btns_84 I Am No One -------------------------------------------------------------------


def test_btns_84_i_am_no_one_gives_2_power_after_losing_dominance():
    state = _dominance({"in_play": [HOST]}, {"in_play": [KNIGHT, ROBB], "hand": [NO_ONE]})
    state = _seat_asked(_to(state, None), 1)
    card, robb = hand(state, 1, NO_ONE)[0], ref(state, 1, ROBB)
    assert [a.cards[1:] for a in uses(state, 1, card)] == [(robb,)]  # not the non-unique Knight
    state = use(state, 1, card, robb)
    assert state.in_play[robb].power == 2


def test_btns_84_i_am_no_one_needs_dominance_lost_and_a_standing_unique_stark():
    # Seat 1 won dominance: not lost.
    state = _dominance({"in_play": [KNIGHT]}, {"in_play": [HOST, ROBB], "hand": [NO_ONE]})
    assert not _offered(state, 1, hand(state, 1, NO_ONE)[0])
    # Lost, but Robb is knelt: no standing unique Stark character.
    knelt = {"card": ROBB, "knelt": True}
    state = _dominance({"in_play": [HOST]}, {"in_play": [knelt], "hand": [NO_ONE]})
    assert not _offered(state, 1, hand(state, 1, NO_ONE)[0])


def test_btns_84_i_am_no_one_limit_1_per_round():
    them = {"in_play": [ROBB], "hand": [NO_ONE, NO_ONE]}
    state = _seat_asked(_to(_dominance({"in_play": [HOST]}, them), None), 1)
    first, second = hand(state, 1, NO_ONE)
    state = use(state, 1, first, ref(state, 1, ROBB))
    assert not _offered(state, 1, second)


# --- btns_98 Execution ---------------------------------------------------------------------


def test_btns_98_execution_kneels_a_lord_to_kill_a_non_unique_character():
    state = _dominance({"in_play": [HOST, EDDARD], "hand": [EXECUTION]}, {"in_play": [KNIGHT]})
    state = _seat_asked(_to(state, "dominance_won"), 0)
    card, knight, eddard = (
        hand(state, 0, EXECUTION)[0],
        ref(state, 1, KNIGHT),
        ref(state, 0, EDDARD),
    )
    targets = sorted(a.cards[1:] for a in uses(state, 0, card))
    assert (knight,) in targets and (eddard,) not in targets  # non-unique only
    state = use(state, 0, card, knight)
    for _ in range(10):
        if knight in state.players[1].dead:
            break
        step = head(state)
        if step.get("purpose") == "kneel":
            state = answer(state, "kneel", [eddard])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert knight in state.players[1].dead
    (paid,) = [e for e in state.log if e["event"] == "knelt_for_cost"]
    assert paid["cards"] == [eddard]


def test_btns_98_execution_needs_a_lord_or_influence_and_a_win():
    # No Lord, no influence: nothing to pay.
    state = _dominance({"in_play": [HOST], "hand": [EXECUTION]}, {"in_play": [KNIGHT]})
    assert not _offered(state, 0, hand(state, 0, EXECUTION)[0])
    # Lost dominance: no response.
    state = _dominance({"in_play": [EDDARD], "hand": [EXECUTION]}, {"in_play": [HOST, KNIGHT]})
    assert not _offered(state, 0, hand(state, 0, EXECUTION)[0])


# --- btns_99 Men of Pride ------------------------------------------------------------------


def test_btns_99_men_of_pride_non_unique_characters_lose_all_keywords():
    fleet = "Fleet from Pyke"  # non-unique, deadly
    state = build(
        phase="challenges",
        players=[{"revealed_plot": "btns_99", "in_play": [fleet, "Syrio Forel"]}, {}],
    )
    assert keywords(state, ref(state, 0, fleet)) == set()
    assert keywords(state, ref(state, 0, "Syrio Forel"))  # unique: keeps them
    plain = build(phase="challenges", players=[{"revealed_plot": CALM, "in_play": [fleet]}, {}])
    assert keywords(plain, ref(plain, 0, fleet))


# --- btns_100 The Pale Mare ----------------------------------------------------------------


def test_btns_100_the_pale_mare_keeps_one_non_unique_character_each():
    me = {"in_play": [HOST, KNIGHT, ROBB]}
    them = {"in_play": [HOST, KNIGHT]}
    state = build(
        phase="plot", players=[{"plot_deck": ["btns_100"], **me}, {"plot_deck": [CALM], **them}]
    )
    my_host, my_knight, robb = ref(state, 0, HOST), ref(state, 0, KNIGHT), ref(state, 0, ROBB)
    their_host, their_knight = ref(state, 1, HOST), ref(state, 1, KNIGHT)
    keep = {0: my_host, 1: their_knight}
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    for _ in range(6):
        step = head(state)
        if step.get("name") == "first_player":
            state = act(state, step["seat"], "first_player", choice="0")
        elif step.get("purpose") == "keep":
            assert my_knight not in step["candidates"] or step["seat"] == 0
            assert robb not in step["candidates"]  # unique: not chosen, not discarded
            state = answer(state, "keep", [keep[step["seat"]]])
        else:
            break
    assert state.players[0].discard == [my_knight] and state.players[1].discard == [their_host]
    assert {my_host, robb, their_knight} <= set(state.in_play)
