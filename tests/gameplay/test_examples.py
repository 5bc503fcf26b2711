"""The rulebook's worked examples, played action by action.

"Example of a Challenge" (Phase 4): Darrell (Lannister) attacks Brian (Stark) with Raff the
Sweetling; Grey Wind defends; Insidious Ways makes it 4 to 4; the attacker wins the tie and
Brian kills Sansa Stark (or saves her with a duplicate); Darrell draws 2 cards.

"Marshalling example" (Phase 3): 4 income from the plot + 4 from locations = 8 gold; Eddard
Stark (4) and Jon Snow (3) leave 1 gold, which stays until taxation.
"""

from __future__ import annotations

from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions
from gameplay.engine.observe import observe
from gameplay.engine.rules import facts, income, unique_problem
from gameplay.engine.steps import waiting_seats
from tests.gameplay.scenario import build, code, hand
from tests.gameplay.test_challenges import (
    act,
    answer,
    events,
    head,
    pass_windows,
    ref,
    resolved,
    turn,
)

CLAIM_ONE = "Summoning Season"  # "Darrell's revealed plot card has a claim value of 1"


def _challenge_example(sansa_duplicate: bool = False):
    sansa = {"card": "Sansa Stark", "duplicates": ["Sansa Stark"] if sansa_duplicate else []}
    return build(
        phase="challenges",
        players=[
            {
                "house": "Lannister",
                # Bronn's Hireling (intrigue only) keeps Darrell's challenge turn open.
                "in_play": ["Raff the Sweetling", "Bronn's Hireling"],
                "hand": ["Insidious Ways"],
                "deck": ["Cersei's Attendant", "Bronn", "The Hound"],
                "revealed_plot": CLAIM_ONE,
            },
            {
                "house": "Stark",
                "in_play": ["Grey Wind", sansa],
                "hand": ["Sansa Stark"],
                "revealed_plot": CLAIM_ONE,
            },
        ],
    )


def _play_to_claim(state):
    raff, ways = ref(state, 0, "Raff the Sweetling"), hand(state, 0, "Insidious Ways")[0]
    grey_wind = ref(state, 1, "Grey Wind")
    # Step 1: Darrell initiates a military challenge against Brian; Raff (the only
    # standing character with a military icon) kneels to attack.
    state = act(state, 0, "challenge:military", choice="1")
    assert state.challenge["attackers"] == [raff] and state.in_play[raff].knelt
    # "Both players have the option to take player actions, but they choose to wait."
    assert head(state)["name"] == "window" and waiting_seats(state) == [0]
    assert Action(0, "use", (ways, raff)) in legal_actions(state, 0)
    state = pass_windows(state)
    # Step 2: Brian kneels Grey Wind (STR 4) to defend; Sansa has no military icon.
    assert head(state)["purpose"] == "defenders" and head(state)["candidates"] == [grey_wind]
    state = answer(state, "defenders", [grey_wind])
    assert state.in_play[grey_wind].knelt
    view = observe(state, 1)["challenge"]
    assert (view["attacker_strength"], view["defender_strength"]) == (2, 4)
    # Darrell plays Insidious Ways on Raff: STR 4.
    state = act(state, 0, "use", [ways, raff])
    assert ways in state.players[0].discard and ways not in state.players[0].hand
    state = pass_windows(state)
    # Step 3: 4 against 4, ties go to the attacker; Grey Wind's STR is above 0, so the
    # challenge is not unopposed.
    assert resolved(state)["strength"] == [4, 4]
    assert resolved(state)["winner"] == 0 and not resolved(state)["unopposed"]
    assert state.players[0].power == 0
    return state


