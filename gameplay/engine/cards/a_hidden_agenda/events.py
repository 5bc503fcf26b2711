"""A Hidden Agenda's events: Riches of the Reach (kr_103), Lashing Out (kr_109) and Secret
Schemes (kr_111)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Cost, Ctx, allowed, handler, register
from gameplay.engine.cards.vocabulary import event, kill_the_attackers
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, draw, shuffle_zone
from gameplay.engine.triggers import trigger

# --- kr_103 Riches of the Reach ------------------------------------------------------------
# "Any Phase: Draw 4 cards, ignoring the draw cap. You cannot draw cards for the rest of the
# game."  The 4 cards are drawn past the cap (``cards_drawn`` still opens; a seat that cannot
# draw already, after an earlier copy, draws none); then a ``can_draw`` effect lasting the
# game forbids the seat every draw: card effects and the draw phase.

RICHES_DRAW = 4


def _riches(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    drawn = draw(state, seat, RICHES_DRAW) if allowed(state, "can_draw", seat) else 0
    subject = seat
    effect = {"query": "can_draw", "subject": subject, "until": "game", "source": ctx["source"]}
    state.effects.append({**effect, "value": False})
    state.emit("lasting_effect", query="can_draw", subject=subject, until="game", value=False)
    if drawn:
        trigger(state, "cards_drawn", {"seat": seat, "count": drawn, "phase": state.phase})


register("kr_103", event(_riches, phases=("any",)))

# --- kr_109 Lashing Out --------------------------------------------------------------------
# "Challenges: During an [Intrigue] challenge, kneel 2 of your [Lannister] characters to kill
# all attacking characters. Limit 1 per challenge."  Every attacking character (any
# player's, may be saved).


register("kr_109", kill_the_attackers("intrigue", "Lannister"))

# --- kr_111 Secret Schemes -----------------------------------------------------------------
# "Challenges: Kneel X influence to reveal X cards from the top of your deck and add them to
# your hand, if able. Then, shuffle X cards from your hand into your deck."  One use per X
# from 1 to SCHEMES_MOST (X = 0 would do nothing); the top X cards (as many as there are)
# are revealed and added to the hand, then the player chooses X cards of the hand (all of
# it when it holds fewer) and they are shuffled into the deck.

SCHEMES_MOST = 8


def _schemes(amount: int) -> Ability:
    def effect(state: GameState, ctx: Ctx) -> None:
        seat = ctx["seat"]
        player = state.players[seat]
        top = list(player.deck[:amount])
        if top:
            moves.reveal(state, seat, top, "secret_schemes")
            del player.deck[: len(top)]
            player.hand.extend(top)
            state.emit("deck_top_to_hand", seat=seat, count=len(top))
        count = min(amount, len(player.hand))
        data = {"seat": seat, "source": ctx["source"]}
        ask_select(
            state, seat, "shuffle_into_deck", player.hand, "kr_111_shuffle",
            low=count, high=count, ctx=data, hidden=True,
        )  # fmt: skip

    return Ability(
        "action",
        effect,
        phases=("challenges",),
        zones=("hand",),
        costs=(Cost("influence", amount),),
        label=f"Secret Schemes: kneel {amount} influence to take the top {amount} "
        f"card{'s' if amount > 1 else ''} of your deck, then shuffle {amount} into it.",
    )


@handler("kr_111_shuffle")
def _schemes_shuffle(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    chosen = [r for r in selected if r in player.hand]
    for ref in chosen:
        player.hand.remove(ref)
        player.deck.append(ref)
    state.emit("hand_to_deck", seat=ctx["seat"], count=len(chosen))
    shuffle_zone(state, player.deck)


register("kr_111", *(_schemes(x) for x in range(1, SCHEMES_MOST + 1)))
