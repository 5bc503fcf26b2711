"""A Time of Trials (kl_21 to kl_40): the locations, the attachment and the events, most of
them about Shadows (uses.py, "Shadows").

A Shadow event comes out of Shadows face up into its owner's discard pile (uses.py); its
"Response: After X comes out of Shadows" is used from there (ability zone ``discard``)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attachments,
    facts,
    gold_available,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    in_play_of,
    of_house,
    on_bearer,
    pile_to_hand,
    response,
    summer,
    winter,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import (
    add_shadow_reduction,
    has_shadow_crest,
    in_shadows,
    put_into_play,
    return_to_shadows,
)


def _came_out_itself(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


# --- kl_23 Storm Dancer -------------------------------------------------------------------
# "Response: After you win a challenge as the defender, kneel Storm Dancer to draw a card.
# (If it is Winter and you have at least 1 card in Shadows, draw 3 cards instead.)"


def _defender_won(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    return event.get("winner") == seat and event.get("defender") == seat


def _storm_dancer(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moves.effect_draw(state, seat, 3 if winter(state) and in_shadows(state, seat) else 1)


register(
    "kl_23",
    Ability(
        "response",
        _storm_dancer,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_defender_won,
    ),
)

# --- kl_26 A Fistful of Coppers -----------------------------------------------------------
# "Response: After A Fistful of Coppers comes out of Shadows, move 2 gold from the treasury
# to your gold pool."


def _coppers(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 2, "ability")


register(
    "kl_26",
    Ability(
        "response",
        _coppers,
        trigger="came_out_of_shadows",
        zones=("discard",),
        condition=_came_out_itself,
    ),
)

# --- kl_27 Sweet Cersei -------------------------------------------------------------------
# "Any Phase: Pay 1 gold to choose a House Lannister character. Until the end of the phase,
# that character gets +1 STR."  Any player's House Lannister character; no limit.


def _lannister(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if of_house(state, r, "Lannister")]


def _plus_one(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=1)


register("kl_27", Ability("action", _plus_one, costs=(Cost("gold", 1),), targets=_lannister))

# --- kl_29 Abandoned Forge ----------------------------------------------------------------
# "Response: After Abandoned Forge comes out of Shadows, pay X gold to search your deck for
# X Weapon attachments, and attach them to Abandoned Forge. Any Phase: Kneel Abandoned Forge
# to move a Weapon attachment from Abandoned Forge to your hand."  X (1 or more, up to the
# gold available) is chosen as the response resolves and paid before the search; up to X
# Weapon attachments are found (a search may come up short) and put into play on the Forge.


def _forge_condition(state: GameState, ctx: Ctx) -> bool:
    return _came_out_itself(state, ctx) and gold_available(state, ctx["seat"]) >= 1


def _forge(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    options = [str(x) for x in range(1, gold_available(state, seat) + 1)]
    if options and source in state.in_play:
        data = {"seat": seat, "source": source}
        ask_choose(state, seat, "pay_x", options, "kl29_paid", ctx=data)


def _weapon_attachment(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "attachment" and "Weapon" in card.traits


@handler("kl29_paid")
def _forge_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, amount = ctx["seat"], int(ctx["choice"])
    moves.spend_gold(state, seat, amount, "ability")
    data = {"source": ctx["source"]}
    moves.search_deck(
        state, seat, lambda r: _weapon_attachment(state, r), "kl29_found", ctx=data, count=amount
    )


@handler("kl29_found")
def _forge_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, forge = ctx["seat"], ctx["source"]
    if forge not in state.in_play or not selected:
        return
    moves.reveal(state, seat, list(selected), "search")
    for ref in selected:
        put_into_play(state, seat, ref, forge)


def _forge_weapons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in attachments(state, ctx["source"]) if has_trait(state, r, "Weapon")]


def _forge_to_hand(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.return_to_hand(state, [ctx["target"]])


register(
    "kl_29",
    Ability("response", _forge, trigger="came_out_of_shadows", condition=_forge_condition),
    Ability("action", _forge_to_hand, costs=(KNEEL_SELF,), targets=_forge_weapons),
)

# --- kl_33 Tears of Lys -------------------------------------------------------------------
# "Attached character gains an Intrigue icon and Deadly. Response: After an opponent's
# character is killed during an Intrigue challenge, discard Tears of Lys to draw a card."
# An opponent of the Tears' controller controlled the character as it was killed.


def _opponent_killed_in_intrigue(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or challenge.get("type") != "intrigue":
        return False
    opponents = state.opponents(ctx["seat"])
    controllers: dict[Any, Any] = ctx["event"].get("controllers") or {}
    return any(
        facts(state, r).type == "character"
        and controllers.get(r, state.cards[r].owner) in opponents
        for r in ctx["event"].get("cards") or ()
        if r in state.cards
    )


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "kl_33",
    Ability(
        "response",
        _draw_one,
        trigger="killed",
        costs=(DISCARD_SELF,),
        condition=_opponent_killed_in_intrigue,
    ),
    passives={
        "icons": on_bearer(lambda base: base | {"intrigue"}),
        "keywords": on_bearer(lambda base: base | {"deadly"}),
    },
)

# --- kl_34 The Shadow of the East ---------------------------------------------------------
# "Response: After The Shadow of the East comes out of Shadows, choose and discard 1
# attachment from play. Then, if it is Summer, return The Shadow of the East to its owner's
# hand."  Any attachment (saves may answer); Summer as the discard has been made.


def _attachments_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return in_play_of(state, "attachment")


def _shadow_of_the_east(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])
    source = ctx["source"]
    if summer(state):
        pile_to_hand(state, state.cards[source].owner, source, "discard")


register(
    "kl_34",
    Ability(
        "response",
        _shadow_of_the_east,
        trigger="came_out_of_shadows",
        zones=("discard",),
        condition=_came_out_itself,
        targets=_attachments_in_play,
    ),
)

# --- kl_38 Condemned by the Council -------------------------------------------------------
# "Response: After you win an Intrigue challenge, choose a location controlled by the losing
# opponent. If that location has the Shadow crest, return it to Shadows. Otherwise, discard
# it from play."  Returned to its owner's Shadows (cannot be saved); a discard may be saved.


def _won_intrigue(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "intrigue" and event.get("winner") == ctx["seat"]


def _losers_locations(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    return [] if loser is None else in_play_of(state, "location", loser)


def _condemned(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    if has_shadow_crest(state, target):
        return_to_shadows(state, target)
    else:
        moves.discard(state, [target])


register(
    "kl_38",
    response(_condemned, "challenge_won", condition=_won_intrigue, targets=_losers_locations),
)

# --- kl_39 Twilight Market ----------------------------------------------------------------
# "Limited. Marshalling: Kneel Twilight Market to reduce the cost of the next card you play
# from your hand into Shadows this phase by 1."  The 2 gold of ``marshal:shadow``
# (uses.add_shadow_reduction, used up by the next card marshalled into Shadows).


def _twilight(state: GameState, ctx: Ctx) -> None:
    add_shadow_reduction(state, ctx["seat"], 1, ctx["source"])


register(
    "kl_39",
    Ability("action", _twilight, phases=("marshalling",), costs=(KNEEL_SELF,)),
)
