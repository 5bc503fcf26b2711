"""The trigger ``attachment_fell`` (gameplay/engine/leaving.py): an attachment falling off a
card leaving play, opened only when a fallen attachment answers it from the discard pile
(the Dragon Eggs, cad_94 to cad_96)."""

from __future__ import annotations

from gameplay.engine.leaving import ATTACHMENT_FELL
from tests.gameplay.cardtest import HOST, KNIGHT, act, head, joust, ref, start, waiting_seats

BLACK_EGG = "cad_94"  # answers attachment_fell
POPPY = "Milk of the Poppy"  # answers nothing


def _windows_seen(attachment: str) -> tuple[list[str], list[str]]:
    them = {"in_play": [{"card": KNIGHT, "knelt": True, "attachments": [attachment]}]}
    state = joust({"in_play": [HOST]}, them)
    state = start(state, "military", [ref(state, 0, HOST)])
    seen = []
    while state.challenge is not None:
        step = head(state)
        if step.get("name") == "prompt":
            state = act(state, step["seat"], "select", step["candidates"][:1])
            continue
        seen.append(step.get("trigger"))
        state = act(state, waiting_seats(state)[0], "pass")
    return seen, state.players[1].discard


def test_attachment_fell_opens_for_an_attachment_that_answers_it():
    seen, discard = _windows_seen(BLACK_EGG)
    assert ATTACHMENT_FELL in seen and len(discard) == 1


def test_attachment_fell_not_opened_for_other_attachments():
    seen, discard = _windows_seen(POPPY)
    assert ATTACHMENT_FELL not in seen and len(discard) == 1
