"""Fire Made Flesh passives and the plot: Knight of the North (cad_41), There Are No Men Like
Me (cad_48), Podrick Payne (cad_46), The Bastard of Godsgrace (cad_49) and Common Cause
(cad_60)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Ctx,
    add_lasting,
    controller,
    facts,
    houses,
    icons,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    event,
    is_prized,
    prized_card,
    this_round,
)
from gameplay.engine.state import GameState

# --- cad_41 Knight of the North ------------------------------------------------------------
# "Prized 1. While Knight of the North is participating in a challenge, characters with more
# than 1 icon do not count their STR." Every such character (participating: only they count
# STR), the Knight himself included when he has more than 1 icon.


def _knight_of_the_north(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    if participating(state, source) and len(icons(state, subject)) > 1:
        return False
    return base


prized_card("cad_41")
register("cad_41", passives={"counts_strength": _knight_of_the_north})


# --- cad_48 There Are No Men Like Me -------------------------------------------------------
# "House Lannister only. Challenges: Choose a character. Until the end of the phase, that
# character gains a military icon and does not kneel to attack or defend during military
# challenges." The icon is a lasting ``icons`` effect; the kneeling a lasting text on the
# event (LASTING_PASSIVES, the character in the effect's ``target``) read as attackers and
# defenders are declared: only in a military challenge.

NO_MEN_LIKE_ME = "cad_no_men_like_me"


def _no_men_like_me(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if challenge is None or challenge.get("type") != "military":
        return base
    for effect in state.effects:
        mine = effect.get("passive") == NO_MEN_LIKE_ME and effect["subject"] == source
        if mine and effect.get("target") == subject:
            return False
    return base


LASTING_PASSIVES[NO_MEN_LIKE_ME] = _no_men_like_me


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state)


def _there_are_no_men(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    add_lasting(state, "icons", target, "phase", source, add=["military"])
    for query in ("kneel_to_attack", "kneel_to_defend"):
        add_lasting(state, query, source, "phase", source, passive=NO_MEN_LIKE_ME, target=target)


register("cad_48", event(_there_are_no_men, phases=("challenges",), targets=_any_character))


# --- cad_60 Common Cause -------------------------------------------------------------------
# "Prized 1. X is equal to the number of different House affiliations among the characters
# you control. (Each character cannot contribute more than 1 House affiliation to this
# count.)" X is the plot's claim value (printed 0 in the data). Neutral is no House; a
# character of several Houses counts for one of them, chosen to make X as high as it can be
# (a matching of characters to Houses).


def house_count(state: GameState, seat: int) -> int:
    """The most different Houses the characters of ``seat`` show, one House each."""
    options = [{h for h in houses(state, r) if h != "Neutral"} for r in characters_of(state, seat)]
    owner: dict[str, int] = {}

    def assign(i: int, seen: set[str]) -> bool:
        for house in sorted(options[i]):
            if house in seen:
                continue
            seen.add(house)
            if house not in owner or assign(owner[house], seen):
                owner[house] = i
                return True
        return False

    return sum(1 for i in range(len(options)) if assign(i, set()))


def _common_cause_claim(state: GameState, source: str, subject: Any, base: Any) -> Any:
    seat = state.cards[source].owner
    if subject != seat or state.players[seat].revealed_plot != source:
        return base
    return base + house_count(state, seat)


prized_card("cad_60")
register("cad_60", passives={"claim": _common_cause_claim})


# --- cad_46 Podrick Payne ------------------------------------------------------------------
# "Prized 1. Stealth. Tyrion Lannister gains a military icon. Each card discarded from an
# opponent's hand reduces his or her draw cap by 1 (to a minimum of 0) until the end of the
# round." Every Tyrion Lannister in play; the draw cap is a lasting ``draw_cap`` effect on
# the opponent (the forced moment ``discarded_from_hand``: every discard from a hand, at
# random or chosen, by any effect or cost), which stays after Podrick leaves play.


def _tyrion_icons(state: GameState, source: str, subject: Any, base: Any) -> Any:
    in_play = isinstance(subject, str) and subject in state.in_play
    if in_play and facts(state, subject).name == "Tyrion Lannister":
        return base | {"military"}
    return base


def _podrick_discards(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    seat = event.get("seat")
    if seat is None or seat == controller(state, source) or not event.get("cards"):
        return
    add_lasting(state, "draw_cap", seat, "round", source, amount=-len(event["cards"]))


prized_card("cad_46")
register(
    "cad_46",
    passives={"icons": _tyrion_icons},
    forced={"discarded_from_hand": _podrick_discards},
)


# --- cad_49 The Bastard of Godsgrace -------------------------------------------------------
# "Stealth. The first event card played by an opponent each round gains "prized 1" if The
# Bastard of Godsgrace is standing." The forced moment ``played`` of an event: the first
# event any of his controller's opponents played this round (the log's ``ability`` entries
# of event cards), while he stands, claims as prized 1 (moves.prized: each opponent of its
# player claims 1 power). An event already prized keeps its own (higher or equal) value:
# a card's prized value is its highest.


def _events_played_by(state: GameState, seats: set[int]) -> list[str]:
    found: list[str] = []
    for entry in this_round(state, "ability"):
        card = entry.get("card")
        if entry.get("seat") not in seats or card is None or card in found:
            continue
        if card in state.cards and facts(state, card).type == "event":
            found.append(card)
    return found


def _bastard(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    card, seat = event.get("card"), event.get("seat")
    me = controller(state, source)
    if event.get("type") != "event" or seat is None or seat == me:
        return
    if state.in_play[source].knelt or is_prized(state, card):
        return
    if _events_played_by(state, set(state.opponents(me))) == [card]:
        moves.prized(state, seat, 1)


register("cad_49", forced={"played": _bastard})
