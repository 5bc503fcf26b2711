"""Table actions and requests: what players do by hand for card text the engine does not play.

A table action is an ordinary :class:`~gameplay.engine.actions.Action` of a ``table:`` kind
(``p0:table:kneel:c12``, ``p0:table:move:c12=discard``): checked (:func:`table_problem`),
applied (:func:`apply_table`, through ``game.apply``, so it is logged and replayed like any
other action), and offered by :func:`table_menu`. A seat may take one whenever the game is
past setup and not over and the match allows them (``GameConfig.table_actions``), even when
it is not that seat's decision. It never advances, reorders or answers the decision at
hand, and :func:`~gameplay.engine.game.legal_actions` does not list it.

On a seat's own cards and totals a table action acts at once: kneel or stand, power on a
card or on the House card, gold on a card or in the pool (from and to the Treasury), moving
a card between the seat's zones, shuffling, looking at the top of the deck (private),
revealing a card from hand, drawing. On another seat's cards or totals it is a request
(``table:request``) that seat accepts or refuses (``table:accept`` / ``table:refuse``, or
the requester withdraws it with ``table:refuse``). A refusal may say why
(``table:refuse=<id>_<reason>``, a key of :mod:`gameplay.engine.table_refusals`): bots always
do (:mod:`gameplay.engine.table_bots`).

Every message a player reads here (a refusal, a pending request's problem) names a card only
to a reader who sees it (:func:`sees`, which follows what ``observe`` shows); otherwise the
card is its id. What a seat is offered does not depend on another seat's hidden prompt.

Cards move only through the engine's own helpers (``leaving.leave_play``: attachments and
duplicates go with their card, power returns to the pool, Stalwart and Deathbound apply;
``moves.take_control``, ``moves.give_gold``), power and gold changes are logged as the
events the conservation checks read (``power``, ``power_moved``, ``gold_gained``,
``gold_paid``, ``gold_given``), and the victory check runs after every one, so reaching
15 (30 in two-on-two) wins at once. A table action never triggers responses, forced
effects or saves and never pays costs: see docs/RULINGS.md, "Table actions".

The state keeps what table actions need in ``state.table`` (empty until one is used, so
that a game without them digests as before): ``off`` (the match does not allow them),
``requests`` (pending), ``next`` (the next request id) and ``looks`` (seat -> the refs it
looked at on top of its deck; only that seat's view shows them).
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from gameplay.engine import house_card
from gameplay.engine.actions import Action
from gameplay.engine.leaving import leave_play
from gameplay.engine.moves import give_gold, pay_gold, take_control
from gameplay.engine.numbers import whole_number
from gameplay.engine.rules import can_take, facts, gold_cost, unique_problem
from gameplay.engine.state import GameState, InPlay, draw, shuffle_zone
from gameplay.engine.table_refusals import REASONS, split_answer

# Own cards and totals: act at once.
OWN_KINDS = (
    "table:kneel",
    "table:stand",
    "table:power",
    "table:house_power",
    "table:card_gold",
    "table:move",
    "table:shuffle",
    "table:look",
    "table:reveal",
    "table:draw",
    "table:gold",
)
REQUEST_KINDS = ("table:request", "table:accept", "table:refuse")
KINDS = (*OWN_KINDS, *REQUEST_KINDS)
# Where table:move takes a card (the owner's zones, or into play under the seat's control).
# ``marshal``: from the hand into play (an attachment onto the second card), paying the
# gold the engine would charge for it (rules.gold_cost), in the marshalling phase.
DESTINATIONS = ("hand", "deck_top", "deck_bottom", "discard", "dead", "play", "attach", "marshal")
MARSHAL = "marshal"
PUBLIC_ZONES = ("play", "discard", "dead")
# Requests about a card another seat controls (the card is the first ref).
CARD_VERBS = ("kill", "discard", "hand", "kneel", "stand", "control", "power")
# Requests about another seat's totals: ``power_<seat>[_<n>]``, ``gold_<seat>[_<n>]``.
SEAT_VERBS = ("power", "gold")
MOST = 10  # the most power, gold or cards one table action moves, draws or looks at
ZONE_WORDS = {
    "hand": "hand",
    "deck": "deck",
    "deck_top": "top of the deck",
    "deck_bottom": "bottom of the deck",
    "discard": "discard pile",
    "dead": "dead pile",
    "play": "play",
    "attach": "play",
}


def enabled(state: GameState) -> bool:
    """Whether the match allows table actions (``GameConfig.table_actions``)."""
    return not state.table.get("off")


def is_table(action: Action) -> bool:
    return action.kind.startswith("table:")


# --- reading choices ------------------------------------------------------------------------


def _amount(text: str, verbs: tuple[str, ...]) -> tuple[str, int] | None:
    """``"add"`` -> ("add", 1), ``"add_3"`` -> ("add", 3); None when not one of ``verbs``."""
    verb, _, count = text.partition("_")
    if verb not in verbs:
        return None
    if not count:
        return verb, 1
    number = whole_number(count, low=1, high=MOST)
    return None if number is None else (verb, number)


def _number(text: str, low: int) -> int | None:
    return whole_number(text, low=low, high=MOST)


def seat_request(choice: str, players: int) -> tuple[str, int, int] | None:
    """``"gold_1_2"`` -> ("gold", 1, 2): a request about a seat's totals, else None."""
    parts = choice.split("_")
    if len(parts) not in (2, 3) or parts[0] not in SEAT_VERBS:
        return None
    seat = whole_number(parts[1], high=players - 1)
    count = whole_number(parts[2] if len(parts) == 3 else "1", low=1, high=MOST)
    if seat is None or count is None:
        return None
    return parts[0], seat, count


