"""The Raven's Song (ator_61 to ator_80), registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    attached_to,
    characters,
    controller,
    facts,
    gold_available,
    handler,
    participating,
    register,
    season,
    traits,
)
from gameplay.engine.cards.the_ravens_song.common import kneel_all_with, rookery, with_icon
from gameplay.engine.cards.vocabulary import (
    has_trait,
    lost_to_opponent,
    of_house_named,
    reveal_new_plot_choice,
    scavengers,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState

# --- ator_61 Dawn --------------------------------------------------------------------------
# "House Dayne character only. If attached character is Ser Arthur Dayne, he gets +5 STR.
# Challenges: If attached character is participating in a challenge in which an opponent
# has more participating characters than you, kneel Dawn to choose and kill a participating
# character."  House Dayne is a trait.


def _dayne_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    is_dayne = of_house_named(state, target, "House Dayne")
    return facts(state, target).type == "character" and is_dayne


def _dawn_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject == attached_to(state, source) and facts(state, subject).name == "Ser Arthur Dayne":
        return base + 5
    return base


def _sides(state: GameState, seat: int) -> tuple[int, int]:
    """(participating characters ``seat`` controls, the most an opponent controls)."""
    challenge = state.challenge
    if challenge is None:
        return 0, 0
    who = [controller(state, r) for r in challenge["attackers"] + challenge["defenders"]]
    return who.count(seat), max((who.count(o) for o in state.opponents(seat)), default=0)


def _dawn_condition(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    mine, theirs = _sides(state, ctx["seat"])
    return host is not None and participating(state, host) and theirs > mine


def _participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def _kill_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "ator_61",
    Ability(
        "action",
        _kill_target,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_dawn_condition,
        targets=_participants,
    ),
    passives={"strength": _dawn_strength},
    attach_rule=_dayne_only,
)

# --- ator_62 Northern Scavengers ------------------------------------------------------------
register("ator_62", forced={"played": scavengers(("Stark", "Lannister"))})

# --- ator_63 Grand Maester Pycelle ----------------------------------------------------------
# "Limited Response: After Grand Maester Pycelle is killed in the challenge phase, return
# all of your used plots to your plot deck."


def _pycelle_condition(state: GameState, ctx: Ctx) -> bool:
    return state.phase == "challenges" and ctx["source"] in ctx["event"].get("cards", ())


def _pycelle(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if player.used_plots:
        count = len(player.used_plots)
        player.plot_deck.extend(player.used_plots)
        player.used_plots = []
        state.emit("plots_returned", seat=player.seat, count=count)


register(
    "ator_63",
    Ability(
        "response",
        _pycelle,
        trigger="killed",
        condition=_pycelle_condition,
        zones=("dead",),
        limited_response=True,
    ),
)

# --- ator_64 Renly Baratheon ----------------------------------------------------------------
# "If Renly Baratheon is the only King in play, he gains: 'After you win a Power challenge
# and there is at least 1 Power Struggle plot card revealed, draw a card.'" (forced)


def _renly_won(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in state.in_play or event.get("type") != "power":
        return
    seat = controller(state, source)
    if event.get("winner") != seat:
        return
    kings = [r for r in characters(state) if "King" in traits(state, r)]
    plots = [p.revealed_plot for p in state.players if p.revealed_plot]
    if kings == [source] and any("Power Struggle" in traits(state, p) for p in plots):
        moves.effect_draw(state, seat, 1)


register("ator_64", forced={"challenge_won": _renly_won})

# --- ator_66 Samwell Tarly ------------------------------------------------------------------
# "Response: After a Raven card is played, draw 2 cards."


def _raven_played(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card is not None and card in state.cards and has_trait(state, card, "Raven")


def _draw_two(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


register("ator_66", Ability("response", _draw_two, trigger="played", condition=_raven_played))

# --- ator_67 to ator_69: the plot-trait responses -------------------------------------------
# "Limited Response: After you reveal a <trait> plot card, kneel a character with a <icon>
# icon to kneel all characters with a <other> icon."


def _revealed(trait: str):  # type: ignore[no-untyped-def]
    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        plot = event.get("card")
        return (
            event.get("seat") == ctx["seat"] and plot is not None and has_trait(state, plot, trait)
        )

    return condition


for _code, _trait, _cost_icon, _knelt_icon in (
    ("ator_67", "Intrigue Gambit", "intrigue", "military"),
    ("ator_68", "Power Struggle", "power", "intrigue"),
    ("ator_69", "Military Battle", "military", "power"),
):
    register(
        _code,
        Ability(
            "response",
            kneel_all_with(_knelt_icon),
            trigger="plot_revealed",
            zones=("hand",),
            condition=_revealed(_trait),
            costs=(Cost("kneel", 1, with_icon(_cost_icon), f"character with a {_cost_icon} icon"),),
            limited_response=True,
        ),
    )

# --- ator_70 to ator_76: the Rookeries -------------------------------------------------------


def _won_by_four(ctype: str):  # type: ignore[no-untyped-def]
    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        return (
            event.get("winner") == ctx["seat"]
            and event.get("type") == ctype
            and event.get("by", 0) >= 4
        )

    return condition


register("ator_70", rookery(lost_to_opponent("military")))
register("ator_71", rookery(lost_to_opponent("intrigue")))
register("ator_72", rookery(lost_to_opponent("power")))
register("ator_73", rookery(_won_by_four("military")))
register("ator_74", rookery(_won_by_four("power")))
register("ator_75", rookery(_won_by_four("intrigue")))


def _opponent_won_dominance(state: GameState, ctx: Ctx) -> bool:
    winner = ctx["event"].get("seat")
    return (
        winner is not None
        and winner in state.opponents(ctx["seat"])
        and bool(state.players[ctx["seat"]].plot_deck)
    )


register(
    "ator_76",
    Ability(
        "response",
        reveal_new_plot_choice,
        trigger="dominance_won",
        condition=_opponent_won_dominance,
        costs=(DISCARD_SELF, Cost("gold", 1)),
    ),
)

# --- ator_77 Heart of the Kingdom -----------------------------------------------------------
# "Challenges: Kneel a Kingdom location to choose a participating character. Until the end
# of the phase, that character gets +1 STR."


def _kingdom_location(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location" and "Kingdom" in traits(state, ref)


def _plus_one(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=1)


register(
    "ator_77",
    Ability(
        "action",
        _plus_one,
        phases=("challenges",),
        costs=(Cost("kneel", 1, _kingdom_location, "Kingdom location", any_type=True),),
        targets=_participants,
    ),
)

# --- ator_78 The Tower of Joy ---------------------------------------------------------------
# "Response: After you win a challenge with fewer participating characters than your
# opponent, kneel The Tower of Joy to choose and kill a character controlled by the losing
# opponent."


def _tower_condition(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("winner") != seat or event.get("loser") is None:
        return False
    cards = [*event.get("attackers", ()), *event.get("defenders", ())]
    who = [controller(state, r) for r in cards if r in state.cards]
    return who.count(seat) < who.count(event["loser"])


def _loser_characters(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    return characters(state, loser) if loser is not None else []


register(
    "ator_78",
    Ability(
        "response",
        _kill_target,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_tower_condition,
        targets=_loser_characters,
    ),
)

# --- ator_79 Desolate Passage ---------------------------------------------------------------
# "Each player cannot declare more than 1 attacker or defender in each challenge."


def _at_most_one(state: GameState, source: str, subject: Any, base: int | None) -> int:
    return 1 if base is None else min(base, 1)


register("ator_79", passives={"max_attackers": _at_most_one, "max_defenders": _at_most_one})

# --- ator_80 The Raven's Song ---------------------------------------------------------------
# "Any effect that would make it Summer or Winter is considered inactive while The Raven's
# Song is revealed."  Read as: while it is revealed, it is neither Summer nor Winter.


def _no_season(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True


register("ator_80", passives={"no_season": _no_season})

# --- ator_65 Kraznys mo Nakloz --------------------------------------------------------------
# "Challenges: If it is Summer, choose an opponent's attachment in play. Pay that attachment's
# printed gold cost to take control of that attachment, and attach it to a card of your
# choice. Limit once per attachment per phase."  The card chosen must be eligible for the
# attachment (it may stay where it is); the limit is a phase-long mark on the attachment.


def _kraznys_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    gold = gold_available(state, seat)
    return [
        r
        for o in state.opponents(seat)
        for r in state.players[o].in_play
        if facts(state, r).type == "attachment"
        and (facts(state, r).cost or 0) <= gold
        and allowed(state, "kraznys_free", r)  # not yet taken by Kraznys this phase
    ]


def _kraznys_condition(state: GameState, ctx: Ctx) -> bool:
    return season(state) == "summer"


def _kraznys(state: GameState, ctx: Ctx) -> None:
    seat, target = ctx["seat"], ctx["target"]
    cost = facts(state, target).cost or 0
    if target not in state.in_play or gold_available(state, seat) < cost:
        return
    moves.spend_gold(state, seat, cost, "ability")
    add_lasting(state, "kraznys_free", target, "phase", ctx["source"], value=False)
    moves.take_control(state, target, seat)
    eligible = attachment_targets(state, facts(state, target), seat)
    host = attached_to(state, target)
    if host is not None and host not in eligible:
        eligible.append(host)  # it may stay where it is
    data = {"seat": seat, "card": target}
    ask_select(state, seat, "attach_to", eligible, "trs_kraznys", low=1, high=1, ctx=data)


@handler("trs_kraznys")
def _kraznys_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["card"]
    record = state.in_play.get(ref)
    for target in selected:
        if record is not None and target in state.in_play and target != record.attached_to:
            before, record.attached_to = record.attached_to, target
            state.emit(
                "attachment_moved", card=ref, code=state.code(ref), source=before, target=target
            )


register(
    "ator_65",
    Ability(
        "action",
        _kraznys,
        phases=("challenges",),
        condition=_kraznys_condition,
        targets=_kraznys_targets,
    ),
)
