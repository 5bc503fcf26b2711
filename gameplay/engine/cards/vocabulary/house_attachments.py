"""Attachments on a House card (gameplay/engine/house_card.py, A Song of Summer onwards):
the Ravens that make it Summer or Winter, and The Long Summer / The Long Winter."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import (
    Ctx,
    controller,
    facts,
    immune_to,
    register,
    season,
    traits,
)
from gameplay.engine.state import GameState

RAVEN = "Raven"


def never_on_a_card(state: GameState, code: str, target: str, seat: int | None) -> bool:
    """``attach_rule`` of a card that goes only on a House card (no character takes it)."""
    return False


def owners_characters_gain(keyword: str, ctype: str) -> Callable[..., object]:
    """The ``keywords`` passive of a House card attachment whose House card "gains:
    'Characters you control gain <keyword> during [<ctype>] challenges'": "you" is the
    House card's owner; his characters in play have the keyword while a challenge of that
    type is being resolved (True Queen's Loyalist, Blood Debt)."""

    def gained(state: GameState, source: str, subject: object, base: object) -> object:
        owner, challenge = house_card.house_of(state, source), state.challenge
        if (
            owner is None
            or challenge is None
            or challenge["type"] != ctype
            or not isinstance(subject, str)
            or subject not in state.in_play
            or facts(state, subject).type != "character"
            or controller(state, subject) != owner
        ):
            return base
        return set(base) | {keyword}  # type: ignore[call-overload]

    return gained


def played_itself(ctx: Ctx) -> bool:
    """Whether the ``played`` / ``entered_play`` event of a forced effect is its own card."""
    return ctx["event"].get("card") == ctx["source"]


# "Immune to non-Raven cards. Attach X to your House card and discard all other Raven
# attachments from play." The immunity is its keyword (abilities.immune_to with the
# source's traits). Entering play it discards every other attachment with the Raven trait
# in play, anyone's (the usual saves apply: the text does not forbid them).


def _discard_other_ravens(state: GameState, ctx: Ctx) -> None:
    if not played_itself(ctx):
        return
    source, seat = ctx["source"], ctx["seat"]
    others = [
        r
        for r in state.in_play
        if r != source
        and facts(state, r).type == "attachment"
        and RAVEN in traits(state, r)
        and not immune_to(state, r, "attachment", seat, source)
    ]
    if others:
        moves.discard(state, others)


def raven(code: str, word: str, gold: int) -> None:
    """A Raven on your House card: "It is <word>. Each player takes <gold> more (or less)
    gold token when he or she counts income", discarding the other Raven attachments."""

    def it_is(state: GameState, source: str, subject: object, base: str | None) -> str | None:
        return word

    def income(state: GameState, source: str, seat: object, base: int) -> int:
        return base + gold

    register(
        code,
        passives={"season": it_is, "income": income},
        forced={"entered_play": _discard_other_ravens},
        attach_rule=never_on_a_card,
        house_attachment=True,
    )


def long_season(code: str, word: str, other: str, amount: int) -> None:
    """The Long Winter / The Long Summer (A Change of Seasons): "Attach to a player's House
    card. (Limit 1 per House card.) If it is <word>, all characters with attached card's
    House affiliation get <amount> STR. If it is <other>, return it to its owner's hand."
    The affiliation is that House card's House among a character's printed Houses."""

    def strength(state: GameState, source: str, subject: object, base: int) -> int:
        if season(state) != word or not isinstance(subject, str):
            return base
        house = house_card.house_of(state, source)
        if house is None or state.players[house].house not in facts(state, subject).houses:
            return base
        return base + amount if facts(state, subject).type == "character" else base

    def return_now(state: GameState, source: str, subject: object, base: bool) -> bool:
        return True if subject == source and season(state) == other else base

    register(
        code,
        passives={"strength": strength, "return_now": return_now},
        attach_rule=never_on_a_card,
        house_rule=house_card.limit_one_per_house_card,
    )


def host_won_in_melee(ctype: str, reason: str) -> Callable[[GameState, Ctx], None]:
    """The forced effect of an attachment on an opponent's House card: "If you have more than
    1 opponent, after attached House card's player wins a <ctype> challenge, gain 1 power for
    your House" (In the Name of the King, True Queen's Loyalist). ``reason`` names the gain
    in the log."""

    def forced(state: GameState, ctx: Ctx) -> None:
        source, event = ctx["source"], ctx["event"]
        if source not in state.in_play:
            return
        owner, seat = house_card.house_of(state, source), controller(state, source)
        if (
            event.get("type") == ctype
            and owner is not None
            and event.get("winner") == owner
            and len(state.opponents(seat)) > 1
        ):
            moves.gain_power(state, seat, 1, reason)

    return forced
