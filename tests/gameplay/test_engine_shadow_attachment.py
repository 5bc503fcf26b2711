"""A card leaving Shadows runs the hooks of ``uses.LEFT_SHADOWS`` (coming out, or discarded
from there), and ``observe`` shows the ``shadow_attachment`` cards of a seat to everyone.
Guided by Quaithe (asots_94) uses both."""

from __future__ import annotations

from gameplay.engine import uses
from gameplay.engine.observe import observe
from tests.gameplay.cardtest import KNIGHT, code, joust, shadow


def test_hooks_run_as_a_card_leaves_shadows():
    seen = []
    uses.LEFT_SHADOWS.append(lambda state, ref: seen.append(ref))
    try:
        state = joust({"gold": 5}, {})
        first, second = shadow(state, 0, KNIGHT), shadow(state, 0, KNIGHT)
        uses.discard_from_shadows(state, first)
        uses.come_out_of_shadows(state, 0, second, None)
        assert seen == [first, second]
    finally:
        uses.LEFT_SHADOWS.pop()


def test_a_shadow_attachment_is_shown_to_everyone():
    state = joust({}, {})
    assert "shadow_attachments" not in observe(state, 1)["players"][0]
    card = shadow(state, 0, KNIGHT)
    event = state.new_card("asots_94", 0)
    mark = {"query": uses.SHADOW_ATTACHMENT, "subject": event, "until": "game", "source": event}
    state.effects.append({**mark, "card": card, "seat": 0})
    for viewer in (0, 1, None):
        shown = observe(state, viewer)["players"][0]["shadow_attachments"]
        assert [c["code"] for c in shown] == ["asots_94"]
    assert f"{code(KNIGHT)}'" not in str(observe(state, 1)["players"][0])
