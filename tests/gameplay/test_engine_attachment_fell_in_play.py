"""The trigger ``attachment_fell`` (gameplay/engine/leaving.py ``attachments_fell``) for a
card in play that answers it ("After an attachment leaves play": Dosh Khaleen, w_15): every
fallen attachment is named while such a card is in play; without one in play no window
opens (the discard-pile answers of the Dragon Eggs are unchanged)."""

from __future__ import annotations

from gameplay.engine.leaving import ATTACHMENT_FELL
from tests.gameplay.cardtest import HOST, KNIGHT, act, head, joust, ref, start, waiting_seats

DOSH = "w_15"  # answers attachment_fell from play
POPPY = "Milk of the Poppy"  # answers nothing
CROSSROADS = "core_138"  # an influence location, knelt: Dosh Khaleen's cost can be paid


def _events_seen(mine: list) -> list[dict]:
    them = {"in_play": [{"card": KNIGHT, "knelt": True, "attachments": [POPPY]}]}
    state = joust({"in_play": [HOST, *mine]}, them)
    state = start(state, "military", [ref(state, 0, HOST)])
    seen = []
    while state.challenge is not None:
        step = head(state)
        if step.get("name") == "prompt":
            state = act(state, step["seat"], "select", step["candidates"][:1])
            continue
        if step.get("trigger") == ATTACHMENT_FELL:
            seen.append(step["event"])
        state = act(state, waiting_seats(state)[0], "pass")
    return seen


def test_attachment_fell_opens_for_a_card_in_play_that_answers_it():
    seen = _events_seen([DOSH, {"card": CROSSROADS, "knelt": True}])
    assert len(seen) == 1 and len(seen[0]["cards"]) == 1


def test_attachment_fell_not_opened_without_such_a_card_in_play():
    assert _events_seen([]) == []
