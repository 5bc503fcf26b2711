"""Card scripts (a_change_of_seasons/more.py), each under its card's code and text."""

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
    characters,
    handler,
    icons,
    is_character,
    participating,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import event as event_ability
from gameplay.engine.cards.vocabulary import kneel_card, winter
from gameplay.engine.challenges import side_strength
from gameplay.engine.phase_flow import repeat_phase, use_once_per_game, used_this_game
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- ator_51 Walder Frey ----------------------------------------------------------------------
# "Deadly. After at least 1 defender is declared during a challenge, kneel Walder Frey to have
# him participate on the side that is currently winning the challenge." A response to
# defenders being declared, while he stands and does not participate; "currently winning":
# the side that would win if the challenge resolved now (attackers with at least 1 STR and
# at least the defence, defenders with more). He joins that side whoever controls it.


def _winning_side(state: GameState) -> str | None:
    challenge = state.challenge
    if challenge is None:
        return None
    attack, defence = side_strength(state, "attackers"), side_strength(state, "defenders")
    if challenge["attackers"] and attack >= 1 and attack >= defence:
        return "attackers"
    if challenge["defenders"] and defence > attack:
        return "defenders"
    return None


def _walder_may(state: GameState, ctx: Ctx) -> bool:
    ref = ctx["source"]
    return not participating(state, ref) and _winning_side(state) is not None


def _walder(state: GameState, ctx: Ctx) -> None:
    ref, side, challenge = ctx["source"], _winning_side(state), state.challenge
    if challenge is None or side is None or ref not in state.in_play or participating(state, ref):
        return
    challenge[side] = [*challenge[side], ref]
    seat = challenge["attacker"] if side == "attackers" else challenge["defender"]
    state.emit("joined_challenge", card=ref, code=state.code(ref), side=side, seat=seat)


register(
    "ator_51",
    Ability(
        "response",
        _walder,
        trigger="defenders_declared",
        costs=(KNEEL_SELF,),
        condition=_walder_may,
    ),
)


# --- ator_52 Secret Hideout -------------------------------------------------------------------
# "House Stark only. If it is Winter, Secret Hideout gains Stalwart when you play it from your
# hand. Any Phase: Until the end of the phase, players draw cards from the bottoms of their
# decks." A lasting ``draw_from_bottom`` effect (state.draw); in Winter, once it has resolved,
# it goes from the discard pile to the top of its owner's deck (Stalwart: a card discarded goes
# on top of its owner's deck instead).


def _secret_hideout(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    add_lasting(state, "draw_from_bottom", None, "phase", source, value=True)
    owner = state.players[state.cards[source].owner]
    if winter(state) and source in owner.discard:
        owner.discard.remove(source)
        owner.deck.insert(0, source)
        state.emit("discard_to_deck", seat=owner.seat, card=source, code=state.code(source))


register("ator_52", event_ability(_secret_hideout))


# --- ator_57 A Game of Cyvasse ----------------------------------------------------------------
# "House Martell only. Challenges: Each player must choose and kneel a character with an
# Intrigue icon he or she controls, if able. Then, the player who knelt the character with the
# highest STR may choose and return a character to its owner's hand." In turn order, each
# player with a standing Intrigue character kneels one (STR read as it kneels); on a tie for
# the highest STR nobody returns a character; the returned character is any player's, and
# may be saved.


def _cyvasse(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "order": state.turn_order(), "knelt": {}}
    _cyvasse_next(state, data)


def _cyvasse_next(state: GameState, data: dict[str, Any]) -> None:
    while data["order"]:
        seat, rest = data["order"][0], data["order"][1:]
        candidates = [
            r
            for r in characters(state, seat)
            if not state.in_play[r].knelt and "intrigue" in icons(state, r)
        ]
        if candidates:
            ctx = {**data, "order": rest, "kneeler": seat}
            ask_select(
                state, seat, "kneel", candidates, "ator_cyvasse_knelt", low=1, high=1, ctx=ctx
            )
            return
        data = {**data, "order": rest}
    knelt: dict[str, int] = data["knelt"]
    if not knelt:
        return
    best = max(knelt.values())
    winners = [int(s) for s, v in knelt.items() if v == best]
    if len(winners) != 1:
        state.emit("cyvasse_tie", strength=best, seats=sorted(winners))
        return
    seat = winners[0]
    candidates = [r for r in characters(state) if r in state.in_play]
    ctx = {"seat": seat, "source": data["source"]}
    ask_select(state, seat, "return_to_hand", candidates, "ator_cyvasse_return", high=1, ctx=ctx)


@handler("ator_cyvasse_knelt")
def _cyvasse_knelt(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    knelt = dict(ctx["knelt"])
    for ref in selected:
        if ref in state.in_play:
            kneel_card(state, ref)
            knelt[str(ctx["kneeler"])] = strength(state, ref)
    _cyvasse_next(state, {**ctx, "knelt": knelt})


@handler("ator_cyvasse_return")
def _cyvasse_return(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.return_to_hand(state, chosen)


register("ator_57", event_ability(_cyvasse, phases=("challenges",)))


# --- ator_58 Den of the Wolf ------------------------------------------------------------------
# "Characters lose all immunities. Any Phase: If it is not the marshalling phase, kneel 3
# influence and discard Den of the Wolf from play (cannot be saved) to repeat the current phase
# at the end of the phase. (Limit once per game.)" Every player's characters; the limit is per
# player across copies (each copy discards itself); the repeated phase is played whole once
# the current one ends (phase_flow.repeat_phase).


def _no_immunity(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if is_character(state, subject) else base


def _den_may(state: GameState, ctx: Ctx) -> bool:
    return state.phase not in ("marshalling", "setup") and not used_this_game(
        state, f"ator_58@{ctx['seat']}"
    )


def _den(state: GameState, ctx: Ctx) -> None:
    use_once_per_game(state, f"ator_58@{ctx['seat']}")
    repeat_phase(state, ctx["source"])


register(
    "ator_58",
    Ability("action", _den, costs=(Cost("influence", 3), DISCARD_SELF), condition=_den_may),
    passives={"no_immunity": _no_immunity},
)
