"""Battle of Ruby Ford cards (acoa_81 to acoa_100)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    allowed,
    attached_to,
    attachments,
    facts,
    handler,
    is_character,
    keywords,
    participating,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    attached_passive,
    characters_of,
    event,
    every_trait,
    first_challenge,
    has_trait,
    kneel_card,
    kneel_host,
    lost,
    of_house,
    opponents_location,
    pile_to_hand,
    response,
    this_round,
    won,
)
from gameplay.engine.leaving import kill, leave_play, return_to_hand
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- acoa_83 Scorched Earth ---------------------------------------------------------------
# "Non-Army characters do not count their STR during the first challenge initiated each
# round."


def _scorched(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if (
        isinstance(subject, str)
        and first_challenge(state)
        and not has_trait(state, subject, "Army")
    ):
        return False
    return base


register("acoa_83", passives={"counts_strength": _scorched})


# --- acoa_84 Rhaegar's Harp ---------------------------------------------------------------
# "Attached character gains all Traits." Every Trait printed on a card of the card pool.


register(
    "acoa_84",
    passives={
        "traits": attached_passive(lambda state, source, ref, base: base | every_trait(state))
    },
)


# --- acoa_89 Lie for Your King! -----------------------------------------------------------
# "Limited Response: After you reveal an Intrigue Gambit plot card, return an event card
# from your discard pile to your hand."


def _revealed(trait: str):  # type: ignore[no-untyped-def]
    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        plot = event.get("card")
        return event.get("seat") == ctx["seat"] and bool(plot) and trait in traits(state, plot)

    return condition


def _discarded_events(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].discard
        if r != ctx["source"] and facts(state, r).type == "event"
    ]


def _lie(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "discard")


register(
    "acoa_89",
    response(
        _lie,
        "plot_revealed",
        condition=_revealed("Intrigue Gambit"),
        targets=_discarded_events,
        limited_response=True,
    ),
)


# --- acoa_90 Starve for Your King! --------------------------------------------------------
# "Limited Response: After you reveal a Power Struggle plot card, add 4 to your income
# during your next marshalling phase this round." A lasting +4 income until the round ends.


def _starve(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "income", ctx["seat"], "round", ctx["source"], amount=4)


register(
    "acoa_90",
    response(
        _starve,
        "plot_revealed",
        condition=_revealed("Power Struggle"),
        limited_response=True,
    ),
)


# --- acoa_91 Midnight Sentry --------------------------------------------------------------
# "Stalwart. Characters with stalwart get +1 STR." (Every player's, itself too.)


def _sentry(state: GameState, source: str, subject: Any, base: int) -> int:
    mine = isinstance(subject, str) and subject in state.in_play
    if mine and is_character(state, subject) and "stalwart" in keywords(state, subject):
        return base + 1
    return base


register("acoa_91", passives={"strength": _sentry})


# --- acoa_93 Castellan of the Rock --------------------------------------------------------
# "Limited Response: After you play a House Lannister character or location from your
# hand, choose and kneel a character without attachments."


def _castellan_when(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and event.get("type") in ("character", "location")
        and bool(card)
        and of_house(state, card, "Lannister")
    )


def _bare_standing(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in characters_of(state) if not state.in_play[r].knelt and not attachments(state, r)
    ]


register(
    "acoa_93",
    Ability(
        "response",
        lambda state, ctx: kneel_card(state, ctx["target"]),
        trigger="played",
        condition=_castellan_when,
        targets=_bare_standing,
        limited_response=True,
    ),
)


# --- acoa_94 Devious Intentions -----------------------------------------------------------
# "Attached character gains infamy, stealth, and an Intrigue icon. Attached character gets
# +1 STR for each power on it."

register(
    "acoa_94",
    passives={
        "keywords": attached_passive(lambda s, src, ref, base: base | {"infamy", "stealth"}),
        "icons": attached_passive(lambda s, src, ref, base: base | {"intrigue"}),
        "strength": attached_passive(lambda s, src, ref, base: base + s.in_play[ref].power),
    },
)


# --- acoa_95 Hunting Spear ----------------------------------------------------------------
# "While attached character is participating in a challenge, participating characters
# without Weapon attachments get -2 STR."


def _spear(state: GameState, source: str, subject: Any, base: int) -> int:
    host = attached_to(state, source)
    if not isinstance(subject, str) or host is None:
        return base
    armed = any(has_trait(state, a, "Weapon") for a in attachments(state, subject))
    if participating(state, host) and participating(state, subject) and not armed:
        return base - 2
    return base


register("acoa_95", passives={"strength": _spear})


# --- acoa_96 Mustering Yard ---------------------------------------------------------------
# "Any phase: Kneel Mustering Yard and kneel 2 influence to choose an Army or Bannerman card
# in your discard pile. Return that card to your hand."


def _musters(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].discard
        if {"Army", "Bannerman"} & set(facts(state, r).traits)
    ]


register(
    "acoa_96",
    Ability(
        "action",
        lambda state, ctx: pile_to_hand(state, ctx["seat"], ctx["target"], "discard"),
        costs=(KNEEL_SELF, Cost("influence", 2)),
        targets=_musters,
    ),
)


# --- acoa_97 Martial Law ------------------------------------------------------------------
# "Attach to an opponent's location. Kneel that location. Limited Response: After you win a
# Power challenge by 4 or more total STR, kneel Martial Law to claim 2 power for your
# House." "Kneel that location" is done as it comes into play.


_law = register(
    "acoa_97",
    Ability(
        "response",
        lambda state, ctx: moves.gain_power(state, ctx["seat"], 2, "acoa_97"),
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won("power", by=4),
        limited_response=True,
    ),
    attach_rule=opponents_location,
    forced={"entered_play": kneel_host},
)
_law.attach_types = ("location",)


# --- acoa_98 Disgruntled Mercenary --------------------------------------------------------
# "Return Disgruntled Mercenary to its owner's hand at the end of the first challenge
# initiated each round."


def _mercenary(state: GameState, ctx: Ctx) -> None:
    # Forced steps run after the challenge is cleared: count the challenges of the round.
    if ctx["source"] in state.in_play and sum(1 for _ in this_round(state, "challenge")) == 1:
        return_to_hand(state, [ctx["source"]])


register("acoa_98", forced={"challenge_ends": _mercenary})


# --- acoa_100 War Scorpion ----------------------------------------------------------------
# "Limited Response: After you lose a challenge in which attached character is
# participating, discard War Scorpion from play to kill all participating characters."


def _scorpion_when(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    host = attached_to(state, ctx["source"])
    return lost()(state, ctx) and host in [*event.get("attackers", ()), *event.get("defenders", ())]


def _scorpion(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    found = [
        r for r in [*event.get("attackers", ()), *event.get("defenders", ())] if r in state.in_play
    ]
    if found:
        kill(state, found)


register(
    "acoa_100",
    Ability(
        "response",
        _scorpion,
        trigger="challenge_won",
        costs=(DISCARD_SELF,),
        condition=_scorpion_when,
        limited_response=True,
    ),
)


# --- acoa_92 House Umber Berserkers -------------------------------------------------------
# "When House Umber Berserkers comes into play, each player must choose a character he or
# she controls. Kill each chosen character." In turn order; then the chosen are killed
# together (the Berserkers themselves may be chosen).


def _berserkers(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") != ctx["source"]:
        return
    order = state.turn_order()
    _berserkers_next(state, {"seats": order, "chosen": [], "source": ctx["source"]}, [])


@handler("acoa_berserkers")
def _berserkers_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *selected]
    seats = list(ctx["seats"])
    while seats:
        seat = seats.pop(0)
        mine = characters_of(state, seat)
        if mine:
            data = {"seats": seats, "chosen": chosen, "source": ctx["source"]}
            ask_select(state, seat, "kill", mine, "acoa_berserkers", low=1, high=1, ctx=data)
            return
    found = [r for r in chosen if r in state.in_play]
    if found:
        kill(state, found)


register("acoa_92", forced={"entered_play": _berserkers})


# --- acoa_88 Desperate Tactics ------------------------------------------------------------
# "Any phase: Return an Army character you control to your hand to put an Army character
# with a lower printed STR into play from your hand. At the end of the phase, return that
# character to your hand if it is still in play." The return is a cost (it cannot be
# saved); the chosen Army must be in hand as the event is played.


def _printed_str(state: GameState, ref: str) -> int:
    return facts(state, ref).strength or 0


def _hand_armies(state: GameState, seat: int, below: int) -> list[str]:
    return [
        r
        for r in state.players[seat].hand
        if facts(state, r).type == "character"
        and "Army" in facts(state, r).traits
        and _printed_str(state, r) < below
    ]


def _returnable_armies(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in characters_of(state, seat)
        if has_trait(state, r, "Army")
        and _hand_armies(state, seat, _printed_str(state, r))
        and allowed(state, "can_return_to_hand", (r, seat))  # Aloof and Apart: a cost
    ]


def _desperate(state: GameState, ctx: Ctx) -> None:
    seat, army = ctx["seat"], ctx["target"]
    below = _printed_str(state, army)
    leave_play(state, army, "hand")
    found = _hand_armies(state, seat, below)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "acoa_desperate", low=1, high=1, ctx=data)


@handler("acoa_desperate")
def _desperate_in(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].hand:
            put_into_play(state, seat, ref)
            add_delayed(
                state, "phase_ends", seat, "qod_back_to_hand", ctx["source"], "phase", card=ref
            )


register("acoa_88", event(_desperate, targets=_returnable_armies))


# --- acoa_99 Observation Point ------------------------------------------------------------
# "Any phase: Discard Observation Point from play to look at an opponent's hand, or at the
# top card of any deck." The player chooses hand_<seat> or deck_<seat>; the cards are shown
# to that player only (a hidden prompt with nothing to choose).


def _observe(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [f"hand_{s}" for s in state.opponents(seat) if state.players[s].hand]
    options += [f"deck_{p.seat}" for p in state.players if p.deck]
    data = {"seat": seat, "source": ctx["source"]}
    if options:
        ask_choose(state, seat, "look_at", options, "acoa_observe", ctx=data)


@handler("acoa_observe")
def _observed(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    kind, other = ctx["choice"].split("_")
    player = state.players[int(other)]
    if kind == "hand":
        shown = list(player.hand)
        state.emit("looked_at_hand", seat=seat, other=player.seat, count=len(shown))
    else:
        shown = player.deck[:1]
        state.emit("looked_at_deck", seat=seat, deck=player.seat, count=len(shown))
    data = {"seat": seat, "source": ctx["source"], "shown": shown}
    ask_select(state, seat, "look", [], "acoa_looked", ctx=data, hidden=True)


@handler("acoa_looked")
def _looked(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    return None


register("acoa_99", Ability("action", _observe, costs=(DISCARD_SELF,)))
