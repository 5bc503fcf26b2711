"""The permission ``can_attack_alone`` (Cowed, btns_91): the attackers prompt marks such a
character ``not_alone`` (it may attack only with another), and a challenge whose only
eligible attacker is such a character cannot be initiated."""

from __future__ import annotations

from tests.gameplay.cardtest import KNIGHT, challenge_kinds, head, joust, ref
from tests.gameplay.test_challenges import act

COWED = {"card": KNIGHT, "attachments": ["btns_91"]}
JAIME = "Ser Jaime Lannister"


def test_the_only_eligible_attacker_cannot_attack_alone():
    state = joust({"in_play": [COWED]}, {})
    assert "military" not in challenge_kinds(state, 0)
    assert "power" not in challenge_kinds(state, 0)


def test_the_attackers_prompt_marks_it_not_alone():
    state = joust({"in_play": [COWED, JAIME]}, {})
    state = act(state, 0, "challenge:military", choice="1")
    assert head(state)["purpose"] == "attackers"
    assert head(state)["not_alone"] == [ref(state, 0, KNIGHT)]
