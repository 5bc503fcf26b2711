"""Lords of Winter events, registered by card code."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.lords_of_winter.common import (
    all_characters,
    has_crest,
    of_house,
    participants,
    response_event,
    won,
)
from gameplay.engine.cards.vocabulary import event as event_ability
from gameplay.engine.cards.vocabulary import has_trait, stand_card
from gameplay.engine.moves import reveal, search_deck
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import attach_played_event, bearer_strength, cancel, own_traits

# --- low_33 Routing the Charge -----------------------------------------------------------
# "House Stark only. Response: After you win a challenge as the defender, choose and kill 1
# attacking character (cannot be saved)."


def _kill_unsavable(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]], savable=False)


def _event_attackers(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in ctx["event"].get("attackers", ()) if r in state.in_play]


register(
    "low_33",
    response_event(
        _kill_unsavable,
        "challenge_won",
        condition=won(role="defender"),
        targets=_event_attackers,
    ),
)


# --- low_35 Wolf Dreams ------------------------------------------------------------------
# "Marshalling: Search your deck for 1 Direwolf card, reveal it, and add it to your hand.
# Then, shuffle your deck."


def _wolf_dreams(state: GameState, ctx: Ctx) -> None:
    search_deck(
        state,
        ctx["seat"],
        lambda r: "Direwolf" in facts(state, r).traits,
        "low_wolf_dreams_found",
        ctx={"source": ctx["source"]},
    )


@handler("low_wolf_dreams_found")
def _wolf_dreams_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        player.deck.remove(ref)
        player.hand.append(ref)
    reveal(state, ctx["seat"], selected, "search")


register("low_35", event_ability(_wolf_dreams, phases=("marshalling",)))


# --- low_36 Fear Cuts Deeper than Swords -------------------------------------------------
# "Response: Cancel the effects of an event card just played if one of your House Stark
# characters is chosen as the only target." (An event's ability chooses one target.)


def _fear_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    source, target = event.get("source"), event.get("target")
    if source is None or source == ctx["source"] or target is None:
        return False
    if facts(state, source).type != "event" or target not in state.in_play:
        return False
    return (
        controller(state, target) == ctx["seat"]
        and is_character(state, target)
        and of_house(state, target, "Stark")
    )


register(
    "low_36",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        zones=("hand",),
        condition=_fear_condition,
    ),
)


# --- low_37 Endless Endurance ------------------------------------------------------------
# "Challenges: Choose 1 of your participating House Stark characters to get +2 STR until
# the end of the challenge.
# Response: After you win a Military challenge by 4 or more total STR, return Endless
# Endurance from your discard pile to your hand."


def _endurance_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in participants(state)
        if controller(state, r) == ctx["seat"] and of_house(state, r, "Stark")
    ]


def _plus_two(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "challenge", ctx["source"], amount=2)


def _endurance_returns(state: GameState, ctx: Ctx) -> None:
    player, ref = state.players[ctx["seat"]], ctx["source"]
    if ref in player.discard:
        player.discard.remove(ref)
        player.hand.append(ref)
        state.emit("returned_to_hand", seat=player.seat, card=ref, code=state.code(ref))


register(
    "low_37",
    event_ability(_plus_two, phases=("challenges",), targets=_endurance_targets),
    Ability(
        "response",
        _endurance_returns,
        trigger="challenge_won",
        condition=won("military", by=4),
        zones=("discard",),
    ),
)


# --- low_38 At Night They Howl -----------------------------------------------------------
# "Any Phase: Stand all Creature cards in play."


def _creatures(state: GameState) -> list[str]:
    return [r for r in state.in_play if has_trait(state, r, "Creature")]


def _howl(state: GameState, ctx: Ctx) -> None:
    for ref in _creatures(state):
        stand_card(state, ref)


register("low_38", event_ability(_howl))


# --- low_46 Nightmares -------------------------------------------------------------------
# "Any Phase: Choose 1 character or 1 location. Until the end of the phase, treat the
# printed text box of that character or location as though it were blank."


def _nightmares_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if facts(state, r).type in ("character", "location")]


def _blank(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "blank", ctx["target"], "phase", ctx["source"], value=True)


register("low_46", event_ability(_blank, targets=_nightmares_targets))


# --- low_47 Die by the Sword -------------------------------------------------------------
# "Response: After you win a [Military] challenge in which you have at least 1
# participating [War] character, choose and kill 1 character controlled by the losing
# opponent. Limit 1 per challenge."


def _sword_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    if not won("military")(state, ctx):
        return False
    sides = [*event.get("attackers", ()), *event.get("defenders", ())]
    return any(
        r in state.in_play and controller(state, r) == ctx["seat"] and has_crest(state, r, "war")
        for r in sides
    )


def _losers_characters(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    return [r for r in all_characters(state) if controller(state, r) == loser]


register(
    "low_47",
    response_event(
        moves.kill_target,
        "challenge_won",
        condition=_sword_condition,
        targets=_losers_characters,
        limit=(1, "challenge"),
    ),
)


# --- low_34 They Shall Not Cross ---------------------------------------------------------------
# "House Stark only. Response: Save a location from being discarded. Then, attach They Shall Not
# Cross to a House Stark character (counts as a Boon attachment with the text "Attached
# character gets +2 STR.")" The card goes from the discard pile onto the character chosen once
# the location is saved (uses.attach_played_event); with no House Stark character in play it
# stays in the discard pile.


def _cross_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play and facts(state, r).type == "location" and not moves.saved(state, r)
    ]


def _cross(state: GameState, ctx: Ctx) -> None:
    moves.save_target(state, ctx)
    hosts = [r for r in all_characters(state) if of_house(state, r)]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if hosts:
        ask_select(
            state, ctx["seat"], "attach_to", hosts, "low_cross_attach", ctx=data, low=1, high=1
        )


@handler("low_cross_attach")
def _cross_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for host in selected:
        attach_played_event(state, ctx["seat"], ctx["source"], host)


register(
    "low_34",
    Ability("save", _cross, trigger="would_be_discarded", zones=("hand",), targets=_cross_targets),
    passives={"strength": bearer_strength(2), "traits": own_traits("Boon")},
)
