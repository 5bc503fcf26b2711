"""Calling the Banners cards (acoa_101 to acoa_120)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.vocabulary import (
    banner_attachments,
    discard_top,
    event,
    has_trait,
    kneel_card,
    kneel_host,
    of_house,
    opponents_location,
    stand_bannered,
    stand_card,
    won,
)
from gameplay.engine.leaving import discard
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- acoa_102 Gates of Winterfell ---------------------------------------------------------
# "Marshalling: Kneel Gates of Winterfell to reveal the top card of your deck. If that card
# is a House Stark character, put it into play knelt. Otherwise, discard it."


def _gates(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    deck = state.players[seat].deck
    if not deck:
        return
    top = deck[0]
    moves.reveal(state, seat, [top], "acoa_102")
    card = facts(state, top)
    if card.type == "character" and "Stark" in card.houses:
        put_into_play(state, seat, top)
        kneel_card(state, top)
    else:
        discard_top(state, seat, 1, "acoa_102")


register(
    "acoa_102",
    Ability("action", _gates, phases=("marshalling",), costs=(KNEEL_SELF,)),
)


# --- acoa_103 Ser Lancel Lannister --------------------------------------------------------
# "While Ser Lancel Lannister is attacking, characters with printed cost lower than the
# number of attacking House Lannister characters cannot be declared as defenders."


def _lancel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"] or not isinstance(subject, str):
        return base
    lannisters = sum(1 for r in challenge["attackers"] if of_house(state, r, "Lannister"))
    if (facts(state, subject).cost or 0) < lannisters:
        return False
    return base


register("acoa_103", passives={"can_defend": _lancel})


# --- acoa_105 Compelled by the North ------------------------------------------------------
# "Challenges: Each defending character gets +2 STR until the end of the challenge. Then,
# stand all House Stark characters with Banner attachments attached."


def _north(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    for ref in list(challenge["defenders"]) if challenge else []:
        if ref in state.in_play:
            add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=2)
    stand_bannered(state, "Stark")


register(
    "acoa_105",
    event(_north, phases=("challenges",), condition=lambda s, c: s.challenge is not None),
)


# --- acoa_108 Compelled by the Sea --------------------------------------------------------
# "Any phase: Choose and stand a non-unique location. Then, stand all House Greyjoy
# characters with Banner attachments attached." A knelt one (a standing one cannot stand).


def _knelt_common_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r, record in state.in_play.items()
        if record.knelt and facts(state, r).type == "location" and not facts(state, r).unique
    ]


def _sea(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])
    stand_bannered(state, "Greyjoy")


register("acoa_108", event(_sea, targets=_knelt_common_locations))


# --- acoa_109 Compelled by the Queen ------------------------------------------------------
# "Any phase: Choose and stand or kneel an attachment. Then, stand all House Targaryen
# characters with Banner attachments attached."


def _attachments_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if attached_to(state, r) is not None]


def _queen(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_choose(state, ctx["seat"], "stand_or_kneel", ["stand", "kneel"], "acoa_queen", ctx=data)


@handler("acoa_queen")
def _queen_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "stand":
        stand_card(state, ctx["target"])
    else:
        kneel_card(state, ctx["target"])
    stand_bannered(state, "Targaryen")


register("acoa_109", event(_queen, targets=_attachments_in_play))


# --- acoa_110 Compelled by the Sun --------------------------------------------------------
# "Challenges: Choose a character. Until the end of the phase, that character loses an icon
# of your choice. Then, stand all House Martell characters with Banner attachments."


def _with_icons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if facts(state, r).type == "character" and icons(state, r)]


def _sun(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    options = sorted(icons(state, ctx["target"]))
    ask_choose(state, ctx["seat"], "choose_icon", options, "acoa_sun", ctx=data)


@handler("acoa_sun")
def _sun_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "icons", ctx["target"], "phase", ctx["source"], remove=[ctx["choice"]])
    stand_bannered(state, "Martell")


register("acoa_110", event(_sun, phases=("challenges",), targets=_with_icons))


# --- acoa_112 Campfire Lights -------------------------------------------------------------
# "Attach to an opponent's location. Kneel that location. Response: After you win a Military
# challenge, kneel Campfire Lights to search your deck for a Bannerman character, reveal
# it, and put it into your hand. Then shuffle your deck."


def _campfire(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def bannerman(ref: str) -> bool:
        card = facts(state, ref)
        return card.type == "character" and "Bannerman" in card.traits

    moves.search_deck(state, seat, bannerman, "acoa_campfire", ctx={"source": ctx["source"]})


@handler("acoa_campfire")
def _campfire_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        moves.reveal(state, seat, [ref], "acoa_112")
        state.players[seat].deck.remove(ref)
        state.players[seat].hand.append(ref)
        state.emit("searched", seat=seat, card=ref, code=state.code(ref))


_campfire_script = register(
    "acoa_112",
    Ability(
        "response",
        _campfire,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won("military"),
    ),
    attach_rule=opponents_location,
    forced={"entered_play": kneel_host},
)
_campfire_script.attach_types = ("location",)


# --- acoa_115 Zealous Collector -----------------------------------------------------------
# "Dominance: Kneel Zealous Collector to choose and discard from play up to 2 non-Banner
# attachments. Use this ability only if you control at least 3 Kingdom locations."


def _kingdoms(state: GameState, ctx: Ctx) -> bool:
    mine = state.players[ctx["seat"]].in_play
    found = [
        r for r in mine if facts(state, r).type == "location" and has_trait(state, r, "Kingdom")
    ]
    return len(found) >= 3


def _collect(state: GameState, ctx: Ctx) -> None:
    found = [
        r
        for r in state.in_play
        if attached_to(state, r) is not None
        and r not in banner_attachments(state, attached_to(state, r) or "")
    ]
    ask_select(state, ctx["seat"], "discard", found, "acoa_collector", high=2, ctx=dict(ctx))


@handler("acoa_collector")
def _collected(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected:
        discard(state, list(selected))


register(
    "acoa_115",
    Ability("action", _collect, phases=("dominance",), costs=(KNEEL_SELF,), condition=_kingdoms),
)


# --- acoa_106 Compelled by the Rock -------------------------------------------------------
# "Marshalling: Choose an attachment attached to a card you control. Move that attachment
# to another card you control." (Text after errata.) The other card must be one that
# attachment could be attached to now (rules.attachment_targets), as for Poisoned Wine.


def _new_hosts(state: GameState, seat: int, attachment: str) -> list[str]:
    host = attached_to(state, attachment)
    found = attachment_targets(state, facts(state, attachment), seat)
    return [r for r in found if r != host and state.in_play[r].controller == seat]


def _movable(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r, record in state.in_play.items()
        if record.attached_to is not None
        and record.attached_to in state.in_play
        and state.in_play[record.attached_to].controller == seat
        and _new_hosts(state, seat, r)
    ]


def _rock(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    data = {"seat": seat, "source": ctx["source"], "target": target}
    hosts = _new_hosts(state, seat, target)
    ask_select(state, seat, "move_attachment", hosts, "acoa_rock", low=1, high=1, ctx=data)


@handler("acoa_rock")
def _rock_move(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    record = state.in_play.get(ctx["target"])
    if record is None or not selected:
        return
    before, record.attached_to = record.attached_to, selected[0]
    state.emit(
        "attachment_moved",
        card=ctx["target"],
        code=state.code(ctx["target"]),
        source=before,
        target=selected[0],
    )


register("acoa_106", event(_rock, phases=("marshalling",), targets=_movable))


# --- acoa_107 Compelled by the Crown ------------------------------------------------------
# "Challenges: Choose one participating character on each side during an Intrigue or a
# Power challenge. Remove all other characters from the challenge. Then, stand all House
# Baratheon characters with Banner attachments attached." Both sides must have a
# participant; the attacker is the target, the defender is chosen as it resolves.


def _crown_when(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge["type"] in ("intrigue", "power")
        and any(r in state.in_play for r in challenge["attackers"])
        and any(r in state.in_play for r in challenge["defenders"])
    )


def _crown_attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    return [r for r in challenge["attackers"] if r in state.in_play] if challenge else []


def _crown(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    found = [r for r in challenge["defenders"] if r in state.in_play]
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_select(state, ctx["seat"], "keep_defender", found, "acoa_crown", low=1, high=1, ctx=data)


@handler("acoa_crown")
def _crown_keep(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    challenge = state.challenge
    if challenge is not None:
        keep = {ctx["target"], *selected}
        for side in ("attackers", "defenders"):
            removed = [r for r in challenge[side] if r not in keep]
            challenge[side] = [r for r in challenge[side] if r in keep]
            if removed:
                state.emit("removed_from_challenge", cards=removed, side=side, card=ctx["source"])
    stand_bannered(state, "Baratheon")


register(
    "acoa_107",
    event(_crown, phases=("challenges",), condition=_crown_when, targets=_crown_attackers),
)