# --- where a card is ------------------------------------------------------------------------


def zone_of(state: GameState, ref: str) -> str | None:
    """The zone a card is in (``play``, ``hand``, ``deck``, ``discard``, ``dead``, other
    zones by name), or None for a ref that is not a card."""
    if ref not in state.cards:
        return None
    if ref in state.in_play:
        return "play"
    owner = state.players[state.cards[ref].owner]
    for zone in ("hand", "deck", "discard", "dead", "removed", "plot_deck", "used_plots"):
        if ref in getattr(owner, zone):
            return zone
    if ref in (owner.revealed_plot, owner.chosen_plot):
        return "plot"
    if ref in owner.setup_cards:
        return "setup"
    return "elsewhere"


def looked(state: GameState, seat: int) -> list[str]:
    """The cards ``seat`` looked at (table:look) that are still in its deck."""
    deck = state.players[seat].deck
    return [r for r in state.table.get("looks", {}).get(str(seat), ()) if r in deck]


def _public(state: GameState, ref: str) -> bool:
    """Whether every player may see the card (it may name the card a request is for)."""
    zone = zone_of(state, ref)
    return zone in ("play", "discard", "dead", "removed", "used_plots", "plot") and (
        zone != "plot" or ref == state.players[state.cards[ref].owner].revealed_plot
    )


# The parts of a prompt only its deciding seat sees, and only while it is the decision at
# hand (observe.py shows them to nobody else): what it offers and what is picked so far.
PROMPT_PRIVATE = ("candidates", "selected", "options", "weights")


def _private_refs(step: dict[str, Any]) -> list[str]:
    """The refs a prompt names in its private parts (:data:`PROMPT_PRIVATE`, and the cards
    shown to its seat alone: ``ctx["shown"]``); no refs for another step."""
    if step.get("name") != "prompt":
        return []
    found = [*step.get("candidates", ()), *step.get("selected", ()), *step.get("weights", {})]
    found += [o for o in step.get("options", ()) if isinstance(o, str)]
    shown = step.get("ctx", {}).get("shown", ())
    return found + [r for r in shown if isinstance(r, str)] if isinstance(shown, list) else found


def _in_queue(state: GameState, ref: str, seat: int | None) -> bool:
    """Whether a step waiting in the queue names the card as ``seat`` may know it (None:
    as every seat may): moving it away then would leave that step without its card.

    Only what ``seat`` sees counts: every step but the private parts of a prompt
    (:data:`PROMPT_PRIVATE`), which count only in the prompt at hand for its own seat. The
    card being resolved, a window's event, a challenge's sides and a prompt's ``ctx`` are
    public (or fixed before the prompt, whatever it offers). Counting another seat's
    offer would let its opponents read it from their Table menu or from a refusal (which
    of their cards an effect may choose, which are chosen so far); instead, a table action
    that moves such a card takes it out of those prompts (:func:`_let_go`). The window's
    record of the last action is only shown, never used."""
    return ref in _queued(state, seat)


# While :func:`table_menu` lists a seat's menu: (the state, seat -> what its queue names),
# so that the queue is read once per listing instead of once per card and action.
_LISTING: ContextVar[tuple[GameState, dict[int | None, frozenset[str]]] | None] = ContextVar(
    "table_listing", default=None
)


def _queued(state: GameState, seat: int | None) -> frozenset[str]:
    """Every text the queue names as ``seat`` may know it (:func:`_in_queue`)."""
    listing = _LISTING.get()
    if listing is not None and listing[0] is state and seat in listing[1]:
        return listing[1][seat]
    found: set[str] = set()

    def collect(value: Any) -> None:
        if isinstance(value, str):
            found.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key != "last":
                    collect(item)
        elif isinstance(value, list):
            for item in value:
                collect(item)

    for index, step in enumerate(state.queue):
        mine = index == 0 and seat is not None and step.get("seat") == seat
        if step.get("name") != "prompt" or mine:
            collect(step)
            continue
        public = {k: v for k, v in step.items() if k not in PROMPT_PRIVATE}
        ctx = public.get("ctx")
        if isinstance(ctx, dict) and "shown" in ctx:
            public["ctx"] = {k: v for k, v in ctx.items() if k != "shown"}
        collect(public)
    names = frozenset(found)
    if listing is not None and listing[0] is state:
        listing[1][seat] = names
    return names


