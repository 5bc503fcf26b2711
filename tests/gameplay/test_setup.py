from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.observe import observe
from tests.gameplay.scenario import apply, build, hand


def _setup(hand_one, hand_two=(), house="Stark", deck=("Direwolf Pup",) * 10):
    return build(
        phase="setup",
        players=[
            {"house": house, "hand": list(hand_one), "deck": list(deck)},
            {"house": "Lannister", "hand": list(hand_two), "deck": list(deck)},
        ],
    )


def test_setup_gold_limit_is_five():
    state = _setup(["Eddard Stark", "Direwolf Pup", "Arya Stark"])
    ned, pup, arya = (hand(state, 0, n)[0] for n in ("Eddard Stark", "Direwolf Pup", "Arya Stark"))
    apply(state, Action(0, "setup:place", (ned, pup)))  # 4 + 1
    with pytest.raises(IllegalAction, match="cost 6 gold"):
        apply(state, Action(0, "setup:place", (ned, arya)))


def test_gold_penalty_for_other_houses_but_not_neutral():
    state = _setup(["Ser Jaime Lannister", "Jon Snow", "Cersei's Attendant", "Direwolf Pup"])
    jaime, jon, attendant, pup = (state.players[0].hand[i] for i in range(4))
    with pytest.raises(IllegalAction, match="cost 6 gold"):
        apply(state, Action(0, "setup:place", (jaime,)))  # 4 + 2 penalty
    apply(state, Action(0, "setup:place", (pup, jon)))  # neutral 3 + 1 = 4
    with pytest.raises(IllegalAction, match="cost 7 gold"):
        apply(state, Action(0, "setup:place", (attendant, jon, pup)))  # 3 + 3 + 1


def test_only_one_limited_card_in_setup():
    state = _setup(["Great Keep", "Great Keep", "Northern Fiefdoms"])
    keep1, keep2, fief = state.players[0].hand
    apply(state, Action(0, "setup:place", (keep1,)))
    with pytest.raises(IllegalAction, match="Limited"):
        apply(state, Action(0, "setup:place", (keep1, keep2)))
    with pytest.raises(IllegalAction, match="Limited"):
        apply(state, Action(0, "setup:place", (keep1, fief)))


def test_no_two_copies_of_a_unique_card_and_no_events_or_attachments():
    state = _setup(["Arya Stark", "Arya Stark", "Summer", "Guilty!"])
    arya1, arya2, summer, guilty = state.players[0].hand
    with pytest.raises(IllegalAction, match="unique"):
        apply(state, Action(0, "setup:place", (arya1, arya2)))
    with pytest.raises(IllegalAction, match="without the Setup keyword"):
        apply(state, Action(0, "setup:place", (arya1, summer)))
    with pytest.raises(IllegalAction, match="setup takes characters and locations"):
        apply(state, Action(0, "setup:place", (guilty,)))
    legal = legal_actions(state, 0)
    assert Action(0, "setup:place", (arya1, arya2)) not in legal
    assert all(summer not in a.cards and guilty not in a.cards for a in legal)


def test_setup_is_hidden_then_revealed_together_and_hands_refill():
    state = _setup(["Eddard Stark", "Direwolf Pup"], ["Cersei's Attendant"])
    ned = hand(state, 0, "Eddard Stark")[0]
    state = apply(state, Action(0, "setup:place", (ned,)))
    theirs, mine = observe(state, 1), observe(state, 0)
    assert theirs["players"][0]["setup_count"] == 1
    assert "setup_cards" not in theirs["players"][0]
    assert mine["players"][0]["setup_cards"] == [{"id": ned, "code": "core_5"}]
    assert state.players[0].in_play == []
    assert legal_actions(state, 0) == []
    state = apply(state, Action(1, "setup:place", ()))
    assert state.players[0].in_play == [ned]
    assert [len(p.hand) for p in state.players] == [7, 7]
    assert state.phase == "plot" and state.round == 1


def test_setup_attachment_needs_a_placed_character_and_attaches_after_the_reveal():
    state = _setup(
        ["Black Amethysts", "Robert Baratheon", "Hodor"], ["Cersei's Attendant"], "Baratheon"
    )
    gem = hand(state, 0, "Black Amethysts")[0]
    ghost = hand(state, 0, "Hodor")[0]  # No attachments
    with pytest.raises(IllegalAction, match="needs a placed character"):
        apply(state, Action(0, "setup:place", (gem, ghost)))
    assert Action(0, "setup:place", (gem,)) not in legal_actions(state, 0)
    robert = hand(state, 0, "Robert Baratheon")[0]
    assert Action(0, "setup:place", (gem, robert)) in legal_actions(state, 0)
    state = apply(state, Action(0, "setup:place", (gem, robert)))
    state = apply(state, Action(1, "setup:place", ()))
    # One legal character: the prompt settles itself.
    assert state.in_play[gem].attached_to == robert
    assert gem in state.players[0].in_play and len(state.players[0].hand) == 7
