"""A Hidden Agenda's responses and forced effects
(gameplay/engine/cards/a_hidden_agenda/responses.py).

Fillers: Knight of the Tumblestone (Stark, 2 STR, military and power), Lannisport Steward
(Lannister, 2 STR, intrigue), Host of Storm's End (6 STR, military and power)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.steps import round_steps, run
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    agenda_position,
    answer,
    build,
    challenge_kinds,
    choose,
    code,
    events,
    hand,
    head,
    joust,
    pass_windows,
    plots_revealed,
    ref,
    shadow,
    start,
    to_window,
    until_window,
    use,
    uses,
    waiting_seats,
)
from tests.gameplay.scenario import settle

AGENDA = "kl_79"  # The White Book: nothing without a Kingsguard character


# --- kr_101 Maester Cressen -----------------------------------------------------------------


def test_maester_cressen_returns_the_top_of_the_discard_pile_after_coming_out():
    state = joust(
        {"house": "Baratheon", "gold": 0, "discard": [STEWARD, KNIGHT]},
        {"house": "Stark"},
        phase="marshalling",
    )
    cressen = shadow(state, 0, "kr_101")
    state = act(state, 0, "use", [cressen], "shadow")
    assert head(state).get("trigger") == "came_out_of_shadows"
    state = use(state, 0, cressen)
    assert [state.code(r) for r in state.players[0].hand] == [state.code(hand_or(state, KNIGHT))]


def hand_or(state, name):
    return hand(state, 0, name)[0]


def test_maester_cressen_returns_the_top_of_the_discard_pile_after_he_is_killed():
    state = joust({"house": "Baratheon", "in_play": ["kr_101"], "discard": [KNIGHT, STEWARD]}, {})
    cressen = ref(state, 0, "kr_101")
    moves.kill(state, [cressen])
    state = until_window(state, "killed")
    state = use(state, 0, cressen)
    assert [state.code(r) for r in state.players[0].hand] == [state.code(hand_or(state, STEWARD))]


# --- kr_107 Grand Maester Pycelle ----------------------------------------------------------


def test_grand_maester_pycelle_swaps_2_cards_of_the_losers_hand_for_the_top_of_his_deck():
    state = joust(
        {"house": "Lannister", "in_play": ["kr_107"]},
        {"in_play": [STEWARD], "hand": [KNIGHT, KNIGHT, KNIGHT], "deck": [HOST, HOST, HOST]},
    )
    pycelle = ref(state, 0, "kr_107")
    state = start(state, "intrigue", [pycelle])
    state = to_window(state, "challenge_won", defenders=[])
    state = use(state, 0, pycelle)
    assert head(state)["options"] == ["1", "2"]
    state = choose(state, "2")
    theirs = state.players[1]
    assert len(theirs.discard) >= 2 and len(theirs.deck) == 1
    assert sum(state.code(r) == state.code(theirs.deck[0]) for r in theirs.hand) >= 2


def test_grand_maester_pycelle_needs_to_participate():
    state = joust(
        {"house": "Lannister", "in_play": ["kr_107", STEWARD]},
        {"in_play": [STEWARD], "hand": [KNIGHT]},
    )
    pycelle = ref(state, 0, "kr_107")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    for _ in range(30):
        assert not uses(state, 0, pycelle)
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")


# --- kr_113 Alleras ------------------------------------------------------------------------


def _alleras_position(agenda_for_me: bool = False):
    agendas = {1: AGENDA} if not agenda_for_me else {0: AGENDA, 1: AGENDA}
    return agenda_position(
        [
            {"house": "Stark", "in_play": ["kr_113", KNIGHT]},
            {"house": "Lannister", "in_play": [STEWARD, KNIGHT]},
        ],
        agendas,
    )


def test_alleras_stops_the_agenda_player_declaring_in_a_named_challenge_type():
    state = _alleras_position()
    state = until_seat_turn(state, 1)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)])
    state = to_window(state, "challenge_won", defenders=[])
    alleras = ref(state, 0, "kr_113")
    state = use(state, 0, alleras)
    assert head(state)["options"] == ["military", "intrigue", "power"]
    state = choose(state, "military")
    state = pass_windows(state)
    assert "military" not in challenge_kinds(state, 1)


def until_seat_turn(state, seat):
    state.queue = round_steps("challenges")
    state.queue[0:0] = []
    run(state)
    state = settle(state)
    while head(state).get("turn") != seat:
        state = act(state, waiting_seats(state)[0], "pass")
    return state


def test_alleras_does_nothing_while_his_controller_runs_an_agenda():
    state = _alleras_position(agenda_for_me=True)
    state = until_seat_turn(state, 1)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)])
    alleras = ref(state, 0, "kr_113")
    for _ in range(30):
        assert not uses(state, 0, alleras)
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")


# --- kr_114 Sansa Stark --------------------------------------------------------------------


def test_sansa_stark_adds_the_found_card_with_the_fewest_cards_at_command():
    state = joust(
        {"house": "Stark", "hand": ["kr_114"], "gold": 5, "deck": [KNIGHT, HOST]},
        {"hand": [KNIGHT, KNIGHT, KNIGHT]},
        phase="marshalling",
    )
    sansa = hand(state, 0, "kr_114")[0]
    state = act(state, 0, "marshal:play", [sansa])
    state = until_window(state, "played")
    state = use(state, 0, sansa)
    host = next(r for r in state.players[0].deck if state.code(r) == code(HOST))
    state = answer(state, "search", [host])
    assert host in state.players[0].hand


def test_sansa_stark_discards_the_found_card_otherwise():
    state = joust(
        {"house": "Stark", "hand": ["kr_114", KNIGHT], "gold": 5, "deck": [KNIGHT, HOST]},
        {},
        phase="marshalling",
    )
    sansa = hand(state, 0, "kr_114")[0]
    state = act(state, 0, "marshal:play", [sansa])
    state = until_window(state, "played")
    state = use(state, 0, sansa)
    host = next(r for r in state.players[0].deck if state.code(r) == code(HOST))
    state = answer(state, "search", [host])
    assert host in state.players[0].discard


# --- kr_119 Bloodthirst --------------------------------------------------------------------


def test_bloodthirst_lets_the_player_with_fewest_characters_draw_2():
    state = agenda_position(
        [
            {"house": "Martell", "in_play": [KNIGHT]},
            {"house": "Stark", "in_play": [KNIGHT, KNIGHT]},
        ],
        {0: "kr_119"},
    )
    assert _challenge_phase_draws(finish_phase(state)) == {0: 2}


def test_bloodthirst_lets_each_player_tied_for_fewest_draw():
    state = agenda_position(
        [{"house": "Martell", "in_play": [KNIGHT]}, {"house": "Stark", "in_play": [KNIGHT]}],
        {0: "kr_119"},
    )
    assert _challenge_phase_draws(finish_phase(state)) == {0: 2, 1: 2}  # agendas/draw.py


def _challenge_phase_draws(state) -> dict[int, int]:
    """Cards drawn by each seat from the start of the log to the dominance phase."""
    drawn: dict[int, int] = {}
    for entry in state.log:
        if entry["event"] == "phase" and entry["phase"] == "dominance":
            break
        if entry["event"] == "draw":
            drawn[entry["seat"]] = drawn.get(entry["seat"], 0) + entry["count"]
    return drawn


def finish_phase(state):
    for _ in range(60):
        if state.phase != "challenges":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenges phase did not end")


# --- kr_120 Summoned by the Conclave -------------------------------------------------------


def test_summoned_by_the_conclave_lets_each_player_without_agenda_fetch_a_character():
    me = {"house": "Stark", "deck": ["core_138", HOST, "core_138"]}
    them = {"house": "Lannister", "deck": [STEWARD, "core_138"]}
    state = plots_revealed("kr_120", "Calm Over Westeros", me, them)
    for seat in (0, 1):
        step = head(state)
        assert step.get("purpose") == "search" and step["seat"] == seat
        assert len(step["candidates"]) == 1  # the one character
        state = answer(state, "search", step["candidates"])
    found = [e for e in state.log if e["event"] == "revealed"]
    assert [(e["seat"], list(e["codes"])) for e in found][:2] == [
        (0, [code(HOST)]),
        (1, [code(STEWARD)]),
    ]


def test_summoned_by_the_conclave_skips_a_player_running_an_agenda():
    players = [
        {"house": "Stark", "deck": [HOST], "plot_deck": ["kr_120"]},
        {"house": "Lannister", "deck": [STEWARD], "plot_deck": ["Calm Over Westeros"]},
    ]
    state = build(phase="plot", players=players)
    state.players[0].agenda = AGENDA
    state.new_card(AGENDA, 0)
    for cache in ("_passive_cache", "_agenda_cards"):
        state.__dict__.pop(cache, None)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    step = head(state)
    assert step.get("purpose") == "search" and step["seat"] == 1


def test_alleras_does_nothing_against_an_opponent_without_an_agenda():
    state = agenda_position(
        [
            {"house": "Stark", "in_play": ["kr_113", KNIGHT]},
            {"house": "Lannister", "in_play": [STEWARD, KNIGHT]},
        ],
        {},
    )
    state = until_seat_turn(state, 1)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)])
    alleras = ref(state, 0, "kr_113")
    for _ in range(30):
        assert not uses(state, 0, alleras)
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")


def test_alleras_is_limited_once_per_phase():
    state = _alleras_position()
    state = until_seat_turn(state, 1)
    state = start(state, "intrigue", [ref(state, 1, STEWARD)])
    state = to_window(state, "challenge_won", defenders=[])
    alleras = ref(state, 0, "kr_113")
    state = use(state, 0, alleras)
    state = choose(state, "military")
    state = pass_windows(state)
    state = start(state, "power", [ref(state, 1, KNIGHT)])
    for _ in range(30):
        assert not uses(state, 0, alleras)
        if state.challenge is None:
            break
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", [])
        elif step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    won = [e for e in events(state, "challenge_resolved") if e["winner"] == 1]
    assert len(won) == 2  # the second win against him was not answered