def _let_go(state: GameState, before: dict[str, tuple[Any, ...]]) -> None:
    """Take the cards a table action moved (changed zone or controller, attachments and
    duplicates that went with a card included) out of the prompts' private parts, so that
    a prompt never offers a card that is no longer where it offered it. ``before``: each
    such card's place before the action (:func:`_places`). A prompt keeps what it needs to
    be answered: its minimum and maximum shrink with its candidates, an influence need
    with the weights left, and a choice keeps its last option."""
    moved = {ref for ref, place in before.items() if _place(state, ref) != place}
    if not moved:
        return
    for step in state.queue:
        if step.get("name") != "prompt":
            continue
        if "candidates" in step:
            step["candidates"] = [r for r in step["candidates"] if r not in moved]
            step["selected"] = [r for r in step.get("selected", ()) if r not in moved]
            step["max"] = min(step.get("max", 0), len(step["candidates"]))
            step["min"] = min(step.get("min", 0), step["max"])
        if "weights" in step:
            step["weights"] = {r: w for r, w in step["weights"].items() if r not in moved}
            step["need"] = min(step.get("need", 0), sum(step["weights"].values()))
        if "options" in step:
            kept = [o for o in step["options"] if o not in moved]
            step["options"] = kept or step["options"][-1:]
        shown = step.get("ctx", {}).get("shown")
        if isinstance(shown, list):
            step["ctx"]["shown"] = [r for r in shown if r not in moved]


def _place(state: GameState, ref: str) -> tuple[Any, ...]:
    record = state.in_play.get(ref)
    return (zone_of(state, ref), record.controller if record else None)


def _places(state: GameState) -> dict[str, tuple[Any, ...]]:
    """Where each card a prompt names in its private parts is now (:func:`_let_go`)."""
    return {
        ref: _place(state, ref)
        for step in state.queue
        for ref in _private_refs(step)
        if ref in state.cards
    }


def sees(state: GameState, seat: int | None, ref: str) -> bool:
    """Whether ``seat`` (None: every seat) may see which card ``ref`` is, as
    ``observe.observe`` shows it: a card in a public zone, or one of the seat's own in its
    hand, plot deck, setup cards, chosen plot, Shadows, Hold or looked at on its deck."""
    if ref not in state.cards:
        return False
    owner = state.players[state.cards[ref].owner]
    if _public(state, ref) or ref in owner.on_agenda:
        return True
    if seat != owner.seat:
        return False
    # owner.facedown: attached face down (The Brave Companions)
    mine = (
        owner.hand,
        owner.plot_deck,
        owner.setup_cards,
        owner.shadows,
        owner.hold,
        owner.facedown,
    )
    return any(ref in zone for zone in mine) or ref in (owner.chosen_plot, *looked(state, seat))


def _name(state: GameState, ref: str, seat: int | None) -> str:
    """The card's name for a message to ``seat`` (None: to every seat), or its ref when
    that seat may not see which card it is: a refusal must not tell a player what an id
    they may not see is (trying every id would read a hand, a deck, Shadows)."""
    return facts(state, ref).name if sees(state, seat, ref) else ref


# --- checking -------------------------------------------------------------------------------


def table_problem(state: GameState, action: Action) -> str | None:
    """Why ``action`` (a ``table:`` kind) may not be taken now, as a sentence; None if it
    may. The seat need not be the one deciding."""
    problem = closed(state, action.seat)
    if problem:
        return problem
    check = _CHECKS.get(action.kind)
    if check is None:
        return f"{action.kind} is not a table action."
    return check(state, action)


def closed(state: GameState, seat: int) -> str | None:
    """Why ``seat`` may take no table action at all now, or None."""
    if state.result is not None:
        return "The game is over."
    if seat >= len(state.players):
        return f"There is no seat {seat}."
    if not enabled(state):
        return "Table actions are turned off at this match."
    if state.phase == "setup":
        return "Table actions begin once setup is over."
    return None


def _own_in_play(state: GameState, seat: int, ref: str) -> str | None:
    if ref not in state.in_play:
        if ref not in state.cards:
            return f"No card {ref}."
        return f"{_name(state, ref, seat)} is not in play."
    if state.in_play[ref].controller != seat:
        return f"You do not control {_name(state, ref, seat)}: ask its controller (a request)."
    return None


def _check_kneel(state: GameState, action: Action) -> str | None:
    ref = action.cards[0]
    problem = _own_in_play(state, action.seat, ref)
    if problem:
        return problem
    knelt = state.in_play[ref].knelt
    if action.kind == "table:kneel" and knelt:
        return f"{_name(state, ref, action.seat)} is already knelt."
    if action.kind == "table:stand" and not knelt:
        return f"{_name(state, ref, action.seat)} is already standing."
    return None


def _check_card_counter(state: GameState, action: Action) -> str | None:
    ref = action.cards[0]
    problem = _own_in_play(state, action.seat, ref)
    if problem:
        return problem
    parsed = _amount(action.choice, ("add", "remove"))
    if parsed is None:
        return f"{action.choice!r}: say add or remove, with an amount up to {MOST} (remove_2)."
    verb, count = parsed
    what = "power" if action.kind == "table:power" else "gold"
    have = getattr(state.in_play[ref], what)
    if verb == "remove" and count > have:
        return f"{_name(state, ref, action.seat)} has {have} {what} on it."
    return None


