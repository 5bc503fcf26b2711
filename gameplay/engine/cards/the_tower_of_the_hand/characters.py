"""The Tower of the Hand (kl_41 to kl_60): the characters. Handler and effect names start
with ``toth_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    characters,
    crests,
    facts,
    handler,
    register,
    value,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    has_trait,
    kneel_card,
    stand_card,
    won,
    won_with,
)
from gameplay.engine.cards.vocabulary.zones import discard_top
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import gold_penalty, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import (
    cancel,
    has_shadow_crest,
    in_shadows,
    put_into_play,
    return_to_shadows,
)


def _noble(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "character" and "noble" in crests(state, ref)


# --- kl_41 Eddard Stark ------------------------------------------------------------------------
# "Renown. If you have a House Baratheon House card, reduce the gold penalty to play Eddard
# Stark by 1. Response: Cancel a triggered effect that chooses a Noble character as the only
# target. Then, draw a card. (Limit once per phase.)"  The reduction is his own text in hand
# (``own_cost``): 1 gold off while a gold penalty is still due after other effects. The
# cancel answers the engine's ``ability`` window: an ability used with exactly one chosen
# target, a Noble character (anyone's).


def _eddard_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    if state.players[seat].house != "Baratheon":
        return cost
    penalty = gold_penalty("Baratheon", facts(state, card))
    if penalty:
        penalty = value(state, "gold_penalty", (seat, card), penalty)
    return cost - 1 if penalty > 0 else cost


def _eddard_may(state: GameState, ctx: Ctx) -> bool:
    chosen = cancels.targets(state)
    return (
        cancels.can_be_cancelled(state)
        and len(chosen) == 1
        and chosen[0] in state.cards
        and _noble(state, chosen[0])
    )


def _eddard(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "kl_41",
    Ability("cancel", _eddard, trigger="ability", condition=_eddard_may, limit=(1, "phase")),
    passives={"own_cost": _eddard_cost},
)

# --- kl_43 Tywin Lannister ---------------------------------------------------------------------
# "Renown. Response: After you win a challenge in which Tywin Lannister participated, choose a
# card with the Shadow crest that is currently in play. That card returns to Shadows."  Any
# player's card (to its owner's Shadows, cannot be saved; it may not come out this round).


def _shadow_cards_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if has_shadow_crest(state, r)]


def _to_shadows(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        return_to_shadows(state, ctx["target"])


register(
    "kl_43",
    Ability(
        "response",
        _to_shadows,
        trigger="challenge_won",
        condition=won_with("self"),
        targets=_shadow_cards_in_play,
    ),
)

# --- kl_44 Ser Jaime Lannister -----------------------------------------------------------------
# "Deadly. Response: After you win a challenge in which Ser Jaime Lannister participated,
# choose and kneel a non-Army character."  Any standing non-Army character in play.


def _standing_non_army(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not state.in_play[r].knelt and not has_trait(state, r, "Army")
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "kl_44",
    Ability(
        "response",
        _kneel_target,
        trigger="challenge_won",
        condition=won_with("self"),
        targets=_standing_non_army,
    ),
)

# --- kl_46 Robert Baratheon --------------------------------------------------------------------
# "Renown. Any phase: Stand Robert Baratheon. Use this ability only if there are no cards in
# Shadows. Limit 3 times per phase." (the limit is errata)  No card in any player's Shadows;
# usable only while he kneels.


def _robert_may(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].knelt and in_shadows(state) == 0


register(
    "kl_46",
    Ability(
        "action",
        lambda state, ctx: stand_card(state, ctx["source"]),
        condition=_robert_may,
        limit=(3, "phase"),
    ),
)

# --- kl_47 Royal Entourage ---------------------------------------------------------------------
# "House Baratheon only. Response: After you play a Lord or Lady character from your hand, put
# Royal Entourage into play from your hand or discard pile."  "Play" is marshalling (the
# ``played`` trigger); a character marshalled from a discard pile "as if from the hand" does
# not count (its ``played_from_pile`` is logged after its ``marshalled``).


def _from_pile(state: GameState, ref: str) -> bool:
    for entry in reversed(state.log):
        if entry.get("card") != ref:
            continue
        if entry["event"] == "played_from_pile":
            return True
        if entry["event"] == "marshalled":
            return False
    return False


def _entourage_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and event.get("type") == "character"
        and card is not None
        and card in state.in_play
        and (has_trait(state, card, "Lord") or has_trait(state, card, "Lady"))
        and not _from_pile(state, card)
    )


def _entourage(state: GameState, ctx: Ctx) -> None:
    source, player = ctx["source"], state.players[ctx["seat"]]
    if source in player.hand or source in player.discard:
        put_into_play(state, ctx["seat"], source)


register(
    "kl_47",
    Ability(
        "response",
        _entourage,
        trigger="played",
        zones=("hand", "discard"),
        condition=_entourage_may,
    ),
)

# --- kl_50 Seaside Urchin, kl_51 Harbor Thug ---------------------------------------------------
# "Response: After you win an Intrigue [Military] challenge in which X participated, discard the
# top card of the losing opponent's deck. If that card is an attachment or an event card [a
# character], X claims 1 power."  The power comes from the pool onto X, if still in play.


def _mill(ctype: str, kinds: tuple[str, ...]) -> tuple[Any, Any]:
    base, with_self = won(ctype), won_with("self")

    def condition(state: GameState, ctx: Ctx) -> bool:
        loser = ctx["event"].get("loser")
        return (
            base(state, ctx)
            and with_self(state, ctx)
            and loser is not None
            and bool(state.players[loser].deck)
        )

    def effect_fn(state: GameState, ctx: Ctx) -> None:
        loser = ctx["event"]["loser"]
        found = discard_top(state, loser, 1, "ability")
        if any(facts(state, r).type in kinds for r in found) and ctx["source"] in state.in_play:
            moves.card_power(state, ctx["source"], 1, "ability")

    return condition, effect_fn


for _code, _ctype, _kinds in (
    ("kl_50", "intrigue", ("attachment", "event")),
    ("kl_51", "military", ("character",)),
):
    _cond, _fn = _mill(_ctype, _kinds)
    register(_code, Ability("response", _fn, trigger="challenge_won", condition=_cond))

# --- kl_53 Merchant Spy ------------------------------------------------------------------------
# "Challenges: Kneel Merchant Spy and move 1 gold from your gold pool to an opponent's gold pool
# to look at that player's hand. Then, you may give that opponent an additional 1 gold to
# choose and discard an attachment card from his or her hand."  The opponent is chosen as the
# ability resolves (joust: the only one); the 1 gold moves then (the engine's gold costs go to
# the treasury), so the ability needs 1 gold in the pool. The hand is shown to the Spy's
# controller only; choosing an attachment there (with 1 more gold) discards it.


def _spy_may(state: GameState, ctx: Ctx) -> bool:
    return state.players[ctx["seat"]].gold >= 1


def _spy(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "toth_spy_look")


@handler("toth_spy_look")
def _spy_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    if moves.give_gold(state, seat, other, 1) < 1:
        return
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(hand))
    found = [r for r in hand if facts(state, r).type == "attachment"]
    if state.players[seat].gold < 1:
        found = []
    data = {"seat": seat, "source": ctx["source"], "other": other, "shown": hand}
    ask_select(
        state, seat, "discard_from_hand", found, "toth_spy_discard", high=1, ctx=data, hidden=True
    )


@handler("toth_spy_discard")
def _spy_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], ctx["other"]
    chosen = [r for r in selected if r in state.players[other].hand]
    if chosen and moves.give_gold(state, seat, other, 1) == 1:
        moves.discard_from_hand(state, other, chosen)


register(
    "kl_53",
    Ability(
        "action",
        _spy,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_spy_may,
    ),
)

# --- kl_55 Dornish Paramour --------------------------------------------------------------------
# "Response: After you win a challenge in which Dornish Paramour participated, discard it from
# play to draw 2 cards."  Discarding it is the cost (cannot be saved).


def _draw_two(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


register(
    "kl_55",
    Ability(
        "response",
        _draw_two,
        trigger="challenge_won",
        condition=won_with("self"),
        costs=(DISCARD_SELF,),
    ),
)

# --- kl_57 Jon Arryn ---------------------------------------------------------------------------
# "Renown. Jon Arryn cannot be saved. Response: After Jon Arryn is killed, put a Noble character
# into play from your hand or discard pile."  Used from the dead pile by his owner; the Noble
# character (printed or current crest, uniqueness respected) is chosen as the effect resolves,
# in a hidden prompt (the hand is the owner's secret), so the response is offered even when
# none is there.


def _not_savable(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _jon_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _jon(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    found = [
        r
        for r in player.hand + player.discard
        if _noble(state, r) and unique_problem(state, seat, facts(state, r)) is None
    ]
    data = {"seat": seat, "source": ctx["source"], "shown": list(player.hand)}
    ask_select(state, seat, "put_into_play", found, "toth_jon", high=1, ctx=data, hidden=True)


@handler("toth_jon")
def _jon_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.hand or ref in player.discard:
            put_into_play(state, ctx["seat"], ref)


register(
    "kl_57",
    Ability("response", _jon, trigger="killed", zones=("dead",), condition=_jon_killed),
    passives={"can_be_saved": _not_savable},
)

# --- kl_58 Ser Preston Greenfield --------------------------------------------------------------
# "No attachments except Weapon. Response: After you win a challenge in which Ser Preston
# Greenfield participated as the defender, he claims 1 power."


def _preston_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        won(role="defender")(state, ctx)
        and ctx["source"] in event.get("defenders", ())
        and ctx["source"] in state.in_play
    )


register(
    "kl_58",
    Ability(
        "response",
        lambda state, ctx: moves.card_power(state, ctx["source"], 1, "ability"),
        trigger="challenge_won",
        condition=_preston_may,
    ),
)
