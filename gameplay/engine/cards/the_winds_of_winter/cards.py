"""The Winds of Winter (ator_21..ator_40) scripts, registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HANDLERS,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    is_character,
    register,
    strength,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    in_season,
    is_mine,
    kneel_card,
    of_house,
    on_bearer,
    on_self,
    scavengers_of_your_play,
    stand_card,
    summer,
    winter,
    you_revealed,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState


def _no(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


# --- ator_40 The Winds of Winter (plot) ---------------------------------------------------
# "While it is Winter, opponent's characters get -1 STR."


def _winds(state: GameState, source: str, subject: Any, base: int) -> int:
    if not winter(state) or subject not in state.in_play or not is_character(state, subject):
        return base
    owner = controller(state, source)
    theirs = state.in_play[subject].controller
    return base - 1 if theirs != owner and theirs in state.opponents(owner) else base


register("ator_40", passives={"strength": _winds})


# --- ator_22 Son of a King ------------------------------------------------------------------
# "Attached character gains the Bastard trait and gets +1 STR. All King characters get -1
# STR and lose renown."


def _king(state: GameState, ref: Any) -> bool:
    return (
        isinstance(ref, str)
        and ref in state.in_play
        and is_character(state, ref)
        and "King" in traits(state, ref)
    )


def _son_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    base = base + 1 if subject == attached_to(state, source) else base
    return base - 1 if _king(state, subject) else base


def _son_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base - {"renown"} if _king(state, subject) else base


register(
    "ator_22",
    passives={
        "traits": on_bearer(lambda base: base | {"Bastard"}),
        "strength": _son_strength,
        "keywords": _son_keywords,
    },
)


# --- ator_23 War Horn -----------------------------------------------------------------------
# "After you win a Military challenge in which attached character participated and it is
# Winter, choose and discard a location from play."


def _war_horn(state: GameState, ctx: Ctx) -> None:
    event, bearer = ctx["event"], attached_to(state, ctx["source"])
    if event.get("winner") != ctx["seat"] or event.get("type") != "military" or not winter(state):
        return
    if bearer is None or bearer not in [*event.get("attackers", ()), *event.get("defenders", ())]:
        return
    locations = [r for r in state.in_play if facts(state, r).type == "location"]
    if locations:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(
            state,
            ctx["seat"],
            "discard_location",
            locations,
            "ator_war_horn",
            low=1,
            high=1,
            ctx=data,
        )


@handler("ator_war_horn")
def _war_horn_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("ator_23", forced={"challenge_won": _war_horn})


# --- ator_25 Ranger of Winter ------------------------------------------------------------
# "If it is Winter, Ranger of Winter gains stealth, an Intrigue icon, and does not kneel to
# defend."

register(
    "ator_25",
    passives={
        "keywords": in_season("winter", on_self(lambda base: base | {"stealth"})),
        "icons": in_season("winter", on_self(lambda base: base | {"intrigue"})),
        "kneel_to_defend": in_season("winter", _no),
    },
)


# --- ator_27 Scavengers of King's Landing ---------------------------------------------------

register("ator_27", forced={"played": scavengers_of_your_play(("Lannister", "Stark"))})


# --- ator_29 Ice Fisherman ----------------------------------------------------------------
# "If it is Winter, Ice Fisherman gains a Power icon and: 'Marshalling: Kneel Ice Fisherman
# to take 1 gold token from any opponent's gold pool, and add it to your gold pool.'"


def _rich_opponents(state: GameState, seat: int) -> list[str]:
    return [str(s) for s in state.opponents(seat) if state.players[s].gold > 0]


def _fisherman_ok(state: GameState, ctx: Ctx) -> bool:
    return winter(state) and bool(_rich_opponents(state, ctx["seat"]))


def _fisherman(state: GameState, ctx: Ctx) -> None:
    options = _rich_opponents(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        HANDLERS["ator_fisherman"](state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "ator_fisherman", ctx=data)


@handler("ator_fisherman")
def _fisherman_take(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.give_gold(state, int(ctx["choice"]), ctx["seat"], 1)


register(
    "ator_29",
    Ability(
        "action",
        _fisherman,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        condition=_fisherman_ok,
    ),
    passives={"icons": in_season("winter", on_self(lambda base: base | {"power"}))},
)


# --- ator_30 Valyrian Spirit -----------------------------------------------------------------
# "If it is Winter and Valyrian Spirit is killed, shuffle any player's dead and discard
# piles back into his or her deck."


def _spirit(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] not in ctx["event"].get("cards", ()) or not winter(state):
        return
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "ator_spirit", ctx=data)


@handler("ator_spirit")
def _spirit_shuffle(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    from gameplay.engine.state import shuffle_zone

    player = state.players[int(ctx["choice"])]
    for pile in ("dead", "discard"):
        cards = getattr(player, pile)
        count = len(cards)
        player.deck.extend(cards)
        cards.clear()
        state.emit("pile_shuffled", seat=player.seat, pile=pile, count=count, card=ctx["source"])
    shuffle_zone(state, player.deck)


register("ator_30", forced={"killed": _spirit})


# --- ator_32 Underhanded Assassin ------------------------------------------------------------
# "While Underhanded Assassin is attacking, participating characters with a higher STR do
# not count their STR."


def _assassin(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"]:
        return base
    if subject not in challenge["attackers"] and subject not in challenge["defenders"]:
        return base
    return False if strength(state, subject) > strength(state, source) else base


register("ator_32", passives={"counts_strength": _assassin})


# --- ator_34 Ser Arthur Dayne -----------------------------------------------------------------
# "If you control fewer characters than the player who is attacking you, Ser Arthur Dayne
# cannot be bypassed by stealth and does not kneel to defend."


def _outnumbered(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None:
        return base
    me = controller(state, source)
    if challenge["defender"] != me:
        return base
    fewer = len(characters_of(state, me)) < len(characters_of(state, challenge["attacker"]))
    return False if fewer else base


register("ator_34", passives={"can_be_stealthed": _outnumbered, "kneel_to_defend": _outnumbered})


# --- ator_37 The Wall -------------------------------------------------------------------------
# "If it is Winter, your House Baratheon characters gain the Night's Watch trait and do not
# kneel to defend."


def _my_baratheon(state: GameState, source: str, subject: Any) -> bool:
    return (
        is_mine(state, source, subject)
        and is_character(state, subject)
        and of_house(state, subject, "Baratheon")
    )


def _wall_traits(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"Night's Watch"} if _my_baratheon(state, source, subject) else base


def _wall_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if _my_baratheon(state, source, subject) else base


register(
    "ator_37",
    passives={
        "traits": in_season("winter", _wall_traits),
        "kneel_to_defend": in_season("winter", _wall_defend),
    },
)


# --- ator_39 Winter Armada --------------------------------------------------------------------
# "If you reveal a plot card and it is Summer, kneel all House Greyjoy Warship locations you
# control. Any Phase: If it is Winter, kneel Winter Armada to choose an attacking House
# Greyjoy character. Until the end of the phase, that character gets +4 STR and gains
# renown."


def _armada_revealed(state: GameState, ctx: Ctx) -> None:
    if not you_revealed(state, ctx) or not summer(state):
        return
    for ref in list(state.players[ctx["seat"]].in_play):
        card = facts(state, ref)
        if (
            card.type == "location"
            and "Greyjoy" in card.houses
            and has_trait(state, ref, "Warship")
        ):
            kneel_card(state, ref)


def _attacking_greyjoy(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r for r in challenge["attackers"] if r in state.in_play and of_house(state, r, "Greyjoy")
    ]


def _armada(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=4)
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["renown"])


register(
    "ator_39",
    Ability("action", _armada, costs=(KNEEL_SELF,), targets=_attacking_greyjoy, condition=winter),
    forced={"plot_revealed": _armada_revealed},
)


# --- ator_38 Frozen Sea -------------------------------------------------------------------------
# "If it is Summer, discard Frozen Sea from play. If it is Winter, each opponent cannot
# initiate more than 2 challenges against you each phase." The Summer discard is checked when
# a plot is revealed and when Frozen Sea enters play (the season changes only then).


def _frozen_sea_melts(state: GameState, ctx: Ctx) -> None:
    if summer(state) and ctx["source"] in state.in_play:
        moves.discard(state, [ctx["source"]])


def _frozen_sea_enters(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"]:
        _frozen_sea_melts(state, ctx)


def _challenges_this_phase(state: GameState, attacker: int, defender: int) -> int:
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if entry["event"] == "challenge" and entry.get("seat") == attacker:
            count += entry.get("defender") == defender
    return count


def _frozen_sea_limit(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or ">" not in subject:
        return base
    pair = subject.split(":")[0]
    attacker, defender = (int(s) for s in pair.split(">"))
    if defender != controller(state, source) or not winter(state):
        return base
    return _challenges_this_phase(state, attacker, defender) < 2


register(
    "ator_38",
    passives={"can_challenge": _frozen_sea_limit},
    forced={"plot_revealed": _frozen_sea_melts, "entered_play": _frozen_sea_enters},
)


# --- ator_33 Mance Rayder ---------------------------------------------------------------------
# "Power on Kingdom locations counts towards their controller's victory total. If it is
# Winter, Mance Rayder gains: 'Response: After you win a challenge in which Mance Rayder
# participated, take control of a Kingdom location controlled by the losing opponent. Then,
# that location claims 1 power.'" Power on every card a player controls already counts
# towards the engine's victory total (GameState.total_power), so the first sentence needs no
# code.


def _participated(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return ctx["source"] in [*event.get("attackers", ()), *event.get("defenders", ())]


def _loser_kingdoms(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    return [
        r
        for r in state.players[loser].in_play
        if facts(state, r).type == "location" and has_trait(state, r, "Kingdom")
    ]


def _mance_ok(state: GameState, ctx: Ctx) -> bool:
    won = ctx["event"].get("winner") == ctx["seat"]
    return won and winter(state) and _participated(state, ctx)


def _mance(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        moves.take_control(state, ref, ctx["seat"])
        moves.card_power(state, ref, 1, "mance_rayder")


register(
    "ator_33",
    Ability(
        "response",
        _mance,
        trigger="challenge_won",
        condition=_mance_ok,
        targets=_loser_kingdoms,
    ),
)


# --- ator_36 Northern Cave ---------------------------------------------------------------------
# "Challenges: If it is Winter, kneel Northern Cave to choose any number of participating
# characters you control, and remove those characters from the current challenge. Then,
# stand those characters." (One or more.)


def _my_participants(state: GameState, seat: int) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"] + challenge["defenders"]
        if r in state.in_play and state.in_play[r].controller == seat
    ]


def _cave_ok(state: GameState, ctx: Ctx) -> bool:
    return winter(state) and bool(_my_participants(state, ctx["seat"]))


def _cave(state: GameState, ctx: Ctx) -> None:
    mine = _my_participants(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "remove", mine, "ator_cave", low=1, high=len(mine), ctx=data)


@handler("ator_cave")
def _cave_remove(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    challenge = state.challenge
    for ref in selected:
        if challenge is not None:
            for side in ("attackers", "defenders"):
                if ref in challenge[side]:
                    challenge[side].remove(ref)
        stand_card(state, ref)


register(
    "ator_36",
    Ability("action", _cave, phases=("challenges",), costs=(KNEEL_SELF,), condition=_cave_ok),
)