def _check_house_power(state: GameState, action: Action) -> str | None:
    parsed = _amount(action.choice, ("add", "remove"))
    if parsed is None:
        return f"{action.choice!r}: say add or remove, with an amount up to {MOST} (add_2)."
    verb, count = parsed
    have = state.players[action.seat].power
    if verb == "remove" and count > have:
        return f"Your House card has {have} power."
    return None


def _check_gold(state: GameState, action: Action) -> str | None:
    parsed = _amount(action.choice, ("take", "return"))
    if parsed is None:
        return f"{action.choice!r}: say take or return, with an amount up to {MOST} (take_2)."
    verb, count = parsed
    have = state.players[action.seat].gold
    if verb == "return" and count > have:
        return f"You have {have} gold."
    return None


def _house_seat(state: GameState, action: Action) -> int | None:
    """The seat whose House card a move goes onto (``=house``: your own, ``=house_<seat>``),
    else None (house_card.py)."""
    if not action.choice.startswith(house_card.HOUSE):
        return None
    return house_card.seat_of_choice(state, action.seat, action.choice)


def _check_move(state: GameState, action: Action) -> str | None:
    seat, ref, to = action.seat, action.cards[0], action.choice
    house_seat = _house_seat(state, action)
    if to not in DESTINATIONS and house_seat is None:
        return (
            f"{to!r} is not a place to move a card to; one of {', '.join(DESTINATIONS)}, "
            "house (your House card) or house_<seat>."
        )
    zone = zone_of(state, ref)
    if zone is None:
        return f"No card {ref}."
    name = _name(state, ref, seat)  # until the checks below show the seat sees the card
    if zone == "play":
        problem = _own_in_play(state, seat, ref)
        if problem:
            return problem
    elif state.cards[ref].owner != seat:
        return f"{name} is not yours."
    elif zone == "deck":
        if ref not in looked(state, seat):
            return "Only the cards you looked at on top of your deck can be moved from it."
    elif zone not in ("hand", "discard", "dead"):
        return f"{name} cannot be moved by hand from there."
    if (to == "deck_top" and zone == "deck" and state.players[seat].deck[0] == ref) or (
        to == zone and to != "play"
    ):
        return f"{name} is already there."
    if _in_queue(state, ref, seat):
        return f"{name} is part of the decision at hand; answer it first."
    card = facts(state, ref)
    if house_seat is not None:
        if len(action.cards) != 1:
            return "A move onto a House card names only the card."
        if card.type != "attachment" and not house_card.choices(state, ref, seat):
            return f"{name} is not an attachment."
        if ref in state.in_play and house_card.house_of(state, ref) == house_seat:
            return f"{name} is already on that House card."
        return None if ref in state.in_play else unique_problem(state, seat, card)
    if to == MARSHAL:
        return _marshal_problem(state, action, zone, name)
    if to == "attach":
        if len(action.cards) != 2:
            return "Name the card to attach to as the second card (table:move:<card>,<host>)."
        return _attach_problem(state, seat, ref, action.cards[1])
    if len(action.cards) != 1:
        return "Only a move onto another card (=attach) names a second card."
    if to == "play":
        if zone == "play":
            return f"{name} is already in play."
        if card.type not in ("character", "location"):
            what = "an attachment goes onto a card (=attach)" if card.type == "attachment" else ""
            return f"{name} ({card.type}) cannot be put into play by itself" + (
                f": {what}." if what else "."
            )
        return unique_problem(state, seat, card)
    return None


def marshal_cost(state: GameState, action: Action) -> int | None:
    """The gold a by-hand marshal (``table:move:<card>[,<host>]=marshal``) pays: what the
    engine charges for that card (printed cost, gold penalty, automated reductions)."""
    host = action.cards[1] if len(action.cards) > 1 else None
    return gold_cost(state, action.seat, action.cards[0], host)


def _marshal_problem(state: GameState, action: Action, zone: str, name: str) -> str | None:
    """Why ``action`` (a by-hand marshal) cannot be made: the seat's own card from its hand,
    in the marshalling phase, that it has the gold for; an attachment names its host."""
    seat, ref = action.seat, action.cards[0]
    if zone != "hand":
        return f"{name} is not in your hand: only a card in your hand is marshalled."
    if state.phase != "marshalling":
        return (
            "Cards are marshalled in the marshalling phase; to put a card into play for a "
            "card's text, use Into play."
        )
    card = facts(state, ref)
    if card.type == "attachment":
        if len(action.cards) != 2:
            return f"Name the card to marshal {name} onto (table:move:<card>,<host>=marshal)."
        problem = _attach_problem(state, seat, ref, action.cards[1])
    elif card.type in ("character", "location"):
        if len(action.cards) != 1:
            return f"{name} ({card.type}) is not marshalled onto another card."
        problem = unique_problem(state, seat, card)
    else:
        return f"{name} ({card.type}) is not marshalled."
    if problem:
        return problem
    cost = marshal_cost(state, action)
    if cost is None:
        return f"{name} has no printed cost to pay: use Into play."
    gold = state.players[seat].gold
    if gold < cost:
        return f"{name} costs {cost} gold; you have {gold}."
    return None


