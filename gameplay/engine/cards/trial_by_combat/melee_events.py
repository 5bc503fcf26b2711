"""Trial By Combat's melee events and plot: A United Cause (atoc_97), Enemy of My Enemy
(atoc_98), Secret Alliance (atoc_99) and I Fight to Win (atoc_100). Handler names start
with ``tbc_``.

The three events share one shape, ``vocabulary.melee_power_event``: "Play only if you have
more than 1 opponent. <Phase>: Discard 1 power from your House card to (choose one): ...
(Limit 1 per phase.)". The power is a cost (``Cost("house_power", 1)``: not playable with
0 power); the option is chosen as the event resolves, among the options that can change the
game now; "House X or House Y only" is a deck-building rule (the card data's Houses)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import Ctx, facts, handler, register
from gameplay.engine.cards.vocabulary import (
    melee_power_event,
    pile_to_hand,
    search_top,
    searched_to_hand,
)
from gameplay.engine.leaving import discard
from gameplay.engine.moves import effect_draw
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.titles import SECOND_TITLE


def _printed_cost_at_most(state: GameState, ref: str, most: int) -> bool:
    cost = facts(state, ref).cost
    return cost is not None and cost <= most


# --- atoc_97 A United Cause ---------------------------------------------------------------
# "House Stark or House Baratheon only. Play only if you have more than 1 opponent.
# Dominance: Discard 1 power from your House card to (choose one): return a character with
# printed cost 3 or less from your dead pile to your hand, or search the top 4 cards of your
# deck for a card, put it into your hand and then shuffle the rest back into your deck.
# (Limit 1 per phase.)"  The search sees only the top 4 (a hidden prompt) and takes one of
# them (not revealed); it may be chosen while the deck has a card.

CAUSE_DEPTH = 4


def _cause_dead(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character" and _printed_cost_at_most(state, r, 3)
    ]


def _cause_return(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _cause_dead(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "return_to_hand", found, "tbc_cause_return", low=1, high=1, ctx=data)


@handler("tbc_cause_return")
def _cause_returned(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        pile_to_hand(state, ctx["seat"], ref, "dead")


def _cause_search(state: GameState, ctx: Ctx) -> None:
    # The top 4 (more beside Karhold Rookery: vocabulary.search_top), one card taken.
    search_top(
        state,
        ctx["seat"],
        CAUSE_DEPTH,
        None,
        "tbc_cause_search",
        ctx={"source": ctx["source"]},
        low=1,
        high=1,
    )


@handler("tbc_cause_search")
def _cause_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    searched_to_hand(state, ctx["seat"], selected)


melee_power_event(
    "atoc_97",
    "dominance",
    {
        "dead_to_hand": (lambda s, c: bool(_cause_dead(s, c["seat"])), _cause_return),
        "search_top_4": (lambda s, c: bool(s.players[c["seat"]].deck), _cause_search),
    },
)


# --- atoc_98 Enemy of My Enemy ------------------------------------------------------------
# "House Lannister or House Greyjoy only. Play only if you have more than 1 opponent. Draw:
# Discard 1 power from your House card to (choose one): draw 2 cards, or each opponent
# chooses and discards a location he or she controls with printed cost 1 or less from play.
# (Limit 1 per phase.)"  Drawing may always be chosen (the draw cap may limit it); the
# discard only while an opponent controls such a location. Each such opponent chooses,
# clockwise from the player's left, then the chosen locations are discarded together (saves
# apply).


def _small_locations(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if facts(state, r).type == "location"
        and state.in_play[r].attached_to is None
        and _printed_cost_at_most(state, r, 1)
    ]


def _enemy_may_discard(state: GameState, ctx: Ctx) -> bool:
    return any(_small_locations(state, o) for o in state.opponents(ctx["seat"]))


def _enemy_draw(state: GameState, ctx: Ctx) -> None:
    effect_draw(state, ctx["seat"], 2)


def _enemy_discard(state: GameState, ctx: Ctx) -> None:
    _enemy_ask(state, {"seat": ctx["seat"], "rest": state.opponents(ctx["seat"]), "chosen": []})


def _enemy_ask(state: GameState, data: dict[str, Any]) -> None:
    rest = [o for o in data["rest"] if _small_locations(state, o)]
    if not rest:
        chosen = [r for r in data["chosen"] if r in state.in_play]
        if chosen:
            discard(state, chosen)
        return
    seat = rest[0]
    found = _small_locations(state, seat)
    ctx = {**data, "rest": rest[1:], "chooser": seat}
    ask_select(state, seat, "discard_from_play", found, "tbc_enemy", low=1, high=1, ctx=ctx)


@handler("tbc_enemy")
def _enemy_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {k: ctx[k] for k in ("seat", "rest", "chosen")}
    data["chosen"] = [*ctx["chosen"], *selected]
    _enemy_ask(state, data)


melee_power_event(
    "atoc_98",
    "draw",
    {
        "draw_2": (lambda s, c: True, _enemy_draw),
        "discard_locations": (_enemy_may_discard, _enemy_discard),
    },
)


# --- atoc_99 Secret Alliance --------------------------------------------------------------
# "House Martell or House Targaryen only. Play only if you have more than 1 opponent.
# Challenges: Discard 1 power from your House card to (choose one): choose and remove 1
# participating character from a challenge, or choose 1 unique character in your dead pile
# and put it on top of your deck. (Limit 1 per phase.)"  Any participating character
# (either side) of the challenge under way; the removal may be chosen only during a
# challenge with a participant.


def _participants(state: GameState) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in (*challenge["attackers"], *challenge["defenders"]) if r in state.in_play]


def _alliance_remove(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    found = _participants(state)
    ask_select(state, ctx["seat"], "remove", found, "tbc_alliance_remove", low=1, high=1, ctx=data)


@handler("tbc_alliance_remove")
def _alliance_removed(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    for ref in selected:
        for side in ("attackers", "defenders"):
            if ref in challenge[side]:
                challenge[side].remove(ref)
                state.emit("removed_from_challenge", cards=[ref], side=side, card=ctx["source"])


def _unique_dead(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character" and facts(state, r).unique
    ]


def _alliance_to_deck(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    found = _unique_dead(state, seat)
    ask_select(state, seat, "dead_to_deck", found, "tbc_alliance_deck", low=1, high=1, ctx=data)


@handler("tbc_alliance_deck")
def _alliance_on_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.dead:
            player.dead.remove(ref)
            player.deck.insert(0, ref)
            state.emit("dead_to_deck", seat=player.seat, card=ref, code=state.code(ref))


melee_power_event(
    "atoc_99",
    "challenges",
    {
        "remove_participant": (lambda s, c: bool(_participants(s)), _alliance_remove),
        "dead_to_deck": (lambda s, c: bool(_unique_dead(s, c["seat"])), _alliance_to_deck),
    },
)


# --- atoc_100 I Fight to Win --------------------------------------------------------------
# "If you have more than 1 opponent, after each player has selected a Title, you may select
# a second Title from the remaining Titles and use both Titles this round."  The flag
# ``select_second_title`` (titles.SECOND_TITLE) while it is its owner's revealed plot;
# the engine asks once every player has chosen (turn order) and gives the holder both
# titles' relations and bonuses for the round (titles.titles_of); the second title returns
# to the pool at the end of the round.


def _fight_to_win(state: GameState, source: str, subject: Any, base: bool) -> bool:
    owner = state.cards[source].owner
    return base or (subject == owner and len(state.opponents(owner)) > 1)


register("atoc_100", passives={SECOND_TITLE: _fight_to_win})
