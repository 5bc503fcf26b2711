"""The Horn that Wakes (kr_61 to kr_80): the characters whose text needs no control change
(Stannis Baratheon, Gormond Goodbrother, Hammerhorn Raiders, Janos Slynt, Janos's
Conspirator, Viper's Paramour, Dayne Spearman, Jon Snow, Yoren, Eastwatch Envoy)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    SHADOW_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    facts,
    icons,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    has_trait,
    in_season,
    kneel_card,
    lost,
    not_summer,
    winter,
)
from gameplay.engine.state import GameState

# --- kr_62 Stannis Baratheon ---------------------------------------------------------------
# 'Renown. If it is Winter, Stannis Baratheon gets +1 STR and gains, "Response: After you
# play an event card, choose a character without any power on it. That character claims 1
# power."'  The ``played`` trigger of an event of his controller; the character is any
# player's, chosen as the response is used; it claims the power from the pool.


def _stannis_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return base + 1 if subject == source else base


def _your_event(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "event" and event.get("seat") == ctx["seat"] and winter(state)


def _powerless(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if state.in_play[r].power == 0 and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _claims_one(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 1, "kr_62")


register(
    "kr_62",
    Ability("response", _claims_one, trigger="played", condition=_your_event, targets=_powerless),
    passives={"strength": in_season("winter", _stannis_strength)},
)

# --- kr_64 Gormond Goodbrother -------------------------------------------------------------
# "Response: Kneel Gormond Goodbrother to save a location you control from being discarded
# from play."  A save at ``would_be_discarded`` (a "cannot be saved" discard offers none).


def _my_locations_leaving(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and facts(state, r).type == "location"
        and controller(state, r) == ctx["seat"]
        and not moves.saved(state, r)
    ]


register(
    "kr_64",
    Ability(
        "save",
        moves.save_target,
        trigger="would_be_discarded",
        costs=(KNEEL_SELF,),
        targets=_my_locations_leaving,
    ),
)

# --- kr_65 Hammerhorn Raiders --------------------------------------------------------------
# "No attachments. While Hammerhorn Raiders is attacking, raise the claim value on your
# revealed plot card by 1 if you win the challenge by counting at least twice as much STR
# as the defending player."  The ``claim`` query of his controller once the challenge is
# resolved (its ``strength`` recorded): won as the attacker with at least twice the
# defending STR (an unopposed win with 1 STR or more counts: 0 doubled is 0).


def _raiders_claim(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if challenge is None or "strength" not in challenge or subject != controller(state, source):
        return base
    attack, defence = challenge["strength"]
    if (
        challenge.get("winner") == subject
        and challenge["attacker"] == subject
        and source in challenge["attackers"]
        and attack >= 2 * defence
    ):
        return base + 1
    return base


register("kr_65", passives={"claim": _raiders_claim})

# --- kr_67 Janos Slynt ---------------------------------------------------------------------
# "Response: After 1 or more cards are discarded from an opponent's hand, stand Janos Slynt
# to draw 1 card."  Any discard from an opponent's hand (``discarded_from_hand``: by any
# effect, at random or chosen); standing him (knelt) is the cost.


def _is_janos(state: GameState, ref: str) -> bool:
    return state.code(ref) == "kr_67"


def _opponent_discarded(state: GameState, ctx: Ctx) -> bool:
    return (
        ctx["event"].get("seat") in state.opponents(ctx["seat"])
        and state.in_play[ctx["source"]].knelt
    )


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "kr_67",
    Ability(
        "response",
        _draw_one,
        trigger="discarded_from_hand",
        condition=_opponent_discarded,
        costs=(Cost("stand", 1, _is_janos, "Janos Slynt"),),
    ),
)

# --- kr_68 Janos's Conspirator -------------------------------------------------------------
# "Response: After you play Janos's Conspirator from your hand, choose and kneel a character
# if there is a Wildling or another Night's Watch character in play."  Marshalled from the
# hand (the ``played`` trigger of this card); any player's Wildling or Night's Watch
# character other than this one; a standing character is chosen.


def _conspirator_may(state: GameState, ctx: Ctx) -> bool:
    source, event = ctx["source"], ctx["event"]
    if event.get("card") != source or event.get("seat") != ctx["seat"]:
        return False
    return any(
        r != source and (has_trait(state, r, "Wildling") or has_trait(state, r, "Night's Watch"))
        for r in characters(state)
    )


def _standing(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        kneel_card(state, ctx["target"])


register(
    "kr_68",
    Ability(
        "response",
        _kneel_target,
        trigger="played",
        condition=_conspirator_may,
        targets=_standing,
    ),
)

# --- kr_70 Viper's Paramour ----------------------------------------------------------------
# "Ally characters cannot be declared as defenders while Viper's Paramour is attacking."
# The ``can_defend`` permission of every Ally character while she is an attacker.


def _paramour_defend(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if not base or challenge is None or source not in challenge["attackers"]:
        return base
    if isinstance(subject, str) and has_trait(state, subject, "Ally"):
        return False
    return base


register("kr_70", passives={"can_defend": _paramour_defend})

# --- kr_71 Dayne Spearman ------------------------------------------------------------------
# "Response: After you lose a challenge, put Dayne Spearman into shadows to choose a
# character. That character loses a [Military], an [Intrigue], and a [Power] icon until the
# end of the phase."  Returning him to Shadows is the cost; any character.

ICONS = ("military", "intrigue", "power")


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _lose_icons(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "icons", ctx["target"], "phase", ctx["source"], remove=list(ICONS))


register(
    "kr_71",
    Ability(
        "response",
        _lose_icons,
        trigger="challenge_won",
        condition=lost(),
        costs=(SHADOW_SELF,),
        targets=_any_character,
    ),
)

# --- kr_73 Jon Snow ------------------------------------------------------------------------
# 'Deadly. Your Wildling characters get +1 STR. Your Night's Watch characters gain "immune
# to events."'  Himself included (he is both).


def _yours_with(state: GameState, source: str, subject: Any, trait: str) -> bool:
    return (
        isinstance(subject, str)
        and subject in state.in_play
        and facts(state, subject).type == "character"
        and controller(state, subject) == controller(state, source)
        and has_trait(state, subject, trait)
    )


def _jon_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return base + 1 if _yours_with(state, source, subject, "Wildling") else base


def _jon_immune(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if _yours_with(state, source, subject, "Night's Watch"):
        return set(base) | {"immune to events"}
    return base


register("kr_73", passives={"strength": _jon_strength, "immune": _jon_immune})

# --- kr_74 Yoren ---------------------------------------------------------------------------
# "If it is not Summer, Yoren can defend [Intrigue] challenges declared against you, even
# while kneeling."  He has no [Intrigue] icon: the flags ``defends_without_icon`` (subject
# (ref, type)) and ``knelt_can_defend`` in an [Intrigue] challenge against his controller.


def _intrigue_against(state: GameState, source: str) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge["type"] == "intrigue"
        and challenge["defender"] == controller(state, source)
        and not_summer(state)
    )


def _yoren_knelt(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return base or (subject == source and _intrigue_against(state, source))


def _yoren_icon(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if base or subject != (source, "intrigue"):
        return base
    return _intrigue_against(state, source)


register(
    "kr_74",
    passives={"knelt_can_defend": _yoren_knelt, "defends_without_icon": _yoren_icon},
)

# --- kr_77 Eastwatch Envoy -----------------------------------------------------------------
# "Stealth. When Eastwatch Envoy gains an icon, it also gains a [Naval] enhancement with
# that icon."  The ``naval`` query: every icon it has beyond its printed ones carries a
# [Naval] enhancement while it has it.


def _envoy_naval(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    return set(base) | (icons(state, source) - set(facts(state, source).icons))


register("kr_77", passives={"naval": _envoy_naval})
