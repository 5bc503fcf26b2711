"""Agendas that change drawing, and the Seasons: Knights of the Realm (kotst_39), Kings of
Summer (ator_1), Kings of Winter (ator_21), The Long Voyage (asots_60), A Noble Cause
(kr_98), A Song of Fire (kr_39), A Song of Ice (kr_40), Bloodthirst (kr_119).

Summer and Winter are ``abilities.season`` (revealed plots' Summer/Winter traits, then the
``season`` query)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, characters, facts, handler, register, season
from gameplay.engine.cards.agendas.common import has_trait, owner, runs_trait
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

SONG_OF_ICE_HAND = 4  # "discard down to 4 cards in hand"
BLOODTHIRST_DRAW = 2


def _mine(fn: Any) -> Any:
    """A ``draw_phase_cards`` passive that applies to the agenda's owner only."""

    def passive(state: GameState, source: str, seat: int, base: int) -> int:
        return fn(state, source, base) if seat == owner(state, source) else base

    return passive


# --- kotst_39 Knights of the Realm: "While you control more Knight characters than each
# other player, draw 1 additional card in the draw phase. While you control fewer Knight
# characters than each other player, draw 1 fewer card in the draw phase."


def _knights(state: GameState, seat: int) -> int:
    return sum(1 for r in characters(state, seat) if has_trait(state, r, "Knight"))


def _knights_draw(state: GameState, source: str, base: int) -> int:
    seat = owner(state, source)
    mine = _knights(state, seat)
    others = [_knights(state, p.seat) for p in state.players if p.seat != seat]
    if all(mine > n for n in others):
        return base + 1
    if all(mine < n for n in others):
        return max(0, base - 1)
    return base


register("kotst_39", passives={"draw_phase_cards": _mine(_knights_draw)})


# --- ator_1 Kings of Summer: "If it is Summer, draw 1 additional card during the draw
# phase. If it is Winter, draw 1 less card (to a minimum of 1) during the draw phase."


def _summer_draw(state: GameState, source: str, base: int) -> int:
    now = season(state)
    if now == "summer":
        return base + 1
    if now == "winter":
        return max(min(base, 1), base - 1)
    return base


register("ator_1", passives={"draw_phase_cards": _mine(_summer_draw)})


# --- ator_21 Kings of Winter: "If it is Winter, any opponent with as many cards in hand as
# you, or more, must randomly discard a card from his or her hand at the end of the draw
# phase. If it is Summer, any opponent with fewer cards in hand than you draws a card at the
# end of the draw phase, if able."


def _kings_of_winter(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    now = season(state)
    mine = len(state.players[seat].hand)
    if now == "winter":  # one after another, in order (one may choose: Knight of Harrenhal)
        others = [o for o in state.opponents(seat) if len(state.players[o].hand) >= mine]
        moves.discard_at_random_each(state, others, 1)
        return
    for other in state.opponents(seat):
        if now == "summer" and len(state.players[other].hand) < mine:
            moves.effect_draw(state, other, 1)


register("ator_21", forced={"draw_ends": _kings_of_winter})


# --- asots_60 The Long Voyage: "When you draw during the draw phase, draw 1 additional
# card." (The minimum deck size and the House card are deck building.)

register("asots_60", passives={"draw_phase_cards": _mine(lambda state, source, base: base + 1)})


# --- kr_98 A Noble Cause: "You draw 1 less card during the draw phase (to a minimum of
# 1). Your [Baratheon] characters with printed cost 2 or higher gain renown."


def _noble_renown(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    record = state.in_play.get(ref)
    if record is None or record.controller != owner(state, source):
        return base
    card = facts(state, ref)
    if card.type == "character" and "Baratheon" in card.houses and (card.cost or 0) >= 2:
        return base | {"renown"}
    return base


register(
    "kr_98",
    passives={
        "draw_phase_cards": _mine(lambda state, source, base: max(min(base, 1), base - 1)),
        "keywords": _noble_renown,
    },
)


# --- kr_39 A Song of Fire: "If no opponent is running a Seasons agenda, it cannot be
# Winter. If it is Summer, increase each player's draw cap by 1."
# --- kr_40 A Song of Ice: "If no opponent is running a Seasons agenda, it cannot be
# Summer. If it is Winter, each player must choose and discard down to 4 cards in hand at
# the end of the dominance phase."


def _no_season(forbidden: str) -> Any:
    def passive(state: GameState, source: str, subject: Any, base: str | None) -> str | None:
        seat = owner(state, source)
        if base == forbidden and not any(
            runs_trait(state, other, "Seasons") for other in state.opponents(seat)
        ):
            return None
        return base

    return passive


def _summer_cap(state: GameState, source: str, seat: int, base: int) -> int:
    return base + 1 if season(state) == "summer" else base


register("kr_39", passives={"season": _no_season("winter"), "draw_cap": _summer_cap})


def _song_of_ice(state: GameState, ctx: Ctx) -> None:
    if season(state) != "winter":
        return
    # Each player in turn order; inserted in reverse so the first player is asked first.
    for seat in reversed(state.turn_order()):
        extra = len(state.players[seat].hand) - SONG_OF_ICE_HAND
        if extra > 0:
            hand = list(state.players[seat].hand)
            ask_select(
                state, seat, "discard_down", hand, "agenda_discard_down", low=extra, high=extra
            )


@handler("agenda_discard_down")
def _discard_down(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        moves.discard_from_hand(state, state.cards[ref].owner, [ref])


register(
    "kr_40", passives={"season": _no_season("summer")}, forced={"dominance_ends": _song_of_ice}
)


# --- kr_119 Bloodthirst: "At the end of the challenge phase, the player who controls the
# fewest characters draws 2 cards." (Tied for fewest: each of them draws; RULINGS.md.)


def _bloodthirst(state: GameState, ctx: Ctx) -> None:
    counts = {p.seat: len(characters(state, p.seat)) for p in state.players}
    fewest = min(counts.values())
    for seat in state.turn_order():
        if counts[seat] == fewest:
            moves.effect_draw(state, seat, BLOODTHIRST_DRAW)


register("kr_119", forced={"challenges_ends": _bloodthirst})
