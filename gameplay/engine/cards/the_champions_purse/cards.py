"""The Champion's Purse events, locations, attachments and the plot (cad_23 to cad_40)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    crests,
    facts,
    handler,
    is_character,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    event,
    has_trait,
    is_prized,
    naval_attacker,
    of_house,
    on_bearer,
    prized_card,
    response,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.steps import PLOT_REVEALING, cancel_plot_reveal, reveal_replacement
from gameplay.engine.uses import put_into_play

# --- cad_23 A Taste of Glory ----------------------------------------------------------------
# "Challenges: Until the end of the phase, each prized character you control gets +2 STR
# and gains renown." The characters prized as it resolves; it cannot be played without one.


def _prized_mine(state: GameState, seat: int) -> list[str]:
    return [r for r in characters_of(state, seat) if is_prized(state, r)]


def _taste(state: GameState, ctx: Ctx) -> None:
    for ref in _prized_mine(state, ctx["seat"]):
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=2)
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["renown"])


def _has_prized(state: GameState, ctx: Ctx) -> bool:
    return bool(_prized_mine(state, ctx["seat"]))


register("cad_23", event(_taste, phases=("challenges",), condition=_has_prized))


# --- cad_33 The Gatehouse Tower -------------------------------------------------------------
# "Your characters get +1 STR if you control fewer characters than each opponent."


def _gatehouse(state: GameState, source: str, subject: Any, base: Any) -> Any:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    seat = controller(state, source)
    if record is None or record.controller != seat or facts(state, subject).type != "character":
        return base
    mine = len(characters_of(state, seat))
    if all(mine < len(characters_of(state, other)) for other in state.opponents(seat)):
        return base + 1
    return base


register("cad_33", passives={"strength": _gatehouse})


# --- cad_37 Tokar ---------------------------------------------------------------------------
# "Attached character gains a [Power] icon, and during [Power] challenges gains renown."


def _tokar_renown(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "power":
        return base
    return on_bearer(lambda words: set(words) | {"renown"})(state, source, subject, base)


register(
    "cad_37",
    passives={
        "icons": on_bearer(lambda found: set(found) | {"power"}),
        "keywords": _tokar_renown,
    },
)


# --- cad_40 The Lost Message ----------------------------------------------------------------
# "Prized 1. When revealed, choose and discard an attachment from play." Any player's
# attachment, if there is one (Prized: characters.py).


def _lost_message(state: GameState, ctx: Ctx) -> None:
    found = [
        r
        for r in state.in_play
        if facts(state, r).type == "attachment" and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    ask_select(state, ctx["seat"], "discard_attachment", found, "cad_lost_message", low=1, high=1)


@handler("cad_lost_message")
def _lost_message_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard(state, [r for r in selected if r in state.in_play])


register("cad_40", when_revealed=_lost_message)


# --- cad_30 Blood Orange Grove ----------------------------------------------------------------
# "Prized 1. Any Phase: Kneel Blood Orange Grove to choose a character with a crest. Until
# the end of the phase, that character loses all crests and gains a challenge icon of your
# choice." The icon is chosen as it resolves (Prized: characters.py).

CHALLENGE_ICONS = ("military", "intrigue", "power")


def _crested(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if crests(state, r)]


def _grove(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_choose(state, ctx["seat"], "grove_icon", list(CHALLENGE_ICONS), "cad_grove_icon", ctx=data)


@handler("cad_grove_icon")
def _grove_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    add_lasting(state, "crests", ref, "phase", ctx["source"], remove=sorted(crests(state, ref)))
    add_lasting(state, "icons", ref, "phase", ctx["source"], add=[ctx["choice"]])


register("cad_30", Ability("action", _grove, costs=(KNEEL_SELF,), targets=_crested))


# --- cad_34 Needle ------------------------------------------------------------------------------
# "Prized 2. Unique [Stark] character only. While attached character is participating in a
# challenge, opponents cannot trigger effects." The ``seat_can_trigger`` permission, as
# Brienne of Tarth (pots_37) reads it (Prized: characters.py).


def _needle_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        is_character(state, target)
        and of_house(state, target, "Stark")
        and facts(state, target).unique
    )


def _needle(state: GameState, source: str, subject: Any, base: bool) -> bool:
    host = attached_to(state, source)
    if host is None or not participating(state, host):
        return base
    return base and subject not in state.opponents(controller(state, source))


register("cad_34", passives={"seat_can_trigger": _needle}, attach_rule=_needle_rule)


# --- cad_25 Every Captain is a King -------------------------------------------------------------
# "House Greyjoy only. Response: After a player declares a [Naval] attacker or defender, put
# a Warship location into play from your hand." Any player's declaration (the
# ``attackers_declared`` / ``defenders_declared`` triggers) of a character with a [Naval]
# enhancement on the icon of the challenge's type; the Warship is chosen as it resolves.


def _warships_in_hand(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].hand
        if facts(state, r).type == "location"
        and has_trait(state, r, "Warship")
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _naval_declared(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    ctype = event.get("type", "")
    declared = [r for r in event.get("cards", ()) if r in state.in_play]
    return bool(_warships_in_hand(state, ctx["seat"])) and any(
        naval_attacker(state, r, ctype) for r in declared
    )


def _captain(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _warships_in_hand(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "cad_captain", low=1, high=1, ctx=data)


@handler("cad_captain")
def _captain_warship(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].hand:
            put_into_play(state, ctx["seat"], ref)


register(
    "cad_25",
    *(
        response(_captain, trigger, condition=_naval_declared)
        for trigger in ("attackers_declared", "defenders_declared")
    ),
)


# --- cad_28 Counterplot -------------------------------------------------------------------------
# "House Lannister only. Prized 3. Limited Response: After an opponent reveals a plot card,
# kneel a unique [Lannister] character to cancel the revealing of that plot and move it to
# its owner's used pile. That player must choose and reveal a new plot card. (Limit 1
# limited response per round.)" Played in the ``plot_revealing`` window (after the plots
# are revealed, before initiative and "when revealed" effects): the canceled plot goes to
# the used pile and the new one is revealed in its place (steps.cancel_plot_reveal,
# reveal_replacement). A player with no plot left in the plot deck first returns the other
# used plots to it (the rule for an empty plot deck). Prized 3 once it is played.


def _unique_lannister(state: GameState, ref: str) -> bool:
    return of_house(state, ref, "Lannister") and facts(state, ref).unique


def _opponent_revealed(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    seat = event.get("seat")
    return seat in state.opponents(ctx["seat"]) and state.players[seat].revealed_plot == event.get(
        "card"
    )


def _counterplot(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    seat, plot = event["seat"], event["card"]
    cancel_plot_reveal(state, seat, plot)
    player = state.players[seat]
    if not player.plot_deck:  # the empty plot deck takes the other used plots back
        player.plot_deck = [p for p in player.used_plots if p != plot]
        player.used_plots = [plot]
        state.emit("plots_returned", seat=seat, count=len(player.plot_deck))
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state, seat, "new_plot", list(player.plot_deck), "cad_counterplot", low=1, high=1, ctx=data
    )


@handler("cad_counterplot")
def _counterplot_new(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        reveal_replacement(state, ctx["seat"], ref)


register(
    "cad_28",
    response(
        _counterplot,
        PLOT_REVEALING,
        condition=_opponent_revealed,
        costs=(Cost("kneel", 1, _unique_lannister, "unique Lannister character"),),
        limited_response=True,
    ),
)
prized_card("cad_28")
