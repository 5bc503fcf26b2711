"""Lions of the Rock plots (lotr_49 to lotr_55), registered by card code.

"You" is the plot's owner (``ctx["seat"]``; for passives :func:`abilities.controller` of
the plot, its owner). A plot's passive is active while it is its owner's revealed plot.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    allowed,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.lions_of_the_rock.common import in_play_of
from gameplay.engine.cards.vocabulary import characters_of
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- lotr_49 Frey Hospitality -----------------------------------------------------------
# "After a player loses an [Intrigue] challenge, that player must choose and kill a
# character under his or her control." Any player's Intrigue challenge, after its claim
# (a forced effect on ``challenge_won``, before the responses).


def _frey(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    loser = event.get("loser")
    if event.get("type") != "intrigue" or loser is None or event.get("winner") is None:
        return
    found = [r for r in characters_of(state, loser) if allowed(state, "can_be_killed", r)]
    data = {"source": ctx["source"], "seat": loser}
    ask_select(state, loser, "kill", found, "lotr_frey", low=1, high=1, ctx=data)


@handler("lotr_frey")
def _frey_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.kill(state, found)


register("lotr_49", forced={"challenge_won": _frey})


# --- lotr_50 All the Gold in Casterly Rock ----------------------------------------------
# "House Lannister only. Each [Lannister] location you control adds +1 to your income."


def _all_the_gold(state: GameState, source: str, seat: Any, base: int) -> int:
    if seat != controller(state, source):
        return base
    found = in_play_of(state, "location", seat)
    return base + sum(1 for r in found if "Lannister" in facts(state, r).houses)


register("lotr_50", passives={"income": _all_the_gold})


# --- lotr_53 Game of Thrones ------------------------------------------------------------
# "Characters you control do not kneel to attack or defend during [Intrigue] challenges."


def _game_of_thrones(state: GameState, source: str, ref: Any, base: bool) -> bool:
    challenge = state.challenge
    if (
        challenge is not None
        and challenge["type"] == "intrigue"
        and ref in state.in_play
        and state.in_play[ref].controller == controller(state, source)
    ):
        return False
    return base


register(
    "lotr_53",
    passives={"kneel_to_attack": _game_of_thrones, "kneel_to_defend": _game_of_thrones},
)


# --- lotr_54 Edict of the Rock ----------------------------------------------------------
# "If you win dominance, all players skip the standing phase this round." Winning
# dominance marks the round; in its standing phase nothing stands (the phase's action
# window still opens, as for any phase).

EDICT = "lotr_edict_of_the_rock"


def _edict_won(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("seat") == ctx["seat"]:
        add_lasting(state, EDICT, None, "round", ctx["source"], value=True)


def _edict_stand(state: GameState, source: str, ref: Any, base: bool) -> bool:
    if state.phase == "standing" and any(e["query"] == EDICT for e in state.effects):
        return False
    return base


register("lotr_54", forced={"dominance_won": _edict_won}, passives={"can_stand": _edict_stand})


# --- lotr_55 Shadows and Spiders --------------------------------------------------------
# "A player cannot declare a [Military] or [Power] challenge unless he or she has won an
# [Intrigue] challenge that phase." Every player; a won Intrigue challenge (attacking or
# defending) is marked for the phase.

SPIDERS = "lotr_won_intrigue"


def _spiders_won(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("type") == "intrigue" and event.get("winner") is not None:
        add_lasting(state, SPIDERS, event["winner"], "phase", ctx["source"], value=True)


def _spiders(state: GameState, source: str, subject: Any, base: bool) -> bool:
    seat_part, _, ctype = str(subject).partition(":")
    if ctype not in ("military", "power"):
        return base
    seat = int(seat_part.split(">")[0])
    if any(e["query"] == SPIDERS and e["subject"] == seat for e in state.effects):
        return base
    return False


register("lotr_55", forced={"challenge_won": _spiders_won}, passives={"can_challenge": _spiders})


# --- lotr_51 Breaking and Entering ------------------------------------------------------
# "Any attachment or location card that would be discarded from any player's hand as part
# of the claim of an [Intrigue] challenge may be put into play by the winner of the
# challenge, under his or her control." The forced moment ``claim_discarded`` (as House
# Dayne Reserves): the winner chooses among those cards (a unique one he could not play is
# not offered); each attachment goes on a card he chooses among its legal targets (none:
# it stays in the discard pile).


def _breakable(state: GameState, ref: str, winner: int) -> bool:
    card = facts(state, ref)
    if card.type not in ("attachment", "location") or unique_problem(state, winner, card):
        return False
    return card.type == "location" or bool(attachment_targets(state, card, winner))


def _breaking(state: GameState, ctx: Ctx) -> None:
    challenge, event = state.challenge, ctx["event"]
    if challenge is None or challenge["type"] != "intrigue":
        return
    winner, loser = challenge["attacker"], event.get("seat")
    found = [
        r
        for r in event.get("cards", ())
        if loser is not None and r in state.players[loser].discard and _breakable(state, r, winner)
    ]
    data = {"source": ctx["source"], "seat": winner, "loser": loser}
    ask_select(state, winner, "put_into_play", found, "lotr_breaking", ctx=data)


@handler("lotr_breaking")
def _breaking_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _breaking_next(state, {**ctx, "left": list(selected)}, [])


@handler("lotr_breaking_next")
def _breaking_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    winner, left = ctx["seat"], list(ctx["left"])
    pending = ctx.get("attachment")
    if pending and selected and pending in state.players[ctx["loser"]].discard:
        put_into_play(state, winner, pending, selected[0])
    while left:
        ref = left.pop(0)
        if ref not in state.players[ctx["loser"]].discard:
            continue
        card = facts(state, ref)
        if card.type == "location":
            if unique_problem(state, winner, card) is None:
                put_into_play(state, winner, ref)
            continue
        targets = attachment_targets(state, card, winner)
        if targets:
            data = {**ctx, "left": left, "attachment": ref}
            ask_select(
                state, winner, "attach", targets, "lotr_breaking_next", low=1, high=1, ctx=data
            )
            return


register("lotr_51", forced={"claim_discarded": _breaking})


# --- lotr_52 The Art of Seduction --------------------------------------------------------------
# "When revealed, choose 1 opponent that did not reveal The Art of Seduction as his or her plot.
# That opponent cannot reveal a new plot card during the plot phase next round." The opponent
# chooses no plot next round: its revealed plot stays (not revealed again: no "when revealed",
# no plot_revealed), steps.plot_skipped. Revealed by "reveal a new plot" (outside the plot
# phase's reveal) it does nothing (the card's FAQ).

SEDUCTION = "The Art of Seduction"


def _seduction_options(state: GameState, seat: int) -> list[str]:
    found = []
    for other in state.opponents(seat):
        plot = state.players[other].revealed_plot
        if plot is not None and facts(state, plot).name != SEDUCTION:
            found.append(str(other))
    return found


def _seduction(state: GameState, ctx: Ctx) -> None:
    if state.phase != "plot":
        return
    options = _seduction_options(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _seduced(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "lotr_seduced", ctx=data)


@handler("lotr_seduced")
def _seduced(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = int(ctx["choice"])
    effect = {"query": "skip_plot", "subject": seat, "until": "play", "source": ctx["source"]}
    state.effects.append({**effect, "round": state.round + 1})
    state.emit("plot_skipped_next_round", seat=seat, by=ctx["seat"], card=ctx["source"])


register("lotr_52", when_revealed=_seduction)
