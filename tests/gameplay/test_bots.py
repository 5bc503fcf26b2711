"""The bots as pure functions of (view, legal actions), plus whole games between them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.bots import GreedyBot, RandomBot, card_codes, make_bots
from gameplay.engine.game import GameConfig, outcome
from gameplay.engine.simulate import load_deck, play_game

# Printed facts used below (Core Set): cost / strength / icons.
EDDARD = "core_5"  # 4 / 3 / military, power (unique)
CATELYN = "core_6"  # 3 / 3 / intrigue, power
ARYA = "core_7"  # 2 / 2 / military, power (unique)
HODOR = "core_12"  # 1 / 4 / military, power
GREY_WIND = "core_14"  # 4 / 4 / military
LADY = "core_15"  # 2 / 2 / military
WAR_HOST = "core_16"  # 7 / 11 / military
PUP = "core_19"  # 1 / 2 / military
RECRUITER = "core_21"  # 1 / 1 / power
JAIME = "core_37"  # 4 / 3 / intrigue, military
TYRION = "core_38"  # 4 / 3 / intrigue, power
KENNELS = "core_24"  # location, 2
ICE = "core_1"  # attachment, 2
SUMMER = "core_3"  # attachment, 1
CONDEMNED = "core_202"  # plot, income 5
RAINS = "core_184"  # plot, income 4
HEAR_ME_ROAR = "core_192"  # plot, income 5
VALAR = "core_201"  # plot, income 2


def card(ref: str, code: str, seat: int, knelt: bool = False, **extra: Any) -> dict[str, Any]:
    return {"id": ref, "code": code, "controller": seat, "knelt": knelt, **extra}


def view(
    seat: int = 0,
    *,
    hand: dict[str, str] | None = None,
    plots: dict[str, str] | None = None,
    board: Sequence[dict[str, Any]] = (),
    prompt: dict[str, Any] | None = None,
    challenge: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A hand-built view: ``hand``/``plots`` map refs to codes for ``seat``; ``board`` is
    every in-play card (each goes to its controller)."""
    players = []
    for s in range(2):
        player: dict[str, Any] = {
            "seat": s,
            "in_play": [c for c in board if c["controller"] == s],
        }
        if s == seat:
            player["hand"] = [{"id": r, "code": c} for r, c in (hand or {}).items()]
            player["plot_deck"] = [{"id": r, "code": c} for r, c in (plots or {}).items()]
        players.append(player)
    return {"seat": seat, "players": players, "prompt": prompt, "challenge": challenge}


def act(text: str) -> Action:
    return Action.parse(text)


def acts(*texts: str) -> list[Action]:
    return [act(t) for t in texts]


def test_card_codes_reads_every_visible_face():
    v = view(hand={"c1": EDDARD}, plots={"c2": RAINS}, board=[card("c3", HODOR, 1)])
    v["players"][1]["in_play"][0]["duplicates"] = [{"id": "c4", "code": HODOR}]
    assert card_codes(v) == {"c1": EDDARD, "c2": RAINS, "c3": HODOR, "c4": HODOR}


# --- setup, plots, first player --------------------------------------------------------


def test_setup_places_the_most_printed_cost_then_the_most_cards():
    v = view(hand={"c1": EDDARD, "c2": HODOR, "c3": ARYA, "c4": PUP, "c5": KENNELS})
    actions = acts(
        "p0:setup:place",
        "p0:setup:place:c1",  # 4
        "p0:setup:place:c1,c2",  # 5
        "p0:setup:place:c3,c5",  # 4
        "p0:setup:place:c2,c3,c4",  # 4
    )
    assert GreedyBot(1).choose(v, actions) == act("p0:setup:place:c1,c2")
    tie = acts("p0:setup:place:c1,c2", "p0:setup:place:c2,c3,c5", "p0:setup:place:c3,c5")
    assert GreedyBot(1).choose(v, tie) == act("p0:setup:place:c2,c3,c5")  # 5 with 3 cards


def test_plot_with_the_most_income_ties_at_random_but_reproducibly():
    v = view(plots={"c1": RAINS, "c2": CONDEMNED, "c3": VALAR, "c4": HEAR_ME_ROAR})
    actions = acts("p0:plot:choose:c1", "p0:plot:choose:c2", "p0:plot:choose:c3")
    assert GreedyBot(5).choose(v, actions) == act("p0:plot:choose:c2")
    tied = [*actions, act("p0:plot:choose:c4")]
    picks = {str(GreedyBot(seed).choose(v, tied)) for seed in range(20)}
    assert picks == {"p0:plot:choose:c2", "p0:plot:choose:c4"}
    assert [GreedyBot(7).choose(v, tied) for _ in range(3)] == [
        GreedyBot(7).choose(v, tied) for _ in range(3)
    ]


def test_first_player_is_itself():
    actions = acts("p1:first_player=0", "p1:first_player=1")
    assert GreedyBot(0).choose(view(1), actions) == act("p1:first_player=1")


