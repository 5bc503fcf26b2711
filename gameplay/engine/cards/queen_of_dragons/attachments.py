"""Queen of Dragons attachments, registered by card code (see abilities.register)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    facts,
    handler,
    register,
    season,
    sources,
)
from gameplay.engine.cards.queen_of_dragons.common import (
    DRAGON,
    TARGARYEN,
    characters,
    of_type,
    on_attached,
)
from gameplay.engine.cards.vocabulary import choosable, has_trait, won_with
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState


def _targaryen_character(
    unique: bool = False,
) -> Callable[[GameState, str, str, int | None], bool]:
    """attach_rule: "[Unique] Targaryen character only"."""

    def rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
        card = facts(state, target)
        return card.type == "character" and TARGARYEN in card.houses and (card.unique or not unique)

    return rule


# --- qod_1 Unburnt -------------------------------------------------------------------------
# "Response: Discard Unburnt from play to save attached character from being killed, then
# return it to its owner's hand."


def _unburnt_host(state: GameState, ctx: Ctx) -> list[str]:
    host = attached_to(state, ctx["source"])
    if host is None or host not in (ctx["event"].get("cards") or ()):
        return []
    return [] if moves.saved(state, host) else [host]


def _unburnt(state: GameState, ctx: Ctx) -> None:
    host = ctx["target"]
    if host in state.in_play:
        moves.save(state, host, by=ctx["source"])
        moves.return_to_hand(state, [host])


register(
    "qod_1",
    Ability(
        "save", _unburnt, trigger="would_be_killed", costs=(DISCARD_SELF,), targets=_unburnt_host
    ),
)


# --- qod_3 Bloodrider's Arakh --------------------------------------------------------------
# "Attached character gets +1 STR and gains a War crest.
# While attached character is attacking, defending characters are killed if their STR is 0."


def _arakh_dies(state: GameState, source: str, subject: object, base: bool) -> bool:
    challenge, host = state.challenge, attached_to(state, source)
    if base or challenge is None or host is None or host not in challenge["attackers"]:
        return base
    return subject in challenge["defenders"]


register(
    "qod_3",
    passives={
        "strength": on_attached(lambda state, source, ref, base: base + 1),
        "crests": on_attached(lambda state, source, ref, base: base | {"war"}),
        "dies_at_zero": _arakh_dies,
    },
)


# --- qod_4 Shade of the Evening ------------------------------------------------------------
# "Targaryen character only. Attached character gains a Military, an Intrigue, and a Power
# icon.
# Response: After you win a challenge in which attached character participated, look at the
# top 3 cards of your deck (5 if it is Summer), put 1 into your hand, then return the others
# to the top of your deck, in any order." The others keep their order (RULINGS.md).

SHADE_LOOK, SHADE_SUMMER_LOOK = 3, 5


def _shade(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    count = SHADE_SUMMER_LOOK if season(state) == "summer" else SHADE_LOOK
    top = state.players[seat].deck[:count]
    state.emit("looked_at_deck", seat=seat, deck=seat, count=len(top))
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "to_hand", top, "qod_shade", low=1, high=1, ctx=data, hidden=True)


@handler("qod_shade")
def _shade_picked(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.deck:
            player.deck.remove(ref)
            player.hand.append(ref)


register(
    "qod_4",
    Ability("response", _shade, trigger="challenge_won", condition=won_with("attached")),
    passives={
        "icons": on_attached(
            lambda state, source, ref, base: base | {"military", "intrigue", "power"}
        )
    },
    attach_rule=_targaryen_character(),
)


# --- qod_5 Sun Stroke ----------------------------------------------------------------------
# "Attached character cannot be saved.
# Response: After you lose a challenge by 4 or more total STR, until the end of the phase,
# attached character gets -4 STR and is killed if its STR is 0."

SUN_STROKE_BY, SUN_STROKE_STR = 4, -4


def _lost_by_four(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("loser") == ctx["seat"]
        and event.get("by", 0) >= SUN_STROKE_BY
        and attached_to(state, ctx["source"]) is not None
    )


def _sun_stroke(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        add_lasting(state, "strength", host, "phase", ctx["source"], amount=SUN_STROKE_STR)
        add_lasting(state, "dies_at_zero", host, "phase", ctx["source"], value=True)


register(
    "qod_5",
    Ability("response", _sun_stroke, trigger="challenge_won", condition=_lost_by_four),
    passives={"can_be_saved": on_attached(lambda state, source, ref, base: False)},
)


# --- qod_6 Crown of Meereen ----------------------------------------------------------------
# "Unique Targaryen character only.
# If a White Raven card is not in play it is Summer.
# Response: After you win a challenge in which attached character participated, choose an
# attachment. Take control of that attachment, and attach it to an eligible card of your
# choice." "In play": a card named White Raven among the active cards (in play, revealed
# plots, agendas). The attachment may stay where it is if that card is eligible.

WHITE_RAVEN = "White Raven"


def _crown_season(state: GameState, source: str, subject: object, base: object) -> object:
    if any(facts(state, r).name == WHITE_RAVEN for r in sources(state)):
        return base
    return "summer"


def _other_attachments(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in of_type(state, "attachment") if r != ctx["source"]]


def _crown(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    if ref not in state.in_play:
        return
    moves.take_control(state, ref, seat)
    eligible = attachment_targets(state, facts(state, ref), seat)
    eligible = [
        r
        for r in eligible
        if r == attached_to(state, ref) or choosable(state, r, ctx["source"], seat)
    ]
    data = {"seat": seat, "source": ctx["source"], "card": ref}
    ask_select(state, seat, "attach_to", eligible, "qod_crown", low=1, high=1, ctx=data)


@handler("qod_crown")
def _crown_attaches(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["card"]
    record = state.in_play.get(ref)
    for target in selected:
        if record is not None and target in state.in_play and target != record.attached_to:
            before, record.attached_to = record.attached_to, target
            state.emit(
                "attachment_moved", card=ref, code=state.code(ref), source=before, target=target
            )


register(
    "qod_6",
    Ability(
        "response",
        _crown,
        trigger="challenge_won",
        condition=won_with("attached"),
        targets=_other_attachments,
    ),
    passives={"season": _crown_season},
    attach_rule=_targaryen_character(unique=True),
)


# --- qod_2 Dragon Fear ---------------------------------------------------------------------
# "If there is at least 1 Dragon character in play, attached character must be chosen for
# Military claim if able." (the ``must_be_claimed`` query of the claim prompt)


def _dragon_fear(state: GameState, source: str, ref: str, base: bool) -> bool:
    return base or any(has_trait(state, r, DRAGON) for r in characters(state))


register("qod_2", passives={"must_be_claimed": on_attached(_dragon_fear)})
