"""Battle of Ruby Ford (battle_of_ruby_ford/more.py): Old Nan ("acoa_81") and Rhaegar
Targaryen ("acoa_82", ending the round: gameplay/engine/phase_flow.py), played through
legal actions in joust and two-on-two."""

from __future__ import annotations

from gameplay.engine.abilities import traits
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    code,
    events,
    head,
    joust,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
    waiting_seats,
)

OLD_NAN = "acoa_81"
RHAEGAR = "acoa_82"
KNIGHT = "Knight of the Tumblestone"  # a Knight, 2 STR, military and power
HOST = "Host of Storm's End"  # 6 STR Army, military and power


def _choose(state, purpose, choice):
    assert head(state).get("purpose") == purpose, head(state)
    return act(state, head(state)["seat"], "choose", choice=choice)


def test_acoa_81_old_nan_gives_or_takes_a_trait_until_the_end_of_the_phase():
    state = joust({"in_play": [OLD_NAN, KNIGHT]}, {"in_play": [HOST]})
    nan, knight, host = ref(state, 0, OLD_NAN), ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = until_window(state)
    state = until_seat(state, 0)
    state = use(state, 0, nan, knight)
    state = _choose(state, "gain_or_lose_trait", "gain")
    state = _choose(state, "name_trait", "maester")
    assert "Maester" in traits(state, knight)
    assert state.in_play[nan].knelt
    assert not uses(state, 0, nan)  # knelt
    state.in_play[nan].knelt = False
    state = use(state, 0, nan, host)
    assert head(state)["options"] == ["gain", "lose"]
    state = _choose(state, "gain_or_lose_trait", "lose")
    if head(state).get("purpose") == "name_trait":  # one Trait to lose: chosen by itself
        state = _choose(state, "name_trait", "army")
    assert "Army" not in traits(state, host)
    # Until the end of the phase: both are gone once the dominance phase begins.
    while state.phase == "challenges":
        state = act(state, waiting_seats(state)[0], "pass")
    assert "Maester" not in traits(state, knight) and "Army" in traits(state, host)


def test_acoa_82_rhaegar_ends_the_round_any_player_may_trigger_it():
    state = joust({"in_play": [HOST]}, {"in_play": [RHAEGAR, KNIGHT]})
    rhaegar = ref(state, 1, RHAEGAR)
    state = start(state, "military", [ref(state, 0, HOST)])
    while head(state).get("purpose") != "defenders":
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "defenders", [])
    while head(state).get("purpose") != "claim_kill":
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "claim_kill", [rhaegar])
    state = until_window(state, "killed")
    assert rhaegar in state.players[1].dead
    state = until_seat(state, 0)  # the attacker, not Rhaegar's owner, triggers it
    state = use(state, 0, rhaegar)
    ended = events(state, "round_ended")
    assert ended and ended[-1]["phase"] == "challenges"
    kinds = [(e["event"], e.get("phase") or e.get("number")) for e in state.log]
    at = kinds.index(("round_ended", "challenges"))
    assert kinds[at + 1 : at + 3] == [("round", 2), ("phase", "plot")]
    assert not events(state, "dominance")  # the phases left in the round ended too
    assert state.round == 2 and state.phase == "plot"


def test_acoa_82_rhaegar_in_two_on_two_his_owners_partner_may_end_the_round():
    players = [
        {"revealed_plot": "Summoning Season", "in_play": [HOST], "team": 0},
        {"revealed_plot": "Summoning Season", "in_play": [RHAEGAR], "team": 1},
        {"revealed_plot": "Summoning Season", "in_play": [KNIGHT], "team": 0},
        {"revealed_plot": "Summoning Season", "in_play": [KNIGHT], "team": 1},
    ]
    state = build(phase="challenges", players=players)
    rhaegar = ref(state, 1, RHAEGAR)
    state = start(state, "military", [ref(state, 0, HOST)])
    while head(state).get("purpose") != "defenders":
        state = act(state, waiting_seats(state)[0], "pass")
    state = answer(state, "defenders", [])
    state = until_window(state, "killed")  # claim 1: Rhaegar, the only character
    state = until_seat(state, 3)
    state = use(state, 3, rhaegar)
    assert events(state, "round_ended")
    assert [e["seat"] for e in events(state, "challenge")] == [0]
    assert state.challenge is None and state.round == 2 and state.phase == "plot"


def test_acoa_82_rhaegar_ending_the_plot_phase_still_returns_the_used_plots():
    """The Red Wedding, the last plot of Ann's plot deck, kills Rhaegar as it is revealed and
    his response ends the round: her used plots still return to her plot deck (the rule's
    "after your revealed plot has taken effect"), so that she has plots to choose from in
    the next plot phase (a whole-pool two-on-two soak found the game stuck there)."""
    used = ["Planning Ahead", "Rains of Autumn"]
    state = build(
        phase="plot",
        players=[
            {"plot_deck": ["pots_57"], "used_plots": used, "in_play": [KNIGHT]},
            {"plot_deck": ["Power and Wealth"], "used_plots": used, "in_play": [RHAEGAR]},
        ],
    )
    rhaegar = ref(state, 1, RHAEGAR)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    state = act(state, head(state)["seat"], "first_player", choice="0")
    # Bob (to Ann's left) chooses the one Lord, no Lady is in play, Ann kills Rhaegar.
    for purpose, chosen in (("lord", [rhaegar]), ("lady", []), ("kill", [rhaegar])):
        if head(state).get("purpose") == purpose:
            state = answer(state, purpose, chosen)
    assert rhaegar in state.players[1].dead
    state = until_window(state, "killed")
    state = until_seat(state, 1)
    state = use(state, 1, rhaegar)
    assert events(state, "round_ended")[-1]["phase"] == "plot"
    assert state.round == 2 and state.phase == "plot"
    ann = state.players[0]
    assert sorted(state.code(r) for r in ann.plot_deck) == sorted(code(n) for n in used)
    assert state.code(ann.revealed_plot) == "pots_57" and not ann.used_plots
    assert {a.kind for a in legal_actions(state, 0)} == {"plot:choose"}
