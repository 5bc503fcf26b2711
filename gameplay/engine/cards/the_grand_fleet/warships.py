"""The Grand Fleet: the Warship locations (asots_22 Arbor Queen, asots_23 Lionstar, asots_26
Longship Golden Storm, asots_29 Black Betha, asots_32 White Harbor Dromon, asots_34
Meadowlark, asots_37 Vhagar)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    NAVAL,
    choosable,
    declared_naval_attacker,
    naval_icons,
    of_house,
)
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


# --- asots_22 Arbor Queen ------------------------------------------------------------------
# "Any Phase: Kneel Arbor Queen to choose a character. Until the end of the phase, that
# character gets +1 STR for each gold token in your gold pool."  Ruling: the gold in the
# pool is counted as the ability resolves; the bonus stays the same until the phase ends.


def _arbor_queen(state: GameState, ctx: Ctx) -> None:
    target, gold = ctx["target"], state.players[ctx["seat"]].gold
    if target in state.in_play and gold:
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=gold)


register("asots_22", Ability("action", _arbor_queen, costs=(KNEEL_SELF,), targets=_any_character))

# --- asots_23 Lionstar ---------------------------------------------------------------------
# "Dominance: Kneel Lionstar to move up to 2 gold tokens from your gold pool on Lionstar.
# (Any number of gold tokens instead if you won a challenge with a participating [Naval]
# attacker this round.) Any Phase: Kneel Lionstar to move any number of gold tokens from it
# to your gold pool."  A challenge won with a [Naval] attacker is marked as it is won (a
# forced effect of Lionstar at ``challenge_won``: the round's ``asots_naval_win`` mark on the
# winning seat), as [Naval] enhancements gained for a phase are gone by the dominance
# phase; a win while no Lionstar was in play is not marked. The amount is chosen as the
# ability resolves (0 allowed: "up to").

NAVAL_WIN = "asots_naval_win"


def _lionstar_mark(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    winner = event.get("winner")
    if winner is None or winner != event.get("attacker"):
        return
    if not declared_naval_attacker(state, winner, event):
        return
    if not any(e["query"] == NAVAL_WIN and e["subject"] == winner for e in state.effects):
        add_lasting(state, NAVAL_WIN, winner, "round", ctx["source"], value=True)


def _naval_win(state: GameState, seat: int) -> bool:
    return any(e["query"] == NAVAL_WIN and e["subject"] == seat for e in state.effects)


def _lionstar_store(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    gold = state.players[seat].gold
    most = gold if _naval_win(state, seat) else min(2, gold)
    data = {"seat": seat, "source": source}
    options = [str(n) for n in range(most + 1)]
    ask_choose(state, seat, "gold_amount", options, "asots_lionstar_store", ctx=data)


@handler("asots_lionstar_store")
def _lionstar_stored(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    paid = moves.pay_gold(state, ctx["seat"], int(ctx["choice"]), "lionstar")
    moves.gold_to_card(state, source, paid, "lionstar")


def _lionstar_has_gold(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].gold > 0


def _lionstar_take(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref not in state.in_play or not state.in_play[ref].gold:
        return
    options = [str(n) for n in range(state.in_play[ref].gold + 1)]
    data = {"seat": ctx["seat"], "source": ref}
    ask_choose(state, ctx["seat"], "gold_amount", options, "asots_lionstar_take", ctx=data)


@handler("asots_lionstar_take")
def _lionstar_taken(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["source"]
    if ref not in state.in_play:
        return
    moves.gold_from_card(state, ctx["seat"], ref, int(ctx["choice"]), "lionstar", to_pool=True)


register(
    "asots_23",
    Ability("action", _lionstar_store, phases=("dominance",), costs=(KNEEL_SELF,)),
    Ability("action", _lionstar_take, costs=(KNEEL_SELF,), condition=_lionstar_has_gold),
    forced={"challenge_won": _lionstar_mark},
)

# --- asots_26 Longship Golden Storm --------------------------------------------------------
# "Your [Holy] characters gain a [Military] icon."  [Holy]: the Holy crest (printed or
# gained: the ``crests`` query) of the characters its controller controls.


def _golden_storm(state: GameState, source: str, subject: Any, base: Any) -> Any:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if record is None or record.controller != controller(state, source):
        return base
    if not is_character(state, subject) or "holy" not in crests(state, subject):
        return base
    return set(base) | {"military"}


register("asots_26", passives={"icons": _golden_storm})

# --- asots_29 Black Betha ------------------------------------------------------------------
# "Response: After you win a challenge in which you have declared a [Naval] attacker, kneel
# Black Betha to attach the top card of your discard pile face-down to a unique [Baratheon]
# character as a duplicate. (Limit once per round.)"  The character is one its controller
# controls (a duplicate goes on one's own card), chosen as part of the response; the top of
# the discard pile is the card put there last.


def _betha_won(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    return (
        event.get("winner") == seat
        and bool(state.players[seat].discard)
        and declared_naval_attacker(state, seat, event)
    )


def _unique_baratheon(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state, ctx["seat"])
        if facts(state, r).unique
        and of_house(state, r, "Baratheon")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _betha(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.add_face_down_duplicate(state, ctx["seat"], ctx["target"], pile="discard")


register(
    "asots_29",
    Ability(
        "response",
        _betha,
        trigger="challenge_won",
        condition=_betha_won,
        costs=(KNEEL_SELF,),
        targets=_unique_baratheon,
        limit=(1, "round"),
    ),
)

# --- asots_32 White Harbor Dromon ----------------------------------------------------------
# "Challenges: Kneel White Harbor Dromond to choose a character. Until the end of the phase
# that character gains renown and a [Naval] enhancement on each of its icons."  The
# enhancement goes on each icon the character has during the phase (one it gains later
# too): a lasting ``naval`` effect on every icon (vocabulary/naval.py counts an enhancement
# only on an icon the character has).


def _dromon(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    add_lasting(state, "keywords", target, "phase", source, add=["renown"])
    add_lasting(state, NAVAL, target, "phase", source, add=list(TYPES))


register(
    "asots_32",
    Ability("action", _dromon, phases=("challenges",), costs=(KNEEL_SELF,), targets=_any_character),
)

# --- asots_34 Meadowlark -------------------------------------------------------------------
# "Challenges: Kneel Meadowlark to choose a challenge icon. Each character in play loses all
# enhancements on that icon."  Ruling: the loss lasts until the end of the phase (the text
# gives no duration; a Challenges action), for each character in play as it resolves; an
# enhancement gained after it is not lost. The only enhancement is [Naval].


def _has_enhancement(state: GameState, ctx: Ctx) -> bool:
    return any(naval_icons(state, r) for r in characters(state))


def _meadowlark(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "challenge_icon", list(TYPES), "asots_meadowlark", ctx=data)


@handler("asots_meadowlark")
def _meadowlark_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    icon = ctx["choice"]
    for ref in characters(state):
        add_lasting(state, NAVAL, ref, "phase", ctx["source"], remove=[icon])


register(
    "asots_34",
    Ability(
        "action",
        _meadowlark,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_has_enhancement,
    ),
)

# --- asots_37 Vhagar -----------------------------------------------------------------------
# "Response: After a character enters play under your control, kneel Vhagar and kneel 1
# influence to attach the topmost attachment in your discard pile to that character, if
# able."  Offered only when the topmost attachment of its controller's discard pile (the
# one put there last) may be attached to that character (its restrictions, No
# attachments); it is put into play attached to it.


def _topmost_attachment(state: GameState, seat: int) -> str | None:
    pile = state.players[seat].discard
    return next((r for r in reversed(pile) if facts(state, r).type == "attachment"), None)


def _vhagar_may(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    card = event.get("card")
    if event.get("seat") != seat or card not in state.in_play or not is_character(state, card):
        return False
    if controller(state, card) != seat:
        return False
    top = _topmost_attachment(state, seat)
    return top is not None and card in attachment_targets(state, facts(state, top), seat)


def _vhagar(state: GameState, ctx: Ctx) -> None:
    seat, card = ctx["seat"], ctx["event"].get("card")
    top = _topmost_attachment(state, seat)
    if top is None or card not in state.in_play:
        return
    if card in attachment_targets(state, facts(state, top), seat):
        put_into_play(state, seat, top, card)


register(
    "asots_37",
    Ability(
        "response",
        _vhagar,
        trigger="entered_play",
        condition=_vhagar_may,
        costs=(KNEEL_SELF, Cost("influence", 1)),
    ),
)
