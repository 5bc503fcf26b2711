"""Valar Dohaeris characters: Damon Dance-For-Me (btns_21), Bran Stark (btns_22), Penny
(btns_24), Merchant's Widow (btns_25), Dragonstone Bannerman (btns_27), Victarion Greyjoy
(btns_28), Moqorro (btns_29), Spiteful Bastard (btns_31) and Strong Belwas (btns_34); and
the event Recruitment (btns_32)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    agenda_of,
    attachments,
    characters,
    controller,
    facts,
    handler,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import choosable, event, lost, stand_card, won
from gameplay.engine.cards.vocabulary.kneeling import kneel_card
from gameplay.engine.influence import total_influence
from gameplay.engine.leaving import saved
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.steps import GOLD_RETURNED
from gameplay.engine.uses import limit_key, put_into_play

# --- btns_21 Damon Dance-For-Me -----------------------------------------------------------
# "Immune to events. While Damon Dance-For-Me is participating in a challenge against an
# opponent running an agenda, he gains deadly and stealth. If you are not running an
# agenda, Damon Dance-For-Me gains renown."  Immune to events is the engine's keyword. The
# opponent is the other side of the challenge (the defender when he attacks, the attacker
# when he defends).


def _damon_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    found = set(base)
    if agenda_of(state, seat) is None:
        found.add("renown")
    challenge = state.challenge
    if challenge is not None:
        if source in challenge.get("attackers", ()):
            other = challenge["defender"]
        elif source in challenge.get("defenders", ()):
            other = challenge["attacker"]
        else:
            other = None
        if other is not None and other != seat and agenda_of(state, other) is not None:
            found |= {"deadly", "stealth"}
    return found


register("btns_21", passives={"keywords": _damon_keywords})

# --- btns_22 Bran Stark -------------------------------------------------------------------
# "Challenges: Kneel a Direwolf to stand Bran Stark. Then, Bran Stark gains (choose 1): a
# [Military] icon, stealth, or deadly until the end of the phase."  A Direwolf card of any
# type (Cost any_type); usable only while Bran is knelt (standing him is the effect).

BRAN_OPTIONS = ("military", "stealth", "deadly")


def _direwolf(state: GameState, ref: str) -> bool:
    return "Direwolf" in traits(state, ref)


def _bran_knelt(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].knelt


def _bran(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    stand_card(state, source)
    data = {"seat": ctx["seat"], "source": source}
    ask_choose(state, ctx["seat"], "gain", list(BRAN_OPTIONS), "vd_bran_gains", ctx=data)


@handler("vd_bran_gains")
def _bran_gains(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, choice = ctx["source"], ctx["choice"]
    if source not in state.in_play:
        return
    query = "icons" if choice == "military" else "keywords"
    add_lasting(state, query, source, "phase", source, add=[choice])


register(
    "btns_22",
    Ability(
        "action",
        _bran,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _direwolf, "Direwolf card", any_type=True),),
        condition=_bran_knelt,
    ),
)

# --- btns_24 Penny ------------------------------------------------------------------------
# "Challenges: Kneel Penny to choose a character without attachments. The controller of
# that character chooses to either kneel that character or choose and discard 1 card from
# his or her hand."  Any character in play with no attachment (Penny herself too). Its
# controller chooses among the options that can change something: kneel (only a standing
# character), discard (only with a card in hand); with neither, nothing happens.


def _bare(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not attachments(state, r) and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _penny(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    seat = controller(state, target)
    options = []
    if not state.in_play[target].knelt:
        options.append("kneel")
    if state.players[seat].hand:
        options.append("discard")
    if options:
        data = {"seat": seat, "source": ctx["source"], "target": target}
        ask_choose(state, seat, "penny", options, "vd_penny_choice", ctx=data)


@handler("vd_penny_choice")
def _penny_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if ctx["choice"] == "kneel":
        kneel_card(state, ctx["target"])
        return
    hand = state.players[seat].hand
    data = {"seat": seat}
    ask_select(
        state, seat, "discard", hand, "vd_discard_from_hand", low=1, high=1, ctx=data, hidden=True
    )


@handler("vd_discard_from_hand")
def _discard_from_hand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


register(
    "btns_24",
    Ability("action", _penny, phases=("challenges",), costs=(KNEEL_SELF,), targets=_bare),
)

# --- btns_25 Merchant's Widow -------------------------------------------------------------
# "Merchant's Widow gets +1 STR for each gold token on it. Response: After an opponent
# returns gold to the treasury during the taxation phase, add 1 gold from the treasury to
# Merchant's Widow."  The engine's ``gold_returned`` trigger (steps._taxation: once per
# player who had gold in the pool to return).


def _widow_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject == source:
        return base + state.in_play[source].gold
    return base


def _opponent_returned(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _widow(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], 1, "vd_widow")


register(
    "btns_25",
    Ability("response", _widow, trigger=GOLD_RETURNED, condition=_opponent_returned),
    passives={"strength": _widow_strength},
)

# --- btns_27 Dragonstone Bannerman --------------------------------------------------------
# "Response: After you win dominance, Dragonstone Bannerman claims 1 power."


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _bannerman(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "vd_bannerman")


register(
    "btns_27",
    Ability("response", _bannerman, trigger="dominance_won", condition=_won_dominance),
)

# --- btns_28 Victarion Greyjoy ------------------------------------------------------------
# "Renown. Victarion Greyjoy gets +1 STR for each knelt warship location you control."


def _victarion(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    ships = [
        r
        for r in state.players[seat].in_play
        if state.in_play[r].knelt
        and facts(state, r).type == "location"
        and "Warship" in traits(state, r)
    ]
    return base + len(ships)


register("btns_28", passives={"strength": _victarion})

# --- btns_29 Moqorro ----------------------------------------------------------------------
# "Response: Kneel Moqorro to save a unique [Greyjoy] character from being killed or
# discarded. That character gets +2 STR and gains intimidate until the end of the phase."
# Any player's unique Greyjoy character being killed or discarded from play.


def _unique_of(house: str, other_than_source: bool = False) -> Any:
    def targets(state: GameState, ctx: Ctx) -> list[str]:
        return [
            r
            for r in ctx["event"].get("cards") or ()
            if r in state.in_play
            and facts(state, r).type == "character"
            and facts(state, r).unique
            and house in facts(state, r).houses
            and not saved(state, r)
            and not (other_than_source and r == ctx["source"])
        ]

    return targets


def _moqorro(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    moves.save_target(state, ctx)
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=2)
        add_lasting(state, "keywords", target, "phase", ctx["source"], add=["intimidate"])


register(
    "btns_29",
    *(
        Ability("save", _moqorro, trigger=t, costs=(KNEEL_SELF,), targets=_unique_of("Greyjoy"))
        for t in ("would_be_killed", "would_be_discarded")
    ),
)

# --- btns_31 Spiteful Bastard -------------------------------------------------------------
# "Response: After you lose a challenge as the attacker, stand Spiteful Bastard.
# Response: After you win a challenge as the defender, stand Spiteful Bastard."  Usable only
# while he is knelt.


def _bastard_stand(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["source"])


def _knelt_and(condition: Any) -> Any:
    def check(state: GameState, ctx: Ctx) -> bool:
        return state.in_play[ctx["source"]].knelt and condition(state, ctx)

    return check


register(
    "btns_31",
    Ability(
        "response", _bastard_stand, trigger="challenge_won", condition=_knelt_and(lost("attacker"))
    ),
    Ability(
        "response",
        _bastard_stand,
        trigger="challenge_won",
        condition=_knelt_and(won(role="defender")),
    ),
)

# --- btns_34 Strong Belwas ----------------------------------------------------------------
# "No attachments except Boon. Strong Belwas gets -1 STR for each gold token on him and is
# killed if his STR is 0. Response: Place 1 gold token from the treasury on Strong Belwas to
# save another unique [Targaryen] character from being killed or discarded from play.
# (Limit once per phase.)"  Any player's unique Targaryen character; the gold goes on him as
# the save resolves. "No attachments except Boon" is the engine's keyword.


def _belwas_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject == source:
        return base - state.in_play[source].gold
    return base


def _belwas_dies(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return True if subject == source else base


# One limit for both saves (killed, discarded): the mark of the first ability's limit.
_BELWAS_LIMIT = Ability("save", lambda state, ctx: None, limit=(1, "phase"))


def _belwas_key(state: GameState, ctx: Ctx) -> str:
    key = limit_key(state, _BELWAS_LIMIT, {**ctx, "index": 0})
    assert key is not None
    return key


def _belwas_unused(state: GameState, ctx: Ctx) -> bool:
    return _belwas_key(state, ctx) not in state.used


def _belwas(state: GameState, ctx: Ctx) -> None:
    state.used.append(_belwas_key(state, ctx))
    if ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], 1, "vd_belwas")
    moves.save_target(state, ctx)


register(
    "btns_34",
    *(
        Ability(
            "save",
            _belwas,
            trigger=t,
            targets=_unique_of("Targaryen", other_than_source=True),
            condition=_belwas_unused,
        )
        for t in ("would_be_killed", "would_be_discarded")
    ),
    passives={"strength": _belwas_strength, "dies_at_zero": _belwas_dies},
)

# --- btns_32 Recruitment ------------------------------------------------------------------
# "House Targaryen only. Any Phase: Kneel X influence to choose a non-unique Mercenary or Ally
# character in your dead or discard pile and put that character into play. X is the printed
# cost of that character."  The character is chosen as the event is played; X is its
# printed cost (a character without one costs 0): only a character whose X its player can
# kneel may be chosen.


def _recruits(state: GameState, ctx: Ctx) -> list[str]:
    player = state.players[ctx["seat"]]
    most = total_influence(state, ctx["seat"])
    return [
        r
        for r in (*player.dead, *player.discard)
        if facts(state, r).type == "character"
        and not facts(state, r).unique
        and {"Mercenary", "Ally"} & set(facts(state, r).traits)
        and (facts(state, r).cost or 0) <= most
    ]


def _recruit_cost(state: GameState, ctx: Ctx) -> int:
    target = ctx.get("target")
    return (facts(state, target).cost or 0) if target else 0


def _recruit(state: GameState, ctx: Ctx) -> None:
    target, player = ctx["target"], state.players[ctx["seat"]]
    if target in player.dead or target in player.discard:
        put_into_play(state, ctx["seat"], target)


register(
    "btns_32",
    event(
        _recruit,
        phases=("any",),
        costs=(Cost("influence", count=_recruit_cost),),
        targets=_recruits,
    ),
)
