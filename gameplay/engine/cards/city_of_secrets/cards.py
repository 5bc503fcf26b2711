"""City of Secrets: locations, attachments, events and the plot (kl_3, kl_4, kl_6, kl_8,
kl_10, kl_13, kl_16, kl_18, kl_19). The characters are in characters.py; the agendas
(kl_11, kl_15, kl_20) in the agendas package."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    SHADOW_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    icons,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    event,
    kneel_card,
    of_house,
    on_bearer,
    pile_to_hand,
    summer,
    winter,
)
from gameplay.engine.cards.vocabulary.shadows import out_of_shadows, shadow_event
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import SHADOW_TYPES, has_shadow_crest, put_into_shadows

# --- kl_3 Hidden Chambers -------------------------------------------------------------------
# "No attachments. If it is Winter, reduce the cost to bring your cards out of Shadows by 1.
# If it is Summer, return Hidden Chambers to your hand."
# Read: each copy lowers its controller's ``shadow_out_cost`` by 1 in Winter; in Summer it
# returns to its owner's hand at once (``return_now``: cannot be saved).


def _chambers_cost(state: GameState, source: str, subject: Any, base: int) -> int:
    seat, _ref = subject
    return base - 1 if seat == controller(state, source) and winter(state) else base


def _chambers_return(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source and summer(state) else base


register("kl_3", passives={"shadow_out_cost": _chambers_cost, "return_now": _chambers_return})

# --- kl_4 Bound by Duty ---------------------------------------------------------------------
# "Challenges: Choose a kneeling House Stark character. Until the end of the phase, that
# character is eligible, while kneeling, to be declared as a defender for any challenge in
# which it could normally participate." Any player's kneeling House Stark character (printed
# House); the flag ``knelt_can_defend`` until the end of the phase (its icons and every other
# rule still apply).


def _kneeling_stark(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r, record in state.in_play.items()
        if record.knelt and is_character(state, r) and of_house(state, r, "Stark")
    ]


def _bound_by_duty(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "knelt_can_defend", ctx["target"], "phase", ctx["source"], value=True)


register("kl_4", event(_bound_by_duty, phases=("challenges",), targets=_kneeling_stark))

# --- kl_6 Tunnels of the Red Keep -----------------------------------------------------------
# "Your characters get +1 STR for each card you have in Shadows."


def _tunnels(state: GameState, source: str, subject: Any, base: int) -> int:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    seat = controller(state, source)
    if record is None or record.controller != seat or not is_character(state, subject):
        return base
    return base + len(state.players[seat].shadows)


register("kl_6", passives={"strength": _tunnels})

# --- kl_8 Kingswood Trail -------------------------------------------------------------------
# "House Baratheon only. Response: After you declare attackers during a Power challenge, put
# Kingswood Trail into Shadows to choose and kneel a character with a Power icon controlled by
# the defending player." Putting it into Shadows is the cost (SHADOW_SELF); the character
# chosen is a standing one (kneeling a knelt one would do nothing).


def _trail_condition(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return (
        event_.get("type") == "power"
        and event_.get("seat") == ctx["seat"]
        and state.challenge is not None
        and state.challenge.get("attacker") == ctx["seat"]
    )


def _trail_targets(state: GameState, ctx: Ctx) -> list[str]:
    if state.challenge is None:
        return []
    defender = state.challenge["defender"]
    return [
        r
        for r in state.players[defender].in_play
        if is_character(state, r) and not state.in_play[r].knelt and "power" in icons(state, r)
    ]


def _trail(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])


register(
    "kl_8",
    Ability(
        "response",
        _trail,
        trigger="attackers_declared",
        costs=(SHADOW_SELF,),
        condition=_trail_condition,
        targets=_trail_targets,
    ),
)

# --- kl_10 Kraken Tattoo --------------------------------------------------------------------
# "Attached character gains the Ironborn trait. Response: After a card is discarded from a
# player's deck, attached character gets +1 STR and Intimidate until the end of the phase."
# The engine trigger ``card_discarded_from_deck`` opens once per card discarded from any deck.


def _tattoo(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        add_lasting(state, "strength", host, "phase", ctx["source"], amount=1)
        add_lasting(state, "keywords", host, "phase", ctx["source"], add=["intimidate"])


def _tattoo_attached(state: GameState, ctx: Ctx) -> bool:
    return attached_to(state, ctx["source"]) is not None


register(
    "kl_10",
    Ability("response", _tattoo, trigger="card_discarded_from_deck", condition=_tattoo_attached),
    passives={"traits": on_bearer(lambda base: base | {"Ironborn"})},
)

# --- kl_13 Dragon Skull ---------------------------------------------------------------------
# "House Targaryen only. Attached character gets -2 STR and is killed if its STR is 0.
# Response: After Dragon Skull comes out of Shadows, attach it to an opponent's character or
# discard it from play."
# Read: it comes out of Shadows onto a legal host like any attachment; its response then moves
# it (its controller keeps it) onto a character an opponent controls that could take it, or,
# if none is selected, discards it (saves apply).


def _skull_hosts(state: GameState, source: str, seat: int) -> list[str]:
    current = attached_to(state, source)
    return [
        r
        for r in attachment_targets(state, facts(state, source), seat)
        if r != current and controller(state, r) in state.opponents(seat)
    ]


def _skull(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    data = {"seat": seat, "source": source}
    hosts = _skull_hosts(state, source, seat)
    ask_select(state, seat, "dragon_skull", hosts, "cos_dragon_skull", low=0, high=1, ctx=data)


@handler("cos_dragon_skull")
def _skull_moved(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    record = state.in_play.get(source)
    if record is None:
        return
    if selected and selected[0] in _skull_hosts(state, source, ctx["seat"]):
        before, record.attached_to = record.attached_to, selected[0]
        state.emit(
            "attachment_moved",
            card=source,
            code=state.code(source),
            source=before,
            target=selected[0],
        )
    else:
        moves.discard(state, [source])


register(
    "kl_13",
    out_of_shadows(_skull),
    passives={
        "strength": on_bearer(lambda base: base - 2),
        "dies_at_zero": on_bearer(lambda base: True),
    },
)

# --- kl_16 The Shadow of the South ----------------------------------------------------------
# "House Martell only. Response: After The Shadow of the South comes out of Shadows, choose an
# opponent. That opponent cannot play event cards during this phase. Then, if it is Summer,
# return The Shadow of the South to its owner's hand."
# A Shadow event comes out into its owner's discard pile and answers from there; "cannot play
# event cards" is the ``can_play`` permission of subject ``<seat>:event`` (Shadow events still
# come out of Shadows: that is not playing them).


def _shadow_south(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cos_shadow_south")


@handler("cos_shadow_south")
def _shadow_south_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    add_lasting(state, "can_play", f"{ctx['choice']}:event", "phase", source, value=False)
    if summer(state):
        owner = state.cards[source].owner
        pile_to_hand(state, owner, source, "discard")


register("kl_16", shadow_event(_shadow_south))

# --- kl_18 Shadow Politics ------------------------------------------------------------------
# "Response: After Shadow Politics comes out of Shadows, choose a player. That player may
# initiate an additional Intrigue challenge against an opponent of his or her choice as a
# standard player action this phase." Any player, its own controller included: +1 Intrigue
# challenge (``challenges_allowed``) until the end of the phase.


def _politics(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in range(len(state.players))]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "cos_shadow_politics", ctx=data)


@handler("cos_shadow_politics")
def _politics_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    subject = f"{ctx['choice']}:intrigue"
    add_lasting(state, "challenges_allowed", subject, "phase", ctx["source"], amount=1)


register("kl_18", shadow_event(_politics))

# --- kl_19 City of Lies ---------------------------------------------------------------------
# "When revealed, you may put up to 2 cards with the Shadow crest into Shadows from your hand
# without paying any costs." Up to 2 Shadow-crest cards of the hand (a hidden prompt: it is
# asked even with none), face down into Shadows; they may not come out this round.


def _city_of_lies(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    hand = [
        r
        for r in state.players[seat].hand
        if has_shadow_crest(state, r) and facts(state, r).type in SHADOW_TYPES
    ]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state, seat, "city_of_lies", hand, "cos_city_of_lies", low=0, high=2, ctx=data, hidden=True
    )


@handler("cos_city_of_lies")
def _city_of_lies_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].hand:
            put_into_shadows(state, ctx["seat"], ref)


register("kl_19", when_revealed=_city_of_lies)
