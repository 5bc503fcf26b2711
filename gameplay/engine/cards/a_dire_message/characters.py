"""A Dire Message characters: Robert Baratheon (cad_101), Raider from Orkwood (cad_103),
Orkwood Captain (cad_104), Ser Balon Swann (cad_106), Northern Clansman (cad_110),
Blackwood Elite (cad_111), Mad King Aerys (cad_112) and Dragon Ambassador (cad_113). The
printed Prized X keyword: ``vocabulary.prized_card``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    controller,
    crests,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    in_play_of,
    is_prized,
    kneel_card,
    many_icons_do_not_count,
    of_house,
    out_of_shadows,
    participants,
    prized_card,
    won,
)
from gameplay.engine.leaving import kill
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState


def _controls_house(state: GameState, source: str, house: str) -> bool:
    """Whether the controller of ``source`` controls a character of ``house``."""
    seat = controller(state, source)
    return any(of_house(state, r, house) for r in characters_of(state, seat))


# --- cad_101 Robert Baratheon --------------------------------------------------------------
# "Prized 2. Renown. Response: After you win a challenge in which a prized character
# participated, Robert Baratheon claims 1 power." A prized participant on either side
# (Robert himself too).


def _robert_may(state: GameState, ctx: Ctx) -> bool:
    return won()(state, ctx) and any(is_prized(state, r) for r in participants(ctx["event"], state))


def _robert(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "robert_baratheon")


prized_card("cad_101")
register("cad_101", Ability("response", _robert, trigger="challenge_won", condition=_robert_may))


# --- cad_103 Raider from Orkwood -----------------------------------------------------------
# "Prized 1. While Raider from Orkwood is participating in a challenge, characters with more
# than 1 icon do not count their STR."

prized_card("cad_103")
register("cad_103", passives={"counts_strength": many_icons_do_not_count})


# --- cad_104 Orkwood Captain ---------------------------------------------------------------
# "Prized 1. Response: After you win a challenge in which Orkwood Captain participated as an
# attacker, kneel all locations controlled by the defending player."


def _captain_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return won(role="attacker")(state, ctx) and ctx["source"] in event.get("attackers", ())


def _captain(state: GameState, ctx: Ctx) -> None:
    defender = ctx["event"].get("defender")
    if defender is None:
        return
    for location in in_play_of(state, "location", defender):
        kneel_card(state, location)


prized_card("cad_104")
register("cad_104", Ability("response", _captain, trigger="challenge_won", condition=_captain_may))


# --- cad_106 Ser Balon Swann ---------------------------------------------------------------
# "No attachments. Response: After Ser Balon Swann comes out of Shadows, each opponent with 4
# or more cards in hand chooses and discards a card from his or her hand." The hands are
# counted as the response resolves; each such opponent chooses in turn.

BALON_HAND = 4


def _balon(state: GameState, ctx: Ctx) -> None:
    for opponent in reversed(state.opponents(ctx["seat"])):
        hand = state.players[opponent].hand
        if len(hand) >= BALON_HAND:
            data = {"seat": opponent}
            ask_select(
                state, opponent, "discard", hand, "adm_balon_discard", low=1, high=1, ctx=data
            )


@handler("adm_balon_discard")
def _balon_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


register("cad_106", out_of_shadows(_balon))


# --- cad_110 Northern Clansman -------------------------------------------------------------
# "If you control a [Baratheon] character, Northern Clansman gains renown. If you control a
# [Lannister] character, Northern Clansman gains stealth."


def _clansman(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject != source:
        return base
    gained = set(base)
    if _controls_house(state, source, "Baratheon"):
        gained.add("renown")
    if _controls_house(state, source, "Lannister"):
        gained.add("stealth")
    return gained


register("cad_110", passives={"keywords": _clansman})


# --- cad_111 Blackwood Elite ---------------------------------------------------------------
# "Prized 2. No attachments. Deadly. Renown. Blackwood Elite must be chosen for [Military]
# claim, if able." (the ``must_be_claimed`` query of the military claim prompt)


def _elite(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source else base


prized_card("cad_111")
register("cad_111", passives={"must_be_claimed": _elite})


# --- cad_112 Mad King Aerys ----------------------------------------------------------------
# "Prized 1. Renown. Mad King Aerys cannot be killed unless an opponent controls a [Noble]
# character or Ser Jaime Lannister. Dominance: Kneel Mad King Aerys to choose and kill a
# [Noble] character." [Noble] is the crest; any player's such character (Aerys too).

JAIME = "Ser Jaime Lannister"


def _aerys_safe(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source or not base:
        return base
    seat = controller(state, source)
    for opponent in state.opponents(seat):
        for r in characters_of(state, opponent):
            if "noble" in crests(state, r) or facts(state, r).name == JAIME:
                return base
    return False


def _nobles(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if "noble" in crests(state, r)]


def _aerys(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        kill(state, [ctx["target"]])


prized_card("cad_112")
register(
    "cad_112",
    Ability("action", _aerys, phases=("dominance",), costs=(KNEEL_SELF,), targets=_nobles),
    passives={"can_be_killed": _aerys_safe},
)


# --- cad_113 Dragon Ambassador -------------------------------------------------------------
# "If you control a [Greyjoy] character, Dragon Ambassador gains deadly. If you control a
# [Martell] character, Dragon Ambassador gains an [Intrigue] icon."


def _ambassador_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_house(state, source, "Greyjoy"):
        return set(base) | {"deadly"}
    return base


def _ambassador_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _controls_house(state, source, "Martell"):
        return set(base) | {"intrigue"}
    return base


register("cad_113", passives={"keywords": _ambassador_keywords, "icons": _ambassador_icons})
