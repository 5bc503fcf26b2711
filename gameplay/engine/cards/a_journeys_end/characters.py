"""A Journey's End: the characters (House Manderly Escort, Randyll Tarly, The Tattered Prince),
Cape Wrath and the events Call of the Three-Eyed Crow and Choosing the Spear. Trident Guard
and Starfall Skirmisher (Melee) have no text needing code."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    agenda_cards,
    attached_to,
    characters,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.as_attachment import as_attachment, attach, hosts
from gameplay.engine.cards.vocabulary import (
    agenda_character,
    attached_passive,
    choosable,
    event,
    first_play_reduction,
    has_trait,
    of_house,
    of_house_named,
    response,
    stand_card,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import has_shadow_crest, put_into_play, return_to_shadows

# --- asots_109 House Manderly Escort -------------------------------------------------------
# "House Manderly Escort gets +1 STR for each House Manderly character you control."  Itself
# included (it has the House Manderly trait).


def _escort(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    return base + sum(1 for r in characters(state, seat) if has_trait(state, r, "House Manderly"))


register("asots_109", passives={"strength": _escort})

# --- asots_111 Call of the Three-Eyed Crow -------------------------------------------------
# "House Stark only. Response: After a unique non-Army character you own enters your dead
# pile, put that character into play knelt under your control."  Any way into the dead pile
# (killed, or a card moved there); one character per use, chosen among those of the
# ``dead_pile`` event still in your dead pile (uniqueness permitting: no copy in play
# and no other copy in the dead pile).


def _crow_candidates(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    dead = state.players[seat].dead
    found = []
    for ref in ctx["event"].get("cards", ()):
        if ref not in dead or state.cards[ref].owner != seat:
            continue
        card = facts(state, ref)
        if card.type != "character" or not card.unique or "Army" in card.traits:
            continue
        if _no_other_copy(state, seat, ref):
            found.append(ref)
    return found


def _no_other_copy(state: GameState, seat: int, ref: str) -> bool:
    """Uniqueness for a card coming back from the dead pile: no copy in play that ``seat``
    controls or owns, no other copy in its dead pile (``rules.unique_problem`` would count
    the card itself)."""
    name = facts(state, ref).name
    for other, record in state.in_play.items():
        if facts(state, other).name == name and seat in (
            record.controller,
            state.cards[other].owner,
        ):
            return False
    return not any(r != ref and facts(state, r).name == name for r in state.players[seat].dead)


def _crow(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref in state.players[seat].dead:
        put_into_play(state, seat, ref)
        state.in_play[ref].knelt = True


register("asots_111", response(_crow, "dead_pile", targets=_crow_candidates))


# --- asots_113 Choosing the Spear ----------------------------------------------------------
# "Challenges: Choose and stand a [Martell] character. That character gains melee until the
# end of the phase."  Any player's [Martell] character, knelt or standing (the melee part
# changes a standing one).


def _martell(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if of_house(state, r, "Martell")]


def _spear(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref not in state.in_play:
        return
    if state.in_play[ref].knelt:
        stand_card(state, ref)
    add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["melee"])


register("asots_113", event(_spear, phases=("challenges",), targets=_martell))


# --- asots_114 Venomous Manticore ----------------------------------------------------------
# "Any Phase: Kneel 1 influence to attach Venomous Manticore to a character (counts as a
# Creature attachment with the text 'Attached character gets -1 STR. Any Phase: Kneel 1
# influence to attach Venomous Manticore to another eligible character')."  The engine's
# as_attachment face: attached, it is a Creature attachment (no STR, icons or keywords) under
# its controller's control on any player's character that may take it (not "No
# attachments"); the same ability moves it from there to another character (not its host).

MANTICORE_TEXT = (
    "Attached character gets -1 STR. Any Phase: Kneel 1 influence to attach Venomous "
    "Manticore to another eligible character."
)
as_attachment("asots_114", MANTICORE_TEXT, traits=("Creature",))


def _manticore_hosts(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    host = attached_to(state, source)
    return [r for r in hosts(state, source, ctx["seat"]) if r != host and is_character(state, r)]


def _manticore(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in _manticore_hosts(state, ctx):
        attach(state, ctx["seat"], ctx["source"], ctx["target"])


def _venom(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return base - 1


register(
    "asots_114",
    Ability("action", _manticore, costs=(Cost("influence", 1),), targets=_manticore_hosts),
    passives={"strength": attached_passive(_venom)},
)


# --- asots_115 Randyll Tarly ---------------------------------------------------------------
# "Melee. Response: After you declare Randyll Tarly as an attacker, choose any number of
# House Tyrell characters to gain vigilant until the end of the challenge."  Any player's
# characters with the House Tyrell trait (of_house_named), chosen as the response resolves.


def _tyrells(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if of_house_named(state, r, "House Tyrell")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _tarly_declared(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return (
        event_.get("seat") == ctx["seat"]
        and ctx["source"] in event_.get("cards", ())
        and bool(_tyrells(state, ctx))
    )


def _tarly(state: GameState, ctx: Ctx) -> None:
    found = _tyrells(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "vigilant", found, "asots_tarly", high=len(found), ctx=data)


@handler("asots_tarly")
def _tarly_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "keywords", ref, "challenge", ctx["source"], add=["vigilant"])


register(
    "asots_115",
    Ability("response", _tarly, trigger="attackers_declared", condition=_tarly_declared),
)


# --- asots_116 Cape Wrath ------------------------------------------------------------------
# "Response: After you win a challenge by 4 or more total STR, choose a card you control
# that is currently in play with the [Shadow] crest and return it to Shadows."  Its owner's
# Shadows (uses.return_to_shadows: it may not come out again this round).


def _shadow_cards(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r for r in state.players[seat].in_play if r in state.in_play and has_shadow_crest(state, r)
    ]


def _cape_wrath(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play and state.in_play[ref].controller == ctx["seat"]:
        return_to_shadows(state, ref)


register(
    "asots_116",
    Ability(
        "response",
        _cape_wrath,
        trigger="challenge_won",
        condition=won(by=4),
        targets=_shadow_cards,
    ),
)


# --- asots_117 The Tattered Prince ---------------------------------------------------------
# "If The Tattered Prince would be killed, instead attach him to your House card as your
# only agenda with the text: 'Ignore all gold penalties when playing out-of-House Mercenary
# characters. Lower the cost of the first Mercenary character you play each round by 1.'"
# (vocabulary ``agenda_character``). Both passives work only while he is an agenda: the
# ``gold_penalty`` of his player's Mercenary characters, and a first-play reduction
# (vocabulary ``first_play_reduction``) used up by the first Mercenary character that
# player plays (marshals) after he became the agenda.


def _agenda_seat(state: GameState, source: str) -> int | None:
    return next((s for s, r in agenda_cards(state).items() if r == source), None)


def _mercenary(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "character" and "Mercenary" in facts(state, ref).traits


_prince_cost, _prince_played = first_play_reduction(1, _mercenary)


def _prince_penalty(state: GameState, source: str, subject: Any, base: Any) -> Any:
    seat = _agenda_seat(state, source)
    if seat is None or not isinstance(subject, tuple) or subject[0] != seat:
        return base
    return 0 if _mercenary(state, subject[1]) else base


def _prince_reduction(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if _agenda_seat(state, source) is None:
        return base
    return _prince_cost(state, source, subject, base)


def _prince_first(state: GameState, ctx: Ctx) -> None:
    if _agenda_seat(state, ctx["source"]) is not None:
        _prince_played(state, ctx)


agenda_character(
    "asots_117",
    passives={"gold_penalty": _prince_penalty, "cost": _prince_reduction},
    forced={"played": _prince_first},
)
