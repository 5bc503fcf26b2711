"""Fire Made Flesh characters and attachments: Heartsbane (cad_42), Orkmont Reaver (cad_43),
Ice (cad_53), Blackfyre (cad_54), Septon Utt (cad_57) and Zollo (cad_58)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    attached_to,
    controller,
    facts,
    handler,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    characters_of,
    choosable,
    choose_opponent,
    is_prized,
    is_type,
    not_winter,
    of_house,
    on_bearer,
    prized_card,
    stand_card,
    withdraw,
    won_with,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- cad_42 Heartsbane ---------------------------------------------------------------------
# "Prized 1. Attached character gets +1 STR. Response: After you win a challenge in which
# attached character participated, kneel Heartsbane to stand attached character."


def _heartsbane(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and host in state.in_play:
        stand_card(state, host)


prized_card("cad_42")
register(
    "cad_42",
    Ability(
        "response",
        _heartsbane,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won_with("attached"),
    ),
    passives={"strength": on_bearer(lambda base: base + 1)},
)


# --- cad_43 Orkmont Reaver -----------------------------------------------------------------
# "Prized 2. Response: After an opponent plays a character from his or her hand, discard
# Orkmont Reaver from play (cannot be saved) to kill that character." The ``played`` trigger
# of a marshalled character (the kill may be saved).


def _opponent_played_character(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("type") == "character"
        and event.get("seat") != ctx["seat"]
        and card in state.in_play
        and controller(state, card) != ctx["seat"]
    )


def _reaver(state: GameState, ctx: Ctx) -> None:
    card = ctx["event"]["card"]
    if card in state.in_play:
        moves.kill(state, [card])


prized_card("cad_43")
register(
    "cad_43",
    Ability(
        "response",
        _reaver,
        trigger="played",
        costs=(DISCARD_SELF,),
        condition=_opponent_played_character,
    ),
)


# --- cad_53 Ice ----------------------------------------------------------------------------
# "Prized 2. Unique Stark character only. Challenges: While attached character is
# participating in a challenge, discard Ice to choose and kill up to X participating
# characters. X is the number of prized cards you control." X is counted as the effect
# resolves, Ice (discarded as the cost) no longer among them: the prized cards in play its
# player controls.


def _ice_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        is_type(state, target, "character")
        and facts(state, target).unique
        and of_house(state, target, "Stark")
    )


def _host_participates(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and participating(state, host)


def prized_controlled(state: GameState, seat: int) -> int:
    """The number of prized cards in play ``seat`` controls."""
    return sum(1 for r in state.players[seat].in_play if is_prized(state, r))


def _ice(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    count = prized_controlled(state, seat)
    found = [
        r
        for r in characters_of(state)
        if participating(state, r) and choosable(state, r, source, seat)
    ]
    if count and found:
        data = {"seat": seat, "source": source}
        ask_select(state, seat, "kill", found, "cad_ice", low=0, high=count, ctx=data)


@handler("cad_ice")
def _ice_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.kill(state, found)


prized_card("cad_53")
register(
    "cad_53",
    Ability(
        "action",
        _ice,
        phases=("challenges",),
        costs=(DISCARD_SELF,),
        condition=_host_participates,
    ),
    attach_rule=_ice_rule,
)


# --- cad_57 Septon Utt ---------------------------------------------------------------------
# "Prized 1. Stealth. Response: After Septon Utt enters or leaves play, draw 1 card if you
# are running the Neutral Faction House card." Answered from play as he enters it, and from
# where he went as he leaves it (vocabulary.LEFT_PLAY); only while his player's House card
# is the Neutral Faction.


def _running_neutral(state: GameState, ctx: Ctx) -> bool:
    return state.players[ctx["seat"]].house == "Neutral"


def _utt_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"] and _running_neutral(state, ctx)


def _utt_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ()) and _running_neutral(state, ctx)


def _utt(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


prized_card("cad_57")
register(
    "cad_57",
    Ability("response", _utt, trigger="entered_play", condition=_utt_entered),
    *(
        Ability("response", _utt, trigger=name, condition=_utt_left, zones=(zone,))
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)


# --- cad_58 Zollo --------------------------------------------------------------------------
# "Prized 1. Response: After you play Zollo, choose an opponent. Move all gold from that
# player's gold pool to yours." (Marshalled: the ``played`` trigger.)


def _zollo_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


def _zollo(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cad_zollo")


@handler("cad_zollo")
def _zollo_gold(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other, seat = int(ctx["choice"]), ctx["seat"]
    moves.give_gold(state, other, seat, state.players[other].gold)


prized_card("cad_58")
register("cad_58", Ability("response", _zollo, trigger="played", condition=_zollo_played))


# --- cad_54 Blackfyre ----------------------------------------------------------------------
# "Prized 1. Setup. Response: If it is not Winter, after attached character is declared as
# a defender, kneel Blackfyre to remove all characters without attachments from the
# challenge." Every participating character, either side, with no attachment (duplicates
# are no attachments); its own character keeps Blackfyre.


def _blackfyre_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ()) and not_winter(state)


def _has_attachment(state: GameState, ref: str) -> bool:
    return any(record.attached_to == ref for record in state.in_play.values())


def _blackfyre(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    found = [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if not _has_attachment(state, r)
    ]
    withdraw(state, found, ctx["source"])


prized_card("cad_54")
register(
    "cad_54",
    Ability(
        "response",
        _blackfyre,
        trigger="defenders_declared",
        costs=(KNEEL_SELF,),
        condition=_blackfyre_may,
    ),
)
