"""Moving cards, power and gold: leaving play, killing with saves, discarding, power, gold,
drawing.

Power is never created or lost silently: every change goes through :func:`gain_power`,
:func:`move_power`, :func:`card_power` or :func:`leave_play` (power on a card leaving play
returns to the pool) and is logged. Gold likewise: besides income, marshalling costs and
taxation (logged by the steps that do them), effects use :func:`gain_gold`,
:func:`pay_gold` and :func:`give_gold`. The conservation invariants (tests) recompute both
totals from the log.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import abilities
from gameplay.engine.abilities import allowed, handler, keywords
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

DRAW_CAP = 3


def leave_play(state: GameState, ref: str, to: str) -> None:
    """Move a card in play to ``to`` (``dead``, ``discard``, ``hand``, ``deck_top``) of its
    owner. Power on it returns to the pool; attachments and duplicates on it are
    discarded; Deathbound turns a discard into the dead pile, Stalwart turns a kill or a
    discard into the top of the deck."""
    record = state.in_play.pop(ref)
    owner = state.players[state.cards[ref].owner]
    if record.gold:
        state.emit("gold_paid", seat=record.controller, gold=record.gold, reason="left_play")
    state.players[record.controller].in_play.remove(ref)
    words = keywords(state, ref) if ref in state.cards else set()
    if to in ("dead", "discard") and "stalwart" in words:
        to = "deck_top"
    elif to == "discard" and "deathbound" in words:
        to = "dead"
    for dup in record.duplicates:
        _to_discard(state, dup)
    for other, rec in list(state.in_play.items()):
        if rec.attached_to == ref:
            leave_play(state, other, "discard")
    if state.challenge:
        for side in ("attackers", "defenders"):
            if ref in state.challenge[side]:
                state.challenge[side].remove(ref)
    abilities.forget_card(state, ref)
    if to == "dead":
        owner.dead.append(ref)
    elif to == "discard":
        owner.discard.append(ref)
    elif to == "hand":
        owner.hand.append(ref)
    elif to == "deck_top":
        owner.deck.insert(0, ref)
    else:
        raise ValueError(f"Unknown zone {to!r}")
    state.emit(
        "left_play", card=ref, code=state.code(ref), to=to, power=record.power, seat=owner.seat
    )


def _to_discard(state: GameState, ref: str) -> None:
    owner = state.players[state.cards[ref].owner]
    words = abilities.value(state, "keywords", ref, set())
    (owner.dead if "deathbound" in words else owner.discard).append(ref)


def kill(state: GameState, refs: list[str], *, savable: bool = True, position: int = 0) -> None:
    """Kill characters (all at once). Their controllers may first save each one by
    discarding a duplicate (a prompt per controller) or by a card's save, unless
    ``savable`` is False."""
    _remove(state, refs, "kill", savable, position)


def discard(state: GameState, refs: list[str], *, savable: bool = True, position: int = 0) -> None:
    """Discard cards from play (all at once), with saves as for :func:`kill`."""
    _remove(state, refs, "discard", savable, position)


_HOW = {
    "kill": ("kill_now", "would_be_killed", "can_be_killed"),
    "discard": ("discard_now", "would_be_discarded", "can_be_discarded"),
}


def _remove(state: GameState, refs: list[str], how: str, savable: bool, position: int) -> None:
    refs = [r for r in refs if r in state.in_play]
    if not refs:
        return
    step_name, window, permission = _HOW[how]
    steps_before = len(state.queue)
    state.queue.insert(position, {"name": step_name, "cards": refs})
    if savable:
        from gameplay.engine.windows import trigger

        # Card saves ("Response: ... save that character") answer this window, and forced
        # replacements (Bronn) run before it; both call save(). Duplicates are offered
        # first, by the prompts inserted below.
        acting = state.challenge["attacker"] if state.challenge else state.first_player
        trigger(state, window, {"cards": list(refs)}, first=acting, position=position)
        seats = sorted({state.in_play[r].controller for r in refs})
        for seat in reversed(seats):
            mine = [r for r in refs if state.in_play[r].controller == seat]
            savable_refs = [
                r for r in mine if state.in_play[r].duplicates and allowed(state, permission, r)
            ]
            if savable_refs:
                ask_select(
                    state,
                    seat,
                    "save",
                    savable_refs,
                    "save_by_duplicate",
                    position=position,
                    ctx={"cards": mine},
                )
    assert len(state.queue) > steps_before


def save(state: GameState, ref: str, by: str | None = None) -> None:
    """For save effects: the card is not killed (or discarded) by the removal being
    resolved."""
    state.used.append(f"saved:{ref}")
    state.emit("saved", card=ref, code=state.code(ref), by=by)


def saved(state: GameState, ref: str) -> bool:
    """Whether a card was already saved from the removal being resolved."""
    return f"saved:{ref}" in state.used


def save_target(state: GameState, ctx: dict[str, Any]) -> None:
    """The effect of "save [the chosen character]": the ability's target, by its source
    (nothing if it has left play meanwhile)."""
    if ctx["target"] in state.in_play:
        save(state, ctx["target"], by=ctx["source"])


def kill_target(state: GameState, ctx: dict[str, Any]) -> None:
    """The effect of "choose and kill a character": the ability's target (saves allowed)."""
    kill(state, [ctx["target"]])