def test_example_of_a_challenge_sansa_is_killed():
    state = _challenge_example()
    sansa, grey_wind = ref(state, 1, "Sansa Stark"), ref(state, 1, "Grey Wind")
    state = _play_to_claim(state)
    # Claim 1: Brian chooses one of his characters, participating or not.
    prompt = head(state)
    assert prompt["purpose"] == "claim_kill" and prompt["seat"] == 1
    assert set(prompt["candidates"]) == {sansa, grey_wind}
    state = answer(state, "claim_kill", [sansa])
    assert state.players[1].dead == [sansa] and grey_wind in state.players[1].in_play
    # Brian may not play another copy of Sansa while she is in his dead pile.
    copy = hand(state, 1, "Sansa Stark")[0]
    assert "dead pile" in unique_problem(state, 1, facts(state, copy))
    # "If you win the challenge, draw 2 cards."
    assert [(e["seat"], e["count"]) for e in events(state, "draw")] == [(0, 2)]
    assert [state.code(r) for r in state.players[0].hand] == [
        code("Cersei's Attendant"),
        code("Bronn"),
    ]
    # Insidious Ways lasts until the end of the phase: Raff is still STR 4.
    assert turn(state) == ("before_challenge", 0)
    raff = ref(state, 0, "Raff the Sweetling")
    board = {c["id"]: c for p in observe(state, 0)["players"] for c in p["in_play"]}
    assert board[raff]["strength"] == 4
    state = act(state, 0, "pass")  # the challenges phase ends: back to STR 2
    board = {c["id"]: c for p in observe(state, 0)["players"] for c in p["in_play"]}
    assert state.phase != "challenges" and board[raff]["strength"] == 2


def test_example_of_a_challenge_sansa_is_saved_by_a_duplicate():
    state = _challenge_example(sansa_duplicate=True)
    sansa = ref(state, 1, "Sansa Stark")
    (dupe,) = state.in_play[sansa].duplicates
    state = _play_to_claim(state)
    state = answer(state, "claim_kill", [sansa])
    assert head(state)["purpose"] == "save" and head(state)["candidates"] == [sansa]
    state = answer(state, "save", [sansa])
    assert sansa in state.players[1].in_play and state.players[1].dead == []
    assert state.players[1].discard == [dupe]
    assert len(state.players[0].hand) == 2  # the attacker still won: 2 cards drawn


def test_marshalling_example_eddard_and_jon_leave_one_gold():
    state = build(
        phase="draw",
        players=[
            {
                "house": "Stark",
                "revealed_plot": CLAIM_ONE,  # income 4
                # Four locations with a +1 income bonus each.
                "in_play": ["Great Keep", "Lord Eddard's Chambers", "Crossroads", "Crossroads"],
                "hand": ["Eddard Stark", "Jon Snow", "Grey Wind"],
                "deck": ["War Host of the North", "War Host of the North"],
            },
            {"house": "Lannister", "revealed_plot": CLAIM_ONE, "deck": ["The Hound"] * 4},
        ],
    )
    assert state.phase == "marshalling" and turn(state) == ("marshal", 0)
    assert income(state, 0) == 8
    assert events(state, "income") == [{"event": "income", "round": 1, "seat": 0, "gold": 8}]
    assert state.players[0].gold == 8
    ned, jon = hand(state, 0, "Eddard Stark")[0], hand(state, 0, "Jon Snow")[0]
    state = act(state, 0, "marshal:play", [ned])  # House Stark, cost 4
    assert state.players[0].gold == 4
    state = act(state, 0, "marshal:play", [jon])  # neutral, cost 3: no gold penalty
    assert state.players[0].gold == 1
    # 1 gold left and no card that costs 1: only passing (or abilities) remains.
    assert not [a for a in legal_actions(state, 0) if a.kind.startswith("marshal")]
    state = act(state, 0, "pass")
    assert state.players[0].gold == 1  # the gold stays in the pool
    state = act(state, 1, "pass")
    assert state.phase == "challenges" and state.players[0].gold == 1
    while state.phase == "challenges":
        state = act(state, waiting_seats(state)[0], "pass")
    # Dominance counts it, then taxation returns it to the Treasury.
    assert events(state, "dominance")[0]["totals"] == [3 + 3 + 1, 4]  # seat 1: 4 gold
    assert [(e["seat"], e["gold"]) for e in events(state, "taxed")] == [(0, 1), (1, 4)]
    assert state.players[0].gold == 0
