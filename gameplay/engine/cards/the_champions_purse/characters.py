"""The Champion's Purse characters (cad_21 to cad_39): Prized, the prized-character bonuses
and the characters' abilities."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    has_trait,
    is_prized,
    kneel_card,
    lost,
    of_house,
    pile_to_hand,
    prized_card,
    won_unopposed,
    won_with,
)
from gameplay.engine.influence import house_mark
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import put_into_play

# The prized cards of the pack (characters, the location, the attachment, the plot;
# Counterplot, an event, in cards.py).
for _code in (
    "cad_24", "cad_29", "cad_30", "cad_31", "cad_34", "cad_35", "cad_36", "cad_38",
    "cad_39", "cad_40",
):  # fmt: skip
    prized_card(_code)

# --- cad_21 Knight of the Songs ------------------------------------------------------------
# "Joust. Knight of the Songs gets +1 STR for each prized character you control."


def _songs(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    return base + sum(1 for r in characters_of(state, seat) if is_prized(state, r))


register("cad_21", passives={"strength": _songs})


# --- cad_22 Rider from Storm's End, cad_27 Frey Emissary -----------------------------------
# "If you control a [Stark] character, X gets +1 STR. If you control a [Lannister]
# ([Baratheon]) character, X gains stealth (renown)."


def _controls(state: GameState, source: str, house: str) -> bool:
    seat = controller(state, source)
    return any(of_house(state, r, house) for r in characters_of(state, seat))


def _plus_one_with(house: str) -> Any:
    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        if subject == source and _controls(state, source, house):
            return base + 1
        return base

    return passive


def _keyword_with(house: str, word: str) -> Any:
    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        if subject == source and _controls(state, source, house):
            return set(base) | {word}
        return base

    return passive


register(
    "cad_22",
    passives={
        "strength": _plus_one_with("Stark"),
        "keywords": _keyword_with("Lannister", "stealth"),
    },
)
register(
    "cad_27",
    passives={
        "strength": _plus_one_with("Stark"),
        "keywords": _keyword_with("Baratheon", "renown"),
    },
)


# --- cad_35 Rhoyne Poleman: "Prized 1. Melee." (Prized above; Melee is the engine's.) -------


# --- cad_36 Viserys Targaryen ----------------------------------------------------------------
# "Prized 1. Any Phase: Kneel Viserys Targaryen to choose and discard an attachment from
# play." Any player's attachment (saves may answer: the text does not forbid them).


def _attachments(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "attachment" and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register("cad_36", Ability("action", _discard_target, costs=(KNEEL_SELF,), targets=_attachments))


# --- cad_24 Wex Pyke --------------------------------------------------------------------------
# "Prized 1. Stealth. Response: After you win an unopposed challenge in which Wex Pyke
# participated, choose 1 prized card in your dead or discard pile, and return it to your
# hand."


def _prized_in_piles(state: GameState, ctx: Ctx) -> list[str]:
    player = state.players[ctx["seat"]]
    return [r for r in [*player.dead, *player.discard] if is_prized(state, r)]


def _wex_won(state: GameState, ctx: Ctx) -> bool:
    return won_unopposed(state, ctx) and won_with("self")(state, ctx)


def _wex_return(state: GameState, ctx: Ctx) -> None:
    ref, player = ctx["target"], state.players[ctx["seat"]]
    pile_to_hand(state, ctx["seat"], ref, "dead" if ref in player.dead else "discard")


register(
    "cad_24",
    Ability(
        "response",
        _wex_return,
        trigger="challenge_won",
        condition=_wex_won,
        targets=_prized_in_piles,
    ),
)


# --- cad_29 Summer Sea Scout --------------------------------------------------------------------
# "Prized 1. Response: After you lose a challenge as the defender, reveal the top 2 cards
# of your deck. Put all revealed prized cards into your hand. Return all non-prized cards
# to the top of your deck in any order." With two non-prized cards the player picks the
# one that goes on top.


def _scout(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    top = list(player.deck[:2])
    if not top:
        return
    moves.reveal(state, seat, top, "effect")
    for ref in top:
        if is_prized(state, ref):
            player.deck.remove(ref)
            player.hand.append(ref)
            state.emit("returned_to_hand", seat=seat, card=ref, code=state.code(ref), source="deck")
    rest = [r for r in top if r in player.deck]
    if len(rest) > 1:
        data = {"seat": seat, "rest": rest}
        ask_select(state, seat, "deck_order", rest, "cad_scout_order", low=1, high=1, ctx=data)


@handler("cad_scout_order")
def _scout_order(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    rest = [r for r in ctx["rest"] if r in player.deck]
    order = [r for r in selected if r in rest] + [r for r in rest if r not in selected]
    for ref in order:
        player.deck.remove(ref)
    player.deck[0:0] = order
    state.emit(
        "deck_card_placed", seat=player.seat, deck=player.seat, where="top", count=len(order)
    )


register("cad_29", Ability("response", _scout, trigger="challenge_won", condition=lost("defender")))


# --- cad_32 Ser Edmure Tully ---------------------------------------------------------------------
# "Deadly. Any Phase: Choose a card in any player's discard or dead pile. Shuffle that card
# back into its owner's deck. (Limit once per round.)"


def _in_piles(state: GameState, ctx: Ctx) -> list[str]:
    return [r for p in state.players for r in [*p.discard, *p.dead]]


def _edmure(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    owner = state.players[state.cards[ref].owner]
    for pile in ("discard", "dead"):
        cards = getattr(owner, pile)
        if ref in cards:
            cards.remove(ref)
            owner.deck.append(ref)
            shuffle_zone(state, owner.deck)
            state.emit("pile_shuffled", seat=owner.seat, pile=pile, count=1, card=ctx["source"])
            return


register("cad_32", Ability("action", _edmure, targets=_in_piles, limit=(1, "round")))


# --- cad_39 Vargo Hoat -------------------------------------------------------------------------
# "Prized 1. Renown. Response: After Vargo Hoat enters play, choose and kneel any player's
# House card. You may discard a character agenda from that House card." Only a standing
# House card may be chosen (the round's mark ``house_knelt:<seat>``, as Alliance kneels
# it); a character agenda is a character that is its player's only agenda
# (``Player.agenda_card``): discarded, that player runs no agenda.


def _standing_houses(state: GameState) -> list[str]:
    return [str(p.seat) for p in state.players if house_mark(p.seat) not in state.used]


def _vargo_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"] and bool(_standing_houses(state))


def _vargo(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(
        state, ctx["seat"], "kneel_house", _standing_houses(state), "cad_vargo_kneel", ctx=data
    )


@handler("cad_vargo_kneel")
def _vargo_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = int(ctx["choice"])
    if house_mark(seat) not in state.used:
        state.used.append(house_mark(seat))
        state.emit("house_card_knelt", seat=seat, card=ctx["source"])
    if state.players[seat].agenda_card is not None:
        data = {**ctx, "house": seat}
        ask_choose(
            state, ctx["seat"], "discard_agenda", ["discard", "keep"], "cad_vargo_agenda", ctx=data
        )


@handler("cad_vargo_agenda")
def _vargo_agenda(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["house"]]
    ref = player.agenda_card
    if ctx["choice"] != "discard" or ref is None:
        return
    player.agenda, player.agenda_card = None, None
    state.players[state.cards[ref].owner].discard.append(ref)
    state.emit("agenda_discarded", seat=player.seat, card=ref, code=state.code(ref))


register(
    "cad_39",
    Ability("response", _vargo, trigger="entered_play", condition=_vargo_entered),
)


# --- cad_31 Desert Raider ---------------------------------------------------------------------
# "Prized 1. Response: After you lose a challenge, put Desert Raider into play from your
# dead pile. Then, choose a character and either an [Intrigue] or a [Power] icon. Until the
# end of the phase, the chosen character loses that icon and Desert Raider gains it."
# The character (any other character in play) is chosen first, then the icon; Desert
# Raider gains the icon even if the chosen character did not have it.

RAIDER_ICONS = ("intrigue", "power")


def _raider(state: GameState, ctx: Ctx) -> None:
    seat, raider = ctx["seat"], ctx["source"]
    if raider not in state.players[seat].dead:
        return
    put_into_play(state, seat, raider)
    found = [r for r in characters_of(state) if r != raider and choosable(state, r, raider, seat)]
    data = {"seat": seat, "source": raider}
    ask_select(
        state, seat, "raider_character", found, "cad_raider_character", low=1, high=1, ctx=data
    )


@handler("cad_raider_character")
def _raider_character(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected:
        return
    data = {**ctx, "chosen": selected[0]}
    ask_choose(state, ctx["seat"], "raider_icon", list(RAIDER_ICONS), "cad_raider_icon", ctx=data)


@handler("cad_raider_icon")
def _raider_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    icon, chosen, raider = ctx["choice"], ctx["chosen"], ctx["source"]
    if chosen in state.in_play:
        add_lasting(state, "icons", chosen, "phase", raider, remove=[icon])
    if raider in state.in_play:
        add_lasting(state, "icons", raider, "phase", raider, add=[icon])


register(
    "cad_31",
    Ability("response", _raider, trigger="challenge_won", condition=lost(), zones=("dead",)),
)


# --- cad_38 Shagwell -----------------------------------------------------------------------------
# "Prized 1. Deadly. If you are running the Neutral Faction House card, Shagwell gains,
# 'Response: After you play a Mercenary character, choose and kneel a non-Army character.
# (Limit once per round.)'" Playing is marshalling from the hand (the ``played`` trigger of
# a character), Shagwell himself included; any player's standing non-Army character.


def _shagwell_may(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    card = event.get("card")
    return (
        state.players[seat].house == "Neutral"
        and event.get("seat") == seat
        and event.get("type") == "character"
        and card in state.cards
        and has_trait(state, card, "Mercenary")
    )


def _non_army(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt and not has_trait(state, r, "Army")
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "cad_38",
    Ability(
        "response",
        _kneel_target,
        trigger="played",
        condition=_shagwell_may,
        targets=_non_army,
        limit=(1, "round"),
    ),
)


# --- cad_26 Ser Robert Strong --------------------------------------------------------------------
# "No attachments. Each character with a printed cost that is less than the number of
# characters in its controller's dead pile comes into play knelt." The ``enters_knelt``
# passive (any player's character, however it comes into play: marshalled, put into play,
# out of Shadows); a character without a printed cost counts as cost 0. Not Ser Robert
# himself: his text is not active before he is in play.


def _robert(state: GameState, source: str, subject: Any, base: bool) -> bool:
    seat, ref = subject
    card = facts(state, ref)
    if card.type != "character":
        return base
    dead = sum(1 for r in state.players[seat].dead if facts(state, r).type == "character")
    return base or (card.cost or 0) < dead


register("cad_26", passives={"enters_knelt": _robert})
