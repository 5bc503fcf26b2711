"""Moving cards, power and gold: leaving play (from :mod:`gameplay.engine.leaving`, the one
way a card leaves play, with its saves), discarding from hand, power, gold, drawing.

Power is never created or lost silently: every change goes through :func:`gain_power`,
:func:`move_power`, :func:`card_power` or :func:`leave_play` (power on a card leaving play
returns to the pool) and is logged. Gold likewise: besides income, marshalling costs and
taxation (logged by the steps that do them), effects use :func:`gain_gold`,
:func:`pay_gold` and :func:`give_gold`. The conservation invariants (tests) recompute both
totals from the log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gameplay.engine import abilities
from gameplay.engine.abilities import handler, keywords
from gameplay.engine.leaving import (
    LEAVE,
    discard,
    discard_from_play,
    kill,
    kill_target,
    leave,
    leave_now,
    leave_play,
    remove_from_game,
    return_to_deck,
    return_to_hand,
    save,
    save_target,
    saved,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.triggers import codes_by_zone, trigger

__all__ = [  # re-exported: card scripts move cards through moves
    "LEAVE",
    "discard",
    "discard_from_play",
    "kill",
    "kill_target",
    "leave",
    "leave_now",
    "leave_play",
    "remove_from_game",
    "return_to_deck",
    "return_to_hand",
    "save",
    "save_target",
    "saved",
]

DRAW_CAP = 3

# Card code -> fn(state, ref) -> bool: "If X would be discarded from your hand or deck, ...
# instead" (Darkstar). The fn does what happens instead and returns True; False: discarded.
DISCARD_REPLACEMENTS: dict[str, Callable[[GameState, str], bool]] = {}


def to_discard_pile(
    state: GameState,
    ref: str,
    zone: list[str],
    *,
    top: Sequence[str] | None = None,
    cost: bool = False,
) -> bool:
    """The one way a card is discarded from a hand or a deck (``zone``, which holds it): to
    its owner's discard pile, unless a replacement (:data:`DISCARD_REPLACEMENTS`) sends it
    elsewhere; returns whether it was discarded. The caller logs the discard.

    From a deck, the trigger ``card_discarded_from_deck`` opens for this card (the one
    trigger of "discarded from a deck", every cause). Its event: ``card`` (and ``cards``:
    [card]), ``seat`` (whose deck), ``cost`` (a cost discarded it), ``by`` (the seat whose
    effect did it, when known: :func:`abilities.acting`) and, for cards an effect
    discards from the top of the deck in one go (``top``: those cards, this one among them;
    ``vocabulary.discard_top``), ``top``: "after an effect discards 1 or more characters
    from the top of a deck" (Corpse Lake, atoc_87) answers once per such discard."""
    code = state.cards[ref].code
    hand_of = state.players[state.cards[ref].owner]
    if (
        zone is hand_of.hand
        and "can_discard_from_hand" in abilities.PASSIVE_CODES
        and not abilities.allowed(state, "can_discard_from_hand", hand_of.seat)
    ):
        return False  # "cards cannot be discarded from your hand" (The Laughing Storm)
    replace = DISCARD_REPLACEMENTS.get(code)
    # Only while the card's script is registered (abilities.only_scripts takes it away).
    if replace is not None and code in abilities.SCRIPTS and replace(state, ref):
        return False
    zone.remove(ref)
    owner = state.players[state.cards[ref].owner]
    owner.discard.append(ref)
    if zone is owner.deck:  # "after a card is discarded from a player's deck" (Balon Greyjoy)
        event = {"card": ref, "cards": [ref], "seat": owner.seat}
        event |= {"cost": cost, "by": abilities.acting(state)}
        if top is not None:
            event["top"] = list(top)
        trigger(state, "card_discarded_from_deck", event)
    return True


