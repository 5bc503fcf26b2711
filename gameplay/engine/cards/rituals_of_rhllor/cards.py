"""Rituals of R'hllor (bwb_21 to bwb_40): locations, attachments, events and the plot (the
characters are in characters.py; the agenda bwb_39 is in the agendas package)."""

from __future__ import annotations

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    attached_to,
    characters,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    attached_passive,
    choosable,
    event,
    has_trait,
    kneel_card,
    participants,
    response,
    stand_card,
    won,
)
from gameplay.engine.cards.vocabulary.history import this_round
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel, put_from_hand_allowed, put_into_play


def _holy(state: GameState, ref: str) -> bool:
    """A Holy character: its crests now in play, printed elsewhere."""
    if ref in state.in_play:
        return "holy" in crests(state, ref)
    return "holy" in {c.lower() for c in facts(state, ref).crests}


# --- bwb_22 Abandoned Fort ----------------------------------------------------------------
# "Challenges: Kneel Abandoned Fort to return an attacking House Bolton character to its
# owner's hand."  Any player's attacking House Bolton character (a trait); it may be saved.


def _attacking_bolton(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r in state.in_play and is_character(state, r) and has_trait(state, r, "House Bolton")
    ]


def _to_hand(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.return_to_hand(state, [ctx["target"]])


register(
    "bwb_22",
    Ability(
        "action", _to_hand, phases=("challenges",), costs=(KNEEL_SELF,), targets=_attacking_bolton
    ),
)

# --- bwb_24 Mountain Tactics ----------------------------------------------------------------
# "Any Phase: Kneel 1 influence to stand or kneel 1 Clansman character (up to 2 Clansman
# characters instead if you have fewer cards in hand than each opponent)."  Any player's
# Clansman characters, chosen as the event resolves (its hand then no longer holds it);
# each chosen character that kneels stands, each standing one kneels.


def _clansmen(state: GameState, seat: int, source: str) -> list[str]:
    return [
        r
        for r in characters(state)
        if has_trait(state, r, "Clansman") and choosable(state, r, source, seat)
    ]


def _tactics_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_clansmen(state, ctx["seat"], ctx["source"]))


def _tactics(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    mine = len(state.players[seat].hand)
    fewer = all(mine < len(state.players[o].hand) for o in state.opponents(seat))
    found = _clansmen(state, seat, ctx["source"])
    data = {"seat": seat, "source": ctx["source"]}
    high = 2 if fewer else 1
    ask_select(state, seat, "stand_or_kneel", found, "bwb_tactics", low=1, high=high, ctx=data)


@handler("bwb_tactics")
def _tactics_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref not in state.in_play:
            continue
        if state.in_play[ref].knelt:
            stand_card(state, ref)
        else:
            kneel_card(state, ref)


register("bwb_24", event(_tactics, costs=(Cost("influence", 1),), condition=_tactics_may))

# --- bwb_28 Fanatic -----------------------------------------------------------------------
# "Attached character gains a Holy crest and the Asshai trait. If attached character has a
# printed Holy crest, it gets +1 STR and gains Vigilant."


def _printed_holy(state: GameState, ref: str) -> bool:
    return "holy" in {c.lower() for c in facts(state, ref).crests}


register(
    "bwb_28",
    passives={
        "crests": attached_passive(lambda s, src, sub, base: base | {"holy"}),
        "traits": attached_passive(lambda s, src, sub, base: base | {"Asshai"}),
        "strength": attached_passive(
            lambda s, src, sub, base: base + 1 if _printed_holy(s, sub) else base
        ),
        "keywords": attached_passive(
            lambda s, src, sub, base: base | {"vigilant"} if _printed_holy(s, sub) else base
        ),
    },
)

# --- bwb_29 Altar of Fire -------------------------------------------------------------------
# "Response: After you win an Intrigue challenge in which at least 1 Holy character
# participated, kneel Altar of Fire to look at the losing opponent's hand. Choose and discard
# 1 card from that hand."  A Holy character on either side.


def _holy_took_part(state: GameState, ctx: Ctx) -> bool:
    return any(r in state.cards and _holy(state, r) for r in participants(ctx["event"]))


def _altar_may(state: GameState, ctx: Ctx) -> bool:
    return won("intrigue")(state, ctx) and _holy_took_part(state, ctx)


def _altar(state: GameState, ctx: Ctx) -> None:
    other = ctx["event"].get("loser")
    if other is None:
        return
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=ctx["seat"], other=other, count=len(hand))
    data = {"seat": ctx["seat"], "source": ctx["source"], "other": other, "shown": hand}
    ask_select(state, ctx["seat"], "discard_from_hand", hand, "bwb_altar", low=1, high=1, ctx=data)


@handler("bwb_altar")
def _altar_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["other"], list(selected))


register(
    "bwb_29",
    Ability("response", _altar, trigger="challenge_won", costs=(KNEEL_SELF,), condition=_altar_may),
)

# --- bwb_30 Lord of Light, Protect Us ---------------------------------------------------------
# "Response: Kneel an Asshai character to choose a character that just triggered its
# ability. Cancel the effects of that ability. Then, if you control at least 3 Asshai
# characters, you may return the chosen character to its owner's hand."  Any player's
# character (its ability's ``ability`` window); the 3 Asshai characters are counted as the
# event resolves (the one knelt for its cost counts).