def _attach_problem(state: GameState, seat: int, ref: str, host: str) -> str | None:
    card = facts(state, ref)  # the seat's own card in hand, a pile or play (checked)
    if card.type != "attachment":
        return f"{card.name} is not an attachment."
    if host == ref or host not in state.in_play:
        return f"{_name(state, host, seat)} is not a card in play to attach to."
    if state.in_play[host].attached_to or house_card.house_of(state, host) is not None:
        return f"{_name(state, host, seat)} is itself an attachment."
    if ref in state.in_play and state.in_play[ref].attached_to == host:
        return f"{card.name} is already on {_name(state, host, seat)}."
    target = facts(state, host)
    if target.type == "character" and not can_take(target, card):
        return f"{target.name} cannot take {card.name} (No attachments)."
    if ref not in state.in_play:
        return unique_problem(state, seat, card)
    return None


def _check_zone(state: GameState, action: Action) -> str | None:
    player = state.players[action.seat]
    if action.kind == "table:shuffle":
        return None if player.deck else "Your deck is empty."
    if action.kind == "table:reveal":
        ref = action.cards[0]
        if ref in player.hand:
            return None
        return f"{_name(state, ref, action.seat)} is not in your hand."
    count = _number(action.choice, 0 if action.kind == "table:look" else 1)
    if count is None:
        low = 0 if action.kind == "table:look" else 1
        return f"{action.choice!r}: say how many cards, {low} to {MOST}."
    if action.kind == "table:draw" and not player.deck:
        return "Your deck is empty."
    return None


def _check_request(state: GameState, action: Action) -> str | None:
    seat, choice, refs = action.seat, action.choice, action.cards
    if choice in CARD_VERBS:
        if not refs:
            return f"Name the card to {choice} (table:request:<card>=...)."
        ref = refs[0]
        if ref not in state.in_play:
            if ref not in state.cards:
                return f"No card {ref}."
            return f"{_name(state, ref, seat)} is not in play."
        record = state.in_play[ref]
        if record.controller == seat:
            return f"You control {_name(state, ref, seat)}: act on it yourself."
        source = refs[1:]
        problem = _effect_problem(state, seat, record.controller, choice, ref, seat)
    else:
        parsed = seat_request(choice, len(state.players))
        if parsed is None:
            return (
                f"{choice!r} is not a request: {', '.join(CARD_VERBS)} on a card, or "
                "power_<seat> / gold_<seat> (with _<amount>)."
            )
        verb, other, count = parsed
        if other == seat:
            return "That is your own total: act on it yourself."
        if len(refs) > 1:
            return "A request about a player's total names at most the card it is for."
        source = refs
        problem = _seat_problem(state, other, verb, count)
    if problem:
        return problem
    if source and (source[0] not in state.cards or not _public(state, source[0])):
        return "The card a request is for must be one every player sees (in play or a pile)."
    return None


def _effect_problem(
    state: GameState, seat: int, owner: int, verb: str, ref: str, viewer: int | None
) -> str | None:
    """Why the effect of a card request cannot happen now (checked again on accepting), as
    ``viewer`` may read it (None: every seat, the pending requests of every view)."""
    name = _name(state, ref, viewer)
    if ref not in state.in_play or state.in_play[ref].controller != owner:
        return f"{name} is no longer in play under the same control."
    record = state.in_play[ref]
    if verb == "kneel" and record.knelt:
        return f"{name} is already knelt."
    if verb == "stand" and not record.knelt:
        return f"{name} is already standing."
    if verb == "power" and not record.power:
        return f"{name} has no power on it."
    if verb in ("kill", "discard", "hand", "control") and _in_queue(state, ref, viewer):
        return f"{name} is part of the decision at hand; wait until it is answered."
    if verb == "control":
        if record.attached_to:
            return f"{name} is attached to a card: take control of that card instead."
        return unique_problem(state, seat, facts(state, ref))
    return None


def _seat_problem(state: GameState, other: int, verb: str, count: int) -> str | None:
    player = state.players[other]
    have = player.power if verb == "power" else player.gold
    what = "power on their House card" if verb == "power" else "gold"
    if have < count:
        return f"That player has {have} {what}."
    return None


def _pending(state: GameState, choice: str) -> dict[str, Any] | None:
    number = whole_number(split_answer(choice)[0])  # "<id>" or "<id>_<reason>"
    if number is None:
        return None
    return next((r for r in requests(state) if r["id"] == number), None)


def _check_answer(state: GameState, action: Action) -> str | None:
    request = _pending(state, action.choice)
    if request is None:
        return f"There is no pending request {action.choice!r}."
    reason = split_answer(action.choice)[1]
    if reason and (action.kind != "table:refuse" or reason not in REASONS):
        return f"{reason!r} is not a reason to refuse; one of {', '.join(REASONS)}."
    if action.kind == "table:refuse":
        if action.seat not in (request["to"], request["seat"]):
            return "Only the player asked (or the one asking) can answer that request."
        return None
    if action.seat != request["to"]:
        return "Only the player asked can accept that request."
    return _request_effect_problem(state, request, action.seat)


