"""A Sword in the Darkness: the locations (dotn_46, dotn_48, dotn_52), the attachment
(dotn_55), the events (dotn_42, dotn_44, dotn_50, dotn_54, dotn_58) and the plot (dotn_60)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    is_character,
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    event,
    has_trait,
    kneel_card,
    of_house,
    participants,
    response,
    win_challenge_instead,
    won,
    would_win_against_you,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- dotn_42 Feigned Retreat -------------------------------------------------------------
# "House Stark only. Response: If an opponent would win a Military challenge against you,
# kneel 2 influence to cancel the determination of challenge winner. You automatically win
# the challenge."  The trigger ``would_win_military`` (challenges.resolve), answered from
# the hand by the would-be loser (attacking or defending); the influence is its cost.

register(
    "dotn_42",
    response(
        lambda state, ctx: win_challenge_instead(state, ctx["seat"]),
        "would_win_military",
        costs=(Cost("influence", 2),),
        condition=would_win_against_you,
    ),
)

# --- dotn_44 Favors from on High ---------------------------------------------------------
# "House Lannister only. Any Phase: Discard X power from your House or from cards you
# control to take X gold from the treasury and add it to your gold pool."  X (at least 1,
# at most the power on the House card and the cards the player controls) is chosen as the
# event resolves, then where each power comes from (the House card, or a card of theirs
# with power), one at a time while there is a choice; then X gold from the treasury.


def _power_sources(state: GameState, seat: int) -> list[str]:
    """``house`` (when the House card has power) and the cards ``seat`` controls with power."""
    found = ["house"] if state.players[seat].power > 0 else []
    return found + [r for r in state.players[seat].in_play if state.in_play[r].power > 0]


def _power_total(state: GameState, seat: int) -> int:
    player = state.players[seat]
    return player.power + sum(state.in_play[r].power for r in player.in_play)


def _has_power(state: GameState, ctx: Ctx) -> bool:
    return _power_total(state, ctx["seat"]) > 0


def _favors(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(x) for x in range(1, _power_total(state, seat) + 1)]
    data = {"seat": seat, "source": ctx["source"]}
    if options:
        ask_choose(state, seat, "choose_x", options, "dotn_favors_x", ctx=data)


@handler("dotn_favors_x")
def _favors_x(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _favors_next(state, {**ctx, "left": int(ctx["choice"]), "taken": 0})


def _favors_next(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _power_sources(state, seat)
    if ctx["left"] <= 0 or not found:
        moves.gain_gold(state, seat, ctx["taken"], "favors_from_on_high")
        return
    if len(found) == 1:
        _favors_from(state, ctx, found[0])
        return
    ask_choose(state, seat, "discard_power_from", found, "dotn_favors_from", ctx=ctx)


@handler("dotn_favors_from")
def _favors_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _favors_from(state, ctx, ctx["choice"])


def _favors_from(state: GameState, ctx: Ctx, where: str) -> None:
    seat = ctx["seat"]
    data = {k: v for k, v in ctx.items() if k != "choice"}
    if where == "house":
        # All of X from the House card when nothing else has power (one event), else one.
        amount = data["left"] if _power_sources(state, seat) == ["house"] else 1
        lost = moves.discard_power(state, seat, amount, "favors_from_on_high")
    else:
        lost = 0
        if where in state.in_play and state.in_play[where].power > 0:
            state.in_play[where].power -= 1
            lost = 1
            state.emit("power", seat=seat, amount=-1, card=where, reason="favors_from_on_high")
    _favors_next(state, {**data, "left": data["left"] - lost, "taken": data["taken"] + lost})


register("dotn_44", event(_favors, condition=_has_power))

# --- dotn_46 The Iron Throne -------------------------------------------------------------
# "If you are the only player to control The Iron Throne, you automatically win dominance
# (cannot be canceled)."  The query ``dominance_winner`` (steps._dominance): its controller
# wins dominance whatever the totals, unless another player controls a card named The Iron
# Throne too. No card cancels it (no ``dominance`` cancel is offered against it).

IRON_THRONE = "The Iron Throne"


def _throne(state: GameState, source: str, subject: Any, base: int | None) -> int | None:
    seat = controller(state, source)
    others = {
        r.controller
        for ref, r in state.in_play.items()
        if facts(state, ref).name == IRON_THRONE and facts(state, ref).type == "location"
    }
    return seat if others == {seat} else base


register("dotn_46", passives={"dominance_winner": _throne})

# --- dotn_48 Naval Escort ----------------------------------------------------------------
# "If you do not control at least 1 House Greyjoy character, discard Naval Escort from play.
# Any Phase: Kneel Naval Escort and any number of unique Warship locations to choose X
# characters. Each of those characters gets +X STR until the end of the phase. X is the
# number of locations just knelt."  (The errata'd text.) The discard is ``discard_now``
# (cannot be saved). The other Warship locations are chosen and knelt as the ability
# resolves (any number of standing unique Warship locations its controller controls, none
# included), so X counts Naval Escort too; then up to X characters (any player's; all of
# them when fewer are in play) are chosen.


def _no_greyjoy(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    seat = controller(state, source)
    mine = state.players[seat].in_play
    return base or not any(is_character(state, r) and of_house(state, r, "Greyjoy") for r in mine)


def _warships(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].in_play
        if r != ctx["source"]
        and facts(state, r).type == "location"
        and facts(state, r).unique
        and has_trait(state, r, "Warship")
        and not state.in_play[r].knelt
    ]


def _escort(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    found = _warships(state, ctx)
    if found:
        ask_select(state, ctx["seat"], "kneel", found, "dotn_escort_knelt", low=0, ctx=data)
    else:
        _escort_knelt(state, data, [])


@handler("dotn_escort_knelt")
def _escort_knelt(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    knelt = 1  # Naval Escort itself
    for ref in selected:
        if ref in state.in_play and not state.in_play[ref].knelt:
            kneel_card(state, ref)
            knelt += 1 if state.in_play[ref].knelt else 0
    found = [
        r
        for r in state.in_play
        if is_character(state, r) and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    data = {**ctx, "x": knelt}
    ask_select(
        state, ctx["seat"], "strength", found, "dotn_escort_str", low=knelt, high=knelt, ctx=data
    )


@handler("dotn_escort_str")
def _escort_strength(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=ctx["x"])


register(
    "dotn_48",
    Ability("action", _escort, costs=(KNEEL_SELF,)),
    passives={"discard_now": _no_greyjoy},
)

# --- dotn_50 The Hatchlings' Feast -------------------------------------------------------
# "House Targaryen only. Any Phase: Kneel 3 influence to choose 3 characters without any
# attachments. Until the end of the phase, one of those characters gets -1 STR, the second
# gets -2 STR, and the third gets -3 STR."  Any players' characters with no attachment,
# chosen one at a time: the first gets -1 STR, the second -2, the third -3. Played only
# while 3 such characters can be chosen.

FEAST_COUNT = 3


def _bare(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if is_character(state, r)
        and not attachments(state, r)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _feast(state: GameState, ctx: Ctx) -> None:
    _feast_next(state, {"seat": ctx["seat"], "source": ctx["source"], "chosen": []})


def _feast_next(state: GameState, ctx: Ctx) -> None:
    found = [r for r in _bare(state, ctx) if r not in ctx["chosen"]]
    if len(ctx["chosen"]) < FEAST_COUNT and found:
        purpose = f"minus_{len(ctx['chosen']) + 1}_str"
        ask_select(state, ctx["seat"], purpose, found, "dotn_feast", low=1, high=1, ctx=ctx)
        return
    for amount, ref in enumerate(ctx["chosen"], start=1):
        if ref in state.in_play:
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=-amount)


@handler("dotn_feast")
def _feast_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _feast_next(state, {**ctx, "chosen": [*ctx["chosen"], *selected]})


register(
    "dotn_50",
    event(
        _feast,
        costs=(Cost("influence", 3),),
        condition=lambda state, ctx: len(_bare(state, ctx)) >= FEAST_COUNT,
    ),
)

# --- dotn_52 Starfall --------------------------------------------------------------------
# "House Dayne characters get +1 STR for each gold token on them. Response: After you win a
# challenge in which a House Dayne character participated, place 1 gold token from the
# treasury on that character."  Any player's characters with the House Dayne trait. The
# response: a House Dayne character among the challenge's participants (either side, still
# in play), chosen as it is used.


def _dayne_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if record is None or not record.gold or not has_trait(state, subject, "House Dayne"):
        return base
    return base + record.gold if is_character(state, subject) else base


def _dayne_participants(state: GameState, ctx: Ctx) -> list[str]:
    if not won()(state, ctx):
        return []
    return [
        r
        for r in participants(ctx["event"])
        if r in state.in_play and has_trait(state, r, "House Dayne")
    ]


register(
    "dotn_52",
    Ability(
        "response",
        lambda state, ctx: moves.gold_to_card(state, ctx["target"], 1, "starfall"),
        trigger="challenge_won",
        targets=_dayne_participants,
    ),
    passives={"strength": _dayne_strength},
)

# --- dotn_54 The Sword in the Darkness ---------------------------------------------------
# "Response: After you win a Military challenge in which at least 1 Night's Watch character
# participated, draw 2 cards."  A Night's Watch character on either side (as printed: not
# only yours). An effect draw (the draw cap applies).


def _watch_fought(state: GameState, ctx: Ctx) -> bool:
    return won("military")(state, ctx) and any(
        has_trait(state, r, "Night's Watch") and facts(state, r).type == "character"
        for r in participants(ctx["event"], state)
    )


def _draw_two(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


register("dotn_54", response(_draw_two, "challenge_won", condition=_watch_fought))

# --- dotn_55 Longclaw --------------------------------------------------------------------
# "Attached character gains renown. If attached character is Jon Snow, he also gets +2 STR.
# After attached character leaves play, you may attach Longclaw to a Night's Watch character
# instead of placing it in your discard pile."  Jon Snow: any printing of the name. The
# last sentence: when Longclaw falls off its character leaving play (the forced moment
# ``card_left_play`` of Longclaw, read from the log: the character's ``left_play`` follows
# its attachments'), its controller may choose a Night's Watch character (any player's)
# that can take it; Longclaw goes from the discard pile straight onto it (put into play).

LONGCLAW_STR = 2


def _renown(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return (
        base | {"renown"} if subject is not None and subject == attached_to(state, source) else base
    )


def _jon_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    host = attached_to(state, source)
    if host is None or subject != host or facts(state, host).name != "Jon Snow":
        return base
    return base + LONGCLAW_STR


def _fell_off(state: GameState, ref: str) -> bool:
    """Whether ``ref``'s last ``left_play`` came from its host leaving play: the entries
    after it, up to the host's, are only its fellow attachments leaving with it."""
    found = [i for i, e in enumerate(state.log) if e["event"] == "left_play" and e["card"] == ref]
    if not found:
        return False
    for entry in state.log[found[-1] + 1 :]:
        if entry["event"] == "gold_paid":
            continue
        if entry["event"] != "left_play":
            return False
        # By the code the event carries: a host shuffled back into its deck since has a
        # new ref, and the state no longer knows the old one.
        left = entry["card"]
        code = entry.get("code") or (state.code(left) if left in state.cards else "")
        card = pool(state).get(code)
        if card is not None and card.type == "character":
            return True
    return False


