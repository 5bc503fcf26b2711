"""Kings of the Sea events, registered by card code: abilities with ``zones=("hand",)``.

"Kneel N influence or kneel a X character to ..." (Confession, Assertion of Might) is two
abilities of the card, one per cost, so that the player picks the cost as the event is
played; their "Limit 1 per ..." is shared (:func:`_shared_limit`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.kings_of_the_sea.common import character_with, has_crest, of_house
from gameplay.engine.cards.vocabulary import has_trait, in_play_of, stand_card, won_unopposed
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import attach_played_event, bearer_strength, cancel, limit_key, own_traits


def _event(effect_fn: Callable[[GameState, Ctx], None], **options: Any) -> Ability:
    return Ability("action", effect_fn, zones=("hand",), **options)


def _response(effect_fn: Callable[[GameState, Ctx], None], trigger: str, **options: Any) -> Ability:
    return Ability("response", effect_fn, trigger=trigger, zones=("hand",), **options)


def _shared_limit(
    condition: Callable[[GameState, Ctx], bool],
) -> Callable[[GameState, Ctx], bool]:
    """``condition``, and no other ability of the card was used within its limit (the
    limit of a card's text, whichever cost was chosen)."""

    def check(state: GameState, ctx: Ctx) -> bool:
        script = SCRIPTS[state.cards[ctx["source"]].code]
        for index, ability in enumerate(script.abilities):
            if index == ctx["index"] or ability.limit is None:
                continue
            key = limit_key(state, ability, {**ctx, "index": index})
            if key is not None and state.used.count(key) >= ability.limit[0]:
                return False
        return condition(state, ctx)

    return check


# --- kotse_18 Kingsmoot -------------------------------------------------------------------
# "Response: After you win dominance, kneel 2 standing Ironborn characters to choose and
# stand a House Greyjoy Lord or Lady character. Then, that character claims 2 power and you
# draw 2 cards." Your Ironborn characters; any House Greyjoy Lord or Lady.


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _greyjoy_lords(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "character")
        if of_house(state, r) and (has_trait(state, r, "Lord") or has_trait(state, r, "Lady"))
    ]


def _kingsmoot(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        stand_card(state, ref)
        moves.card_power(state, ref, 2, "kingsmoot")
    moves.effect_draw(state, ctx["seat"], 2)


_IRONBORN = character_with(trait="Ironborn")

register(
    "kotse_18",
    _response(
        _kingsmoot,
        "dominance_won",
        costs=(Cost("kneel", 2, _IRONBORN, "Ironborn character"),),
        targets=_greyjoy_lords,
        condition=_won_dominance,
    ),
)


# --- kotse_19 Seasick ---------------------------------------------------------------------
# "House Greyjoy only. Response: Cancel a triggered effect unless its controller kneels 1
# influence." A cancel of an ability used (action, response, event: the engine's
# ``ability`` window); its controller is asked whether to kneel 1 influence when it can.


def _seasick_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("source") not in (None, ctx["source"])


def _seasick(state: GameState, ctx: Ctx) -> None:
    other = ctx["event"].get("seat")
    if other is None or total_influence(state, other) < 1:
        cancel(state)
        return
    data = {"seat": other, "source": ctx["source"]}
    ask_choose(state, other, "seasick", ["kneel", "cancelled"], "kotse_seasick", ctx=data)


@handler("kotse_seasick")
def _seasick_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "kneel":
        ask_influence(state, ctx["seat"], 1, {**ctx, "then": "kotse_seasick_paid"})
    else:
        cancel(state)


@handler("kotse_seasick_paid")
def _seasick_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    state.emit("not_cancelled", seat=ctx["seat"], card=ctx["source"])


register(
    "kotse_19",
    Ability("cancel", _seasick, trigger="ability", zones=("hand",), condition=_seasick_may),
)


# --- kotse_38 The Price of War ------------------------------------------------------------
# "Response: After you win a Military challenge in which you control at least 1 attacking
# War character, choose and discard from play up to 2 non-limited locations controlled by
# the losing opponent. (Limit 1 per round.)"


def _loser_locations(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    return [r for r in in_play_of(state, "location", loser) if not facts(state, r).limited]


def _price_may(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("winner") != seat or event.get("type") != "military":
        return False
    war = [
        r
        for r in event.get("attackers", ())
        if r in state.in_play and controller(state, r) == seat and has_crest(state, r, "war")
    ]
    return bool(war) and bool(_loser_locations(state, ctx))


def _price_of_war(state: GameState, ctx: Ctx) -> None:
    found = _loser_locations(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "discard", found, "kotse_price_discard", high=2, ctx=data)


@handler("kotse_price_discard")
def _price_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard(state, [r for r in selected if r in state.in_play])


register(
    "kotse_38",
    _response(_price_of_war, "challenge_won", condition=_price_may, limit=(1, "round")),
)


# --- kotse_39 Confession ------------------------------------------------------------------
# "Any Phase: Kneel 3 influence or kneel a Holy character to look at an opponent's hand.
# Then, discard 1 non-limited card from that hand." The player chooses the card (only the
# player sees the hand, ``shown``); the opponent is chosen as the event resolves.


def _opponents_with_hands(state: GameState, seat: int) -> list[int]:
    return [s for s in state.opponents(seat) if state.players[s].hand]


def _confession_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_opponents_with_hands(state, ctx["seat"]))


def _confession(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in _opponents_with_hands(state, ctx["seat"])]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _confession_look(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "kotse_confession", ctx=data)


@handler("kotse_confession")
def _confession_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = int(ctx["choice"])
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=ctx["seat"], other=other, count=len(hand))
    found = [r for r in hand if not facts(state, r).limited]
    data = {"seat": ctx["seat"], "source": ctx["source"], "other": other, "shown": hand}
    ask_select(
        state,
        ctx["seat"],
        "discard_from_hand",
        found,
        "kotse_confession_discard",
        low=min(1, len(found)),
        high=1,
        ctx=data,
    )


@handler("kotse_confession_discard")
def _confession_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["other"], selected)


