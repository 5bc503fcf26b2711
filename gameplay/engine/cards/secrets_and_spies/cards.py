"""Secrets and Spies (kl_81 to kl_100) that do not use Shadows, registered by card code;
the Shadow cards are in shadows.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    attached_to,
    crests,
    facts,
    handler,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    discard_then_order,
    event,
    response,
    stand_card,
    won,
    won_with,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.triggers import trigger

# --- kl_82 Cannot be Bribed, Cannot be Bought ----------------------------------------------
# "Response: After a character is knelt by an opponent's card effect, stand that character.
# Then, that character claims 1 power and you draw a card."  The engine trigger
# ``knelt_by_effect`` (moves.kneel while an effect resolves: not attacking, defending or a
# cost); "an opponent's": the effect's player is an opponent of the player of this event.
# Any character (whoever controls it); it gains 1 power from the pool.


def _knelt_by_opponent(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _knelt_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and facts(state, r).type == "character"
        and state.in_play[r].knelt
        and allowed(state, "can_stand", r)
    ]


def _unbought(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    stand_card(state, ref)
    moves.card_power(state, ref, 1, "claim")
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "kl_82",
    response(_unbought, "knelt_by_effect", condition=_knelt_by_opponent, targets=_knelt_characters),
)

# --- kl_85 Death by Payne ------------------------------------------------------------------
# "House Lannister only. Response: After a character triggers its character ability, kneel
# Ser Ilyn Payne or a Noble to kill that character."  Answers the ``ability`` window (an
# ability used, costs paid, before it resolves: it still resolves) when its source is a
# character in play, anyone's. The cost: one standing character of yours named Ser Ilyn
# Payne or with the Noble crest. The kill may be saved.


def _triggering_character(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["event"].get("source") or cancels.source(state)
    if source in state.in_play and facts(state, source).type == "character":
        return [source]
    return []


def _payne_or_noble(state: GameState, ref: str) -> bool:
    return facts(state, ref).name == "Ser Ilyn Payne" or "noble" in crests(state, ref)


def _payne(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "kl_85",
    response(
        _payne,
        "ability",
        targets=_triggering_character,
        costs=(Cost("kneel", 1, _payne_or_noble, "Ser Ilyn Payne or Noble character"),),
    ),
)

# --- kl_88 Ancient Mariner -----------------------------------------------------------------
# "Ancient Mariner gets -3 STR during Military challenges."  While a Military challenge is
# under way, whether he takes part or not.

MARINER_STR = 3


def _mariner(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if subject == source and challenge is not None and challenge.get("type") == "military":
        return base - MARINER_STR
    return base


register("kl_88", passives={"strength": _mariner})

# --- kl_89 Shore Leave ---------------------------------------------------------------------
# "House Greyjoy only. Challenges: Kneel 1 influence to choose and stand a kneeling
# character. Until the end of the phase, that character cannot be declared as an attacker or
# defender."  Any player's kneeling character that can stand.


def _kneeling(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "character"
        and state.in_play[r].knelt
        and allowed(state, "can_stand", r)
    ]


def _shore_leave(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    stand_card(state, ref)
    for query in ("can_attack", "can_defend"):
        add_lasting(state, query, ref, "phase", ctx["source"], value=False)


register(
    "kl_89",
    event(_shore_leave, phases=("challenges",), costs=(Cost("influence", 1),), targets=_kneeling),
)

# --- kl_92 Visenya's Hill ------------------------------------------------------------------
# "Any Phase: Kneel Visenya's Hill to choose 1 character card in any discard pile, and move
# that card to its owner's dead pile."  Moved, not killed (no "killed"; ``dead_pile`` opens).


def _discarded_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for p in state.players for r in p.discard if facts(state, r).type == "character"]


def _to_dead_pile(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    owner = state.players[state.cards[ref].owner]
    if ref not in owner.discard:
        return
    owner.discard.remove(ref)
    owner.dead.append(ref)
    state.emit("moved_to_dead_pile", seat=owner.seat, card=ref, code=state.code(ref))
    trigger(state, "dead_pile", {"cards": [ref], "owners": {ref: owner.seat}}, first=ctx["seat"])


register(
    "kl_92",
    Ability("action", _to_dead_pile, costs=(KNEEL_SELF,), targets=_discarded_characters),
)

# --- kl_94 Dornish Diplomat ----------------------------------------------------------------
# "Response: After you win a Power challenge in which Dornish Diplomat participated, choose
# and stand a character controlled by an opponent. Then, choose and stand a character you
# control."  Each choice among the kneeling characters that can stand (none: that part does
# nothing); the opponent's first.


def _standable(state: GameState, seat: int, source: str, seats: list[int]) -> list[str]:
    return [
        r
        for s in seats
        for r in state.players[s].in_play
        if facts(state, r).type == "character"
        and state.in_play[r].knelt
        and allowed(state, "can_stand", r)
        and choosable(state, r, source, seat)
    ]


def _diplomat(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    data = {"seat": seat, "source": source}
    theirs = _standable(state, seat, source, state.opponents(seat))
    ask_select(state, seat, "stand", theirs, "kl_diplomat_theirs", low=1, high=1, ctx=data)


@handler("kl_diplomat_theirs")
def _diplomat_theirs(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        stand_card(state, ref)
    seat, source = ctx["seat"], ctx["source"]
    mine = _standable(state, seat, source, [seat])
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "stand", mine, "kl_diplomat_mine", low=1, high=1, ctx=data)


@handler("kl_diplomat_mine")
def _diplomat_mine(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        stand_card(state, ref)


def _won_power_with_self(state: GameState, ctx: Ctx) -> bool:
    return won("power")(state, ctx) and won_with("self")(state, ctx)


register(
    "kl_94",
    Ability("response", _diplomat, trigger="challenge_won", condition=_won_power_with_self),
)

# --- kl_95 The Broken Spear ----------------------------------------------------------------
# "Any Phase: Kneel The Broken Spear to choose attached character. Until the end of the
# phase, that character either gains or loses a Military icon."  Its controller chooses
# gain or lose as it resolves.


def _spear_host(state: GameState, ctx: Ctx) -> list[str]:
    host = attached_to(state, ctx["source"])
    return [host] if host is not None else []


def _spear(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_choose(state, ctx["seat"], "military_icon", ["gain", "lose"], "kl_spear", ctx=data)


@handler("kl_spear")
def _spear_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    key = "add" if ctx["choice"] == "gain" else "remove"
    add_lasting(state, "icons", ref, "phase", ctx["source"], **{key: ["military"]})


register("kl_95", Ability("action", _spear, costs=(KNEEL_SELF,), targets=_spear_host))

# --- kl_98 Ser Osmund Kettleblack ----------------------------------------------------------
# "No attachments except Weapon. Challenges: Kneel Ser Osmund Kettleblack to choose a
# defending character. Until the end of the phase, that character gets +2 STR (+4 STR
# instead if that character has the Kingsguard trait)."  Any defending character.

OSMUND_STR, OSMUND_KINGSGUARD_STR = 2, 4


def _defenders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    return [r for r in (challenge or {}).get("defenders", ()) if r in state.in_play]


def _osmund(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    amount = OSMUND_KINGSGUARD_STR if "Kingsguard" in traits(state, ref) else OSMUND_STR
    add_lasting(state, "strength", ref, "phase", ctx["source"], amount=amount)


register(
    "kl_98",
    Ability("action", _osmund, phases=("challenges",), costs=(KNEEL_SELF,), targets=_defenders),
)

# --- kl_100 City of Spies ------------------------------------------------------------------
# "When revealed, look at the top X cards of any player's deck, discard one of those cards,
# and put the rest on top of that deck in any order. X is the number of City plots in your
# used pile."  X counts the plots in the used pile as it is revealed (not City of Spies
# itself); with X 0 nothing happens. The player chooses the deck (its own included), then
# the card to discard and the order, from the top down, in prompts only that player sees.


def _city_plots(state: GameState, seat: int) -> int:
    return sum(1 for r in state.players[seat].used_plots if "City" in traits(state, r))


def _city_of_spies(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    count = _city_plots(state, seat)
    options = [str(p.seat) for p in state.players if p.deck]
    if count and options:
        data = {"seat": seat, "source": ctx["source"], "count": count}
        ask_choose(state, seat, "deck_to_look_at", options, "kl_spies_deck", ctx=data)


@handler("kl_spies_deck")
def _spies_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    top = state.players[other].deck[: ctx["count"]]
    state.emit("looked_at_deck", seat=seat, deck=other, count=len(top))
    _spies_discard(state, seat, other, top)


_spies_discard = discard_then_order("kl_spies", hidden=True)


register("kl_100", when_revealed=_city_of_spies)