def _watch_hosts(state: GameState, ref: str, seat: int) -> list[str]:
    found = attachment_targets(state, facts(state, ref), seat)
    return [r for r in found if is_character(state, r) and has_trait(state, r, "Night's Watch")]


def _longclaw_left(state: GameState, ctx: Ctx) -> None:
    source, data = ctx["source"], ctx["event"]
    if data.get("card") != source or data.get("to") != "discard":
        return
    seat = data.get("controller", ctx["seat"])
    owner = state.players[state.cards[source].owner]
    if source not in owner.discard or not _fell_off(state, source):
        return
    hosts = _watch_hosts(state, source, seat)
    if hosts:
        info = {"seat": seat, "source": source}
        ask_select(state, seat, "attach", hosts, "dotn_longclaw", low=0, high=1, ctx=info)


@handler("dotn_longclaw")
def _longclaw_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, seat = ctx["source"], ctx["seat"]
    owner = state.players[state.cards[source].owner]
    if selected and source in owner.discard and selected[0] in _watch_hosts(state, source, seat):
        put_into_play(state, seat, source, selected[0])


register(
    "dotn_55",
    passives={"keywords": _renown, "strength": _jon_strength},
    forced={"card_left_play": _longclaw_left},
)

# --- dotn_58 Over the Wall ---------------------------------------------------------------
# "Response: After a Wildling character comes into play under your control, choose and take
# control of 1 opponent's location. At the end of the phase, return that location to its
# owner's hand if it is still in play."  The trigger ``entered_play`` (marshalled, put into
# play, Ambush) of a character with the Wildling trait whose controller is the player. The
# location is chosen as the event is played; it returns at the end of this phase (may be
# saved).


def _wildling_came(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return (
        card is not None
        and card in state.in_play
        and controller(state, card) == ctx["seat"]
        and is_character(state, card)
        and has_trait(state, card, "Wildling")
    )


def _their_locations(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "location" and controller(state, r) in state.opponents(seat)
    ]


def _over_the_wall(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref in state.in_play and controller(state, ref) in state.opponents(seat):
        moves.take_control(state, ref, seat)
        add_delayed(state, "phase_ends", seat, "qod_back_to_hand", ctx["source"], "phase", card=ref)


register(
    "dotn_58",
    response(
        _over_the_wall,
        "entered_play",
        condition=_wildling_came,
        targets=_their_locations,
    ),
)

# --- dotn_60 At the Wall -----------------------------------------------------------------
# "You are considered to be running one additional The North agenda."  The query
# ``north_agendas`` (vocabulary north.north_agendas) of its owner, while it is revealed.


def _one_more_north(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if subject == controller(state, source) else base


register("dotn_60", passives={"north_agendas": _one_more_north})
