"""Fire and Ice (kr_21 to kr_40): the characters with triggered abilities (King's Landing
Guard, Tommen Baratheon, Ellaria Sand, Oberyn's Shield Bearer, Bran Stark, Dothraki
Vanguard)."""

from __future__ import annotations

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    characters,
    facts,
    handler,
    participating,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    choose_opponent,
    has_trait,
    kneel_card,
    summer,
    winter,
    won,
    won_with,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import put_into_play

TOMMEN_LOOK = 4
ELLARIA_POWER = 2
SHIELD_CANCELS = 3
VANGUARD_REVEAL = 5

# --- kr_27 King's Landing Guard -------------------------------------------------------------
# "No attachments. Response: After you win a [Military] challenge in which King's Landing
# Guard participated, discard 1 card at random from the losing player's hand."  Offered only
# while that hand holds a card.


def _guard_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return loser is not None and bool(state.players[loser].hand)


def _guard(state: GameState, ctx: Ctx) -> None:
    moves.discard_at_random(state, ctx["event"]["loser"], 1)


register(
    "kr_27",
    Ability(
        "response",
        _guard,
        trigger="challenge_won",
        condition=lambda state, ctx: (
            won("military")(state, ctx) and won_with("self")(state, ctx) and _guard_may(state, ctx)
        ),
    ),
)

# --- kr_28 Tommen Baratheon -----------------------------------------------------------------
# "Any Phase: If it is Summer, kneel Tommen Baratheon to look at the top 4 cards of your deck.
# Switch any 1 of those cards with a card in your hand, if able. Then, put the remaining cards
# on top of your deck in any order."  His player picks 1 of the (up to) 4 cards and 1 card
# of the hand (both hidden prompts); the picked deck card goes to the hand and the hand card
# takes its place among the looked-at cards, which are then put back on top one at a time
# from the top down. With an empty hand no switch is possible: the cards are only ordered.


