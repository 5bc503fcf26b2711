"""Return of the Others: the attachments, events, location and plot (dotn_104, dotn_106,
dotn_108, dotn_110, dotn_112, dotn_114, dotn_118, dotn_120). The characters are in
characters.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    controller,
    crests,
    effect,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    characters_of,
    choosable,
    discard_top,
    event,
    has_trait,
    played_from_hand,
    response,
    stand_card,
)
from gameplay.engine.cards.vocabulary.attachments import fell_with
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- dotn_104 The Price of Nobility -----------------------------------------------------
# "Attach to a Noble character you control. Response: After attached character leaves
# play, take 3 gold from the treasury and add it to your gold pool."  Noble is a crest. The
# attachment falls off with its character and answers from its owner's discard pile (the
# response window of the way out: vocabulary.LEFT_PLAY; ``fell_with`` reads the log).


def _own_noble(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return (
        is_character(state, target)
        and controller(state, target) == seat
        and "noble" in crests(state, target)
    )


def _price_may(state: GameState, ctx: Ctx) -> bool:
    host = fell_with(state, ctx["source"])
    return host is not None and host in (ctx["event"].get("cards") or ())


def _price(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 3, "price_of_nobility")


register(
    "dotn_104",
    *(
        Ability("response", _price, trigger=name, condition=_price_may, zones=("discard",))
        for name, zone in LEFT_PLAY.items()
    ),
    attach_rule=_own_noble,
)

# --- dotn_106 For R'hllor ---------------------------------------------------------------
# "Response: After an opponent draws 1 or more cards through a card effect, kneel 3
# influence or kneel 1 Holy character to have each player choose and discard cards from his
# or her hand until only 4 cards remain in each player's hand."  ``cards_drawn`` is the
# trigger of draws by card effects only (not the draw phase). Two abilities, one per cost
# (the Holy character is one of yours, standing). Each player with more than 4 cards
# chooses which to keep, in turn order.

HAND_LEFT = 4


def _opponent_drew(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") in state.opponents(ctx["seat"])


def _holy(state: GameState, ref: str) -> bool:
    return "holy" in crests(state, ref)


def _for_rhllor(state: GameState, ctx: Ctx) -> None:
    for seat in reversed(state.turn_order()):
        hand = state.players[seat].hand
        extra = len(hand) - HAND_LEFT
        if extra > 0:
            data = {"seat": seat, "source": ctx["source"]}
            ask_select(state, seat, "discard", hand, "roto_rhllor", low=extra, high=extra, ctx=data)


@handler("roto_rhllor")
def _rhllor_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


register(
    "dotn_106",
    *(
        response(_for_rhllor, "cards_drawn", costs=(cost,), condition=_opponent_drew)
        for cost in (Cost("influence", 3), Cost("kneel", 1, _holy, "Holy character"))
    ),
)

# --- dotn_108 Kingsmoot Support ---------------------------------------------------------
# "House Greyjoy only. Any Phase: Kneel 3 influence to choose 3 characters. Until the end
# of the phase, one of those characters gets +1 STR, the second gets +2 STR, and the third
# gets +3 STR."  Any players' characters the event may choose; playable only with 3 to
# choose. The player picks the 3, then the one that gets +3, then the one that gets +2; the
# last gets +1.

KINGSMOOT = 3


def _kingsmoot_choosable(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _kingsmoot_may(state: GameState, ctx: Ctx) -> bool:
    return len(_kingsmoot_choosable(state, ctx)) >= KINGSMOOT


def _kingsmoot(state: GameState, ctx: Ctx) -> None:
    found = _kingsmoot_choosable(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(
        state, ctx["seat"], "choose", found, "roto_kingsmoot", low=KINGSMOOT, high=3, ctx=data
    )


@handler("roto_kingsmoot")
def _kingsmoot_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {**ctx, "left": list(selected), "bonus": KINGSMOOT}
    _kingsmoot_next(state, data)


def _kingsmoot_next(state: GameState, data: dict[str, Any]) -> None:
    left = [r for r in data["left"] if r in state.in_play]
    if data["bonus"] == 1 or len(left) <= 1:
        for ref in left[:1]:
            _kingsmoot_bonus(state, data, ref, data["bonus"])
        return
    purpose = f"plus_{data['bonus']}"
    ask_select(state, data["seat"], purpose, left, "roto_kingsmoot_bonus", low=1, high=1, ctx=data)


@handler("roto_kingsmoot_bonus")
def _kingsmoot_bonus_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = selected[0]
    _kingsmoot_bonus(state, ctx, ref, ctx["bonus"])
    left = [r for r in ctx["left"] if r != ref]
    _kingsmoot_next(state, {**ctx, "left": left, "bonus": ctx["bonus"] - 1})


def _kingsmoot_bonus(state: GameState, ctx: Ctx, ref: str, amount: int) -> None:
    if ref in state.in_play:
        add_lasting(state, "strength", ref, "phase", ctx["source"], amount=amount)


register(
    "dotn_108",
    event(_kingsmoot, costs=(Cost("influence", 3),), condition=_kingsmoot_may),
)

# --- dotn_110 Hrakkar Pelt --------------------------------------------------------------
# "Attach to a character you control. After you play Hrakkar Pelt from your hand, draw a
# card. At the end of the challenge phase, stand attached character."  Both forced. The
# draw is a card effect's draw (within the draw cap); putting it into play is not playing it.


def _own_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and controller(state, target) == seat


def _pelt_played(state: GameState, ctx: Ctx) -> None:
    if played_from_hand(state, ctx) and ctx["event"].get("seat") == ctx["seat"]:
        moves.effect_draw(state, ctx["seat"], 1)


def _pelt_stands(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"]) if ctx["source"] in state.in_play else None
    if host is not None:
        stand_card(state, host)


register(
    "dotn_110",
    forced={"played": _pelt_played, "challenges_ends": _pelt_stands},
    attach_rule=_own_character,
)

# --- dotn_112 Burning on the Sand -------------------------------------------------------
# "Response: If an opponent would win a challenge against you, cancel the determination of
# the challenge winner. No one wins the challenge."  The ``would_win_<type>`` window
# (challenges.resolve), when the player it would be won against is you: no winner, no
# loser (nothing that follows a won challenge happens).


def _against_me(state: GameState, ctx: Ctx) -> bool:
    found = ctx["event"]
    return found.get("loser") == ctx["seat"] and found.get("winner") in state.opponents(ctx["seat"])


def _nobody_wins(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is not None:
        challenge["winner"] = challenge["loser"] = None


register(
    "dotn_112",
    *(
        response(_nobody_wins, f"would_win_{ctype}", condition=_against_me)
        for ctype in ("military", "intrigue", "power")
    ),
)

# --- dotn_114 The Wall ------------------------------------------------------------------
# "Challenges: Put 1 Night's Watch character into play from your hand, knelt as a defender,
# during any challenge declared against you. (Limit once per challenge.) Return that
# character to your hand at the end of the phase if it is still in play."  Used in the
# challenge's action windows (after attackers or after defenders are declared), by the
# defending player; the character is chosen from the hand (a hidden prompt) as it
# resolves, enters play knelt and participates as a defender (``joined_challenge``; one
# put in before defenders are declared stays a defender: challenges._declare_side); unique
# cards only where its owner may play them. At the end of the phase it returns to the hand
# (with saves).


def _wall_candidates(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].hand
        if facts(state, r).type == "character"
        and has_trait(state, r, "Night's Watch")
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _wall_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge["defender"] == ctx["seat"]
        and bool(challenge.get("attackers"))
        and bool(_wall_candidates(state, ctx["seat"]))
    )


def _wall(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _wall_candidates(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state, seat, "put_into_play", found, "roto_wall", low=1, high=1, ctx=data, hidden=True
    )


@handler("roto_wall")
def _wall_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, challenge = ctx["seat"], state.challenge
    if not selected or selected[0] not in state.players[seat].hand or challenge is None:
        return
    ref = selected[0]
    put_into_play(state, seat, ref)
    state.in_play[ref].knelt = True
    challenge["defenders"].append(ref)
    state.emit("joined_challenge", card=ref, seat=seat, side="defenders")
    add_delayed(state, "phase_ends", seat, "roto_wall_back", ctx["source"], "phase", card=ref)


@effect("roto_wall_back")
def _wall_back(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        moves.return_to_hand(state, [data["card"]])


register(
    "dotn_114",
    Ability("action", _wall, phases=("challenges",), condition=_wall_may, limit=(1, "challenge")),
)

# --- dotn_118 Nightmares in the North ---------------------------------------------------
# "Dominance: Each player must discard the top X cards of his or her deck, where X is the
# number of characters in his or her dead pile. Then, the player who discarded the fewest
# cards draws a card."  X is counted for each player as the event resolves; what was
# actually discarded counts (a short deck discards fewer). With a tie for the fewest, no
# one is "the player who discarded the fewest" and nobody draws.


def _nightmares(state: GameState, ctx: Ctx) -> None:
    counts = {}
    for seat in state.turn_order():
        player = state.players[seat]
        dead = sum(1 for r in player.dead if facts(state, r).type == "character")
        counts[seat] = len(discard_top(state, seat, dead, "nightmares")) if dead else 0
    fewest = min(counts.values())
    seats = [s for s, n in counts.items() if n == fewest]
    if len(seats) == 1:
        moves.effect_draw(state, seats[0], 1)


register("dotn_118", event(_nightmares, phases=("dominance",)))

# --- dotn_120 The Minstrel's Muse -------------------------------------------------------
# "House Stark only. If you win dominance this round, claim 3 additional power for your
# House."  A forced ``dominance_won`` effect while it is the winner's revealed plot.


def _muse(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("seat") == ctx["seat"]:
        moves.gain_power(state, ctx["seat"], 3, "minstrels_muse")


register("dotn_120", forced={"dominance_won": _muse})
