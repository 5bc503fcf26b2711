"""Lions of the Rock events (lotr_32 to lotr_45), registered by card code."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HANDLERS,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.lions_of_the_rock.common import event, response, won
from gameplay.engine.cards.vocabulary import characters_of, of_house_named
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play


def _participants(state: GameState) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


# --- lotr_32 The Lion's Cunning ---------------------------------------------------------
# "Challenges: Pay X gold from your gold pool to give X participating [Lannister]
# characters +X STR until the end of the challenge." X (1 or more, at most the gold in
# the pool and the participating Lannister characters, either side) is chosen, paid, then
# the characters are chosen.


def _lannister_participants(state: GameState) -> list[str]:
    return [r for r in _participants(state) if "Lannister" in facts(state, r).houses]


def _cunning_max(state: GameState, seat: int) -> int:
    return min(state.players[seat].gold, len(_lannister_participants(state)))


def _cunning_may(state: GameState, ctx: Ctx) -> bool:
    return _cunning_max(state, ctx["seat"]) >= 1


def _cunning(state: GameState, ctx: Ctx) -> None:
    top = _cunning_max(state, ctx["seat"])
    if top < 1:
        return
    options = [str(x) for x in range(1, top + 1)]
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "choose_x", options, "lotr_cunning_x", ctx=data)


@handler("lotr_cunning_x")
def _cunning_x(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    x = min(int(ctx["choice"]), _cunning_max(state, ctx["seat"]))
    if x < 1:
        return
    moves.pay_gold(state, ctx["seat"], x, "the_lions_cunning")
    found = _lannister_participants(state)
    data = {"source": ctx["source"], "seat": ctx["seat"], "x": x}
    ask_select(state, ctx["seat"], "strength", found, "lotr_cunning", low=x, high=x, ctx=data)


@handler("lotr_cunning")
def _cunning_give(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=ctx["x"])


register("lotr_32", event(_cunning, phases=("challenges",), condition=_cunning_may))


# --- lotr_41 The Only Game that Matters ------------------------------------------------
# "Any Phase: Until the end of the challenge, participating characters without an
# [Intrigue] icon do not count their STR." Played during a challenge; the characters
# participating as it resolves.


def _only_game_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_participants(state))


def _only_game(state: GameState, ctx: Ctx) -> None:
    for ref in _participants(state):
        if "intrigue" not in icons(state, ref):
            add_lasting(state, "counts_strength", ref, "challenge", ctx["source"], value=False)


register("lotr_41", event(_only_game, condition=_only_game_may))


# --- lotr_42 Terminal Schemes ---------------------------------------------------------
# "House Baratheon or House Lannister only. Response: After you win an [Intrigue]
# challenge by 4 or more total STR, choose and kill a non-House Tyrell character."
# House Tyrell is a trait (vocabulary.of_house_named): a character with it is spared,
# whatever its House.


def _schemes_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if not of_house_named(state, r, "House Tyrell") and allowed(state, "can_be_killed", r)
    ]


register(
    "lotr_42",
    response(
        moves.kill_target,
        "challenge_won",
        condition=won("intrigue", by=4),
        targets=_schemes_targets,
    ),
)


# --- lotr_45 Split Loyalties ------------------------------------------------------------
# "House Stark or House Lannister only. Dominance: Kneel 1 influence to choose 2 unique
# characters in 2 different discard piles, and put them into play, under their owners'
# control." One from each of two piles, chosen one after the other; a unique character
# whose owner has a copy in play or dead is not offered.


def _split_found(state: GameState, exclude: int | None = None) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {}
    for player in state.players:
        if player.seat == exclude:
            continue
        refs = [
            r
            for r in player.discard
            if facts(state, r).type == "character"
            and facts(state, r).unique
            and unique_problem(state, player.seat, facts(state, r)) is None
        ]
        if refs:
            found[player.seat] = refs
    return found


def _split_may(state: GameState, ctx: Ctx) -> bool:
    return len(_split_found(state)) >= 2


def _split(state: GameState, ctx: Ctx) -> None:
    found = [r for refs in _split_found(state).values() for r in refs]
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_select(state, ctx["seat"], "put_into_play", found, "lotr_split", low=1, high=1, ctx=data)


@handler("lotr_split")
def _split_first(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected:
        return
    first = selected[0]
    owner = state.cards[first].owner
    found = [r for refs in _split_found(state, exclude=owner).values() for r in refs]
    data = {**ctx, "first": first}
    ask_select(state, ctx["seat"], "put_into_play", found, "lotr_split_2", low=1, high=1, ctx=data)


@handler("lotr_split_2")
def _split_second(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in [ctx["first"], *selected]:
        owner = state.cards[ref].owner
        if ref in state.players[owner].discard:
            put_into_play(state, owner, ref)


register(
    "lotr_45",
    event(
        _split,
        phases=("dominance",),
        costs=(Cost("influence", 1),),
        condition=_split_may,
    ),
)


# --- lotr_33 The Wealth of the Rock -----------------------------------------------------
# "House Lannister only. Response: After you count income, choose an opponent and add X
# gold to your gold pool, where X is the number of characters that opponent controls.
# (Limit 1 per phase.)" A response to the trigger ``income_counted`` (steps.py).


def _wealth(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in state.opponents(ctx["seat"])]
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    if len(options) == 1:
        HANDLERS["lotr_wealth"](state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "lotr_wealth", ctx=data)


@handler("lotr_wealth")
def _wealth_gold(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    count = len(characters_of(state, int(ctx["choice"])))
    moves.gain_gold(state, ctx["seat"], count, "the_wealth_of_the_rock")


def _wealth_counted(state: GameState, ctx: Ctx) -> bool:
    return bool(ctx["event"].get("seat") == ctx["seat"])


register(
    "lotr_33",
    response(_wealth, "income_counted", condition=_wealth_counted, limit=(1, "phase")),
)


# --- lotr_34 Double Bluff ---------------------------------------------------------------
# "House Lannister only. Response: After defenders have been declared in a challenge,
# kneel 2 influence or pay 2 gold to change the effect of winning the challenge to that of
# another challenge type." A response to ``defenders_declared``; the claim of the chosen
# type replaces the challenge's (``challenge["claim_type"]``, challenges.claim).


def _bluff(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    options = [t for t in ("military", "intrigue", "power") if t != challenge["type"]]
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "challenge_type", options, "lotr_bluff", ctx=data)


@handler("lotr_bluff")
def _bluff_type(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if state.challenge is not None:
        # The choice is the player's logged ``choose`` action (the log has no words for a
        # claim_type event yet: gameplay/eventlog.py).
        state.challenge["claim_type"] = ctx["choice"]


def _bluff_declared(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None and not state.challenge.get("claim_type")


register(
    "lotr_34",
    *(
        response(
            _bluff,
            "defenders_declared",
            costs=(cost,),
            condition=_bluff_declared,
            label=f"{what} to change the effect of winning the challenge to another type.",
        )
        for cost, what in (
            (Cost("influence", 2), "Kneel 2 influence"),
            (Cost("gold", 2), "Pay 2 gold"),
        )
    ),
)


# --- lotr_35 Infamous! --------------------------------------------------------------------
# "House Lannister only. Response: After a player claims 1 or more power for his or her
# House, move that power to a [Lannister] character." A response to ``power_claimed``
# (moves.gain_power, and the claim of a Power challenge): as much of it as is still on that
# House card moves onto any House Lannister character in play.


def _infamous_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if "Lannister" in facts(state, r).houses]


def _infamous_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["event"].get("seat")
    return seat is not None and state.players[seat].power > 0


def _infamous(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    moves.house_power_to_card(state, event["seat"], ctx["target"], event["amount"], "infamous")


register(
    "lotr_35",
    response(_infamous, "power_claimed", condition=_infamous_may, targets=_infamous_targets),
)