_HOLY = character_with(crest="holy")

register(
    "kotse_39",
    _event(_confession, costs=(Cost("influence", 3),), condition=_confession_may),
    _event(
        _confession, costs=(Cost("kneel", 1, _HOLY, "Holy character"),), condition=_confession_may
    ),
)


# --- kotse_41 Assertion of Might ----------------------------------------------------------
# "House Greyjoy only. Response: After you win an unopposed challenge, kneel 4 influence or
# kneel a War character to claim 3 power for your House. (Limit 1 per phase.)"


def _assertion(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 3, "assertion_of_might")


_WAR = character_with(crest="war")
_ASSERTION_MAY = _shared_limit(won_unopposed)

register(
    "kotse_41",
    _response(
        _assertion,
        "challenge_won",
        costs=(Cost("influence", 4),),
        condition=_ASSERTION_MAY,
        limit=(1, "phase"),
    ),
    _response(
        _assertion,
        "challenge_won",
        costs=(Cost("kneel", 1, _WAR, "War character"),),
        condition=_ASSERTION_MAY,
        limit=(1, "phase"),
    ),
)


# --- kotse_20 Risen from the Sea ---------------------------------------------------------------
# "Response: Save a House Greyjoy character from being killed. Then attach this card to the
# saved character (counts as a Condition attachment with the text 'Attached character gets +1
# STR.')" The card goes from the discard pile onto the saved character
# (uses.attach_played_event).


def _risen_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and facts(state, r).type == "character"
        and of_house(state, r)
        and not moves.saved(state, r)
    ]


def _risen(state: GameState, ctx: Ctx) -> None:
    moves.save_target(state, ctx)
    attach_played_event(state, ctx["seat"], ctx["source"], ctx["target"])


register(
    "kotse_20",
    Ability("save", _risen, trigger="would_be_killed", zones=("hand",), targets=_risen_targets),
    passives={"strength": bearer_strength(1), "traits": own_traits("Condition")},
)


# --- kotse_17 Assault of the Kraken ------------------------------------------------------------
# "House Greyjoy only. Response: After you win an unopposed challenge, you may initiate an
# additional challenge of the same type this phase (this additional challenge must be the next
# challenge you initiate). If that additional challenge is opposed, neither player wins the
# challenge." (challenges.next_challenge: until it is initiated, no other type may be.)


def _assault_may(state: GameState, ctx: Ctx) -> bool:
    return won_unopposed(state, ctx) and ctx["event"].get("attacker") == ctx["seat"]


def _assault(state: GameState, ctx: Ctx) -> None:
    seat, ctype = ctx["seat"], ctx["event"]["type"]
    add_lasting(state, "challenges_allowed", f"{seat}:{ctype}", "phase", ctx["source"], amount=1)
    state.effects.append(
        {
            "query": "next_challenge",
            "subject": seat,
            "until": "phase",
            "source": ctx["source"],
            "type": ctype,
            "no_winner_if_opposed": True,
        }
    )


register(
    "kotse_17",
    Ability("response", _assault, trigger="challenge_won", zones=("hand",), condition=_assault_may),
)