def _request_effect_problem(
    state: GameState, request: dict[str, Any], viewer: int | None = None
) -> str | None:
    """Why a pending request cannot be carried out now, as ``viewer`` may read it (None:
    every seat)."""
    if request.get("card"):
        return _effect_problem(
            state, request["seat"], request["to"], request["verb"], request["card"], viewer
        )
    return _seat_problem(state, request["to"], request["verb"], request.get("amount", 1))


_CHECKS = {
    "table:kneel": _check_kneel,
    "table:stand": _check_kneel,
    "table:power": _check_card_counter,
    "table:card_gold": _check_card_counter,
    "table:house_power": _check_house_power,
    "table:gold": _check_gold,
    "table:move": _check_move,
    "table:shuffle": _check_zone,
    "table:look": _check_zone,
    "table:reveal": _check_zone,
    "table:draw": _check_zone,
    "table:request": _check_request,
    "table:accept": _check_answer,
    "table:refuse": _check_answer,
}


# --- applying -------------------------------------------------------------------------------


def apply_table(state: GameState, action: Action) -> None:
    """Apply a checked table action to ``state`` in place (``game.apply`` does, on a copy,
    then runs the checks: victory at once). A card it moves leaves the prompts that offered
    it where it was (:func:`_let_go`)."""
    before = _places(state)
    _DO[action.kind](state, action)
    _let_go(state, before)


def _event(state: GameState, seat: int, verb: str, **data: Any) -> None:
    state.emit("table", seat=seat, verb=verb, **data)


def _do_kneel(state: GameState, action: Action) -> None:
    ref = action.cards[0]
    state.in_play[ref].knelt = action.kind == "table:kneel"
    verb = "kneel" if action.kind == "table:kneel" else "stand"
    _event(state, action.seat, verb, card=ref, code=state.code(ref))


def _do_card_counter(state: GameState, action: Action) -> None:
    seat, ref = action.seat, action.cards[0]
    verb, count = _amount(action.choice, ("add", "remove")) or ("add", 1)
    amount = count if verb == "add" else -count
    record = state.in_play[ref]
    if action.kind == "table:power":
        record.power += amount
        state.emit("power", seat=seat, amount=amount, card=ref, reason="table")
    elif amount > 0:
        record.gold += amount
        state.emit("gold_gained", seat=seat, gold=amount, reason="table", card=ref)
    else:
        record.gold += amount
        state.emit("gold_paid", seat=seat, gold=-amount, reason="table", card=ref)


def _do_house_power(state: GameState, action: Action) -> None:
    verb, count = _amount(action.choice, ("add", "remove")) or ("add", 1)
    amount = count if verb == "add" else -count
    state.players[action.seat].power += amount
    state.emit("power", seat=action.seat, amount=amount, reason="table")


def _do_gold(state: GameState, action: Action) -> None:
    verb, count = _amount(action.choice, ("take", "return")) or ("take", 1)
    player = state.players[action.seat]
    if verb == "take":
        player.gold += count
        state.emit("gold_gained", seat=action.seat, gold=count, reason="table")
    else:
        player.gold -= count
        state.emit("gold_paid", seat=action.seat, gold=count, reason="table")


def _do_move(state: GameState, action: Action) -> None:
    seat, ref, to = action.seat, action.cards[0], action.choice
    zone = zone_of(state, ref) or ""
    owner = state.players[state.cards[ref].owner]
    house_seat = _house_seat(state, action)
    if house_seat is not None:  # onto a House card: in play with no host (house_card.py)
        where = {"source": zone, "to": "house", "house_of": house_seat}
        _event(state, seat, "move", card=ref, code=state.code(ref), **where)
        if zone == "play":
            state.in_play[ref].attached_to = None
            house_card.off_house(state, ref)
        else:
            getattr(owner, zone).remove(ref)
            state.in_play[ref] = InPlay(controller=seat)
            state.players[seat].in_play.append(ref)
        house_card.attach(state, ref, house_seat)
        return
    host = action.cards[1] if to in ("attach", MARSHAL) and len(action.cards) > 1 else None
    public = zone in PUBLIC_ZONES or to in ("play", "attach", "discard", "dead", MARSHAL)
    data: dict[str, Any] = {"source": zone, "to": to}
    cost = marshal_cost(state, action) if to == MARSHAL else None
    if cost is not None:
        data["gold"] = cost
    if public:
        data |= {"card": ref, "code": state.code(ref)}
    if host is not None:
        data["target"] = host
    _event(state, seat, "move", **data)
    if zone == "play":
        if to == "attach":  # an attachment moves to another card: it stays in play
            state.in_play[ref].attached_to = host
            house_card.off_house(state, ref)  # if it was on a House card
            return
        # The one way out of play: power back to the pool, attachments and duplicates
        # discarded, Stalwart and Deathbound (leaving.leave_play); never a save.
        leave_play(state, ref, "deck_top" if to == "deck_bottom" else to)
        if to == "deck_bottom":
            owner.deck.append(owner.deck.pop(0))
        return
    getattr(owner, zone).remove(ref)
    if cost:  # the move's line says what was paid; the payment is logged as such too
        pay_gold(state, seat, cost, "table_marshal")
    if to in ("play", "attach", MARSHAL):
        state.in_play[ref] = InPlay(controller=seat, attached_to=host)
        state.players[seat].in_play.append(ref)
    elif to == "deck_top":
        owner.deck.insert(0, ref)
    elif to == "deck_bottom":
        owner.deck.append(ref)
    else:
        getattr(owner, to).append(ref)


