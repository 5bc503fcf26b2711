"""Cards in play as attachments: a card attached to another "as a Banner attachment with
the text: ..." (the Bannermen of Calling the Banners), and unattached again (Ascetic
Follower).

A code registered with :func:`as_attachment` gets a face (:data:`abilities.FACES`) that
follows its record: while attached (``InPlay.attached_to`` set) it is an attachment with
only the given traits and text (no STR, icons, keywords, crests or printed bonuses), so
every rule that reads a card's type through ``facts`` (challenges, "characters you
control", claim, the view) sees an attachment; unattached, and out of play, it is the
printed card again. Attached, it leaves play with its host like any attachment (to its
owner's discard pile), and "characters with a Banner attachment" count it by its trait.
Its script keeps both texts: abilities and passives check :func:`is_attached` (the host's
keyword: ``epic_battles.common.attached_passive``).

Nothing here costs a decision anything: the face is looked up only for the codes
registered, and only while such a card is in play.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gameplay.engine.abilities import FACES, attachments, pool
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.leaving import discard
from gameplay.engine.moves import take_control
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.triggers import trigger
from gameplay.engine.uses import put_into_play

# code -> the card's facts while attached, made from its printed facts.
ATTACHED: dict[str, Callable[[CardFacts], CardFacts]] = {}


def attachment_face(
    text: str, traits: tuple[str, ...] = ("Banner",)
) -> Callable[[CardFacts], CardFacts]:
    """The facts of a card attached as an attachment with ``traits`` and ``text``."""
    made: dict[CardFacts, CardFacts] = {}

    def attached(printed: CardFacts) -> CardFacts:
        found = made.get(printed)
        if found is None:
            found = made[printed] = replace(
                printed,
                type="attachment",
                strength=None,
                icons=frozenset(),
                keywords=frozenset(),
                traits=frozenset(traits),
                crests=frozenset(),
                income=None,
                initiative=None,
                claim=None,
                influence=None,
                text=text,
            )
        return found

    return attached


def as_attachment(code: str, text: str, traits: tuple[str, ...] = ("Banner",)) -> None:
    """Cards of ``code`` are attachments with ``traits`` and ``text`` while attached."""
    attached = ATTACHED[code] = attachment_face(text, traits)

    def face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
        return printed if state.in_play[ref].attached_to is None else attached(printed)

    FACES[code] = face


def is_attached(state: GameState, ref: str) -> bool:
    """Whether a card is in play attached to another card."""
    record = state.in_play.get(ref)
    return record is not None and record.attached_to is not None


def attached_facts(state: GameState, ref: str) -> CardFacts:
    """The facts ``ref`` would have attached (registered with :func:`as_attachment`)."""
    code = state.cards[ref].code
    return ATTACHED[code](pool(state)[code])


def hosts(state: GameState, ref: str, seat: int) -> list[str]:
    """The cards ``seat`` may attach ``ref`` to now, as an attachment: those its attached
    facts may go on (``rules.attachment_targets``: No attachments, its ``attach_rule``),
    never itself."""
    return [r for r in attachment_targets(state, attached_facts(state, ref), seat) if r != ref]


def attach(state: GameState, seat: int, ref: str, host: str) -> None:
    """Attach ``ref`` to ``host`` as an attachment under ``seat``'s control: from play (it
    leaves any challenge; attachments on it are discarded: they were on a character), or
    from a hand or pile (put into play attached: ``entered_play``)."""
    if host not in state.in_play:
        return
    record = state.in_play.get(ref)
    if record is None:
        put_into_play(state, seat, ref, host)
        return
    take_control(state, ref, seat)
    challenge = state.challenge or {}
    for side in ("attackers", "defenders") if challenge else ():
        if ref in challenge[side]:
            challenge[side].remove(ref)
            state.emit("removed_from_challenge", cards=[ref], side=side, card=ref)
    record.attached_to = host
    state.emit("attached_as_attachment", seat=seat, card=ref, code=state.code(ref), target=host)
    on_it = attachments(state, ref)
    if on_it:
        discard(state, on_it)


def unattach(state: GameState, ref: str, seat: int) -> None:
    """Unattach ``ref`` and put it into play under ``seat``'s control as its printed card
    ("Unattach it, and put it into play under your control": ``entered_play``)."""
    record = state.in_play.get(ref)
    if record is None or record.attached_to is None:
        return
    host, record.attached_to = record.attached_to, None
    take_control(state, ref, seat)
    state.emit("unattached", seat=seat, card=ref, code=state.code(ref), source=host)
    trigger(state, "entered_play", {"card": ref, "seat": seat, "target": None}, first=seat)