@handler("save_by_duplicate")
def _save_by_duplicate(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        dup = state.in_play[ref].duplicates.pop()
        _to_discard(state, dup)
        save(state, ref, by=dup)


def kill_now(state: GameState, step: dict[str, Any]) -> None:
    """The ``kill_now`` step: saved cards stay, the others go to the dead pile (or where
    a ``killed_to`` passive sends them: The Hound), then "killed" triggers."""
    _remove_now(state, step, "kill")


def discard_now(state: GameState, step: dict[str, Any]) -> None:
    """The ``discard_now`` step: saved cards stay, the others go to the discard pile."""
    _remove_now(state, step, "discard")


def _remove_now(state: GameState, step: dict[str, Any], how: str) -> None:
    from gameplay.engine.windows import trigger

    saved_refs = {u[6:] for u in state.used if u.startswith("saved:")}
    state.used = [u for u in state.used if not u.startswith("saved:")]
    _, _, permission = _HOW[how]
    gone, controllers, dead = [], {}, []
    for ref in step["cards"]:
        if ref in saved_refs or ref not in state.in_play:
            continue
        if not allowed(state, permission, ref):
            name = "not_killed" if how == "kill" else "not_discarded"
            state.emit(name, card=ref, code=state.code(ref))
            continue
        controllers[ref] = state.in_play[ref].controller
        to = abilities.value(state, "killed_to", ref, "dead") if how == "kill" else "discard"
        leave_play(state, ref, to)
        name = "killed" if how == "kill" else "discarded_from_play"
        state.emit(name, card=ref, code=state.code(ref))
        gone.append(ref)
        owner = state.players[state.cards[ref].owner]
        if ref in owner.dead:
            dead.append(ref)
    if not gone:
        return
    first = state.challenge["attacker"] if state.challenge else state.first_player
    event = {"cards": gone, "controllers": {r: controllers[r] for r in gone}}
    if dead:
        owners = {r: state.cards[r].owner for r in dead}
        trigger(state, "dead_pile", {"cards": dead, "owners": owners}, first=first)
    trigger(state, "killed" if how == "kill" else "discarded", event, first=first)


def discard_from_play(state: GameState, refs: list[str]) -> None:
    """Discard cards from play that cannot be saved ("(cannot be saved)"); a card that
    "cannot be discarded from play" (Knight of the Rainwood) stays."""
    for ref in refs:
        if ref in state.in_play:
            if not allowed(state, "can_be_discarded", ref):
                state.emit("not_discarded", card=ref, code=state.code(ref))
                continue
            leave_play(state, ref, "discard")


def discard_at_random(state: GameState, seat: int, count: int) -> None:
    """Discard ``count`` cards at random from a hand (intrigue claim)."""
    hand = state.players[seat].hand
    for _ in range(min(count, len(hand))):
        ref = hand.pop(state.random_below(len(hand)))
        state.players[seat].discard.append(ref)
        state.emit("discarded", seat=seat, card=ref, code=state.code(ref), random=True)


def power_targets(state: GameState, seat: int) -> list[str]:
    """Cards with Infamy a seat controls (power may go on them instead of the House)."""
    return [r for r in state.players[seat].in_play if "infamy" in keywords(state, r)]


def gain_power(state: GameState, seat: int, amount: int, reason: str) -> None:
    """Claim ``amount`` power for a House from the pool (see :func:`_place_power`)."""
    if amount > 0:
        _place_power(state, seat, amount, reason, source=None)


def move_power(state: GameState, source: int, dest: int, amount: int, reason: str) -> int:
    """Move up to ``amount`` power from one House card to another; returns how many."""
    moved = min(amount, state.players[source].power)
    if moved > 0:
        state.players[source].power -= moved
        _place_power(state, dest, moved, reason, source=source)
    return moved


def _place_power(state: GameState, seat: int, amount: int, reason: str, source: int | None):
    state.players[seat].power += amount
    data = {"seat": seat, "amount": amount, "reason": reason}
    if source is None:
        state.emit("power", **data)
    else:
        state.emit("power_moved", **data, source=source)
    # Infamy: "you may place it on any card with Infamy instead of placing it on your
    # House". The power lands on the House first, so it is never out of every pool while
    # the player chooses; choosing a card moves it there.
    infamy = power_targets(state, seat)
    if infamy:
        ctx = {"seat": seat, "amount": amount}
        ask_choose(state, seat, "place_power", ["house", *infamy], "place_power", ctx=ctx)


@handler("place_power")
def _placed(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, amount, card = ctx["seat"], ctx["amount"], ctx["choice"]
    player = state.players[seat]
    if card != "house" and card in state.in_play and player.power >= amount:
        player.power -= amount
        state.in_play[card].power += amount
        state.emit("power_placed", seat=seat, amount=amount, card=card)


def card_power(state: GameState, ref: str, amount: int, reason: str) -> None:
    """A character claims power (Renown and card effects)."""
    state.in_play[ref].power += amount
    state.emit("power", seat=state.in_play[ref].controller, amount=amount, card=ref, reason=reason)


def gain_gold(state: GameState, seat: int, amount: int, reason: str) -> None:
    """Take gold from the Treasury into a gold pool (logged as ``gold_gained``)."""
    if amount > 0:
        state.players[seat].gold += amount
        state.emit("gold_gained", seat=seat, gold=amount, reason=reason)


def pay_gold(state: GameState, seat: int, amount: int, reason: str) -> int:
    """Return up to ``amount`` gold from a pool to the Treasury (a cost, or gold an effect
    discards); returns how much was paid (logged as ``gold_paid``)."""
    paid = min(amount, state.players[seat].gold)
    if paid > 0:
        state.players[seat].gold -= paid
        state.emit("gold_paid", seat=seat, gold=paid, reason=reason)
    return paid


def spend_gold(state: GameState, seat: int, amount: int, reason: str) -> int:
    """Pay a cost: from the gold pool first, then from gold on cards the seat controls
    (Tywin Lannister); returns how much was paid (logged as ``gold_paid``)."""
    paid = pay_gold(state, seat, amount, reason)
    for ref in state.players[seat].in_play:
        record = state.in_play[ref]
        if paid >= amount:
            break
        taken = min(record.gold, amount - paid)
        if taken:
            record.gold -= taken
            paid += taken
            state.emit("gold_paid", seat=seat, gold=taken, reason=reason, card=ref)
    return paid


def gold_to_card(state: GameState, ref: str, amount: int, reason: str) -> None:
    """Take gold from the Treasury and place it on a card in play (``gold_gained``)."""
    if amount > 0:
        state.in_play[ref].gold += amount
        seat = state.in_play[ref].controller
        state.emit("gold_gained", seat=seat, gold=amount, reason=reason, card=ref)


def take_control(state: GameState, ref: str, seat: int) -> None:
    """``seat`` takes control of a card in play (its attachments stay on it)."""
    record = state.in_play[ref]
    if record.controller == seat:
        return
    state.players[record.controller].in_play.remove(ref)
    state.players[seat].in_play.append(ref)
    state.emit("control", card=ref, code=state.code(ref), seat=seat, source=record.controller)
    record.controller = seat


def give_gold(state: GameState, seat: int, to: int, amount: int) -> int:
    """Move up to ``amount`` gold from one pool to another (logged as ``gold_given``)."""
    given = min(amount, state.players[seat].gold)
    if given > 0:
        state.players[seat].gold -= given
        state.players[to].gold += given
        state.emit("gold_given", seat=seat, to=to, gold=given)
    return given


def effect_draw(state: GameState, seat: int, count: int) -> int:
    """Draw by a card effect, within the draw cap (3 a round beyond the draw phase)."""
    from gameplay.engine.state import draw

    player = state.players[seat]
    allowed_count = max(0, min(count, DRAW_CAP - player.effect_draws))
    drawn = draw(state, seat, allowed_count)
    player.effect_draws += drawn
    return drawn


def kneel(state: GameState, ref: str) -> None:
    """Kneel a card in play."""
    state.in_play[ref].knelt = True


def stand(state: GameState, ref: str) -> None:
    """Stand a card in play."""
    state.in_play[ref].knelt = False


def reveal(state: GameState, seat: int, refs: list[str], reason: str) -> None:
    """``seat``'s effect reveals cards to all players: the log names them (it is public)
    and cards may respond ("After an opponent's effect reveals ...": Grand Maester
    Pycelle)."""
    if not refs:
        return
    codes = [state.code(r) for r in refs]
    state.emit("revealed", seat=seat, cards=list(refs), codes=codes, reason=reason)
    from gameplay.engine.windows import trigger

    owners = sorted({state.cards[r].owner for r in refs})
    trigger(state, "revealed", {"seat": seat, "cards": list(refs), "owners": owners}, first=seat)


def search_deck(
    state: GameState,
    seat: int,
    match: Any,
    then: str,
    *,
    ctx: dict[str, Any] | None = None,
    count: int = 1,
) -> None:
    """ "Search your deck for a card that ``match``es (a predicate of the ref), ..., then
    shuffle your deck": the seat picks up to ``count`` matching cards (it sees its whole
    deck in the prompt); the handler ``then`` gets the picked refs, then the deck is
    shuffled (its cards get fresh ids)."""
    deck = state.players[seat].deck
    found = [r for r in deck if match(r)]
    data = {**(ctx or {}), "seat": seat, "then": then, "shown": list(deck)}
    ask_select(state, seat, "search", found, "searched", high=count, ctx=data)


@handler("searched")
def _searched(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    from gameplay.engine.state import shuffle_zone

    seat = ctx["seat"]
    abilities.HANDLERS[ctx["then"]](state, ctx, selected)
    shuffle_zone(state, state.players[seat].deck)
    state.emit("shuffled", seat=seat, zone="deck")
