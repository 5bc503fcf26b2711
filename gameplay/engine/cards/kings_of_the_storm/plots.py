"""Kings of the Storm plots (kotst_*), registered by card code. "You" is the plot's owner."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    controller,
    crests,
    facts,
    handler,
    register,
)
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- kotst_51 The Power of Faith ----------------------------------------------------------
# "[Holy] characters you control gain a [Military] icon and do not kneel to attack."


def _yours_holy(state: GameState, source: str, ref: Any) -> bool:
    return (
        isinstance(ref, str)
        and ref in state.in_play
        and state.in_play[ref].controller == controller(state, source)
        and facts(state, ref).type == "character"
        and "holy" in crests(state, ref)
    )


def _faith_icons(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base | {"military"} if _yours_holy(state, source, ref) else base


def _faith_kneel(state: GameState, source: str, ref: Any, base: bool) -> bool:
    return False if _yours_holy(state, source, ref) else base


register("kotst_51", passives={"icons": _faith_icons, "kneel_to_attack": _faith_kneel})


# --- kotst_52 Assault on King's Landing ---------------------------------------------------
# "Characters and locations cannot be saved."


def _assault(state: GameState, source: str, ref: Any, base: bool) -> bool:
    kinds = ("character", "location")
    if isinstance(ref, str) and ref in state.cards and facts(state, ref).type in kinds:
        return False
    return base


register("kotst_52", passives={"can_be_saved": _assault})


# --- kotst_53 Regroup ---------------------------------------------------------------------
# "When revealed, place the top card of your discard pile on top of your deck." (the card
# put in the discard pile last)


def _regroup(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if player.discard:
        ref = player.discard.pop()
        player.deck.insert(0, ref)
        state.emit("discard_to_deck", seat=player.seat, card=ref, code=state.code(ref))


register("kotst_53", when_revealed=_regroup)


# --- kotst_54 Feast or Famine -------------------------------------------------------------
# "When revealed, you may choose to add +6 gold to your income this marshalling phase. If
# you do, you cannot initiate challenges this round."


def _feast(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "feast", ["feast", "famine"], "kotst_feast", ctx=data)


@handler("kotst_feast")
def _feast_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] != "feast":
        return
    seat, source = ctx["seat"], ctx["source"]
    add_lasting(state, "income", seat, "round", source, amount=6)
    for other in state.opponents(seat):
        for ctype in TYPES:
            add_lasting(
                state, "can_challenge", f"{seat}>{other}:{ctype}", "round", source, value=False
            )


register("kotst_54", when_revealed=_feast)


# --- kotst_55 Lineage and Legacy ----------------------------------------------------------
# "A player cannot initiate a Military challenge unless he or she has won a Power challenge
# that phase." Every player (the won Power challenges are counted while it is revealed).

WON_POWER = "kotst_won_power"


def _lineage_won(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("type") == "power" and event.get("winner") is not None:
        add_lasting(state, WON_POWER, event["winner"], "phase", ctx["source"], value=True)


def _lineage(state: GameState, source: str, subject: Any, base: bool) -> bool:
    seat, ctype = subject.split(">")[0], subject.split(":")[1]
    if ctype != "military":
        return base
    won = any(e["query"] == WON_POWER and e["subject"] == int(seat) for e in state.effects)
    return base if won else False


register("kotst_55", passives={"can_challenge": _lineage}, forced={"challenge_won": _lineage_won})


# --- kotst_50 Forgotten Plans -------------------------------------------------------------
# "Treat all plots with a name other than Forgotten Plans as if their text box were blank
# during every phase except the plot phase."
# From the start of the draw phase to the end of the round, every revealed plot with another
# name is blank (a lasting effect), and so is a plot revealed later in the round outside the
# plot phase. The blanks last the round even if Forgotten Plans is replaced meanwhile.

FORGOTTEN = "Forgotten Plans"


def _forget(state: GameState, ref: str | None, source: str) -> None:
    if not ref or facts(state, ref).name == FORGOTTEN:
        return
    if any(e["query"] == "blank" and e["subject"] == ref for e in state.effects):
        return
    add_lasting(state, "blank", ref, "round", source)


def _forgotten_draw(state: GameState, ctx: Ctx) -> None:
    for player in state.players:
        _forget(state, player.revealed_plot, ctx["source"])


def _forgotten_revealed(state: GameState, ctx: Ctx) -> None:
    if state.phase != "plot":
        _forget(state, ctx["event"].get("card"), ctx["source"])


register(
    "kotst_50",
    forced={"draw_begins": _forgotten_draw, "plot_revealed": _forgotten_revealed},
)