def discard_at_random(
    state: GameState,
    seat: int,
    count: int,
    *,
    claim: bool = False,
    then: str | None = None,
    ctx: dict[str, Any] | None = None,
) -> None:
    """Discard ``count`` cards at random from a hand (intrigue claim). With ``claim`` (the
    claim of an Intrigue challenge), the discarded cards' forced effects at the moment
    ``claim_discarded`` run next ("If X is discarded from your hand for the claim of an
    Intrigue challenge, put it into play instead": House Dayne Reserves).

    "If a card would be discarded from your hand at random, you may choose the card to be
    discarded instead" (Knight of Harrenhal, atoc_81: the flag query ``choose_random_discard``,
    subject the seat): that seat is asked which cards (up to ``count``, of a hand holding more;
    the rest, if it chooses fewer, are discarded at random) and the discard goes on when it
    answers (handler ``random_discard_chosen``).

    ``then``: the effect's next part (a handler, called with ``ctx`` and the discarded cards)
    once the discard is done: at once, or when the seat has answered. An effect that does
    more after the discard goes on through it, never by the lines after this call (which
    would run before the seat answers); :func:`discard_at_random_each` for several seats."""
    hand = state.players[seat].hand
    if (
        "choose_random_discard" in abilities.PASSIVE_CODES
        and len(hand) > count > 0
        and abilities.value(state, "choose_random_discard", seat, False)
    ):
        data: dict[str, Any] = {"seat": seat, "count": count, "claim": claim}
        if then is not None:
            data |= {"then": then, "then_ctx": ctx or {}}
        ask_select(
            state,
            seat,
            "discard_from_hand",
            list(hand),
            "random_discard_chosen",
            high=count,
            hidden=True,
            ctx=data,
        )
        return
    discarded = _discard_at_random(state, seat, count, claim=claim)
    if then is not None:
        abilities.HANDLERS[then](state, ctx or {}, discarded)


@handler("random_discard_chosen")
def _random_discard_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    discarded = _discard_at_random(
        state, ctx["seat"], ctx["count"], claim=ctx["claim"], chosen=selected
    )
    then = ctx.get("then")
    if then is not None:  # the effect goes on, as the seat that used it
        data = ctx["then_ctx"]
        abilities.as_acting(
            state, data.get("seat"), abilities.HANDLERS[then], state, data, discarded
        )


def discard_at_random_each(
    state: GameState,
    seats: Sequence[int],
    count: int,
    *,
    then: str | None = None,
    ctx: dict[str, Any] | None = None,
) -> None:
    """:func:`discard_at_random` from each of ``seats`` in that order ("each opponent
    discards a card at random"), each after the one before it (one that chooses its cards
    answers in its turn); then ``then`` (with ``ctx`` and no cards), if given."""
    then_ctx = ctx or {}
    # ``seat``: the acting seat when it goes on.
    data = {"seats": list(seats), "count": count, "then": then, "then_ctx": then_ctx}
    data["seat"] = then_ctx.get("seat")
    _random_discard_next(state, data, [])


