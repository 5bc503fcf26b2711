"""The Prize of the North characters: Defenders of the Wall (cad_81), Lonely Light Envoy
(cad_84), Ashemark Councilor (cad_87), Marbrand Outrider (cad_88), House Dayne Escort
(cad_89), Seneschal Ricasso (cad_90) and Riverlands Hunter (cad_92). The printed Prized X
keyword: ``vocabulary.prized_card``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, agenda_of, controller, facts, register
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    characters_of,
    is_prized,
    of_house,
    prized_card,
    reprint,
)
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def _controls_house(state: GameState, source: str, house: str) -> bool:
    """Whether the controller of ``source`` controls a character of ``house``."""
    seat = controller(state, source)
    return any(of_house(state, r, house) for r in characters_of(state, seat))


# --- cad_81 Defenders of the Wall ------------------------------------------------------------
# "No attachments except Weapon. Defenders of the Wall may be declared as a defender during
# [Military] challenges initiated against you by players running an agenda even if it is
# already kneeling." The flag ``knelt_can_defend`` (rules.can_defend) on itself.


def _defenders_knelt(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "military":
        return base
    if challenge["defender"] != controller(state, source):
        return base
    return True if agenda_of(state, challenge["attacker"]) is not None else base


register("cad_81", passives={"knelt_can_defend": _defenders_knelt})


# --- cad_84 Lonely Light Envoy ---------------------------------------------------------------
# "If you control a [Martell] character, Lonely Light Envoy gains an [Intrigue] icon. If you
# control a [Targaryen] character, Lonely Light Envoy gains "immune to plot effects.""

PLOT_IMMUNITY = "immune to plot effects"


def _envoy_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_house(state, source, "Martell"):
        return base | {"intrigue"}
    return base


def _envoy_immune(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_house(state, source, "Targaryen"):
        return base | {PLOT_IMMUNITY}
    return base


register("cad_84", passives={"icons": _envoy_icons, "immune": _envoy_immune})


# --- cad_87 Ashemark Councilor, cad_92 Riverlands Hunter -------------------------------------
# "Prized 1. While <this> is participating in a challenge, characters with more than 1 icon
# do not count their STR." Spy from Starfall's text (cad_11): its reprints.

reprint("cad_87", "cad_11")
reprint("cad_92", "cad_11")


# --- cad_88 Marbrand Outrider ----------------------------------------------------------------
# "Prized 2. Response: After 1 or more cards are discarded from an opponent's hand, reveal the
# top card of your deck and add it to your hand."


def _outrider_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("seat") in state.opponents(ctx["seat"]) and bool(event.get("cards"))


def _outrider(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if not player.deck:
        return
    top = player.deck.pop(0)
    player.hand.append(top)
    moves.reveal(state, ctx["seat"], [top], "cad_marbrand_outrider")


prized_card("cad_88")
register(
    "cad_88",
    Ability("response", _outrider, trigger="discarded_from_hand", condition=_outrider_may),
)


# --- cad_89 House Dayne Escort ---------------------------------------------------------------
# "If you control a [Greyjoy] character, House Dayne Escort gains deadly. If you control a
# [Lannister] character, House Dayne Escort gains "immune to plot effects.""


def _escort_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_house(state, source, "Greyjoy"):
        return base | {"deadly"}
    return base


def _escort_immune(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_house(state, source, "Lannister"):
        return base | {PLOT_IMMUNITY}
    return base


register("cad_89", passives={"keywords": _escort_keywords, "immune": _escort_immune})


# --- cad_90 Seneschal Ricasso ----------------------------------------------------------------
# "Response: After Seneschal Ricasso leaves play, choose a prized character in your dead or
# discard pile and put it into play under your control." A response to each way of leaving
# play, answered wherever he is now; "your" piles are those of his owner, who answers.


def _prized_characters(state: GameState, ctx: Ctx) -> list[str]:
    player = state.players[state.cards[ctx["source"]].owner]
    return [
        r
        for r in [*player.dead, *player.discard]
        if facts(state, r).type == "character" and is_prized(state, r)
    ]


def _ricasso_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _ricasso(state: GameState, ctx: Ctx) -> None:
    target, player = ctx["target"], state.players[ctx["seat"]]
    if target in player.dead or target in player.discard:
        put_into_play(state, ctx["seat"], target)


for _trigger in LEFT_PLAY:
    register(
        "cad_90",
        Ability(
            "response",
            _ricasso,
            trigger=_trigger,
            condition=_ricasso_may,
            targets=_prized_characters,
            zones=("play", "hand", "dead", "discard"),
        ),
    )