def _tommen(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    top = list(state.players[seat].deck[:TOMMEN_LOOK])
    data = {"seat": seat, "top": top, "order": []}
    if not top:
        return
    if not state.players[seat].hand:
        _tommen_next(state, data)
        return
    ask_select(state, seat, "switch", top, "kr_tommen_deck", low=1, high=1, ctx=data, hidden=True)


@handler("kr_tommen_deck")
def _tommen_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    hand = list(state.players[seat].hand)
    data = {**ctx, "picked": selected[0]}
    ask_select(state, seat, "switch", hand, "kr_tommen_hand", low=1, high=1, ctx=data, hidden=True)


@handler("kr_tommen_hand")
def _tommen_hand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    picked, given = ctx["picked"], selected[0]
    at = player.deck.index(picked)
    player.deck[at] = given
    player.hand.remove(given)
    player.hand.append(picked)
    state.emit("cards_switched", seat=player.seat, count=1)
    top = [given if r == picked else r for r in ctx["top"]]
    _tommen_next(state, {"seat": player.seat, "top": top, "order": []})


def _tommen_next(state: GameState, ctx: Ctx) -> None:
    """Ask for the next card from the top down while two or more are left to order."""
    player = state.players[ctx["seat"]]
    rest = [r for r in ctx["top"] if r in player.deck and r not in ctx["order"]]
    if len(rest) > 1:
        ask_select(
            state,
            player.seat,
            "deck_order",
            rest,
            "kr_tommen_order",
            low=1,
            high=1,
            ctx=ctx,
            hidden=True,
        )
        return
    order = [r for r in ctx["order"] + rest if r in player.deck]
    for ref in order:
        player.deck.remove(ref)
    player.deck[0:0] = order
    state.emit(
        "deck_card_placed", seat=player.seat, deck=player.seat, where="top", count=len(order)
    )


@handler("kr_tommen_order")
def _tommen_order(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _tommen_next(state, {**ctx, "order": [*ctx["order"], *selected]})


register(
    "kr_28",
    Ability(
        "action",
        _tommen,
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: summer(state) and bool(state.players[ctx["seat"]].deck),
    ),
)

# --- kr_30 Ellaria Sand ---------------------------------------------------------------------
# 'Stealth. While it is Summer, Ellaria Sand gains: "Response: After an opponent plays or puts
# a character into play, Ellaria Sand claims 2 power if that player controls more characters
# than you. (Limit 3 times per phase.)"'  On ``entered_play`` of a character (marshalled or
# put into play) by an opponent; offered only while that player controls more characters
# than Ellaria's controller (nothing would happen otherwise).


def _ellaria_may(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    card, other = event.get("card"), event.get("seat")
    if not summer(state) or other not in state.opponents(seat):
        return False
    if card not in state.in_play or facts(state, card).type != "character":
        return False
    return len(characters(state, other)) > len(characters(state, seat))


def _ellaria(state: GameState, ctx: Ctx) -> None:
    other = ctx["event"]["seat"]
    if ctx["source"] in state.in_play and len(characters(state, other)) > len(
        characters(state, ctx["seat"])
    ):
        moves.card_power(state, ctx["source"], ELLARIA_POWER, "kr_ellaria")


register(
    "kr_30",
    Ability(
        "response", _ellaria, trigger="entered_play", condition=_ellaria_may, limit=(3, "phase")
    ),
)

# --- kr_31 Oberyn's Shield Bearer -----------------------------------------------------------
# "Any Phase: If it is Summer, discard Oberyn's Shield Bearer (cannot be saved) to cancel the
# next 3 effects triggered by a single opponent (of your choice) this round."  A pending
# cancel of the round (``cancels.add_pending_cancel`` with ``by`` and ``count``): the next 3
# abilities that opponent uses this round (actions, responses, events, cancels) are
# cancelled once their costs are paid; forced effects and "When revealed" are not triggered
# effects here (as for The Painted Table).


def _shield_bearer(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kr_shield_bearer")


@handler("kr_shield_bearer")
def _shield_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    cancels.add_pending_cancel(
        state, ctx["seat"], ctx["source"], "round", by=int(ctx["choice"]), count=SHIELD_CANCELS
    )


register(
    "kr_31",
    Ability(
        "action",
        _shield_bearer,
        costs=(DISCARD_SELF,),
        condition=lambda state, ctx: summer(state),
    ),
)

# --- kr_33 Bran Stark -----------------------------------------------------------------------
# 'If it is Winter, Bran Stark gains, "Challenges: During a challenge, kneel Bran Stark to
# choose and kneel a standing, non-participating, non-Army character with higher STR than
# printed cost. That character is now participating in the current challenge on your side."'
# Any player's character may be chosen; "your side" is the attackers when Bran's controller
# attacks, the defenders when he defends and defenders have been declared (as Greatjon
# Umber). The printed cost is the card's cost (a card with none has cost 0).


def _bran_side(state: GameState, seat: int) -> str | None:
    challenge = state.challenge
    if challenge is None:
        return None
    if challenge["attacker"] == seat:
        return "attackers"
    declared = not any(step["name"] == "ask_defenders" for step in state.queue)
    if challenge["defender"] == seat and declared:
        return "defenders"
    return None


def _bran_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if r != ctx["source"]
        and not state.in_play[r].knelt
        and not participating(state, r)
        and not has_trait(state, r, "Army")
        and strength(state, r) > (facts(state, r).cost or 0)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _bran(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    side = _bran_side(state, seat)
    if target not in state.in_play or side is None or state.in_play[target].knelt:
        return
    kneel_card(state, target)
    state.challenge[side].append(target)  # type: ignore[index]
    state.emit("joined_challenge", card=target, seat=seat, side=side)


register(
    "kr_33",
    Ability(
        "action",
        _bran,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_bran_targets,
        condition=lambda state, ctx: winter(state) and _bran_side(state, ctx["seat"]) is not None,
    ),
)

# --- kr_38 Dothraki Vanguard ----------------------------------------------------------------
# "Response: After you play Dothraki Vanguard from your hand, reveal the top 5 cards of your
# deck. You may put 1 revealed Dothraki character into play. Shuffle the other cards back
# into your deck."  The revealed cards are public; a unique Dothraki its player may not put
# into play now (a copy in play or dead) is no choice; the deck is shuffled afterwards.


def _vanguard_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("card") == ctx["source"]
        and event.get("seat") == ctx["seat"]
        and bool(state.players[ctx["seat"]].deck)
    )


def _vanguard(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    top = list(state.players[seat].deck[:VANGUARD_REVEAL])
    if not top:
        return
    moves.reveal(state, seat, top, "kr_vanguard")
    found = [
        r
        for r in top
        if r in state.players[seat].deck
        and facts(state, r).type == "character"
        and has_trait(state, r, "Dothraki")
        and unique_problem(state, seat, facts(state, r)) is None
    ]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "kr_vanguard_put", high=1, ctx=data)


@handler("kr_vanguard_put")
def _vanguard_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    for ref in selected:
        if ref in player.deck:
            put_into_play(state, seat, ref)
    shuffle_zone(state, player.deck)  # fresh ids: after the card is out
    state.emit("shuffled", seat=seat, zone="deck")


register(
    "kr_38",
    Ability("response", _vanguard, trigger="played", condition=_vanguard_played),
)
