"""Forging the Chain: locations, attachments, events and the plot (soo_23, soo_26, soo_28,
soo_30, soo_32, soo_34, soo_37 - soo_40)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    BLANKING_HOST_TYPES,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    is_character,
    register,
    season,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    GAME_LISTENERS,
    STR_REDUCED,
    choosable,
    event,
    has_trait,
    move_attachment,
    pile_to_hand,
    response,
)
from gameplay.engine.leaving import leave_play
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import (
    discard_from_shadows,
    in_shadows,
    put_into_play,
)

# --- soo_23 Freezing Rain ----------------------------------------------------------------
# "Attach to a location. Treat attached location as if its printed text box was blank.
# Any Phase: Kneel 1 influence to move Freezing Rain to another location."  Any player's
# location (the blanking is the engine's ``blanks_attached``, limited to locations). The move
# goes to another location in play that could take it.


def _other_locations(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    host = attached_to(state, source)
    card = facts(state, source)
    return [r for r in attachment_targets(state, card, ctx["seat"]) if r != host]


def _move_rain(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play and ctx["target"] in state.in_play:
        move_attachment(state, ctx["source"], ctx["target"])


_rain = register(
    "soo_23",
    Ability("action", _move_rain, costs=(Cost("influence", 1),), targets=_other_locations),
    blanks_attached=True,
)
_rain.attach_types = ("location",)
BLANKING_HOST_TYPES["soo_23"] = ("location",)


# --- soo_26 The Inn of the Kneeling Man --------------------------------------------------
# "Response: After a character with STR 2 or lower is knelt, kneel The Inn of the Kneeling
# Man to stand that character. Use this effect only if it is Summer or Winter. (Limit once
# per phase.)"  Any player's character, knelt any way (the ``knelt`` trigger), with STR 2
# or lower as the response is used.


def _inn_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_character(state, r)
        and state.in_play[r].knelt
        and strength(state, r) <= 2
    ]


def _inn_season(state: GameState, ctx: Ctx) -> bool:
    return season(state) in ("summer", "winter")


def _inn(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.stand(state, ctx["target"])


register(
    "soo_26",
    Ability(
        "response",
        _inn,
        trigger="knelt",
        costs=(KNEEL_SELF,),
        targets=_inn_targets,
        condition=_inn_season,
        limit=(1, "phase"),
    ),
)


# --- soo_28 Cleansing Light --------------------------------------------------------------
# "Asshai character only. Attached character gets +1 STR for each card in Shadows.
# Challenges: Discard a card from your Shadows area to give attached character deadly until
# the end of the phase."  Every player's Shadows count. The discarded card is chosen by its
# owner as the ability resolves (the engine has no cost for it; RULINGS).


def _asshai(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Asshai")


def _light_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + in_shadows(state) if subject == attached_to(state, source) else base


def _light_may(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].shadows) and attached_to(state, ctx["source"]) in (
        state.in_play
    )


def _light(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = list(state.players[seat].shadows)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "discard_shadow", found, "ftc_light", low=1, high=1, ctx=data)


@handler("ftc_light")
def _light_discarded(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    picked = [r for r in selected if r in state.players[ctx["seat"]].shadows]
    if not picked:
        return
    discard_from_shadows(state, picked[0])
    host = attached_to(state, ctx["source"]) if ctx["source"] in state.in_play else None
    if host is not None:
        add_lasting(state, "keywords", host, "phase", ctx["source"], add=["deadly"])


register(
    "soo_28",
    Ability("action", _light, phases=("challenges",), condition=_light_may),
    passives={"strength": _light_strength},
    attach_rule=_asshai,
)


# --- soo_30 Burned and Pillaged ----------------------------------------------------------
# "Limited. Attach to a location. Attached location gains: [-1 Initiative] [-1 Income]"
# Any player's location; the bonuses count for the location's controller (not for the
# attachment's, whose printed values the fixture carries: they are cancelled here).


def _pillaged_income(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject == source:
        return 0
    return base - 1 if subject == attached_to(state, source) else base


def _pillaged_initiative(state: GameState, source: str, subject: Any, base: int) -> int:
    host = attached_to(state, source)
    if host is None:
        return base
    if subject == controller(state, source):
        base += 1  # the attachment's own printed -1
    if subject == controller(state, host):
        base -= 1
    return base


_pillaged = register(
    "soo_30", passives={"income_bonus": _pillaged_income, "initiative": _pillaged_initiative}
)
_pillaged.attach_types = ("location",)


# --- soo_34 Ghaston Grey -----------------------------------------------------------------
# "Challenges: Return a Martell [Noble] character you own and control to your hand to choose
# an opponent's character of equal or lower printed cost. Return that character to its
# owner's hand."  The returned character is chosen first (a cost: cannot be saved), then an
# opponent's character of printed cost no higher than its printed cost.


def _martell_nobles(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if is_character(state, r)
        and state.cards[r].owner == seat
        and "Martell" in facts(state, r).houses
        and "noble" in {c.lower() for c in facts(state, r).crests}
    ]


def _printed_cost(state: GameState, ref: str) -> int:
    return facts(state, ref).cost or 0


def _their_characters(state: GameState, seat: int, source: str, cost: int) -> list[str]:
    return [
        r
        for o in state.opponents(seat)
        for r in state.players[o].in_play
        if is_character(state, r)
        and _printed_cost(state, r) <= cost
        and choosable(state, r, source, seat)
    ]


def _ghaston_payable(state: GameState, seat: int, source: str) -> list[str]:
    return [
        r
        for r in _martell_nobles(state, seat)
        if _their_characters(state, seat, source, _printed_cost(state, r))
    ]


def _ghaston_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_ghaston_payable(state, ctx["seat"], ctx["source"]))


def _ghaston(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _ghaston_payable(state, seat, ctx["source"])
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "return_cost", found, "ftc_ghaston_cost", low=1, high=1, ctx=data)


@handler("ftc_ghaston_cost")
def _ghaston_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    picked = [r for r in selected if r in state.in_play]
    if not picked:
        return
    cost = _printed_cost(state, picked[0])
    leave_play(state, picked[0], "hand")
    found = _their_characters(state, seat, ctx["source"], cost)
    ask_select(state, seat, "return", found, "ftc_ghaston", low=1, high=1, ctx=dict(ctx))


@handler("ftc_ghaston")
def _ghaston_returns(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    picked = [r for r in selected if r in state.in_play]
    if picked:
        moves.return_to_hand(state, picked)


register("soo_34", Ability("action", _ghaston, phases=("challenges",), condition=_ghaston_may))


# --- soo_37 Called by the Citadel --------------------------------------------------------
# "Any Phase: Return a Maester character you control and all Chain attachments on that
# character to their owner's hand. Then, draw 1 card."


def _my_maesters(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].in_play
        if is_character(state, r) and has_trait(state, r, "Maester")
    ]


def _called(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        chains = [a for a in attachments(state, target) if has_trait(state, a, "Chain")]
        moves.return_to_hand(state, [*chains, target])
    moves.effect_draw(state, ctx["seat"], 1)


register("soo_37", event(_called, targets=_my_maesters))


# --- soo_38 Pale Steel Link / soo_39 Bronze Link -----------------------------------------
# "Setup. Maester character only. Response: After attached character kneels, ... (Limit
# once per phase.)"  The ``knelt`` trigger, any way the character kneels.
# Pale Steel Link: "put a character or attachment card of printed cost 1 or lower into play
# from your hand": an attachment goes on a card its controller may attach it to.
# Bronze Link: "return the topmost attachment card from your discard pile to your hand".


def _maester(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Maester")


def _host_knelt(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ())


def _cheap_cards(state: GameState, seat: int) -> list[str]:
    found = []
    for r in state.players[seat].hand:
        card = facts(state, r)
        if (card.cost or 0) > 1 or unique_problem(state, seat, card) is not None:
            continue
        if card.type == "character" or (
            card.type == "attachment" and attachment_targets(state, card, seat)
        ):
            found.append(r)
    return found


def _pale_may(state: GameState, ctx: Ctx) -> bool:
    return _host_knelt(state, ctx) and bool(_cheap_cards(state, ctx["seat"]))


def _pale(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    found = _cheap_cards(state, seat)
    ask_select(state, seat, "put_into_play", found, "ftc_pale", low=1, high=1, ctx=data)


@handler("ftc_pale")
def _pale_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    picked = [r for r in selected if r in state.players[seat].hand]
    if not picked:
        return
    ref = picked[0]
    card = facts(state, ref)
    if card.type != "attachment":
        put_into_play(state, seat, ref)
        return
    hosts = attachment_targets(state, card, seat)
    data = {**ctx, "card": ref}
    ask_select(state, seat, "attach_to", hosts, "ftc_pale_host", low=1, high=1, ctx=data)


@handler("ftc_pale_host")
def _pale_host(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    if selected and selected[0] in state.in_play and ref in state.players[seat].hand:
        put_into_play(state, seat, ref, selected[0])


register(
    "soo_38",
    Ability("response", _pale, trigger="knelt", condition=_pale_may, limit=(1, "phase")),
    attach_rule=_maester,
)


def _top_attachment(state: GameState, seat: int) -> str | None:
    for ref in reversed(state.players[seat].discard):
        if facts(state, ref).type == "attachment":
            return ref
    return None


def _bronze_may(state: GameState, ctx: Ctx) -> bool:
    return _host_knelt(state, ctx) and _top_attachment(state, ctx["seat"]) is not None


def _bronze(state: GameState, ctx: Ctx) -> None:
    ref = _top_attachment(state, ctx["seat"])
    if ref is not None:
        pile_to_hand(state, ctx["seat"], ref, "discard")


register(
    "soo_39",
    Ability("response", _bronze, trigger="knelt", condition=_bronze_may, limit=(1, "phase")),
    attach_rule=_maester,
)


# --- soo_32 Pyrophobia -------------------------------------------------------------------
# "House Targaryen only. Response: After a character's STR is reduced to 2 or lower by a card
# effect, return that character and all attachments on it to their owner's hand."  The
# ``strength_reduced`` trigger (a lasting STR reduction or an attachment's), any player's
# character whose STR is 2 or lower once reduced; its attachments go to their owners' hands
# with it (not to the discard pile). The card opens the trigger wherever it is in the game
# (vocabulary.strength.GAME_LISTENERS).


def _pyro_reduced(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card in state.in_play and is_character(state, card) and strength(state, card) <= 2


def _pyrophobia(state: GameState, ctx: Ctx) -> None:
    card = ctx["event"].get("card")
    if card in state.in_play:
        moves.return_to_hand(state, [*attachments(state, card), card])


GAME_LISTENERS.add("soo_32")
register("soo_32", response(_pyrophobia, STR_REDUCED, condition=_pyro_reduced))


# --- soo_40 Forging the Chain ------------------------------------------------------------
# "After you play a Chain attachment from your hand or put one into play from your Agenda,
# you may put another Chain attachment into play from your hand or discard pile."  While it
# is your revealed plot: a forced ``played`` (an attachment marshalled from the hand, or as
# if from it) or ``entered_play`` with ``from: "agenda"`` (The Maester's Path) of yours
# with the Chain trait; you may choose (a hidden prompt: the hand is secret) another Chain
# attachment of your hand or discard pile that has a legal host, then its host. A Chain put
# into play this way is not "played": it does not trigger the plot again.


def _chain_in(state: GameState, ctx: Ctx) -> bool:
    event, plot = ctx["event"], ctx["source"]
    card = event.get("card")
    seat = controller(state, plot)
    return (
        event.get("seat") == seat
        and card in state.in_play
        and facts(state, card).type == "attachment"
        and has_trait(state, card, "Chain")
    )


def _other_chains(state: GameState, seat: int, played: str) -> list[str]:
    player = state.players[seat]
    return [
        r
        for r in (*player.hand, *player.discard)
        if r != played
        and facts(state, r).type == "attachment"
        and "Chain" in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
        and attachment_targets(state, facts(state, r), seat)
    ]


def _forge(state: GameState, ctx: Ctx) -> None:
    seat = controller(state, ctx["source"])
    played = ctx["event"]["card"]
    found = _other_chains(state, seat, played)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "forge_chain", found, "ftc_forge", high=1, ctx=data, hidden=True)


def _forge_played(state: GameState, ctx: Ctx) -> None:
    if _chain_in(state, ctx):
        _forge(state, ctx)


def _forge_from_agenda(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("from") == "agenda" and _chain_in(state, ctx):
        _forge(state, ctx)


@handler("ftc_forge")
def _forge_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    picked = [r for r in selected if r in player.hand or r in player.discard]
    if not picked:
        return
    hosts = attachment_targets(state, facts(state, picked[0]), seat)
    data = {**ctx, "card": picked[0]}
    ask_select(state, seat, "attach_to", hosts, "ftc_forge_host", low=1, high=1, ctx=data)


@handler("ftc_forge_host")
def _forge_host(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    player = state.players[seat]
    if selected and selected[0] in state.in_play and (ref in player.hand or ref in player.discard):
        put_into_play(state, seat, ref, selected[0])


register("soo_40", forced={"played": _forge_played, "entered_play": _forge_from_agenda})
