"""The Banners Gather (kr_1 to kr_20): the six Bannerman Lords, "Any Phase: Discard a card
from your hand to ... X is the number of Bannerman characters you control" (kr_1, 4, 7,
10, 13, 16), and the Strongholds that also pay with a card from the hand (kr_8, kr_11).

The count of Bannerman characters is read when it matters: while the STR bonus applies
(kr_1, 7, 13: lasting passives that count again each time), as the effect resolves for the
others (kr_4, 10, 16)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import characters_of, choosable, has_trait, in_play_of
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

DISCARD_ONE = Cost("discard_hand", 1)
SEATS = range(8)


def bannermen(state: GameState, seat: int) -> int:
    """The number of Bannerman characters ``seat`` controls."""
    return sum(1 for r in characters_of(state, seat) if has_trait(state, r, "Bannerman"))


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state)


# --- kr_1 Alester Florent, kr_7 Damon Marbrand, kr_13 Mors Umber ----------------------------
# "Any Phase: Discard a card from your hand to choose a character. Until the end of the
# phase, that character gets +3 STR during [Power] challenges for each Bannerman character
# you control." (Damon: [Intrigue]; Mors Umber: +1 STR, in and out of challenges.) A lasting
# passive on the chosen character (``LASTING_PASSIVES``, one per bonus, challenge type and
# seat): it counts the Bannerman characters of the seat that used it each time STR is read.


def _banner_strength(per: int, ctype: str | None, seat: int) -> Any:
    def passive(state: GameState, chosen: str, subject: Any, base: int) -> int:
        if subject != chosen:
            return base
        if ctype is not None and (state.challenge is None or state.challenge["type"] != ctype):
            return base
        return base + per * bannermen(state, seat)

    return passive


def _bonus_name(per: int, ctype: str | None, seat: int) -> str:
    return f"kr_banner_str_{per}_{ctype or 'any'}_{seat}"


for _per, _ctype in ((3, "power"), (3, "intrigue"), (1, None)):
    for _seat in SEATS:
        LASTING_PASSIVES[_bonus_name(_per, _ctype, _seat)] = _banner_strength(_per, _ctype, _seat)


def _banner_bonus(per: int, ctype: str | None) -> Ability:
    def effect_fn(state: GameState, ctx: Ctx) -> None:
        target = ctx["target"]
        if target in state.in_play:
            name = _bonus_name(per, ctype, ctx["seat"])
            add_lasting(state, "strength", target, "phase", ctx["source"], passive=name)

    return Ability("action", effect_fn, costs=(DISCARD_ONE,), targets=_any_character)


register("kr_1", _banner_bonus(3, "power"))
register("kr_7", _banner_bonus(3, "intrigue"))
register("kr_13", _banner_bonus(1, None))

# --- kr_4 Gorold Goodbrother --------------------------------------------------------------
# "Any Phase: Discard a card from your hand to choose and kneel X locations. X is the number
# of Bannerman characters you control."  Standing locations, any player's, that the effect
# may choose; X locations, or as many as there are.


def _standing_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location")
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _gorold_may(state: GameState, ctx: Ctx) -> bool:
    return bannermen(state, ctx["seat"]) > 0 and bool(_standing_locations(state, ctx))


def _gorold(state: GameState, ctx: Ctx) -> None:
    found = _standing_locations(state, ctx)
    count = min(bannermen(state, ctx["seat"]), len(found))
    if count:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(state, ctx["seat"], "kneel", found, "kr_gorold", low=count, high=count, ctx=data)


@handler("kr_gorold")
def _gorold_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play and not state.in_play[ref].knelt:
            moves.kneel(state, ref)


register("kr_4", Ability("action", _gorold, costs=(DISCARD_ONE,), condition=_gorold_may))

# --- kr_10 Edric Dayne --------------------------------------------------------------------
# "Any Phase: Discard a card from your hand to choose X characters. Until the end of the
# phase, those characters gain, "immune to events." X is the number of bannerman characters
# you control."  X characters in play (any player's), or as many as the effect may choose.


def _choosable_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _edric_may(state: GameState, ctx: Ctx) -> bool:
    return bannermen(state, ctx["seat"]) > 0


def _edric(state: GameState, ctx: Ctx) -> None:
    found = _choosable_characters(state, ctx)
    count = min(bannermen(state, ctx["seat"]), len(found))
    if count:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(state, ctx["seat"], "immune", found, "kr_edric", low=count, high=count, ctx=data)


@handler("kr_edric")
def _edric_immune(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "immune", ref, "phase", ctx["source"], add=["immune to events"])


register("kr_10", Ability("action", _edric, costs=(DISCARD_ONE,), condition=_edric_may))

# --- kr_16 Ser Raymun Darry ---------------------------------------------------------------
# "Any Phase: Discard a card from your hand to put an attachment of cost X or lower into
# play from your hand. X is the number of Bannerman characters you control."  The
# attachment is chosen as the effect resolves (printed cost X or lower, a legal host in
# play, uniqueness), then its host; the card discarded for the cost is not among them.


def _hosts(state: GameState, seat: int, ref: str) -> list[str]:
    return attachment_targets(state, facts(state, ref), seat)


def _raymun_attachments(state: GameState, seat: int, exclude: str | None = None) -> list[str]:
    limit = bannermen(state, seat)
    found = []
    for ref in state.players[seat].hand:
        card = facts(state, ref)
        if ref == exclude or card.type != "attachment" or (card.cost or 0) > limit:
            continue
        if unique_problem(state, seat, card) is None and _hosts(state, seat, ref):
            found.append(ref)
    return found


def _raymun_may(state: GameState, ctx: Ctx) -> bool:
    # One attachment to put into play and another card to discard for the cost.
    found = _raymun_attachments(state, ctx["seat"])
    return bool(found) and len(state.players[ctx["seat"]].hand) >= 2


def _raymun(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _raymun_attachments(state, seat)
    if found:
        data = {"seat": seat, "source": ctx["source"]}
        ask_select(state, seat, "attachment", found, "kr_raymun", low=1, high=1, ctx=data)


@handler("kr_raymun")
def _raymun_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if not selected or selected[0] not in state.players[seat].hand:
        return
    hosts = _hosts(state, seat, selected[0])
    data = {**ctx, "card": selected[0]}
    ask_select(state, seat, "attach_to", hosts, "kr_raymun_host", low=1, high=1, ctx=data)


@handler("kr_raymun_host")
def _raymun_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, card = ctx["seat"], ctx["card"]
    if selected and card in state.players[seat].hand and selected[0] in state.in_play:
        put_into_play(state, seat, card, selected[0])


register("kr_16", Ability("action", _raymun, costs=(DISCARD_ONE,), condition=_raymun_may))

# --- kr_8 Ashemark ------------------------------------------------------------------------
# "Any Phase: Discard a card from your hand to add 1 gold token from the treasury to your
# gold pool. (Limit 3 times per phase.)"


def _ashemark(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 1, "kr_8")


register("kr_8", Ability("action", _ashemark, costs=(DISCARD_ONE,), limit=(3, "phase")))

# --- kr_11 Southron Stronghold ------------------------------------------------------------
# "Any Phase: Discard a card from your hand to stand Southron Stronghold. [+1 Income]
# [+1 Influence]"  Only while it is knelt; the icons are the card's data.


def _southron_knelt(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].knelt


def _southron(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play and state.in_play[ctx["source"]].knelt:
        moves.stand(state, ctx["source"])


register("kr_11", Ability("action", _southron, costs=(DISCARD_ONE,), condition=_southron_knelt))
