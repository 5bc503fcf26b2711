"""Cards leaving play, and the saves that stop them: the one way a card leaves play.

Every route out of play (killed, discarded, returned to its owner's hand or deck, removed
from the game) goes through :func:`leave`, which offers the same saves for each (rulebook,
"Duplicates": a unique card "about to be killed, discarded from play, or returned to your
hand or deck" may be saved by discarding a duplicate):

1. each controller may discard a duplicate to save their cards (a prompt per controller);
2. forced replacements ("stand Bronn instead") run;
3. a response window for the ``would_...`` trigger offers card saves ("Response: Save ...");
4. the ``leave_now`` step moves every card not saved, then the ``after`` trigger opens.

A "(cannot be saved)" removal (``savable=False``) skips 1-3. :func:`leave_play` is the bare
move (costs, and leave_now), never a way for a card effect to remove a card.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import abilities
from gameplay.engine.abilities import allowed, handler, keywords
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.triggers import game_codes_by_zone, trigger

# how -> (zone it goes to, save trigger, permission query or None, trigger after, event)
LEAVE: dict[str, tuple[str, str, str | None, str, str | None]] = {
    "kill": ("dead", "would_be_killed", "can_be_killed", "killed", "killed"),
    "discard": (
        "discard",
        "would_be_discarded",
        "can_be_discarded",
        "discarded",
        "discarded_from_play",
    ),
    "hand": ("hand", "would_return_to_hand", None, "returned_to_hand", None),
    "deck": ("deck_top", "would_return_to_deck", None, "returned_to_deck", None),
    # "Return X to the bottom of its owner's deck" (Pulled Under): a return to the deck.
    "deck_bottom": ("deck_bottom", "would_return_to_deck", None, "returned_to_deck", None),
    "remove": ("removed", "would_be_removed", None, "removed_from_game", None),
}


def become_agenda(state: GameState, seat: int, ref: str) -> None:
    """ "Attach X to your House card as your only agenda": the card (out of every zone)
    becomes ``seat``'s agenda (``Player.agenda_card``; ``agenda`` is its code) with the
    text its script gives the ``agenda`` zone. The agenda it replaces is removed from the
    game (its owner's ``removed`` pile); its text is no longer active."""
    player = state.players[seat]
    old = abilities.agenda_of(state, seat)
    if old is not None and old != ref:
        state.players[state.cards[old].owner].removed.append(old)
        state.emit("agenda_replaced", seat=seat, card=old, code=state.code(old))
    player.agenda, player.agenda_card = state.code(ref), ref
    state.emit("became_agenda", seat=seat, card=ref, code=state.code(ref))


def leave_play(state: GameState, ref: str, to: str) -> None:
    """Move a card in play to ``to`` (``dead``, ``discard``, ``hand``, ``deck_top``,
    ``removed``) of its owner at once, without saves (a cost being paid, or the last
    step of :func:`leave`). Power on it returns to the pool; attachments and duplicates
    on it are discarded; Deathbound turns a discard into the dead pile, Stalwart turns a
    kill or a discard into the top of the deck; a ``leaves_to`` passive (subject the card,
    the zone it would go to) may send it elsewhere: The Red Keep goes into Shadows."""
    redirect = "leaves_to" in abilities.PASSIVE_CODES and ref in state.in_play
    asked, elsewhere = to, (abilities.value(state, "leaves_to", ref, to) if redirect else to)
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
    if elsewhere != asked:
        to = elsewhere
        if to == "shadows":  # like uses.return_to_shadows: not out again this round
            state.used.append(f"shadows:{ref}")
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
    zones = {"dead": owner.dead, "discard": owner.discard, "hand": owner.hand}
    if to in zones:
        zones[to].append(ref)
    elif to == "deck_top":
        owner.deck.insert(0, ref)
    elif to == "deck_bottom":
        owner.deck.append(ref)
    elif to == "removed":
        owner.removed.append(ref)
    elif to == "shadows":  # face down in its owner's Shadows (uses.return_to_shadows)
        owner.shadows.append(ref)
    elif to == "title_pool":  # a title of the melee pool (Aurane Waters: titles.card_titles)
        state.title_pool.append(ref)
    elif to == "agenda":  # its controller's only agenda (The Kindly Man, btns_1)
        become_agenda(state, record.controller, ref)
    elif to == "deck_shuffle":  # shuffled into its owner's deck (The Hound, atoc_64)
        owner.deck.append(ref)
        # The shuffle renews every id of the deck: it waits until what the leaving
        # schedules (card_left_play, triggers, all inserted ahead of it) has read this one.
        state.queue.insert(0, {"name": SHUFFLE_STEP, "seat": owner.seat})
    else:
        raise ValueError(f"Unknown zone {to!r}")
    state.emit(
        "left_play", card=ref, code=state.code(ref), to=to, power=record.power, seat=owner.seat
    )


SHUFFLE_STEP = "leave_shuffle"  # steps.AUTOMATIC: shuffle_deck_step


def shuffle_deck_step(state: GameState, step: dict[str, Any]) -> None:
    """The ``leave_shuffle`` step: a seat's deck, into which a card left play, is shuffled."""
    shuffle_zone(state, state.players[step["seat"]].deck)
    state.emit("shuffled", seat=step["seat"], zone="deck")


def fire_left_play(state: GameState, since: int, controllers: dict[str, int]) -> None:
    """Forced effects at the moment ``card_left_play`` (Prized: the agenda Conquest) for
    each card that left play since log entry ``since``, attachments and duplicates falling
    off included (``controllers``: who controlled each card leaving, else its owner). Called
    by the rules' ways out of play (:func:`leave_now`, costs), not by table actions."""
    if not abilities.FORCED_CODES.get("card_left_play"):
        return
    for event in state.log[since:]:
        if event["event"] == "left_play":
            ref = event["card"]
            data = {"card": ref, "controller": controllers.get(ref, event["seat"])}
            abilities.fire_forced(state, "card_left_play", {**data, "to": event["to"]})


# "Response: After X leaves play" on an attachment (the Dragon Eggs, cad_94): an attachment
# that falls off as its host leaves play goes to its owner's discard pile without any
# "discarded" trigger of its own; the trigger ``attachment_fell`` (``cards``,
# ``controllers``) names the fallen attachments, opened only when one of them answers it
# from the discard pile (so no other game sees a new window).
ATTACHMENT_FELL = "attachment_fell"


def attachments_fell(state: GameState, since: int, controllers: dict[str, int]) -> None:
    """Trigger ``attachment_fell`` for the attachments that fell off a card leaving play
    since log entry ``since`` (not those that left play themselves: ``controllers``)."""
    zones = game_codes_by_zone(state)
    answering = zones.get(("discard", ATTACHMENT_FELL)) or set()
    # "After an attachment leaves play" on a card in play (Dosh Khaleen, w_15): every
    # fallen attachment, while such a card is in play.
    watching = zones.get(("play", ATTACHMENT_FELL)) or set()
    watched = bool(watching) and any(state.cards[r].code in watching for r in state.in_play)
    if not answering and not watched:
        return
    fell = [
        e["card"]
        for e in state.log[since:]
        if e["event"] == "left_play"
        and e["card"] not in controllers
        and (watched or e.get("code") in answering)
        and abilities.facts(state, e["card"]).type == "attachment"
    ]
    if fell:
        owners = {r: state.cards[r].owner for r in fell}
        trigger(state, ATTACHMENT_FELL, {"cards": fell, "controllers": owners})


def _to_discard(state: GameState, ref: str) -> None:
    owner = state.players[state.cards[ref].owner]
    words = abilities.value(state, "keywords", ref, set())
    (owner.dead if "deathbound" in words else owner.discard).append(ref)


def leave(
    state: GameState, refs: list[str], how: str, *, savable: bool = True, position: int = 0
) -> None:
    """Cards in play leave it, all at once, the way ``how`` says (:data:`LEAVE`: ``kill``,
    ``discard``, ``hand``, ``deck``, ``remove``), each first offered the duplicate save and
    card saves unless ``savable`` is False. Scheduled as steps at ``position``."""
    if how not in LEAVE:
        raise ValueError(f"Unknown way to leave play {how!r}; known: {', '.join(LEAVE)}")
    refs = [r for r in refs if r in state.in_play]
    if how == "hand" and "can_return_to_hand" in abilities.PASSIVE_CODES:
        refs = _returnable(state, refs)  # Aloof and Apart
    if not refs:
        return
    _, window, permission, _, _ = LEAVE[how]
    step: dict[str, Any] = {"name": "leave_now", "how": how, "cards": refs}
    by = abilities.acting(state)
    if by is not None:  # a card effect of that seat: "killed by a card effect" (btns_82)
        step["by"] = by
    state.queue.insert(position, step)
    if not savable:
        return
    # Card saves answer this window and forced replacements (Bronn) run before it; both
    # call save(). Duplicates are offered first, by the prompts inserted below.
    acting = state.challenge["attacker"] if state.challenge else state.first_player
    trigger(state, window, {"cards": list(refs), "how": how}, first=acting, position=position)
    seats = sorted({state.in_play[r].controller for r in refs})
    for seat in reversed(seats):
        mine = [r for r in refs if state.in_play[r].controller == seat]
        savable_refs = [
            r
            for r in mine
            if state.in_play[r].duplicates
            and (permission is None or allowed(state, permission, r))
            and allowed(state, "can_be_saved", r)
        ]
        if savable_refs:
            ask_select(
                state,
                seat,
                "save",
                savable_refs,
                "save_by_duplicate",
                position=position,
                ctx={"cards": mine, "how": how},
            )


def _returnable(state: GameState, refs: list[str]) -> list[str]:
    """The cards that may be returned to their owners' hands by the effect resolving now:
    the ``can_return_to_hand`` permission, subject ``(ref, seat whose effect it is)``
    ("cannot be returned to your hand by your card effects": Aloof and Apart)."""
    by = abilities.acting(state)
    kept = [r for r in refs if not allowed(state, "can_return_to_hand", (r, by))]
    for ref in kept:
        state.emit("not_returned", card=ref, code=state.code(ref))
    return [r for r in refs if r not in kept]


def kill(state: GameState, refs: list[str], *, savable: bool = True, position: int = 0) -> None:
    """Kill characters (all at once), with saves (:func:`leave`)."""
    leave(state, refs, "kill", savable=savable, position=position)


def discard(state: GameState, refs: list[str], *, savable: bool = True, position: int = 0) -> None:
    """Discard cards from play (all at once), with saves (:func:`leave`)."""
    leave(state, refs, "discard", savable=savable, position=position)


def discard_from_play(state: GameState, refs: list[str]) -> None:
    """Discard cards from play that cannot be saved ("(cannot be saved)"); a card that
    "cannot be discarded from play" (Knight of the Rainwood) stays."""
    leave(state, refs, "discard", savable=False)


def return_to_hand(state: GameState, refs: list[str], *, savable: bool = True) -> None:
    """Return cards in play to their owners' hands (all at once), with saves."""
    leave(state, refs, "hand", savable=savable)


def return_to_deck(
    state: GameState, refs: list[str], *, savable: bool = True, bottom: bool = False
) -> None:
    """Return cards in play to the top (``bottom``: the bottom) of their owners' decks (all
    at once, in the order given), with saves."""
    leave(state, refs, "deck_bottom" if bottom else "deck", savable=savable)


def remove_from_game(state: GameState, refs: list[str], *, savable: bool = True) -> None:
    """Remove cards in play from the game (all at once), with saves."""
    leave(state, refs, "remove", savable=savable)


def _pending(state: GameState, ref: str) -> dict[str, Any] | None:
    """The removal of ``ref`` being resolved: the first ``leave_now`` step naming it (a
    removal started while it is resolved, such as Kennel Master's return to hand after
    his save, is inserted ahead of it and is a removal of its own)."""
    return next(
        (s for s in state.queue if s["name"] == "leave_now" and ref in s["cards"]),
        None,
    )


def save(state: GameState, ref: str, by: str | None = None) -> None:
    """For save effects: the card does not leave play by the removal being resolved
    (unless it "cannot be saved": the ``can_be_saved`` permission, Asha Greyjoy)."""
    if ref in state.in_play and not allowed(state, "can_be_saved", ref):
        return
    step = _pending(state, ref)
    if step is not None:
        step.setdefault("saved", []).append(ref)
    state.emit("saved", card=ref, code=state.code(ref), by=by)
    # "After a [Greyjoy] character is saved, ..." (Aeron Damphair's agenda, btns_10): the
    # trigger ``card_saved`` (``card``, ``by``), after the save effect; only in games
    # holding a card that answers it.
    if any(trig == CARD_SAVED for _, trig in game_codes_by_zone(state)):
        trigger(state, CARD_SAVED, {"card": ref, "cards": [ref], "by": by})


CARD_SAVED = "card_saved"


def saved(state: GameState, ref: str) -> bool:
    """Whether a card was already saved from the removal being resolved (a card that
    cannot be saved counts as saved here, so no save offers to target it)."""
    if ref in state.in_play and not allowed(state, "can_be_saved", ref):
        return True
    step = _pending(state, ref)
    return step is not None and ref in step.get("saved", ())


def save_target(state: GameState, ctx: dict[str, Any]) -> None:
    """The effect of "save [the chosen character]": the ability's target, by its source
    (nothing if it has left play meanwhile)."""
    if ctx["target"] in state.in_play:
        save(state, ctx["target"], by=ctx["source"])


def kill_target(state: GameState, ctx: dict[str, Any]) -> None:
    """The effect of "choose and kill a character": the ability's target (saves allowed)."""
    kill(state, [ctx["target"]])


def unsave(state: GameState, ref: str) -> None:
    """Cancel a save already made against the removal being resolved (the card leaves
    after all; what was paid for the save stays paid): Drinking the Sea against a
    duplicate's save."""
    step = _pending(state, ref)
    if step is not None and ref in step.get("saved", ()):
        step["saved"].remove(ref)
        state.emit("save_cancelled", card=ref, code=state.code(ref))


@handler("save_by_duplicate")
def _save_by_duplicate(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        dup = state.in_play[ref].duplicates.pop()
        _to_discard(state, dup)
        save(state, ref, by=dup)
    # The duplicate's save is a triggered Response (rulebook, "Duplicates"): cards that
    # cancel a save answer ``saved_by_duplicate`` (``cards``, ``how``) and call unsave().
    saved_refs = [r for r in selected if saved(state, r)]
    if saved_refs:
        trigger(state, "saved_by_duplicate", {"cards": saved_refs, "how": ctx.get("how")})


# The passive (subject the card, base None) that replaces each way out of play by a leaving
# to the zone it names.
INSTEAD = {"kill": "kill_instead", "discard": "discard_instead"}


def may_leave(state: GameState, how: str, ref: str) -> bool:
    """Whether ``ref`` may leave play ``how`` now: a kill or a discard asks the card's
    permission (``can_be_killed``, ``can_be_discarded``: Missandei "cannot be discarded from
    play" while no opponent controls a Queen), as :func:`leave_now` does. A check made
    after every step ("killed if its STR is 0", "if it is Winter, discard Gilly") leaves
    alone a card that may not leave: asking again would refuse again, at once, forever."""
    permission = LEAVE[how][2]
    return permission is None or allowed(state, permission, ref)


def leave_now(state: GameState, step: dict[str, Any]) -> None:
    """The ``leave_now`` step: saved cards stay, the others leave play (a killed card to
    its owner's dead pile, or where a ``killed_to`` passive sends it: The Hound), then the
    ``after`` trigger of :data:`LEAVE` opens ("killed", "discarded" ...). A ``kill_instead``
    passive (subject the card, base None) replaces a kill by a leaving to the zone it
    names (``deck_shuffle``): the card is not killed."""
    how = step["how"]
    zone, _, permission, after, event_name = LEAVE[how]
    saved_refs = set(step.get("saved", ()))
    gone, controllers, dead = [], {}, []
    since, replaced = len(state.log), False
    for ref in step["cards"]:
        if ref in saved_refs or ref not in state.in_play:
            continue
        if permission is not None and not allowed(state, permission, ref):
            name = "not_killed" if how == "kill" else "not_discarded"
            state.emit(name, card=ref, code=state.code(ref))
            continue
        controllers[ref] = state.in_play[ref].controller
        query = INSTEAD.get(how)
        if query is not None and query in abilities.PASSIVE_CODES:
            # "If X would be killed, instead shuffle him back into your deck" (The Hound,
            # atoc_64): a replacement of the kill, to a zone of leave_play; he leaves play
            # (card_left_play) but is not killed (no "killed" or "dead_pile" trigger). The
            # same for a discard from play (``discard_instead``: Aurane Waters, asots_100).
            instead = abilities.value(state, query, ref, None)
            if instead is not None:
                if how == "kill":
                    state.emit("kill_replaced", card=ref, code=state.code(ref), to=instead)
                else:
                    state.emit("discard_replaced", card=ref, code=state.code(ref), to=instead)
                leave_play(state, ref, instead)
                replaced = True
                continue
        to = abilities.value(state, "killed_to", ref, "dead") if how == "kill" else zone
        leave_play(state, ref, to)
        if event_name is not None:
            state.emit(event_name, card=ref, code=state.code(ref))
        gone.append(ref)
        owner = state.players[state.cards[ref].owner]
        if ref in owner.dead:
            dead.append(ref)
    if not gone and not replaced:
        return
    fire_left_play(state, since, controllers)
    attachments_fell(state, since, controllers)
    if not gone:
        return
    first = state.challenge["attacker"] if state.challenge else state.first_player
    event: dict[str, Any] = {"cards": gone, "controllers": {r: controllers[r] for r in gone}}
    if "by" in step:  # the seat whose card effect removed them (absent: the rules, a claim)
        event["by"] = step["by"]
    if dead:
        owners = {r: state.cards[r].owner for r in dead}
        trigger(state, "dead_pile", {"cards": dead, "owners": owners}, first=first)
    trigger(state, after, event, first=first)