def _do_zone(state: GameState, action: Action) -> None:
    seat = action.seat
    player = state.players[seat]
    looks = state.table.setdefault("looks", {})
    if action.kind == "table:shuffle":
        shuffle_zone(state, player.deck)
        looks.pop(str(seat), None)
        state.emit("shuffled", seat=seat, reason="table")
    elif action.kind == "table:reveal":
        ref = action.cards[0]
        state.emit("revealed", seat=seat, cards=[ref], codes=[state.code(ref)], reason="table")
    elif action.kind == "table:draw":
        count = int(action.choice)
        draw(state, seat, count)
    else:
        count = int(action.choice)
        if count:
            looks[str(seat)] = player.deck[:count]
        else:
            looks.pop(str(seat), None)
        state.emit("looked_at_deck", seat=seat, deck=seat, count=min(count, len(player.deck)))
    if not looks:
        state.table.pop("looks", None)


def _do_request(state: GameState, action: Action) -> None:
    seat, choice, refs = action.seat, action.choice, action.cards
    number = state.table.get("next", 1)
    state.table["next"] = number + 1
    request: dict[str, Any] = {"id": number, "seat": seat}
    if choice in CARD_VERBS:
        ref = refs[0]
        request |= {"to": state.in_play[ref].controller, "verb": choice, "card": ref}
        source = refs[1] if len(refs) > 1 else None
    else:
        verb, other, count = seat_request(choice, len(state.players)) or ("gold", 0, 1)
        request |= {"to": other, "verb": verb, "amount": count}
        source = refs[0] if refs else None
    if source:
        request["source"] = source
    state.table.setdefault("requests", []).append(request)
    state.emit("table_request", **_request_data(state, request))


def _request_data(state: GameState, request: dict[str, Any]) -> dict[str, Any]:
    """A request as log fields: cards with their codes (requests name public cards)."""
    data = {k: v for k, v in request.items() if k not in ("card", "source")}
    for key, code_key in (("card", "code"), ("source", "source_code")):
        ref = request.get(key)
        if ref:
            data[key] = ref
            if ref in state.cards:
                data[code_key] = state.code(ref)
    return data


def _do_answer(state: GameState, action: Action) -> None:
    request = _pending(state, action.choice)
    assert request is not None  # checked
    state.table["requests"] = [r for r in requests(state) if r["id"] != request["id"]]
    if not state.table["requests"]:
        del state.table["requests"]
    accepted = action.kind == "table:accept"
    answer = "accepted" if accepted else "refused"
    if not accepted and action.seat == request["seat"]:
        answer = "withdrawn"
    data = _request_data(state, request)
    reason = split_answer(action.choice)[1]  # why it is refused (table_refusals.py)
    if reason:
        data["reason"] = reason
    state.emit("table_answer", answer=answer, by=action.seat, **data)
    if accepted:
        _carry_out(state, request)


def _carry_out(state: GameState, request: dict[str, Any]) -> None:
    seat, to, verb, ref = request["seat"], request["to"], request["verb"], request.get("card")
    if ref is None:
        count = request.get("amount", 1)
        if verb == "gold":
            give_gold(state, to, seat, count)
        else:  # power from House to House, by hand (no Infamy choice: see RULINGS)
            state.players[to].power -= count
            state.players[seat].power += count
            state.emit("power_moved", seat=seat, amount=count, reason="table", source=to)
        return
    record = state.in_play[ref]
    if verb in ("kill", "discard", "hand"):
        leave_play(state, ref, {"kill": "dead", "discard": "discard", "hand": "hand"}[verb])
    elif verb in ("kneel", "stand"):
        record.knelt = verb == "kneel"
    elif verb == "control":
        take_control(state, ref, seat, announce=False)  # the table opens no window
    elif verb == "power":
        record.power -= 1
        state.emit("power", seat=to, amount=-1, card=ref, reason="table")
        state.players[seat].power += 1
        state.emit("power", seat=seat, amount=1, reason="table")


_DO = {
    "table:kneel": _do_kneel,
    "table:stand": _do_kneel,
    "table:power": _do_card_counter,
    "table:card_gold": _do_card_counter,
    "table:house_power": _do_house_power,
    "table:gold": _do_gold,
    "table:move": _do_move,
    "table:shuffle": _do_zone,
    "table:look": _do_zone,
    "table:reveal": _do_zone,
    "table:draw": _do_zone,
    "table:request": _do_request,
    "table:accept": _do_answer,
    "table:refuse": _do_answer,
}


# --- reading: requests, the menu, a random table action ----------------------------------------


def requests(state: GameState) -> list[dict[str, Any]]:
    """The pending requests, oldest first: ``{"id", "seat" (asking), "to" (asked), "verb",
    "card" or "amount", "source" (the card it is for, optional)}``."""
    return list(state.table.get("requests", ()))