def _asshai(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Asshai")


def _character_triggered(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return (
        source is not None
        and source in state.in_play
        and is_character(state, source)
        and choosable(state, source, ctx["source"], ctx["seat"])
    )


def _protect(state: GameState, ctx: Ctx) -> None:
    chosen = cancels.source(state)
    cancel(state)
    seat = ctx["seat"]
    asshai = [r for r in characters(state, seat) if _asshai(state, r)]
    if chosen is not None and chosen in state.in_play and len(asshai) >= 3:
        data = {"seat": seat, "source": ctx["source"], "chosen": chosen}
        ask_choose(state, seat, "return_to_hand", ["return", "keep"], "bwb_protect", ctx=data)


@handler("bwb_protect")
def _protect_return(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "return" and ctx["chosen"] in state.in_play:
        moves.return_to_hand(state, [ctx["chosen"]])


register(
    "bwb_30",
    Ability(
        "cancel",
        _protect,
        trigger="ability",
        zones=("hand",),
        costs=(Cost("kneel", 1, _asshai, "Asshai character"),),
        condition=_character_triggered,
    ),
)

# --- bwb_32 River Blockade --------------------------------------------------------------------
# "Cancel the first location effect triggered by an opponent each round."  Forced, at the
# moment ``ability``: the ability of a location used by an opponent of its controller, when
# it is the first such (logged ``ability`` of a location card by one of those opponents)
# this round, whether or not River Blockade was in play at the first.


def _opponent_location_uses(state: GameState, seat: int) -> int:
    opponents = set(state.opponents(seat))
    return sum(
        1
        for entry in this_round(state, "ability")
        if entry.get("seat") in opponents
        and entry.get("card") in state.cards
        and facts(state, entry["card"]).type == "location"
    )


def _blockade(state: GameState, ctx: Ctx) -> None:
    source = ctx["event"].get("source")
    user = ctx["event"].get("seat")
    if source is None or source not in state.cards or user not in state.opponents(ctx["seat"]):
        return
    if facts(state, source).type != "location" or cancels.source(state) != source:
        return
    if _opponent_location_uses(state, ctx["seat"]) == 1:
        cancel(state)


register("bwb_32", forced={"ability": _blockade})

# --- bwb_34 Aggo's Bow ------------------------------------------------------------------------
# "House Targaryen only. Ambush. Dothraki character only. Challenges: If attached character
# is attacking in a Military challenge, kneel Aggo's Bow to choose and kill 1 defending
# character. (Cannot be saved if attached character is Aggo.)"


def _dothraki_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and has_trait(state, target, "Dothraki")


def _bow_may(state: GameState, ctx: Ctx) -> bool:
    challenge, host = state.challenge, attached_to(state, ctx["source"])
    return (
        challenge is not None
        and challenge["type"] == "military"
        and host is not None
        and host in challenge["attackers"]
    )


def _defenders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    return [r for r in challenge["defenders"] if r in state.in_play] if challenge else []


def _bow(state: GameState, ctx: Ctx) -> None:
    target, host = ctx["target"], attached_to(state, ctx["source"])
    if target not in state.in_play:
        return
    aggo = host is not None and facts(state, host).name == "Aggo"
    moves.kill(state, [target], savable=not aggo)


register(
    "bwb_34",
    Ability(
        "action",
        _bow,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_bow_may,
        targets=_defenders,
    ),
    attach_rule=_dothraki_only,
)

# --- bwb_36 Fallen and Reborn -----------------------------------------------------------------
# "Response: After a House Dayne character is killed, kneel 2 influence to put another House
# Dayne character into play from your hand."  Any player's House Dayne character; the one put
# into play is chosen from your hand as the event resolves (a unique one only while you have
# no copy in play or dead).


def _dayne(state: GameState, ref: str) -> bool:
    return is_character(state, ref) and has_trait(state, ref, "House Dayne")


def _dayne_in_hand(state: GameState, seat: int, source: str) -> list[str]:
    from gameplay.engine.rules import unique_problem

    return [
        r
        for r in state.players[seat].hand
        if r != source and _dayne(state, r) and unique_problem(state, seat, facts(state, r)) is None
    ]


def _dayne_killed(state: GameState, ctx: Ctx) -> bool:
    killed = [r for r in ctx["event"].get("cards", ()) if r in state.cards and _dayne(state, r)]
    return (
        bool(killed)
        and bool(_dayne_in_hand(state, ctx["seat"], ctx["source"]))
        and put_from_hand_allowed(state, ctx["seat"])
    )


def _reborn(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _dayne_in_hand(state, seat, ctx["source"])
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "bwb_reborn", low=1, high=1, ctx=data)


@handler("bwb_reborn")
def _reborn_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].hand:
            put_into_play(state, ctx["seat"], ref)


register(
    "bwb_36",
    response(_reborn, "killed", costs=(Cost("influence", 2),), condition=_dayne_killed),
)

# --- bwb_40 Many Powers Long Asleep -----------------------------------------------------------
# "When revealed, put a Holy character into play from your dead pile."  A printed Holy
# crest; a unique one only while you have no copy of it in play (its own copy leaves the
# dead pile).


def _holy_dead(state: GameState, seat: int) -> list[str]:
    mine = {
        facts(state, r).name
        for r in state.in_play
        if seat in (state.in_play[r].controller, state.cards[r].owner)
    }
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character"
        and _holy(state, r)
        and not (facts(state, r).unique and facts(state, r).name in mine)
    ]


def _many_powers(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    found = _holy_dead(state, seat)
    ask_select(state, seat, "put_into_play", found, "bwb_many_powers", low=1, high=1, ctx=data)


@handler("bwb_many_powers")
def _many_powers_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].dead:
            put_into_play(state, ctx["seat"], ref)


register("bwb_40", when_revealed=_many_powers)
