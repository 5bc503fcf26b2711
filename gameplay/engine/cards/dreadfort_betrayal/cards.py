"""Dreadfort Betrayal: attachments, locations, events and the plot (bwb_104, bwb_105,
bwb_106, bwb_108, bwb_110, bwb_112, bwb_116, bwb_118, bwb_119, bwb_120)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    discard_top,
    fell_with,
    has_trait,
    kneel_card,
    of_house_named,
    on_bearer,
    participants,
    response,
    won,
    won_with,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def _bolton(state: GameState, ref: str) -> bool:
    return of_house_named(state, ref, "House Bolton")


def _printed_cost(state: GameState, ref: str) -> int:
    return facts(state, ref).cost or 0


# --- bwb_104 Bloody Scourge --------------------------------------------------------------
# "House Bolton character only. Setup. Response: After you win a challenge in which
# attached character participated, kneel Bloody Scourge to choose and discard 1 kneeling
# character from play."  House Bolton is a trait. Any player's kneeling character (its own
# bearer included); the discard may be saved.


def _bolton_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and _bolton(state, target)


def _kneeling_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if state.in_play[r].knelt]


register(
    "bwb_104",
    Ability(
        "response",
        lambda state, ctx: moves.discard(state, [ctx["target"]]),
        trigger="challenge_won",
        condition=won_with("attached"),
        costs=(KNEEL_SELF,),
        targets=_kneeling_characters,
    ),
    attach_rule=_bolton_character,
)

# --- bwb_105 The Dreadfort ---------------------------------------------------------------
# "Response: After you play or take control of a House Bolton character with STR 3 or
# higher, draw 1 card."  "Play": marshalled from the hand (the ``played`` trigger; a card
# put into play is not played). "Take control": the ``control_changed`` trigger with you as
# the new controller. Its STR is read as the response is triggered (the card's ruling:
# Winterfell Castle's +1 counts).

DREADFORT_STR = 3


def _big_bolton(state: GameState, ref: Any) -> bool:
    return (
        isinstance(ref, str)
        and ref in state.in_play
        and is_character(state, ref)
        and _bolton(state, ref)
        and strength(state, ref) >= DREADFORT_STR
    )


def _played_big_bolton(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("seat") == ctx["seat"] and _big_bolton(state, event.get("card"))


def _took_big_bolton(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and _big_bolton(state, card)
        and controller(state, card) == ctx["seat"]
    )


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "bwb_105",
    Ability("response", _draw_one, trigger="played", condition=_played_big_bolton),
    Ability("response", _draw_one, trigger="control_changed", condition=_took_big_bolton),
)

# --- bwb_106 Terror in the Dungeons ------------------------------------------------------
# "Response: After a player takes control of a House Bolton character, kneel 1 influence to
# kill that character and another character of equal or lower printed cost controlled by
# the same player."  The character whose control changed is the event's target (immunity
# to events applies). Its player then chooses the other one among the characters its new
# controller controls with printed cost no higher (if any: with none, that character alone
# is killed); both are killed at once (saves allowed).


def _bolton_taken(state: GameState, ctx: Ctx) -> list[str]:
    card = ctx["event"].get("card")
    if card in state.in_play and is_character(state, card) and _bolton(state, card):
        return [card]
    return []


def _terror(state: GameState, ctx: Ctx) -> None:
    card, seat = ctx["target"], ctx["seat"]
    if card not in state.in_play:
        return
    owner = controller(state, card)
    others = [
        r
        for r in characters_of(state, owner)
        if r != card
        and _printed_cost(state, r) <= _printed_cost(state, card)
        and choosable(state, r, ctx["source"], seat)
    ]
    data = {"seat": seat, "source": ctx["source"], "card": card}
    ask_select(state, seat, "kill", others, "bwb_terror_kill", low=1, high=1, ctx=data)


@handler("bwb_terror_kill")
def _terror_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, [r for r in [ctx["card"], *selected] if r in state.in_play])


register(
    "bwb_106",
    response(
        _terror,
        "control_changed",
        costs=(Cost("influence", 1),),
        targets=_bolton_taken,
    ),
)

# --- bwb_108 Mountain Camp ---------------------------------------------------------------
# "Marshalling: Kneel Mountain Camp to reduce the cost of the next Clansman character you
# play this phase by 2. That character comes into play knelt."  A reduction with the
# printed trait Clansman and ``knelt`` (game._do_marshal marshals the card it lowers knelt).

CAMP_REDUCTION = 2


def _camp(state: GameState, ctx: Ctx) -> None:
    add_reduction(
        state,
        ctx["seat"],
        CAMP_REDUCTION,
        ctx["source"],
        types=("character",),
        trait="Clansman",
        knelt=True,
    )


register("bwb_108", Ability("action", _camp, phases=("marshalling",), costs=(KNEEL_SELF,)))

# --- bwb_110 Bound by the Light ----------------------------------------------------------
# "Asshai character only. Response: After attached character is killed, search your deck
# for another Asshai character of equal or lower printed cost and put it into play. Then,
# shuffle your deck."  It falls off with its character into its owner's discard pile and
# answers from there (``fell_with``: the killed character is the one it was on). "Another":
# not the killed card itself (another copy of it may be found). The search may find
# nothing; a unique character that could not be played (a copy in play or dead) is not
# offered.


def _asshai_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and has_trait(state, target, "Asshai")


def _host_killed(state: GameState, ctx: Ctx) -> bool:
    host = fell_with(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ())


def _bound(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    host = fell_with(state, ctx["source"])
    if host is None:
        return
    cost = _printed_cost(state, host)

    def match(ref: str) -> bool:
        card = facts(state, ref)
        return (
            ref != host
            and card.type == "character"
            and "Asshai" in card.traits
            and (card.cost or 0) <= cost
            and unique_problem(state, seat, card) is None
        )

    moves.search_deck(state, seat, match, "bwb_bound_found", ctx={"source": ctx["source"]})


@handler("bwb_bound_found")
def _bound_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].deck:
            put_into_play(state, seat, ref)


register(
    "bwb_110",
    Ability(
        "response",
        _bound,
        trigger="killed",
        condition=_host_killed,
        zones=("discard",),
        search=True,
    ),
    attach_rule=_asshai_character,
)

# --- bwb_112 We Take Westeros! -----------------------------------------------------------
# "House Greyjoy only. Limited Response: After you win a Power challenge in which at least
# 1 Raider character participated, discard the top X cards of the losing opponent's deck.
# X is the amount by which you won the challenge. (Limit 1 limited response per round.)"
# A Raider among the challenge's participants, either side (the text does not say yours).


def _raiders_won(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        won("power")(state, ctx)
        and event.get("by", 0) > 0
        and any(has_trait(state, r, "Raider") for r in participants(event, state))
    )


def _we_take(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    discard_top(state, event["loser"], event.get("by", 0), "we_take_westeros")


register(
    "bwb_112",
    response(_we_take, "challenge_won", condition=_raiders_won, limited_response=True),
)

# --- bwb_116 No Use For Grief ------------------------------------------------------------
# "House Martell only. Response: After a Sand Snake character is killed, kneel 1 influence
# to search your deck for 1 Sand Snake character, reveal it, and add it to your hand.
# (Kneel 3 influence to search for any number of Sand Snake characters and put them into
# play instead if The Red Viper was just killed.) Then shuffle your deck."  Any player's
# Sand Snake. Two abilities: the first (1 influence) always; the second (3 influence) only
# when The Red Viper (any printing) is among the characters of that ``killed`` event (with
# a Sand Snake). Put into play: unique characters only one copy each, and none that could
# not be played (a copy in play or dead).


def _snake_killed(state: GameState, ctx: Ctx) -> bool:
    return any(
        facts(state, r).type == "character" and has_trait(state, r, "Sand Snake")
        for r in ctx["event"].get("cards", ())
    )


def _viper_killed(state: GameState, ctx: Ctx) -> bool:
    return _snake_killed(state, ctx) and any(
        facts(state, r).name == "The Red Viper" for r in ctx["event"].get("cards", ())
    )


def _snake(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and "Sand Snake" in card.traits


def _grief_to_hand(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moves.search_deck(
        state, seat, lambda r: _snake(state, r), "events_found", ctx={"source": ctx["source"]}
    )


def _grief_into_play(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def match(ref: str) -> bool:
        return _snake(state, ref) and unique_problem(state, seat, facts(state, ref)) is None

    deck = state.players[seat].deck
    moves.search_deck(
        state, seat, match, "bwb_grief_found", ctx={"source": ctx["source"]}, count=len(deck)
    )


@handler("bwb_grief_found")
def _grief_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        card = facts(state, ref)
        if ref in state.players[seat].deck and unique_problem(state, seat, card) is None:
            put_into_play(state, seat, ref)


register(
    "bwb_116",
    response(
        _grief_to_hand,
        "killed",
        condition=_snake_killed,
        costs=(Cost("influence", 1),),
        search=True,
    ),
    response(
        _grief_into_play,
        "killed",
        condition=_viper_killed,
        costs=(Cost("influence", 3),),
        search=True,
    ),
)

# --- bwb_118 Stoney Sept -----------------------------------------------------------------
# "Any Phase: Kneel Stoney Sept to choose and return 1 Brotherhood character you control to
# its owner's hand."  The return may be saved.


def _my_brotherhood(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if has_trait(state, r, "Brotherhood")]


register(
    "bwb_118",
    Ability(
        "action",
        lambda state, ctx: moves.return_to_hand(state, [ctx["target"]]),
        costs=(KNEEL_SELF,),
        targets=_my_brotherhood,
    ),
)

# --- bwb_119 Flaming Sword ---------------------------------------------------------------
# "Limit 1 per character. Attached character gets +1 STR and cannot have its STR lowered
# by card effects. If attached character is Beric Dondarrion, he gains: 'After Beric
# Dondarrion claims power for renown, he claims 1 additional power.'"  The attach rule (no
# other Flaming Sword on it); the flag ``strength_unreducible`` (abilities: no passive or
# lasting effect lowers its STR); the numeric query ``renown_power`` (challenges: the power
# a character claims for Renown) +1 for a character named Beric Dondarrion.

SWORD = "Flaming Sword"


def _one_sword(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and not any(
        facts(state, a).name == SWORD for a in attachments(state, target)
    )


def _beric_claims_more(state: GameState, source: str, subject: Any, base: int) -> int:
    host = attached_to(state, source)
    if host is None or subject != host or facts(state, host).name != "Beric Dondarrion":
        return base
    return base + 1


register(
    "bwb_119",
    passives={
        "strength": on_bearer(lambda base: base + 1),
        "strength_unreducible": on_bearer(lambda base: True),
        "renown_power": _beric_claims_more,
    },
    attach_rule=_one_sword,
)

# --- bwb_120 Relentless Persecution ------------------------------------------------------
# "When revealed, kneel all non-unique characters in play."  Every player's.


def _persecution(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state):
        if not facts(state, ref).unique:
            kneel_card(state, ref)


register("bwb_120", when_revealed=_persecution)