# --- marshalling -----------------------------------------------------------------------


def test_marshals_the_most_expensive_playable_card():
    v = view(hand={"c1": HODOR, "c2": GREY_WIND, "c3": KENNELS}, board=[card("c9", LADY, 0)])
    actions = acts("p0:marshal:play:c1", "p0:marshal:play:c2", "p0:marshal:play:c3", "p0:pass")
    assert GreedyBot(0).choose(v, actions) == act("p0:marshal:play:c2")


def test_attachments_go_onto_its_own_characters():
    board = [card("c8", JAIME, 1), card("c9", LADY, 0)]
    v = view(hand={"c1": ICE, "c2": PUP}, board=board)
    actions = acts(
        "p0:marshal:play:c1,c8", "p0:marshal:play:c1,c9", "p0:marshal:play:c2", "p0:pass"
    )
    assert GreedyBot(0).choose(v, actions) == act("p0:marshal:play:c1,c9")
    # Only the opponent's character can take it: a cheaper card of its own comes first.
    actions = acts("p0:marshal:play:c1,c8", "p0:marshal:play:c2", "p0:pass")
    assert GreedyBot(0).choose(v, actions) == act("p0:marshal:play:c2")


def test_duplicates_when_nothing_can_be_played_else_pass():
    v = view(hand={"c1": ARYA}, board=[card("c9", ARYA, 0)])
    actions = acts("p0:marshal:duplicate:c1,c9", "p0:pass")
    assert GreedyBot(0).choose(v, actions) == act("p0:marshal:duplicate:c1,c9")
    assert GreedyBot(0).choose(v, acts("p0:pass")) == act("p0:pass")


# --- challenges ------------------------------------------------------------------------


def test_declares_only_where_its_standing_characters_are_stronger():
    board = [
        card("c1", GREY_WIND, 0),  # military 4
        card("c2", HODOR, 0, knelt=True),  # knelt: does not count
        card("c3", CATELYN, 0),  # intrigue 3, power 3
        card("c7", JAIME, 1),  # intrigue 3, military 3
        card("c8", TYRION, 1, knelt=True),
    ]
    actions = acts(
        "p0:challenge:military=1",  # 4 vs 3
        "p0:challenge:intrigue=1",  # 3 vs 3: not stronger
        "p0:challenge:power=1",  # 3 vs 0 (Tyrion knelt): the biggest margin
        "p0:pass",
    )
    assert GreedyBot(0).choose(view(board=board), actions) == act("p0:challenge:power=1")
    assert GreedyBot(0).choose(view(board=board), actions[:2] + actions[3:]) == act(
        "p0:challenge:military=1"
    )
    assert GreedyBot(0).choose(view(board=board), [actions[1], actions[3]]) == act("p0:pass")


def test_declaring_reads_current_strength_and_icons_from_the_view():
    # Printed, Lady (2) loses to Jaime (3); with +2 strength in the view she wins.
    board = [card("c1", LADY, 0, strength=4, icons=["military"]), card("c7", JAIME, 1)]
    actions = acts("p0:challenge:military=1", "p0:challenge:intrigue=1", "p0:pass")
    assert GreedyBot(0).choose(view(board=board), actions) == act("p0:challenge:military=1")
    board[0]["icons"] = []  # lost her icon
    assert GreedyBot(0).choose(view(board=board), actions) == act("p0:pass")


def _challenge(attackers=(), defenders=(), attack=None, defence=0) -> dict[str, Any]:
    return {
        "type": "military",
        "attacker": 0,
        "defender": 1,
        "attackers": list(attackers),
        "defenders": list(defenders),
        "attacker_strength": attack,
        "defender_strength": defence,
    }


ATTACK_BOARD = [
    card("c1", GREY_WIND, 0),  # 4
    card("c2", PUP, 0),  # 2
    card("c3", HODOR, 0),  # 4
    card("c4", LADY, 0),  # 2
    card("c7", JAIME, 1),  # military 3
    card("c8", PUP, 1),  # military 2
    card("c9", TYRION, 1),  # no military icon
]


def _attack_prompt(selected: list[str]) -> dict[str, Any]:
    return {"purpose": "attackers", "min": 1, "max": 4, "selected": selected}


def test_attackers_strongest_first_until_the_attack_beats_any_defence():
    def step(selected: list[str]) -> Action:
        left = [r for r in ("c1", "c2", "c3", "c4") if r not in selected]
        actions = [act(f"p0:select:{r}") for r in left]
        if selected:
            actions.append(act("p0:done"))
        v = view(board=ATTACK_BOARD, prompt=_attack_prompt(selected), challenge=_challenge())
        return GreedyBot(3).choose(v, actions)

    first = step([])
    assert first in (act("p0:select:c1"), act("p0:select:c3"))  # the two 4s
    other = "c3" if first.cards == ("c1",) else "c1"
    assert step([first.cards[0]]) == act(f"p0:select:{other}")  # 4 < 5 defence
    assert step(["c1", "c3"]) == act("p0:done")  # 8 >= 5


