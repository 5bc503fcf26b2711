"""Attachments: the card an attachment is attached to, "attach to an opponent's location",
Banners (Epic Battles onwards), and "after attached character leaves play, you may attach X
to another character instead of placing it in your discard pile" (Defenders of the North)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    Ctx,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    keywords,
)
from gameplay.engine.cards.vocabulary.kneeling import kneel_card, stand_card
from gameplay.engine.cards.vocabulary.targets import characters_of, has_trait, of_house
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def kneel_host(state: GameState, ctx: Ctx) -> None:
    """As the attachment comes into play, kneel the card it is attached to."""
    if ctx["event"].get("card") == ctx["source"]:
        host = attached_to(state, ctx["source"])
        if host is not None:
            kneel_card(state, host)


def opponents_location(state: GameState, code: str, target: str, seat: int | None) -> bool:
    """ "Attach to an opponent's location" (not one with No attachments)."""
    return (
        seat is not None
        and controller(state, target) in state.opponents(seat)
        and "no attachments" not in keywords(state, target)
    )


def banner_attachments(state: GameState, ref: str) -> list[str]:
    """The Banner attachments on a card in play: attachments with the Banner trait, and
    characters attached as attachments (only the Bannerman cards attach themselves)."""
    return [
        a
        for a in attachments(state, ref)
        if has_trait(state, a, "Banner") or facts(state, a).type == "character"
    ]


def stand_bannered(state: GameState, house: str) -> None:
    """ "Then, stand all House X characters with Banner attachments attached"."""
    for ref in characters_of(state):
        if of_house(state, ref, house) and banner_attachments(state, ref):
            stand_card(state, ref)


def move_attachment(state: GameState, ref: str, host: str) -> bool:
    """Move an attachment in play onto another card in play (``attachment_moved``, logged);
    False when either has left play. The caller checks that ``host`` may take it."""
    record = state.in_play.get(ref)
    if record is None or host not in state.in_play or record.attached_to == host:
        return False
    before, record.attached_to = record.attached_to, host
    state.emit("attachment_moved", card=ref, code=state.code(ref), source=before, target=host)
    return True


def fell_with_host(state: GameState, ref: str) -> bool:
    """Whether ``ref`` (an attachment that just left play) was discarded because the card it
    was attached to left play, read from the log: ``leaving.leave_play`` moves a card's
    attachments (each a ``left_play`` event) before its own ``left_play``, while an
    attachment discarded itself is followed by its own ``discarded_from_play``."""
    index = next((i for i in range(len(state.log) - 1, -1, -1) if _left(state.log[i], ref)), None)
    if index is None or state.log[index].get("to") != "discard":
        return False
    for entry in state.log[index + 1 :]:
        if entry["event"] == "gold_paid":
            continue
        if entry["event"] != "left_play" or entry.get("card") not in state.cards:
            return False
        if facts(state, entry["card"]).type != "attachment":
            return True  # the host, right after its attachments
    return False


def fell_with(state: GameState, ref: str) -> str | None:
    """The card ``ref`` (an attachment that just left play) fell off with, when it went to
    its owner's discard pile because that card left play (:func:`fell_with_host`), else
    None: "After attached character is killed" answered from the discard pile checks that
    card is among those killed (Bound by the Light, bwb_110)."""
    if not fell_with_host(state, ref):
        return None
    index = next(i for i in range(len(state.log) - 1, -1, -1) if _left(state.log[i], ref))
    for entry in state.log[index + 1 :]:
        card = str(entry.get("card"))
        left = entry["event"] == "left_play" and card in state.cards
        if left and facts(state, card).type != "attachment":
            return card
    return None


def _left(entry: dict[str, Any], ref: str) -> bool:
    return entry["event"] == "left_play" and entry.get("card") == ref


def reattach_after_host(
    match: Callable[[GameState, str], bool] | None = None, purpose: str = "reattach"
) -> Callable[[GameState, Ctx], None]:
    """The forced ``card_left_play`` effect of "After attached character leaves play, you
    may attach X to another [``match``] character instead of placing it in your discard
    pile": when X went to its owner's discard pile with its host, its owner may choose a
    character X could legally be attached to (any player's); X is put into play on it."""

    def fn(state: GameState, ctx: Ctx) -> None:
        source, event = ctx["source"], ctx["event"]
        owner = state.cards[source].owner
        if event.get("card") != source or source not in state.players[owner].discard:
            return
        if not fell_with_host(state, source):
            return
        hosts = [
            r
            for r in attachment_targets(state, facts(state, source), owner)
            if match is None or match(state, r)
        ]
        data = {"seat": owner, "source": source}
        ask_select(state, owner, purpose, hosts, "dotn_reattach", low=0, high=1, ctx=data)

    return fn


@handler("dotn_reattach")
def _reattach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if selected and source in state.players[seat].discard and selected[0] in state.in_play:
        put_into_play(state, seat, source, selected[0])
