"""The Tower of the Hand (kl_41 to kl_60): locations, events and the plot (the characters
are in characters.py, Jousting Steed in steed.py). Handler and effect names start with
``toth_``."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    has_trait,
    out_of_shadows,
    pile_to_hand,
    response,
    shadow_event,
    winter,
    won,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.triggers import trigger
from gameplay.engine.uses import cancel, discard_from_shadows, return_to_shadows

# --- kl_42 Tower of the Hand -------------------------------------------------------------------
# "House Stark only. If it is Winter, move 1 gold from the treasury to your gold pool each time
# a card comes out of Shadows."  Forced, for any player's card, while Tower of the Hand is in
# play (its controller gains the gold).


def _tower(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play and winter(state):
        moves.gain_gold(state, controller(state, source), 1, "ability")


register("kl_42", forced={"came_out_of_shadows": _tower})

# --- kl_45 Shae's Manse ------------------------------------------------------------------------
# "House Lannister only. Response: After a card comes out of Shadows, look at the top card of
# your deck. Then, place that card on the top of your deck or on the bottom of your deck."
# Any player's card; only the Manse's controller sees the card (the prompt's ``shown``).


def _manse_may(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].deck)


def _manse(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    deck = state.players[seat].deck
    if not deck:
        return
    state.emit("looked_at_deck", seat=seat, deck=seat, count=1)
    data = {"seat": seat, "source": ctx["source"], "shown": [deck[0]]}
    ask_choose(state, seat, "top_or_bottom", ["top", "bottom"], "toth_manse_put", ctx=data)


@handler("toth_manse_put")
def _manse_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    deck = state.players[ctx["seat"]].deck
    (card,) = ctx["shown"]
    if ctx["choice"] == "bottom" and card in deck:
        deck.remove(card)
        deck.append(card)
    state.emit("deck_card_placed", seat=ctx["seat"], deck=ctx["seat"], where=ctx["choice"])


register(
    "kl_45",
    Ability("response", _manse, trigger="came_out_of_shadows", condition=_manse_may),
)

# --- kl_49 The Iron Throne ---------------------------------------------------------------------
# "House Baratheon only. Response: After The Iron Throne comes out of Shadows, choose an
# opponent. If that opponent has more cards in hand than you, discard a card at random from
# that player's hand. Response: After an opponent draws a card outside of the draw phase, The
# Iron Throne goes into Shadows."  The draw is the engine's ``cards_drawn`` trigger (every draw
# by a card effect, ``moves.effect_draw``); the Throne goes to its owner's Shadows (it may not
# come out again this round).


def _throne(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "toth_throne")


@handler("toth_throne")
def _throne_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = int(ctx["choice"])
    if len(state.players[other].hand) > len(state.players[ctx["seat"]].hand):
        moves.discard_at_random(state, other, 1)


def _opponent_drew(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("seat") in state.opponents(ctx["seat"])
        and event.get("phase") != "draw"
        and ctx["source"] in state.in_play
    )


register(
    "kl_49",
    out_of_shadows(_throne),
    Ability(
        "response",
        lambda state, ctx: return_to_shadows(state, ctx["source"]),
        trigger="cards_drawn",
        condition=_opponent_drew,
    ),
)

# --- kl_54 Aegon's Hill ------------------------------------------------------------------------
# "Challenges: Kneel Aegon's Hill to look at an opponent's hand. You may choose one character
# card in that hand and place it in its owner's dead pile."  Only its controller sees the hand;
# the card placed in the dead pile is not killed (``dead_pile`` answers it).


def _hill_may(state: GameState, ctx: Ctx) -> bool:
    return any(state.players[s].hand for s in state.opponents(ctx["seat"]))


def _hill(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "toth_hill_look")


@handler("toth_hill_look")
def _hill_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(hand))
    found = [r for r in hand if facts(state, r).type == "character"]
    data = {"seat": seat, "source": ctx["source"], "other": other, "shown": hand}
    ask_select(state, seat, "dead_pile", found, "toth_hill_dead", high=1, ctx=data, hidden=True)


@handler("toth_hill_dead")
def _hill_dead(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["other"]]
    for ref in selected:
        if ref in player.hand:
            player.hand.remove(ref)
            player.dead.append(ref)
            state.emit("placed_in_dead_pile", seat=player.seat, card=ref, code=state.code(ref))
            event = {"cards": [ref], "owners": {ref: player.seat}}
            trigger(state, "dead_pile", event, first=ctx["seat"])


register(
    "kl_54",
    Ability("action", _hill, phases=("challenges",), costs=(KNEEL_SELF,), condition=_hill_may),
)

# --- kl_56 By the Light of the Sun -------------------------------------------------------------
# "Response: After you win an Intrigue challenge, the losing opponent must choose and discard
# one card in Shadows that he or she controls."  Played only while that opponent has a card in
# Shadows (their count is public); they choose it in a hidden prompt.


def _light_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won("intrigue")(state, ctx) and loser is not None and bool(state.players[loser].shadows)


def _light(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    shadows = list(state.players[loser].shadows)
    data = {"seat": loser, "source": ctx["source"]}
    ask_select(
        state, loser, "discard_shadow", shadows, "toth_light", low=1, high=1, ctx=data, hidden=True
    )


@handler("toth_light")
def _light_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].shadows:
            discard_from_shadows(state, ref)


register("kl_56", response(_light, "challenge_won", condition=_light_may))

# --- kl_59 The Hand's Judgement ----------------------------------------------------------------
# "Response: Pay 1 gold to cancel the effects of an event card that has just been played."
# Any player's event (the engine's ``ability`` window for an event's effect).


def _judgement_may(state: GameState, ctx: Ctx) -> bool:
    source = ctx["event"].get("source")
    return (
        source is not None
        and source != ctx["source"]
        and source in state.cards
        and facts(state, source).type == "event"
    )


register(
    "kl_59",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        zones=("hand",),
        costs=(Cost("gold", 1),),
        condition=_judgement_may,
    ),
)

# --- kl_60 City of Secrets ---------------------------------------------------------------------
# "When revealed, shuffle the top X cards of your discard pile back into your deck. X is the
# number of City plots in your used pile."  The top of the discard pile is the card put there
# last; City of Secrets itself is revealed, not yet in the used pile.


def _city(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    count = sum(1 for r in player.used_plots if has_trait(state, r, "City"))
    cards = player.discard[len(player.discard) - count :] if count else []
    if not cards:
        return
    del player.discard[len(player.discard) - len(cards) :]
    player.deck.extend(cards)
    state.emit(
        "shuffled_into_deck",
        seat=player.seat,
        cards=cards,
        codes=[state.code(r) for r in cards],
        reason="plot",
    )
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


register("kl_60", when_revealed=_city)

# --- kl_52 The Shadow of the Isles -------------------------------------------------------------
# "House Greyjoy only. Response: After The Shadow of the Isles comes out of Shadows, each player
# must choose and discard 1 non-limited location from play that he or she controls. Then, if it
# is Winter, return The Shadow of the Isles to its owner's hand."  A Shadow event (it came out
# into its owner's discard pile and answers from there: vocabulary ``shadow_event``). Each
# player, in turn order from its controller, chooses one of their non-Limited locations (a
# player without one chooses nothing); the chosen locations are discarded together (saves may
# answer), then the Winter check returns the event from the discard pile to its owner's hand.


def _locations(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if facts(state, r).type == "location" and not facts(state, r).limited
    ]


def _isles(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    order = [seat, *(s for s in state.turn_order() if s != seat)]
    data = {"seat": seat, "source": ctx["source"], "seats": order, "chosen": []}
    _isles_next(state, data, [])


@handler("toth_isles")
def _isles_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *selected]
    seats = list(ctx["seats"])
    while seats:
        chooser = seats.pop(0)
        found = _locations(state, chooser)
        if found:
            data = {**ctx, "seats": seats, "chosen": chosen}
            ask_select(
                state, chooser, "discard_location", found, "toth_isles", low=1, high=1, ctx=data
            )
            return
    discarded = [r for r in chosen if r in state.in_play]
    if discarded:
        moves.discard(state, discarded)
    source = ctx["source"]
    if winter(state):
        pile_to_hand(state, state.cards[source].owner, source, "discard")


register("kl_52", shadow_event(_isles))
