"""A Time for Wolves locations, events and plot: Renly's Pavilion (w_63), Salt and Iron (w_65),
Doran's Solar (w_69), A Hidden Game (w_70), Volley of Arrows (w_72), Horse Gate (w_75) and
A Time for Wolves (w_80)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves, rules
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    controller,
    effect,
    facts,
    handler,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    event,
    has_trait,
    in_play_of,
    lost,
    of_house,
    prized_value,
    response,
    summer,
    you_revealed,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- w_63 Renly's Pavilion -------------------------------------------------------------------
# "Response: After you reveal a plot card, kneel Renly's Pavilion to claim 1 power for your
# House. Then, if it is summer, add 1 gold token from the treasury to your gold pool."
# (also after a new plot card is revealed during the round)


def _pavilion(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, "renlys_pavilion")
    if summer(state):
        moves.gain_gold(state, ctx["seat"], 1, "renlys_pavilion")


register(
    "w_63",
    Ability(
        "response",
        _pavilion,
        trigger="plot_revealed",
        costs=(KNEEL_SELF,),
        condition=you_revealed,
    ),
)


# --- w_65 Salt and Iron ----------------------------------------------------------------------
# "House Greyjoy only. Play only if you have won 2 or more unopposed challenges this phase.
# Challenges: Choose and discard 1 character and 1 location, each with printed cost 3 or
# lower, from play." Any player's cards (saves allowed); a card without a printed cost counts
# as 0; played when at least one such card can be chosen, each chosen if there is one.

SALT_COST = 3
SALT_WINS = 2


def unopposed_wins_this_phase(state: GameState, seat: int) -> int:
    """The unopposed challenges ``seat`` won this phase (the log since the phase began)."""
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if (
            entry["event"] == "challenge_resolved"
            and entry.get("winner") == seat
            and entry.get("unopposed")
        ):
            count += 1
    return count


def _salt_candidates(state: GameState, ctx: Ctx, kind: str) -> list[str]:
    return [
        r
        for r in in_play_of(state, kind)
        if (facts(state, r).cost or 0) <= SALT_COST
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _salt_may(state: GameState, ctx: Ctx) -> bool:
    if unopposed_wins_this_phase(state, ctx["seat"]) < SALT_WINS:
        return False
    return bool(
        _salt_candidates(state, ctx, "character") or _salt_candidates(state, ctx, "location")
    )


def _salt(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "chosen": []}
    _salt_next(state, data, "character")


def _salt_next(state: GameState, data: Ctx, kind: str) -> None:
    found = _salt_candidates(state, data, kind)
    if found:
        step = {**data, "kind": kind}
        ask_select(state, data["seat"], "discard", found, "atfw_salt", low=1, high=1, ctx=step)
    elif kind == "character":
        _salt_next(state, data, "location")
    else:
        _salt_discard(state, data)


@handler("atfw_salt")
def _salt_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {k: ctx[k] for k in ("seat", "source")}
    data["chosen"] = [*ctx["chosen"], *selected]
    if ctx["kind"] == "character":
        _salt_next(state, data, "location")
    else:
        _salt_discard(state, data)


def _salt_discard(state: GameState, data: Ctx) -> None:
    chosen = [r for r in data["chosen"] if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("w_65", event(_salt, phases=("challenges",), condition=_salt_may))


# --- w_69 Doran's Solar ----------------------------------------------------------------------
# "Limited Response: After 1 or more cards are discarded from your hand, kneel Doran's Solar
# to draw 2 cards. (Limit 1 limited response per round.)" (any discard from the hand, a cost's
# included: the trigger ``discarded_from_hand``)


def _solar_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"] and bool(ctx["event"].get("cards"))


def _solar(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


register(
    "w_69",
    Ability(
        "response",
        _solar,
        trigger="discarded_from_hand",
        costs=(KNEEL_SELF,),
        condition=_solar_may,
        limited_response=True,
    ),
)


# --- w_70 A Hidden Game ----------------------------------------------------------------------
# "House Martell only. Limited Response: After you lose a challenge, kill a Sand Snake
# character you control to choose a character. Until the end of the game, that character
# gains prized 1 and loses all instances of all challenge icons." The kill is a cost (cannot
# be saved); any character but the one killed may be chosen. The effects last while the
# character stays in play ("until the end of the game": a card leaving play is a new card).
# Its prized 1 works when it leaves play (each opponent of its controller claims 1 power) as
# long as this A Hidden Game lies in its owner's discard pile (a mark of the card, read by
# this card's forced ``card_left_play`` there), unless the character has a printed prized
# value of its own (the higher counts, and that one is already claimed).

HIDDEN_MARK = "atfw_hidden_game"
ICONS = ("military", "intrigue", "power")


def _sand_snakes(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if has_trait(state, r, "Sand Snake")]


def _hidden_game(state: GameState, ctx: Ctx) -> None:
    found = [r for r in characters_of(state) if choosable(state, r, ctx["source"], ctx["seat"])]
    if found:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_select(state, ctx["seat"], "prized", found, "atfw_hidden", low=1, high=1, ctx=data)


def _until_game(state: GameState, query: str, subject: Any, source: str, **data: Any) -> None:
    state.effects.append(
        {"query": query, "subject": subject, "until": "game", "source": source, **data}
    )
    state.emit("lasting_effect", query=query, subject=subject, until="game", source=source, **data)


@handler("atfw_hidden")
def _hidden_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected or selected[0] not in state.in_play:
        return
    target, source = selected[0], ctx["source"]
    _until_game(state, "keywords", target, source, add=["prized 1"])
    _until_game(state, "icons", target, source, remove=list(ICONS))
    state.effects.append(
        {"query": HIDDEN_MARK, "subject": None, "until": "game", "source": source, "card": target}
    )


def _hidden_left_play(state: GameState, ctx: Ctx) -> None:
    event_data = ctx["event"]
    card = event_data.get("card")
    marks = [
        e
        for e in state.effects
        if e["query"] == HIDDEN_MARK and e["source"] == ctx["source"] and e["card"] == card
    ]
    if not marks:
        return
    state.effects = [e for e in state.effects if all(e is not m for m in marks)]
    if prized_value(state, card) == 0:
        moves.prized(state, event_data["controller"], 1)


register(
    "w_70",
    response(
        _hidden_game,
        "challenge_won",
        condition=lost(),
        costs=(Cost("kill_target"),),
        targets=_sand_snakes,
        limited_response=True,
    ),
    forced={"card_left_play": _hidden_left_play},
    forced_zones=("discard",),
)


# --- w_72 Volley of Arrows -------------------------------------------------------------------
# "Challenges: Choose a participating [Stark] character. Until the end of the challenge, that
# character gets +X STR. X is the number of non-participating characters you control. If you
# have a Military Battle plot card revealed and you win the challenge, claim 1 power for that
# character." X is counted as the event resolves; the plot is checked as the challenge is won.


def _participating(state: GameState) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in [*challenge["attackers"], *challenge["defenders"]] if r in state.in_play]


def _volley_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in _participating(state) if of_house(state, r, "Stark")]


def _volley(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    if target not in state.in_play or state.challenge is None:
        return
    busy = set(_participating(state))
    amount = sum(1 for r in characters_of(state, seat) if r not in busy)
    if amount:
        add_lasting(state, "strength", target, "challenge", ctx["source"], amount=amount)
    add_delayed(state, "challenge_won", seat, "atfw_volley_power", ctx["source"], card=target)


def military_battle_revealed(state: GameState, seat: int) -> bool:
    """Whether ``seat``'s revealed plot card has the Military Battle trait."""
    plot = state.players[seat].revealed_plot
    return plot is not None and "Military Battle" in traits(state, plot)