def test_attackers_all_in_when_even_all_cannot_win():
    board = [card("c2", PUP, 0), card("c7", WAR_HOST, 1)]
    prompt = {"purpose": "attackers", "min": 1, "max": 1, "selected": ["c2"]}
    v = view(board=board, prompt=prompt, challenge=_challenge())
    assert GreedyBot(0).choose(v, acts("p0:done")) == act("p0:done")


def _defend(attack: int, selected: list[str], candidates: list[str]) -> Action:
    board = [
        card("c1", GREY_WIND, 0, knelt=True),
        card("c7", JAIME, 1),  # 3
        card("c8", PUP, 1),  # 2
        card("c9", HODOR, 1),  # 4
        card("c6", LADY, 1),  # 2
    ]
    prompt = {"purpose": "defenders", "min": 0, "max": 4, "selected": selected}
    actions = [act(f"p1:select:{r}") for r in candidates] + [act("p1:done")]
    v = view(1, board=board, prompt=prompt, challenge=_challenge(["c1"], selected, attack))
    return GreedyBot(0).choose(v, actions)


def test_defenders_fewest_strongest_that_win():
    everyone = ["c7", "c8", "c9", "c6"]
    assert _defend(6, [], everyone) == act("p1:select:c9")  # 4, then 3: 7 > 6
    assert _defend(6, ["c9"], ["c7", "c8", "c6"]) == act("p1:select:c7")
    assert _defend(6, ["c9", "c7"], ["c8", "c6"]) == act("p1:done")


def test_defenders_none_when_they_cannot_win_and_ties_go_to_the_attacker():
    everyone = ["c7", "c8", "c9", "c6"]
    assert _defend(11, [], everyone) == act("p1:done")  # 11 total cannot beat 11
    assert _defend(10, [], everyone) == act("p1:select:c9")
    assert _defend(3, [], ["c8"]) == act("p1:done")  # 2 cannot beat 3


def test_kill_choice_takes_its_cheapest_character():
    board = [card("c1", EDDARD, 0), card("c2", RECRUITER, 0), card("c3", LADY, 0)]
    prompt = {"purpose": "claim_kill", "min": 1, "max": 1, "selected": []}
    actions = acts("p0:select:c1", "p0:select:c2", "p0:select:c3")
    assert GreedyBot(0).choose(view(board=board, prompt=prompt), actions) == act("p0:select:c2")
    done = {**prompt, "selected": ["c2"]}
    assert GreedyBot(0).choose(view(board=board, prompt=done), acts("p0:done")) == act("p0:done")


# --- everything else -------------------------------------------------------------------


def test_other_decisions_are_uniformly_random_and_reproducible():
    actions = acts("p0:choose=house", "p0:choose=c1power", "p0:choose=other")
    picks = [str(GreedyBot(seed).choose(view(), actions)) for seed in range(30)]
    assert set(picks) == {str(a) for a in actions}
    assert picks == [str(GreedyBot(seed).choose(view(), actions)) for seed in range(30)]


def test_missing_view_fields_fall_back_to_random():
    # No "challenge" in the view: the attackers prompt cannot be reasoned about.
    prompt = {"purpose": "attackers", "min": 1, "max": 2, "selected": []}
    actions = acts("p0:select:c1", "p0:select:c2")
    v = {"seat": 0, "players": [{"seat": 0, "in_play": []}], "prompt": prompt}
    assert GreedyBot(0).choose(v, actions) in actions
    # No hand in the view at setup: random among the legal placements.
    assert GreedyBot(0).choose({"seat": 0, "players": []}, acts("p0:setup:place")) == act(
        "p0:setup:place"
    )


def test_bots_need_an_action():
    for bot in (RandomBot(0), GreedyBot(0)):
        with pytest.raises(ValueError, match="at least one legal action"):
            bot.choose(view(), [])


def test_make_bots_cycles_the_list_and_rejects_unknown_names():
    bots = make_bots("greedy,random", 3, seed=1)
    assert [type(b).__name__ for b in bots] == ["GreedyBot", "RandomBot", "GreedyBot"]
    with pytest.raises(ValueError, match="Unknown bot"):
        make_bots("clever", 2, seed=1)


# --- whole games -----------------------------------------------------------------------


@pytest.mark.parametrize("bots", ["greedy,random", "random,greedy"])
def test_a_joust_between_greedy_and_random_ends(bots):
    config = GameConfig(
        players=(load_deck("core-stark"), load_deck("core-lannister")), seed=5, round_limit=4
    )
    state, actions = play_game(config, bots, bot_seed=5, max_decisions=3_000)
    assert outcome(state) is not None
    assert state.decisions == len(actions) < 3_000
    again, same = play_game(config, bots, bot_seed=5, max_decisions=3_000)
    assert again.digest() == state.digest() and same == actions
