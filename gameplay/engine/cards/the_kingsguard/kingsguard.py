"""The Kingsguard: the neutral Kingsguard (kr_53 Ser Barristan Selmy to kr_59 Ser Boros
Blount) and the plot On My Oath (kr_60)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    kneel_card,
    out_of_shadows,
    stand_card,
)
from gameplay.engine.cards.vocabulary.shadows import CAME_OUT
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import (
    come_out_of_shadows,
    has_shadow_crest,
    put_into_shadows,
    return_to_shadows,
    shadow_problem,
)

GUARDS = ("Kingsguard", "Queensguard")


def _guard(state: GameState, ref: str) -> bool:
    return any(has_trait(state, ref, t) for t in GUARDS)


# --- kr_53 Ser Barristan Selmy --------------------------------------------------------------
# "No attachments. Renown. Challenges: Kneel 1 influence or pay 1 gold to bring a Kingsguard
# or Queensguard character out of shadows."  One ability per cost. A character of the
# player's own Shadows (printed Traits), chosen in a hidden prompt as the effect resolves; it
# comes out without its cost (``pay=False``), every other rule of coming out applies (not
# in the round it went in, uniqueness). Offered only while one could come out.


def _barristan_candidates(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].shadows
        if facts(state, r).type == "character"
        and _guard(state, r)
        and shadow_problem(state, seat, r, None, pay=False) is None
    ]


def _barristan(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _barristan_candidates(state, seat)
    ask_select(
        state,
        seat,
        "out_of_shadows",
        found,
        "kr_barristan",
        low=1,
        high=1,
        ctx={"seat": seat},
        hidden=True,
    )


@handler("kr_barristan")
def _barristan_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if shadow_problem(state, seat, ref, None, pay=False) is None:
            come_out_of_shadows(state, seat, ref, None, pay=False)


def _barristan_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_barristan_candidates(state, ctx["seat"]))


register(
    "kr_53",
    Ability(
        "action",
        _barristan,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        condition=_barristan_may,
    ),
    Ability(
        "action",
        _barristan,
        phases=("challenges",),
        costs=(Cost("gold", 1),),
        condition=_barristan_may,
    ),
)

# --- kr_54 Ser Jaime Lannister --------------------------------------------------------------
# "No attachments. Renown. Response: After a card comes out of shadows, draw 1 card. (Draw 3
# cards instead if you control 3 or more Kingsguard characters.)"  Any player's card (Jaime's
# own coming out too); the Kingsguard are counted as the response resolves, Jaime included.


def _jaime(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    guards = [r for r in characters_of(state, seat) if has_trait(state, r, "Kingsguard")]
    moves.effect_draw(state, seat, 3 if len(guards) >= 3 else 1)


register("kr_54", Ability("response", _jaime, trigger=CAME_OUT))

# --- kr_55 Ser Meryn Trant ------------------------------------------------------------------
# "No attachments. Stealth. Response: After a card comes out of shadows, each opponent must
# choose and kneel 1 standing character or location he controls, if able."  Any player's card.


def _kneelable(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if r in state.in_play
        and not state.in_play[r].knelt
        and facts(state, r).type in ("character", "location")
    ]


def _meryn(state: GameState, ctx: Ctx) -> None:
    for seat in reversed(state.opponents(ctx["seat"])):  # inserted first: in seat order
        found = _kneelable(state, seat)
        if found:
            data = {"seat": seat}
            ask_select(state, seat, "kneel", found, "kr_meryn", low=1, high=1, ctx=data)


@handler("kr_meryn")
def _meryn_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        kneel_card(state, ref)


register("kr_55", Ability("response", _meryn, trigger=CAME_OUT))

# --- kr_56 Ser Mandon Moore -----------------------------------------------------------------
# "No attachments. Deadly. If you have more cards in shadows than each opponent, opponents'
# characters cannot be saved."  The ``can_be_saved`` permission of every character an
# opponent of Mandon's controller controls, while his controller's Shadows hold more cards
# than each opponent's.


def _mandon(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or subject not in state.in_play:
        return base
    seat = controller(state, source)
    if controller(state, subject) not in state.opponents(seat) or not is_character(state, subject):
        return base
    mine = len(state.players[seat].shadows)
    if all(mine > len(state.players[s].shadows) for s in state.opponents(seat)):
        return False
    return base


register("kr_56", passives={"can_be_saved": _mandon})

# --- kr_57 Ser Preston Greenfield -----------------------------------------------------------
# "No attachments. Any Phase: Return a Kingsguard or Queensguard character you control to
# shadows. (Limit once per round.)"  Any such character its player controls (Preston
# included, with or without the Shadow crest), to its owner's Shadows (cannot be saved; not
# out again that round).


def _preston_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if _guard(state, r)]


def _preston(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        return_to_shadows(state, ctx["target"])


register("kr_57", Ability("action", _preston, targets=_preston_targets, limit=(1, "round")))

# --- kr_58 Ser Arys Oakheart ----------------------------------------------------------------
# "No attachments. Response: After a card comes out of shadows, choose and stand 1 character
# you control. (Limit 3 times per phase.)"  Any player's card; a kneeling character of his
# controller's, chosen as the response is used.


def _arys_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if state.in_play[r].knelt]


def _arys(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


register(
    "kr_58",
    Ability("response", _arys, trigger=CAME_OUT, targets=_arys_targets, limit=(3, "phase")),
)

# --- kr_59 Ser Boros Blount -----------------------------------------------------------------
# "No attachments. Response: After Ser Boros Blount comes out of shadows, each of your
# characters get +1 STR until the end of the phase."  The characters its controller controls
# as the response resolves (Boros included).


def _boros(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state, ctx["seat"]):
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=1)


register("kr_59", out_of_shadows(_boros))

# --- kr_60 On My Oath -----------------------------------------------------------------------
# "When revealed, put a Kingsguard or Queensguard character with the [Shadows] crest into
# shadows from your dead or discard pile."  Printed Traits and crest; one is chosen (if any),
# it goes face down into its owner's Shadows and may not come out that round.


def _oath_candidates(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    return [
        r
        for r in (*player.dead, *player.discard)
        if facts(state, r).type == "character" and _guard(state, r) and has_shadow_crest(state, r)
    ]


def _on_my_oath(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _oath_candidates(state, seat)
    ask_select(
        state, seat, "into_shadows", found, "kr_on_my_oath", low=1, high=1, ctx={"seat": seat}
    )


@handler("kr_on_my_oath")
def _oath_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in _oath_candidates(state, seat):
            put_into_shadows(state, seat, ref)


register("kr_60", when_revealed=_on_my_oath)