@effect("atfw_volley_power")
def _volley_power(state: GameState, data: Ctx) -> None:
    card = data["card"]
    if card in state.in_play and military_battle_revealed(state, data["seat"]):
        moves.card_power(state, card, 1, "volley_of_arrows")


register("w_72", event(_volley, phases=("challenges",), targets=_volley_targets))


# --- w_75 Horse Gate ---------------------------------------------------------------------------
# "House Targaryen only. Limited. During [Power] challenges, the claim value on your revealed
# plot card is increased by 1."


def _horse_gate(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "power" or subject != controller(state, source):
        return base
    return base + 1


register("w_75", passives={"claim": _horse_gate})


# --- w_80 A Time for Wolves ----------------------------------------------------------------------
# "When revealed, search your deck for a neutral or in-House Creature card with printed cost 3
# or lower reveal it, and add it to your hand. If it is a Direwolf, you may put it into play
# instead. Then, shuffle your deck." The card is revealed and taken into the hand; a Direwolf
# that may enter play (uniqueness, a host for an attachment) is then offered to be put into
# play from there.

WOLVES_COST = 3


def _wolves_match(state: GameState, seat: int) -> Any:
    house = state.players[seat].house

    def match(ref: str) -> bool:
        card = facts(state, ref)
        return (
            "Creature" in card.traits
            and card.cost is not None
            and card.cost <= WOLVES_COST
            and bool({"Neutral", house} & set(card.houses))
        )

    return match


def _wolves(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moves.search_deck(state, seat, _wolves_match(state, seat), "atfw_wolves")


@handler("atfw_wolves")
def _wolves_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    found = [r for r in selected if r in player.deck]
    for ref in found:
        player.deck.remove(ref)
        player.hand.append(ref)
    if not found:
        return
    moves.reveal(state, seat, found, "search")
    ref = found[0]
    if "Direwolf" in facts(state, ref).traits and _wolf_hosts(state, seat, ref) is not None:
        data = {"seat": seat, "card": ref}
        ask_choose(state, seat, "put_into_play", ["play", "hand"], "atfw_wolves_play", ctx=data)


def _wolf_hosts(state: GameState, seat: int, ref: str) -> list[str] | None:
    card = facts(state, ref)
    if rules.unique_problem(state, seat, card) is not None:
        return None
    if card.type != "attachment":
        return []
    return rules.attachment_targets(state, card, seat) or None


@handler("atfw_wolves_play")
def _wolves_play(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    if ctx["choice"] != "play" or ref not in state.players[seat].hand:
        return
    hosts = _wolf_hosts(state, seat, ref)
    if hosts is None:
        return
    if not hosts:
        put_into_play(state, seat, ref)
        return
    data = {"seat": seat, "card": ref}
    ask_select(state, seat, "attach_to", hosts, "atfw_wolves_host", low=1, high=1, ctx=data)


@handler("atfw_wolves_host")
def _wolves_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected and selected[0] in state.in_play and ctx["card"] in state.players[ctx["seat"]].hand:
        put_into_play(state, ctx["seat"], ctx["card"], selected[0])


register("w_80", when_revealed=_wolves)