def requests_view(state: GameState) -> list[dict[str, Any]]:
    """The pending requests as every player sees them (they name public cards only), each
    with ``problem``: why it cannot be accepted now, or None."""
    return [
        {**_request_data(state, r), "problem": _request_effect_problem(state, r)}
        for r in requests(state)
    ]


def table_menu(state: GameState, seat: int) -> dict[str, Any]:
    """The table actions ``seat`` may take now, for the board: ``cards`` (ref -> actions on
    that card of the seat's: in play, in hand, in its piles, looked at on its deck),
    ``player`` (draw, shuffle, look, gold, House power), ``requests`` (ref -> requests
    about another seat's card; ``"seat:<n>"`` -> about its totals) and ``answers`` (the
    accept / refuse of each pending request the seat may answer). Empty when table
    actions are off, the game is over or in setup."""
    empty: dict[str, Any] = {"cards": {}, "player": [], "requests": {}, "answers": []}
    if closed(state, seat):
        return empty
    token = _LISTING.set((state, {}))
    try:
        return _table_menu(state, seat, empty)
    finally:
        _LISTING.reset(token)


def _table_menu(state: GameState, seat: int, menu: dict[str, Any]) -> dict[str, Any]:
    player = state.players[seat]

    def offer(bucket: list[Action], action: Action) -> None:
        if table_problem(state, action) is None:
            bucket.append(action)

    hosts = [
        r
        for r in state.in_play
        if not state.in_play[r].attached_to and house_card.house_of(state, r) is None
    ]
    houses = [house_card.choice_for(seat, p.seat) for p in state.players]
    own = [r for r in player.in_play]
    for ref in [*own, *player.hand, *looked(state, seat), *player.discard, *player.dead]:
        found: list[Action] = []
        if ref in state.in_play:
            offer(found, Action(seat, "table:kneel", (ref,)))
            offer(found, Action(seat, "table:stand", (ref,)))
            for kind in ("table:power", "table:card_gold"):
                offer(found, Action(seat, kind, (ref,), "add"))
                offer(found, Action(seat, kind, (ref,), "remove"))
        if ref in player.hand:
            offer(found, Action(seat, "table:reveal", (ref,)))
        for to in DESTINATIONS:
            if to == "attach":
                if facts(state, ref).type == "attachment":
                    for host in hosts:
                        offer(found, Action(seat, "table:move", (ref, host), "attach"))
                    for house in houses:  # onto a House card
                        offer(found, Action(seat, "table:move", (ref,), house))
            elif to == MARSHAL:
                if state.phase == "marshalling" and ref in player.hand:
                    if facts(state, ref).type == "attachment":
                        for host in hosts:
                            offer(found, Action(seat, "table:move", (ref, host), MARSHAL))
                    else:
                        offer(found, Action(seat, "table:move", (ref,), MARSHAL))
            else:
                offer(found, Action(seat, "table:move", (ref,), to))
        if found:
            menu["cards"][ref] = found
    for action in (
        Action(seat, "table:draw", choice="1"),
        Action(seat, "table:look", choice="1"),
        Action(seat, "table:look", choice="3"),
        Action(seat, "table:shuffle"),
        Action(seat, "table:gold", choice="take"),
        Action(seat, "table:gold", choice="return"),
        Action(seat, "table:house_power", choice="add"),
        Action(seat, "table:house_power", choice="remove"),
    ):
        offer(menu["player"], action)
    if looked(state, seat):
        offer(menu["player"], Action(seat, "table:look", choice="0"))
    for ref, record in state.in_play.items():
        if record.controller == seat:
            continue
        asked = [Action(seat, "table:request", (ref,), verb) for verb in CARD_VERBS]
        found = [a for a in asked if table_problem(state, a) is None]
        if found:
            menu["requests"][ref] = found
    for other in range(len(state.players)):
        if other != seat:
            asked = [Action(seat, "table:request", choice=f"{v}_{other}") for v in SEAT_VERBS]
            found = [a for a in asked if table_problem(state, a) is None]
            if found:
                menu["requests"][f"seat:{other}"] = found
    menu["answers"] = _answers(state, seat)
    return menu


def table_answers(state: GameState, seat: int) -> list[Action]:
    """The ``answers`` of :func:`table_menu` alone (the accept / refuse of each pending
    request ``seat`` may answer): what a board shows on every update, where the rest of
    the menu is drawn only when its player opens it."""
    if closed(state, seat):
        return []
    return _answers(state, seat)


def _answers(state: GameState, seat: int) -> list[Action]:
    found: list[Action] = []
    for request in requests(state):
        kinds = ["table:accept"] if request["to"] == seat else []
        if seat in (request["to"], request["seat"]):
            kinds.append("table:refuse")
        for kind in kinds:
            action = Action(seat, kind, choice=str(request["id"]))
            if table_problem(state, action) is None:
                found.append(action)
    return found


def table_actions(state: GameState, seat: int) -> list[Action]:
    """Every table action of :func:`table_menu`, in one list (random playouts)."""
    menu = table_menu(state, seat)
    found = [a for actions in menu["cards"].values() for a in actions]
    found += menu["player"] + [a for actions in menu["requests"].values() for a in actions]
    return found + menu["answers"]