@handler("random_discard_next")
def _random_discard_next(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seats = ctx["seats"]
    if seats:
        rest = {**ctx, "seats": seats[1:]}
        discard_at_random(state, seats[0], ctx["count"], then="random_discard_next", ctx=rest)
    elif ctx["then"] is not None:
        abilities.HANDLERS[ctx["then"]](state, ctx["then_ctx"], [])


def _discard_at_random(
    state: GameState, seat: int, count: int, *, claim: bool, chosen: Sequence[str] = ()
) -> list[str]:
    hand = state.players[seat].hand
    discarded = []
    picks = [r for r in chosen if r in hand][:count]
    for ref in picks:  # chosen instead of at random (Knight of Harrenhal)
        if to_discard_pile(state, ref, hand):
            state.emit("discarded", seat=seat, card=ref, code=state.code(ref), random=False)
            discarded.append(ref)
    for _ in range(min(count - len(picks), len(hand))):
        ref = hand[state.random_below(len(hand))]
        if not to_discard_pile(state, ref, hand):
            continue
        state.emit("discarded", seat=seat, card=ref, code=state.code(ref), random=True)
        discarded.append(ref)
    if discarded:  # inserted first, so it opens after the forced effects below
        # ``claim``: "discarded from your hand as claim for an Intrigue challenge"
        # (Arianne's Conspirators, atoc_74).
        event = {"cards": discarded, "seat": seat, **({"claim": True} if claim else {})}
        trigger(state, "discarded_from_hand", event)
    if claim and discarded:
        abilities.fire_forced(state, "claim_discarded", {"cards": discarded, "seat": seat})
    return discarded


def discard_from_hand(
    state: GameState, seat: int, refs: list[str], *, random: bool = False
) -> None:
    """Discard chosen cards from ``seat``'s hand (those still there), then trigger
    ``discarded_from_hand`` (``cards``, ``seat``: Ruby of R'hllor)."""
    hand = state.players[seat].hand
    done = []
    for ref in refs:
        if ref in hand and to_discard_pile(state, ref, hand):
            state.emit("discarded", seat=seat, card=ref, code=state.code(ref), random=random)
            done.append(ref)
    if done:
        trigger(state, "discarded_from_hand", {"cards": done, "seat": seat})


def power_targets(state: GameState, seat: int) -> list[str]:
    """Cards with Infamy a seat controls (power may go on them instead of the House)."""
    return [r for r in state.players[seat].in_play if "infamy" in keywords(state, r)]


def gain_power(state: GameState, seat: int, amount: int, reason: str) -> None:
    """Claim ``amount`` power for a House from the pool (see :func:`_place_power`)."""
    # "You cannot claim power for your House except ..." (The Siege of Winterfell).
    if (
        amount > 0
        and abilities.allowed(state, "can_claim_power", seat)
        and house_power_cards(state, seat) != []  # []: nowhere to place it (BWB)
    ):
        # "After a player claims power for his or her House" (Infamous!): the window
        # opens once the power is placed (and any Infamy choice made).
        _claimed(state, seat, amount, reason)
        _place_power(state, seat, amount, reason, source=None)


def _claimed(state: GameState, seat: int, amount: int, reason: str) -> None:
    if house_power_cards(state, seat) is None:  # it goes on the House card
        data = {"seat": seat, "amount": amount, "reason": reason}
        trigger(state, "power_claimed", data, first=seat)


def house_power_to_card(state: GameState, seat: int, ref: str, amount: int, reason: str) -> int:
    """Move up to ``amount`` power from ``seat``'s House card onto a card in play (any
    controller's); returns how many (logged as ``power_to_card``)."""
    moved = min(amount, state.players[seat].power)
    if moved > 0 and ref in state.in_play:
        state.players[seat].power -= moved
        state.in_play[ref].power += moved
        state.emit("power_to_card", seat=seat, amount=moved, card=ref, reason=reason)
        return moved
    return 0


def house_power_cards(state: GameState, seat: int) -> list[str] | None:
    """Where power claimed or moved to ``seat``'s House must go instead ("you must place it
    on a Brotherhood character you control instead": The Brotherhood Without Banners), or
    None when the House takes it: the ``house_power_cards`` query."""
    if "house_power_cards" not in abilities.PASSIVE_CODES:
        return None
    found = abilities.value(state, "house_power_cards", seat, None)
    return None if found is None else list(found)


def move_power(state: GameState, source: int, dest: int, amount: int, reason: str) -> int:
    """Move up to ``amount`` power from one House card to another; returns how many."""
    moved = min(amount, state.players[source].power)
    if house_power_cards(state, dest) == []:
        moved = 0
    if moved > 0:
        state.players[source].power -= moved
        if reason == "claim":  # the claim of a Power challenge
            _claimed(state, dest, moved, reason)
        _place_power(state, dest, moved, reason, source=source)
    return moved


def _place_power(state: GameState, seat: int, amount: int, reason: str, source: int | None) -> None:
    state.players[seat].power += amount
    data = {"seat": seat, "amount": amount, "reason": reason}
    if source is None:
        state.emit("power", **data)
    else:
        state.emit("power_moved", **data, source=source)
    # Infamy: "you may place it on any card with Infamy instead of placing it on your
    # House". The power lands on the House first, so it is never out of every pool while
    # the player chooses; choosing a card moves it there.
    instead = house_power_cards(state, seat)
    if instead:  # it must go on one of these cards (BWB): the same prompt without "house"
        ctx = {"seat": seat, "amount": amount}
        if len(instead) == 1:
            _placed(state, {**ctx, "choice": instead[0]}, [])
        else:
            ask_choose(state, seat, "place_power", instead, "place_power", ctx=ctx)
        return
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


def take_card_power(state: GameState, ref: str, dest: int, amount: int, reason: str) -> int:
    """Move up to ``amount`` power from a card in play to ``dest``'s House (as power moved
    to a House, so it may be placed elsewhere instead); returns how many."""
    record = state.in_play.get(ref)
    taken = min(amount, record.power) if record is not None else 0
    if taken > 0:
        assert record is not None
        if house_power_cards(state, dest) == []:
            return 0
        record.power -= taken
        state.emit("power", seat=record.controller, amount=-taken, card=ref, reason=reason)
        _place_power(state, dest, taken, reason, source=None)
    return taken


def ask_claim_power(state: GameState, attacker: int, target: int, amount: int) -> None:
    """The claim of a Power challenge when the attacker may take it from cards of the
    target (the ``claim_power_cards`` query: BWB's Brotherhood characters) as well as from
    the House: the attacker chooses where each power comes from, one at a time."""
    ctx = {"attacker": attacker, "target": target, "left": amount}
    _claim_power_next(state, ctx, [])


def _claim_power_options(state: GameState, target: int) -> list[str]:
    cards = abilities.value(state, "claim_power_cards", target, [])
    options = ["house"] if state.players[target].power else []
    return options + [r for r in cards if r in state.in_play and state.in_play[r].power]


@handler("claim_power_next")
def _claim_power_next(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    attacker, target = ctx["attacker"], ctx["target"]
    choice = ctx.get("choice")
    if choice == "house":
        move_power(state, target, attacker, 1, "claim")
    elif choice is not None:
        take_card_power(state, choice, attacker, 1, "claim")
    left = ctx["left"] - (choice is not None)
    options = _claim_power_options(state, target)
    if left <= 0 or not options:
        return
    data = {"attacker": attacker, "target": target, "left": left}
    if len(options) == 1:
        _claim_power_next(state, {**data, "choice": options[0]}, [])
    else:
        ask_choose(state, attacker, "claim_power", options, "claim_power_next", ctx=data)


def prized(state: GameState, seat: int, amount: int, reason: str = "prized") -> None:
    """Prized X: each opponent of ``seat`` (who used the prized card) claims X power, raised
    by the passive ``prized_power`` (subject the claiming seat: Seizing the Prize)."""
    for other in state.opponents(seat):
        gain_power(state, other, abilities.value(state, PRIZED_POWER, other, amount), reason)


PRIZED_POWER = "prized_power"


def discard_power(state: GameState, seat: int, amount: int, reason: str) -> int:
    """Discard up to ``amount`` power from a House card to the pool; returns how many."""
    lost = min(amount, state.players[seat].power)
    if lost > 0:
        state.players[seat].power -= lost
        state.emit("power", seat=seat, amount=-lost, reason=reason)
    return lost


def card_power(state: GameState, ref: str, amount: int, reason: str) -> None:
    """A character claims power (Renown and card effects); not while the permission
    ``can_claim_card_power`` (subject the card) forbids it (Shireen Baratheon, soo_27)."""
    if amount > 0 and not abilities.allowed(state, "can_claim_card_power", ref):
        return
    state.in_play[ref].power += amount
    state.emit("power", seat=state.in_play[ref].controller, amount=amount, card=ref, reason=reason)
    if amount > 0:  # "When attached character claims 1 or more power" (Greyscale, btns_97)
        abilities.fire_forced(state, CARD_CLAIMED, {"card": ref, "amount": amount})


CARD_CLAIMED = "card_power_claimed"


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


def gold_spent(state: GameState, seat: int, gold: int, reason: str) -> None:
    """``seat`` paid ``gold`` for a card or an effect (one payment): the forced moment
    ``gold_spent`` (``seat``, ``gold``, ``reason``: Hungry Mob), only while a card has it."""
    if gold and abilities.FORCED_CODES.get("gold_spent"):
        abilities.fire_forced(state, "gold_spent", {"seat": seat, "gold": gold, "reason": reason})
    # "After an opponent pays gold ..." (Selhorys Customs Officer, btns_44): a response
    # window for the same payment, opened only while a card in play answers it.
    codes = codes_by_zone().get(("play", "gold_spent")) if gold else None
    if codes and any(state.cards[r].code in codes for r in state.in_play):
        trigger(state, "gold_spent", {"seat": seat, "gold": gold, "reason": reason}, first=seat)


def spend_gold(
    state: GameState, seat: int, amount: int, reason: str, *, announce: bool = True
) -> int:
    """Pay a cost: from the gold pool first, then from gold on cards the seat controls
    that a card lets it spend as if in its pool (Tywin Lannister:
    :func:`abilities.gold_spendable`); returns how much was paid (logged as ``gold_paid``)."""
    paid = pay_gold(state, seat, amount, reason)
    for ref in abilities.spendable_on_cards(state, seat):
        record = state.in_play[ref]
        if paid >= amount:
            break
        taken = min(record.gold, amount - paid)
        if taken:
            record.gold -= taken
            paid += taken
            state.emit("gold_paid", seat=seat, gold=taken, reason=reason, card=ref)
    for ref in abilities.power_as_gold(state, seat):  # power spent as gold (Slander and Lies)
        if paid >= amount:
            break
        taken = min(state.in_play[ref].power, amount - paid)
        if taken:
            card_power(state, ref, -taken, "spent_as_gold")
            paid += taken
    if announce:  # ``announce=False``: the caller announces the whole payment (marshalling)
        gold_spent(state, seat, paid, reason)
    return paid


def gold_to_card(state: GameState, ref: str, amount: int, reason: str) -> None:
    """Take gold from the Treasury and place it on a card in play (``gold_gained``)."""
    if amount > 0:
        state.in_play[ref].gold += amount
        seat = state.in_play[ref].controller
        state.emit("gold_gained", seat=seat, gold=amount, reason=reason, card=ref)


def gold_from_card(
    state: GameState, seat: int, ref: str, amount: int, reason: str, *, to_pool: bool = False
) -> int:
    """Take up to ``amount`` gold off a card in play (``gold_paid``, by ``seat``): to the
    Treasury, or with ``to_pool`` into ``seat``'s gold pool. The gold taken."""
    record = state.in_play.get(ref)
    if record is None:
        return 0
    taken = min(amount, record.gold)
    if taken > 0:
        record.gold -= taken
        state.emit("gold_paid", seat=seat, gold=taken, reason=reason, card=ref)
        if to_pool:
            gain_gold(state, seat, taken, reason)
    return taken


def take_control(state: GameState, ref: str, seat: int, *, announce: bool = True) -> None:
    """``seat`` takes control of a card in play (its attachments stay on it). Then the
    trigger ``control_changed`` (``card``, ``cards``, ``seat``: the new controller, ``source``:
    the old one), opened only while a card of the game answers it ("After control of a
    character changes": The Bastard of Bolton, bwb_1); the table's move does not announce."""
    record = state.in_play[ref]
    if record.controller == seat:
        return
    was = record.controller
    state.players[record.controller].in_play.remove(ref)
    state.players[seat].in_play.append(ref)
    state.emit("control", card=ref, code=state.code(ref), seat=seat, source=record.controller)
    was = record.controller
    record.controller = seat
    # "Each time a character changes control, ..." (abilities.add_each_time: In Ramsay's Name)
    abilities.run_each_time(state, "control_changed", {"card": ref, "seat": seat, "from": was})
    if announce:
        control_changed(state, ref, seat, was)


def control_changed(state: GameState, ref: str, seat: int, was: int) -> None:
    """The trigger ``control_changed`` after :func:`take_control`, only in a game holding a
    card that answers it (from a hand or from play), so other games open no window."""
    zones = codes_by_zone()
    codes = zones.get(("hand", "control_changed"), set()) | zones.get(
        ("play", "control_changed"), set()
    )
    # Forced effects too ("After a character changes control, stand X": The Weeping Water).
    codes = codes | abilities.FORCED_CODES.get("control_changed", set())
    if not codes or not any(card.code in codes for card in state.cards.values()):
        return
    event = {"card": ref, "cards": [ref], "seat": seat, "source": was}
    trigger(state, "control_changed", event, first=seat)


def add_duplicate(state: GameState, seat: int, ref: str, target: str) -> None:
    """Put a card from ``seat``'s hand under ``target`` (a card in play) as a duplicate,
    whatever card it is ("attach any House Stark character from your hand to Jory Cassel
    as a duplicate"); it saves ``target`` like any duplicate (``duplicate`` event)."""
    state.players[seat].hand.remove(ref)
    state.in_play[target].duplicates.append(ref)
    state.emit("duplicate", seat=seat, card=ref, code=state.code(ref), target=target)


FACE_DOWN = "face_down"  # a state.effects mark: ``card`` lies face down under ``subject``


def add_face_down_duplicate(
    state: GameState, seat: int, target: str, pile: str = "deck"
) -> str | None:
    """Put the top card of ``seat``'s deck under ``target`` (a card in play) face down as a
    duplicate, whatever card it is ("attach the top card of your deck to him, face down, as
    a duplicate": Ser Davos Seaworth). It saves ``target`` like any duplicate; only its owner
    sees what it is (``observe``: a ``face_down`` mark, dropped with ``target``'s effects as
    it leaves play). From a hidden zone, the card takes a fresh id. None: the deck is empty.
    ``pile="discard"``: the top card of the discard pile (the one put there last: Black
    Betha), a public card that keeps its id."""
    cards = getattr(state.players[seat], pile)
    if not cards or target not in state.in_play:
        return None
    if pile == "deck":
        card = state.cards.pop(cards.pop(0))
        ref = state.new_card(card.code, card.owner)
    else:
        ref = cards.pop()
    state.in_play[target].duplicates.append(ref)
    mark = {"query": FACE_DOWN, "subject": target, "until": "play", "source": None}
    state.effects.append({**mark, "card": ref})
    state.emit("face_down_duplicate", seat=seat, target=target)
    return ref


def face_down(state: GameState) -> set[str]:
    """The duplicates lying face down under a card in play (:func:`add_face_down_duplicate`)."""
    return {e["card"] for e in state.effects if e["query"] == FACE_DOWN}


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
    if not abilities.allowed(state, "can_draw", seat):  # "You cannot draw cards" (kr_103)
        return 0
    cap = abilities.value(state, "draw_cap", seat, DRAW_CAP)  # A Song of Fire: +1
    allowed_count = max(0, min(count, cap - player.effect_draws))
    drawn = draw(state, seat, allowed_count)
    player.effect_draws += drawn
    if drawn:  # "After an opponent draws a card outside of the draw phase" (The Iron Throne)
        event = {"seat": seat, "count": drawn, "phase": state.phase}
        trigger(state, "cards_drawn", event, first=seat)
    return drawn


def kneel(state: GameState, ref: str) -> None:
    """Kneel a card in play. Kneeling a standing card while a card effect resolves
    (:func:`abilities.acting` is that effect's seat) triggers ``knelt_by_effect``
    (``cards``, ``seat``: whose effect, ``controllers``); not attacking, defending or a cost.
    A card that "cannot kneel" (the permission ``can_kneel``: The Black Cells) stays
    standing; any kneel also goes to :func:`knelt`."""
    record = state.in_play[ref]
    if not record.knelt and not abilities.allowed(state, "can_kneel", ref):
        return
    was_standing = not record.knelt
    record.knelt = True
    seat = abilities.acting(state)
    if was_standing and seat is not None:
        event = {"cards": [ref], "seat": seat, "controllers": {ref: record.controller}}
        trigger(state, "knelt_by_effect", event, first=seat)
    if was_standing:
        knelt(state, [ref], "effect" if seat is not None else "passive", seat)


def knelt(state: GameState, refs: list[str], by: str, seat: int | None = None) -> None:
    """Cards just knelt, any way (``by``: ``effect``, ``passive``, ``cost`` for a cost or
    influence, ``attack`` / ``defend`` for a challenge's declaration): the trigger ``knelt``
    (``cards``, ``by``: "After an opponent's character is knelt", Joffrey Baratheon kl_64;
    ``seat``: the player who knelt them, for an effect or a cost, when known: "After an
    opponent kneels a location", Hellholt Engineer soo_53), opened only while a card in
    play answers it, so most games never open it."""
    codes = codes_by_zone().get(("play", "knelt"))
    if not refs or not codes or not any(state.cards[r].code in codes for r in state.in_play):
        return
    event: dict[str, Any] = {"cards": list(refs), "by": by}
    if seat is not None:
        event["seat"] = seat
    trigger(state, "knelt", event)


def stand(state: GameState, ref: str) -> None:
    """Stand a card in play, unless it "cannot stand" (the permission ``can_stand``). A
    knelt card that stands triggers ``card_stood`` (``cards``): "After attached character
    stands" (Poisoned Coin, btns_83), opened only while a card in play answers it."""
    if abilities.allowed(state, "can_stand", ref):
        was_knelt = state.in_play[ref].knelt
        state.in_play[ref].knelt = False
        if was_knelt:
            card_stood(state, [ref])


CARD_STOOD = "card_stood"


def card_stood(state: GameState, refs: list[str]) -> None:
    """The trigger ``card_stood`` (``cards``) for cards that just stood through
    :func:`stand` (an effect, a keyword), only while a card in play answers it; the
    standing phase has its own ``stood`` trigger."""
    codes = codes_by_zone().get(("play", CARD_STOOD))
    if refs and codes and any(state.cards[r].code in codes for r in state.in_play):
        trigger(state, CARD_STOOD, {"cards": list(refs)})


def reveal(state: GameState, seat: int, refs: list[str], reason: str) -> None:
    """``seat``'s effect reveals cards to all players: the log names them (it is public)
    and cards may respond ("After an opponent's effect reveals ...": Grand Maester
    Pycelle; ``reason`` "search": "after a player searches his deck and reveals 1 or more
    cards", The Weasel's Way)."""
    if not refs:
        return
    codes = [state.code(r) for r in refs]
    state.emit("revealed", seat=seat, cards=list(refs), codes=codes, reason=reason)
    owners = sorted({state.cards[r].owner for r in refs})
    event = {"seat": seat, "cards": list(refs), "owners": owners, "reason": reason}
    trigger(state, "revealed", event, first=seat)


# Codes of cards that, while in their owner's deck, meet the criteria of any search
# ("... it meets the criteria to be found by any search effect": Riders of the Red Fork,
# soo_22); read through :func:`meets_search`.
SEARCH_WILDCARDS: set[str] = set()


def meets_search(state: GameState, ref: str, match: Any) -> bool:
    """Whether a card of a deck may be found by a search for cards that ``match``."""
    code = state.code(ref)
    # The code's script must be registered too (tests run with some scripts left out).
    return bool(match(ref)) or (code in SEARCH_WILDCARDS and code in abilities.SCRIPTS)


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
    found = [r for r in deck if meets_search(state, r, match)]
    data = {**(ctx or {}), "seat": seat, "then": then, "shown": list(deck)}
    copiers = codes_by_zone().get(("play", SEARCHED))
    if copiers and any(state.cards[r].code in copiers for r in state.in_play):
        # What a copy of this search would search for (Rickon Stark).
        data[SEARCHED] = {"codes": sorted({state.code(r) for r in found}), "count": count}
    if DISCARD_INSTEAD in abilities.PASSIVE_CODES and abilities.value(
        state, DISCARD_INSTEAD, seat, False
    ):
        # "You may instead search your discard pile" (Galbart Glover, soo_41): the seat
        # chooses where; the pile's matching cards are listed now (``match`` is no data).
        pile = [r for r in state.players[seat].discard if match(r)]
        where = {**data, "found": found, "pile": pile, "count": count}
        ask_choose(state, seat, "search_where", ["deck", "discard"], "search_where", ctx=where)
        return
    # Asked even when nothing matches: whether the seat decides must not tell the others
    # what its deck holds (prompts.settle never answers a hidden prompt by itself).
    ask_select(state, seat, "search", found, "searched", high=count, ctx=data, hidden=True)


# The passive query ``search_discard_instead`` (subject the seat, base False): while it
# answers True, a search_deck search asks first whether to search the discard pile instead.
DISCARD_INSTEAD = "search_discard_instead"


@handler("search_where")
def _search_where(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    data = {k: v for k, v in ctx.items() if k not in ("found", "pile", "count", "choice")}
    seat, count = ctx["seat"], ctx["count"]
    if ctx["choice"] == "deck":
        found = ctx["found"]
        ask_select(state, seat, "search", found, "searched", high=count, ctx=data, hidden=True)
        return
    data.pop(SEARCHED, None)
    data["shown"] = list(state.players[seat].discard)
    ask_select(state, seat, "search", ctx["pile"], "searched_pile", high=count, ctx=data)


@handler("searched_pile")
def _searched_pile(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    """The cards found in the discard pile go on top of the deck for a moment, so that the
    search's own continuation takes them from there as it would from the deck (the deck is
    neither searched nor shuffled)."""
    player = state.players[ctx["seat"]]
    picked = [r for r in selected if r in player.discard]
    for ref in reversed(picked):
        player.discard.remove(ref)
        player.deck.insert(0, ref)
    abilities.HANDLERS[ctx["then"]](state, ctx, picked)


@handler("searched")
def _searched(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    from gameplay.engine.state import shuffle_zone

    seat = ctx["seat"]
    abilities.HANDLERS[ctx["then"]](state, ctx, selected)
    shuffle_zone(state, state.players[seat].deck)
    state.emit("shuffled", seat=seat, zone="deck")
    copy = ctx.get(SEARCHED)
    if copy is not None:  # "after an effect allows you to search your deck" (Rickon Stark)
        kept = {k: v for k, v in ctx.items() if k not in ("seat", "then", "shown", SEARCHED)}
        event = {"seat": seat, "then": ctx["then"], "ctx": kept, **copy}
        trigger(state, SEARCHED, event, first=seat)


# The trigger ``deck_searched`` (``seat``, ``then``, ``ctx``, ``codes``, ``count``): a
# search_deck search has resolved; a copy searches the same deck's cards of ``codes`` (the
# codes that matched) with the same handler. Opened only while a card in play answers it.
SEARCHED = "deck_searched"
