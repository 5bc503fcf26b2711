"""Playing a card from a discard pile "as if it were in your hand" (Robert Baratheon of
Kings of the Sea, Crawn Son of Calor, Ten Towers).

A *grant* lets a seat play one card lying in a discard pile (its own or, Ten Towers, an
opponent's) as if it were in its hand: a character, location or attachment is marshalled
(``marshal:play`` in the seat's marshalling turn, costs, Limited and uniqueness as from the
hand: ``legal.marshal_actions``, ``rules.check_marshal``, ``game._do_marshal``); an event is
played with its ability (``use:<card>``, its "hand" abilities: ``uses.usable``, ``uses.use``),
and goes to its owner's discard pile as it resolves. Grants come from:

- the passive query ``pile_grants`` (subject the seat, base a list; each passive adds dicts
  while its card's text says so: Robert, Ten Towers);
- lasting effects ``play_from_pile`` (subject the seat; Crawn: "you may play that card as
  your next action"), dropped by the seat's next other action (:func:`action_taken`).

A grant is a dict: ``card`` (the ref), ``source`` (the granting card), and optionally
``kneel`` (a card knelt as an extra cost: Robert), ``then`` (``"shuffle"``: shuffled into its
owner's deck once it has resolved), ``mark`` (appended to ``state.used`` when used: "Limit
once per round"), ``types`` (card types it may be used for), ``next_action``.

A grant's ``zone`` says where the card lies: ``"discard"`` (the default: a discard pile),
``"house"`` (in play on the granted seat's House card: Doran's Game attaches a cancelled event
there, "you may play that event as if it were in your hand") or ``"deck"`` (the top card of
the granted seat's deck, revealed: Planky Town Orphan, "play that card as your next
action") or ``"attached"`` (in play attached to the grant's ``source``, a card the granted
seat controls: Ten Towers Longship, "you may place an event card attached to Ten Towers
Longship on the bottom of its owner's deck to play it as if it was in your hand"). Played from
a House card, an event leaves play for its owner's discard pile, where a played event goes;
played from the deck, an event goes there too; played from an attachment, it goes to the
bottom of its owner's deck (the placing is the price of the play) instead.

Nothing here costs a decision anything while no card grants (no ``pile_grants`` passive is
registered and no ``play_from_pile`` effect is in the state).
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import PASSIVE_CODES, facts, in_game, value
from gameplay.engine.house_card import house_of
from gameplay.engine.leaving import leave_play
from gameplay.engine.state import GameState, shuffle_zone

GRANTS = "pile_grants"  # passive query: seat -> list of grants
LASTING = "play_from_pile"  # lasting effect: subject the seat, ``card``
THEN = "pile_then"  # lasting marker on a played event: what happens once it resolved
STEP = "pile_shuffle"  # the step that shuffles it into the deck (steps.AUTOMATIC)


HOUSE = "house"  # a grant's ``zone``: the card is on the granted seat's House card
DECK = "deck"  # a grant's ``zone``: the card is the top card of the granted seat's deck
# A grant's ``zone``: the card is in play attached to the grant's ``source``, which the
# granted seat controls; played, it goes to the bottom of its owner's deck.
ATTACHED = "attached"


def _in_pile(state: GameState, ref: str) -> bool:
    owner = state.cards[ref].owner if ref in state.cards else None
    return owner is not None and ref in state.players[owner].discard


def _in_place(state: GameState, seat: int, entry: dict[str, Any]) -> bool:
    """Whether the granted card lies where its grant lets it be played from."""
    ref = entry["card"]
    if entry.get("zone") == HOUSE:
        return ref in state.in_play and house_of(state, ref) == seat
    if entry.get("zone") == DECK:
        return ref in state.players[seat].deck[:1]
    if entry.get("zone") == ATTACHED:
        host = state.in_play.get(entry.get("source") or "")
        record = state.in_play.get(ref)
        return (
            host is not None
            and host.controller == seat
            and record is not None
            and record.attached_to == entry.get("source")
        )
    return _in_pile(state, ref)


def grants(state: GameState, seat: int) -> dict[str, dict[str, Any]]:
    """The cards ``seat`` may play from a discard pile now, with their grant (the first
    grant of a card wins)."""
    lasting = [e for e in state.effects if e["query"] == LASTING and e["subject"] == seat]
    if not lasting and not in_game(state, PASSIVE_CODES.get(GRANTS)):
        return {}
    found: dict[str, dict[str, Any]] = {}
    for entry in [*lasting, *value(state, GRANTS, seat, [])]:
        ref = entry["card"]
        kneel = entry.get("kneel")
        if ref in found or not _in_place(state, seat, entry):
            continue
        if kneel is not None and (kneel not in state.in_play or state.in_play[kneel].knelt):
            continue
        if entry.get("mark") and entry["mark"] in state.used:
            continue
        if entry.get("types") and facts(state, ref).type not in entry["types"]:
            continue
        found[ref] = entry
    return found


def grant(state: GameState, seat: int, ref: str) -> dict[str, Any] | None:
    """The grant letting ``seat`` play ``ref`` from a discard pile now, if any."""
    return grants(state, seat).get(ref)


def playable(state: GameState, seat: int, types: tuple[str, ...] | None = None) -> list[str]:
    """The refs ``seat`` may play from a discard pile now (of these card types)."""
    return [r for r in grants(state, seat) if types is None or facts(state, r).type in types]


def take(state: GameState, seat: int, ref: str) -> None:
    """``seat`` plays ``ref`` from its pile: it leaves the pile (an event goes back to its
    owner's discard pile, where a played event goes; from a House card it leaves play for
    that pile), the grant is used (its extra cost paid, its mark set, a lasting grant of
    that card or "as your next action" dropped) and the play is logged."""
    entry = grant(state, seat, ref)
    if entry is None:
        raise ValueError(f"{ref} cannot be played from a discard pile by seat {seat}.")
    owner = state.players[state.cards[ref].owner]
    if entry.get("zone") == HOUSE:
        leave_play(state, ref, "discard")  # the event goes where a played event goes
    elif entry.get("zone") == ATTACHED:
        leave_play(state, ref, "deck_bottom")  # placed there to be played
    elif entry.get("zone") == DECK:
        state.players[seat].deck.remove(ref)
        if facts(state, ref).type == "event":
            owner.discard.append(ref)
    else:
        owner.discard.remove(ref)
        if facts(state, ref).type == "event":
            owner.discard.append(ref)  # playing an event puts it in its owner's discard pile
    if entry.get("kneel"):
        state.in_play[entry["kneel"]].knelt = True
    if entry.get("mark"):
        state.used.append(entry["mark"])
    state.effects = [
        e
        for e in state.effects
        if not (
            e["query"] == LASTING
            and e["subject"] == seat
            and (e.get("next_action") or e["card"] == ref)
        )
    ]
    if entry.get("then"):
        state.effects.append(
            {"query": THEN, "subject": ref, "until": "round", "source": None, "then": entry["then"]}
        )
    where = {"zone": entry["zone"]} if entry.get("zone") in (HOUSE, DECK, ATTACHED) else {}
    state.emit(
        "played_from_pile",
        seat=seat,
        card=ref,
        code=state.code(ref),
        owner=owner.seat,
        source=entry.get("source"),
        **where,
    )


def resolved(state: GameState, ref: str, inserted: int = 0) -> None:
    """An ability of ``ref`` has resolved (or was cancelled; ``inserted``: the steps its
    effect put at the head of the queue): an event played from a pile with ``then:
    "shuffle"`` is shuffled into its owner's deck ("Then, shuffle that event card back into
    your deck": Robert Baratheon), as a step after those and after the answers to its being
    played (they name the card, whose id the shuffle renews)."""
    marks = [e for e in state.effects if e["query"] == THEN and e["subject"] == ref]
    if not marks:
        return
    state.effects = [e for e in state.effects if not (e["query"] == THEN and e["subject"] == ref)]
    after = inserted
    for index, step in enumerate(state.queue):
        event = step.get("event") or {}
        played = step.get("moment") == "played" or step.get("trigger") == "played"
        if played and event.get("card") == ref:
            after = max(after, index + 1)
    state.queue.insert(after, {"name": STEP, "card": ref})


def shuffle_step(state: GameState, step: dict[str, Any]) -> None:
    """The ``pile_shuffle`` step: the card goes from its owner's discard (or dead) pile into
    the deck, which is shuffled."""
    ref = step["card"]
    if ref not in state.cards:
        return
    owner = state.players[state.cards[ref].owner]
    for zone in (owner.discard, owner.dead):
        if ref in zone:
            zone.remove(ref)
            owner.deck.append(ref)
            state.emit("to_deck", seat=owner.seat, card=ref, code=state.code(ref))
            shuffle_zone(state, owner.deck)
            state.emit("shuffled", seat=owner.seat, zone="deck")
            return


def action_taken(state: GameState, seat: int, cards: tuple[str, ...]) -> None:
    """``seat`` took an action in a window: a grant "as your next action" ends unless the
    action plays its card."""
    if not any(e["query"] == LASTING for e in state.effects):
        return
    state.effects = [
        e
        for e in state.effects
        if not (
            e["query"] == LASTING
            and e["subject"] == seat
            and e.get("next_action")
            and e["card"] not in cards[:1]
        )
    ]


def add_grant(
    state: GameState, seat: int, ref: str, source: str | None, until: str = "phase", **data: Any
) -> None:
    """Let ``seat`` play ``ref`` from its discard pile until the end of the phase (or
    ``until``); ``next_action=True``: only as its next action; ``zone="house"``: from its
    House card, where ``ref`` lies in play (``until="play"``: as long as it lies there)."""
    state.effects.append(
        {"query": LASTING, "subject": seat, "until": until, "source": source, "card": ref, **data}
    )
    where = {"zone": data["zone"]} if data.get("zone") in (HOUSE, DECK) else {}
    state.emit("pile_grant", seat=seat, card=ref, code=state.code(ref), source=source, **where)
