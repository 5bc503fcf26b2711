"""The Captain's Command: Guided by Quaithe (asots_94).

"House Targaryen only. Any Phase: Put a character or location card from your hand into
Shadows as if it had the [Shadow] crest. Then, attach Guided by Quaithe to it. (Counts as a
Condition attachment with the text, "Pay the printed gold cost of the attached card to put
it into play as your Shadows action. If Guided by Quaithe becomes unattached, return
attached card to its owner's hand if it is still in Shadows.")"

- The card is chosen from the hand as the event resolves (a hidden prompt: asked whatever
  the hand holds, once the event is played); it goes face down into its owner's Shadows
  with a fresh id (uses.put_into_shadows: not out again this round), the log saying only
  that a card went into Shadows.
- Guided by Quaithe then leaves the discard pile and lies face up on that card, in no zone:
  an effect ``shadow_attachment`` (``subject`` Guided by Quaithe, ``card`` the card in
  Shadows, ``seat`` its owner, until the game), which ``observe`` shows as the owner's
  ``shadow_attachments``.
- The attached card comes out of Shadows as any card there does: a Shadows action paying its
  printed cost (uses.shadow_actions; no crest is needed to come out).
- As the attached card leaves Shadows (it comes out, or is discarded from there:
  uses.LEFT_SHADOWS), Guided by Quaithe becomes unattached and goes to its owner's discard
  pile; the card is then no longer in Shadows, so it is not returned to the hand. Were
  Guided by Quaithe to become unattached while the card is still in Shadows, that card would
  return to its owner's hand (:func:`unattach`).
"""

from __future__ import annotations

from gameplay.engine.abilities import Ctx, facts, handler, register
from gameplay.engine.cards.vocabulary import event
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import LEFT_SHADOWS, SHADOW_ATTACHMENT, put_into_shadows

QUAITHE = "asots_94"
TYPES = ("character", "location")


def _candidates(state: GameState, seat: int) -> list[str]:
    return [r for r in state.players[seat].hand if facts(state, r).type in TYPES]


def _has_card(state: GameState, ctx: Ctx) -> bool:
    return bool(_candidates(state, ctx["seat"]))


def _play(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    found = _candidates(state, seat)
    then = "asots_quaithe_card"
    ask_select(state, seat, "into_shadows", found, then, low=1, high=1, ctx=data, hidden=True)


@handler("asots_quaithe_card")
def _chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, source = ctx["seat"], ctx["source"]
    player = state.players[seat]
    if not selected or selected[0] not in player.hand:
        return
    put_into_shadows(state, seat, selected[0])
    card = player.shadows[-1]  # its fresh id
    owner = state.players[state.cards[source].owner]
    if source not in owner.discard:  # played: it lies in the discard pile until attached
        return
    owner.discard.remove(source)
    mark = {"query": SHADOW_ATTACHMENT, "subject": source, "until": "game", "source": source}
    state.effects.append({**mark, "card": card, "seat": seat})
    state.emit("attached_in_shadows", seat=seat, card=source, code=state.code(source))


def attached(state: GameState, ref: str) -> list[dict]:
    """The ``shadow_attachment`` effects of Guided by Quaithe on the card ``ref``."""
    return [
        e
        for e in state.effects
        if e["query"] == SHADOW_ATTACHMENT
        and e.get("card") == ref
        and state.cards.get(e["subject"]) is not None
        and state.code(e["subject"]) == QUAITHE
    ]


def unattach(state: GameState, mark: dict) -> None:
    """Guided by Quaithe becomes unattached: it goes to its owner's discard pile, and the
    card it was on returns to its owner's hand if it is still in Shadows."""
    state.effects = [e for e in state.effects if e is not mark]
    quaithe, card = mark["subject"], mark["card"]
    owner = state.players[state.cards[quaithe].owner]
    owner.discard.append(quaithe)
    state.emit("shadow_attachment_discarded", seat=owner.seat, card=quaithe, code=QUAITHE)
    holder = state.players[state.cards[card].owner] if card in state.cards else None
    if holder is not None and card in holder.shadows:
        holder.shadows.remove(card)
        holder.hand.append(card)
        state.emit("shadows_to_hand", seat=holder.seat, source=quaithe)


def _left_shadows(state: GameState, ref: str) -> None:
    if not state.effects:
        return
    for mark in attached(state, ref):
        unattach(state, mark)


register(QUAITHE, event(_play, condition=_has_card))
LEFT_SHADOWS.append(_left_shadows)
