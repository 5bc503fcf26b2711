"""A Dire Message locations and events: Flame and Shadow (cad_102), Ten Towers (cad_105),
Wheels within Wheels (cad_107), The Boneway (cad_108), Locked in a Cell (cad_109), By Sword
or By Guile (cad_114), The Iron Throne (cad_115)
and Sellsail Galley (cad_116).
The printed Prized X keyword: ``vocabulary.prized_card``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    attachments,
    controller,
    crests,
    effect,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    discard_top,
    event,
    has_trait,
    is_prized,
    kneel_card,
    of_house,
    prized_card,
    reveal_new_plot_choice,
    won,
    won_unopposed,
)
from gameplay.engine.leaving import return_to_hand
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import SEAT_CAN_RESPOND

# --- cad_102 Flame and Shadow --------------------------------------------------------------
# "Prized 2. Marshalling: Kneel 2 influence to choose a non-Army character without
# attachments. Take control of that character until the end of the challenges phase."
# A character another player controls; at the end of the challenges phase control goes back
# to the player who had it (if it is still in play and still yours).


def _flame_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if controller(state, r) != ctx["seat"]
        and not has_trait(state, r, "Army")
        and not attachments(state, r)
    ]


def _flame(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["target"], ctx["seat"]
    if ref not in state.in_play or controller(state, ref) == seat:
        return
    was = controller(state, ref)
    moves.take_control(state, ref, seat)
    add_delayed(
        state, "phase_ends", seat, "adm_flame_returns", ctx["source"], "round", card=ref, to=was
    )


@effect("adm_flame_returns")
def _flame_returns(state: GameState, entry: Ctx) -> None:
    if state.phase != "challenges":  # a phase before the challenges phase ends: wait on
        data = {
            k: v
            for k, v in entry.items()
            if k not in ("query", "subject", "until", "source", "effect", "seat")
        }
        add_delayed(
            state,
            "phase_ends",
            entry["seat"],
            "adm_flame_returns",
            entry["source"],
            "round",
            **data,
        )
        return
    ref = entry["card"]
    if ref in state.in_play and controller(state, ref) == entry["seat"]:
        moves.take_control(state, ref, entry["to"])


prized_card("cad_102")
register(
    "cad_102",
    event(_flame, phases=("marshalling",), costs=(Cost("influence", 2),), targets=_flame_targets),
)


# --- cad_105 Ten Towers --------------------------------------------------------------------
# "Response: After you win an unopposed challenge, kneel Ten Towers to discard X cards from
# the top of the losing player's deck. X is the amount of STR by which you won the
# challenge."


def _ten_towers(state: GameState, ctx: Ctx) -> None:
    event_ = ctx["event"]
    loser = event_.get("loser")
    if loser is not None and event_.get("by", 0) > 0:
        discard_top(state, loser, event_["by"], "ten_towers")


register(
    "cad_105",
    Ability(
        "response",
        _ten_towers,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won_unopposed,
    ),
)


# --- cad_107 Wheels within Wheels ----------------------------------------------------------
# "Prized 2. Any Phase: Kneel a unique [Lannister] character to choose and reveal a new plot
# card." (vocabulary.reveal_new_plot_choice)


def _unique_lannister(state: GameState, ref: str) -> bool:
    return facts(state, ref).unique and of_house(state, ref, "Lannister")


prized_card("cad_107")
register(
    "cad_107",
    event(
        reveal_new_plot_choice,
        costs=(Cost("kneel", 1, _unique_lannister, "unique Lannister character"),),
        condition=lambda state, ctx: bool(state.players[ctx["seat"]].plot_deck),
    ),
)


# --- cad_108 The Boneway ------------------------------------------------------------------
# "Response: After an opponent plays or reveals a prized card, each player chooses up to 3
# characters he or she controls. All characters not chosen are returned to their owners'
# hands." Plays: ``played`` (a card marshalled or an event played); reveals: a plot card
# revealed (``plot_revealed``) or cards an effect of his reveals (``revealed``). The players
# choose in turn, the Boneway's controller first, then the others clockwise; the characters
# not chosen return all at once.

BONEWAY_KEEP = 3


def _boneway_may(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    if event_.get("seat") not in state.opponents(ctx["seat"]):
        return False
    found = [event_["card"]] if event_.get("card") else list(event_.get("cards") or ())
    return any(is_prized(state, r) for r in found)


def _boneway(state: GameState, ctx: Ctx) -> None:
    seats = [ctx["seat"], *state.opponents(ctx["seat"])]
    _boneway_keep(state, {"seat": ctx["seat"], "seats": seats, "i": -1, "kept": []}, [])


@handler("adm_boneway_keep")
def _boneway_keep(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    kept = [*ctx["kept"], *selected]
    for i in range(ctx["i"] + 1, len(ctx["seats"])):
        seat = ctx["seats"][i]
        mine = characters_of(state, seat)
        if mine:
            data = {**ctx, "i": i, "kept": kept}
            ask_select(state, seat, "keep", mine, "adm_boneway_keep", high=BONEWAY_KEEP, ctx=data)
            return
    gone = [r for r in characters_of(state) if r not in kept]
    if gone:
        return_to_hand(state, gone)


for _trigger in ("played", "plot_revealed", "revealed"):
    register(
        "cad_108",
        Ability("response", _boneway, trigger=_trigger, condition=_boneway_may),
    )


# --- cad_109 Locked in a Cell --------------------------------------------------------------
# "Prized 2. Any Phase: Kneel 3 influence or kneel a [Noble] character to choose a character
# without a crest. Return that character to its owner's hand." One ability per cost (the
# player picks which to pay); any player's character; [Noble] is the crest.


def _noble(state: GameState, ref: str) -> bool:
    return "noble" in crests(state, ref)


def _no_crest(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if not crests(state, r)]


def _locked(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        return_to_hand(state, [ctx["target"]])


prized_card("cad_109")
for _cost in (Cost("influence", 3), Cost("kneel", 1, _noble, "Noble character")):
    register("cad_109", event(_locked, costs=(_cost,), targets=_no_crest))


# --- cad_114 By Sword or By Guile ---------------------------------------------------------
# "Response: After you win a [Military] or [Power] challenge as the attacker, cancel the
# claim effect of that challenge. Then, move up to 3 power from the losing opponent's House
# card to your House card. (Limit 1 per phase.)" A response to ``claim_pending``
# (challenges.before_claim: the challenge is won, its claim not yet resolved); as much power
# as there is, up to 3.

SWORD_POWER = 3


def _sword_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and ctx["event"].get("attacker") == ctx["seat"]
        and challenge.get("winner") == ctx["seat"]
        and ctx["event"].get("type") in ("military", "power")
        and not challenge.get("claim_cancelled")
    )


def _sword(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    challenge["claim_cancelled"] = True
    state.emit("claim_cancelled", seat=ctx["seat"], card=ctx["source"])
    loser = challenge.get("loser")
    if loser is not None:
        moves.move_power(state, loser, ctx["seat"], SWORD_POWER, "by_sword_or_by_guile")


register(
    "cad_114",
    Ability(
        "response",
        _sword,
        trigger="claim_pending",
        zones=("hand",),
        condition=_sword_may,
        limit=(1, "phase"),
    ),
)


# --- cad_115 The Iron Throne -----------------------------------------------------------------
# "Prized 2. The Iron Throne cannot stand during the standing phase or by other card effects.
# If you are the only player to control The Iron Throne, players cannot trigger response
# effects while The Iron Throne is standing. After a player wins a challenge, that player may
# choose to stand or kneel The Iron Throne." Only its own effect stands it (``can_stand``
# forbids every other way). "Players" is every player, its controller too: the permission
# ``seat_can_respond`` (uses.py). The winner's choice is a forced effect of
# ``challenge_won`` (before any response), asked of the winner whoever controls the Throne:
# stand it (if knelt), kneel it (if standing) or leave it.

IRON_THRONE = "The Iron Throne"


def _throne_stands(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _throne_silence(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or source not in state.in_play or state.in_play[source].knelt:
        return base
    seat = controller(state, source)
    others = [
        r
        for r in state.in_play
        if facts(state, r).name == IRON_THRONE and controller(state, r) != seat
    ]
    return bool(others)


def _throne_won(state: GameState, ctx: Ctx) -> None:
    winner, source = ctx["event"].get("winner"), ctx["source"]
    if winner is None or source not in state.in_play:
        return
    option = "kneel" if not state.in_play[source].knelt else "stand"
    data = {"seat": winner, "source": source}
    ask_choose(state, winner, "iron_throne", [option, "leave"], "adm_iron_throne", ctx=data)


@handler("adm_iron_throne")
def _throne_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["source"]
    if ref not in state.in_play:
        return
    record = state.in_play[ref]
    if ctx["choice"] == "kneel":
        kneel_card(state, ref)
    elif ctx["choice"] == "stand" and record.knelt:
        record.knelt = False  # its own effect (the ``can_stand`` passive forbids the others)
        state.emit("stood", card=ref)
        moves.card_stood(state, [ref])


prized_card("cad_115")
register(
    "cad_115",
    passives={"can_stand": _throne_stands, SEAT_CAN_RESPOND: _throne_silence},
    forced={"challenge_won": _throne_won},
)


# --- cad_116 Sellsail Galley ---------------------------------------------------------------
# "Prized 1. Response: After you win a challenge by 4 or more total STR, kneel Sellsail
# Galley to search your deck or your discard pile for a character with a [Naval]
# enhancement, reveal it, and add it to your hand. Then, shuffle your deck if it was
# searched." The player chooses the pile; a printed [Naval] enhancement (the card is not in
# play).


def _naval_character(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and bool(card.naval)


def _galley(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(
        state, ctx["seat"], "search_where", ["deck", "discard"], "adm_galley_where", ctx=data
    )


@handler("adm_galley_where")
def _galley_where(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    if ctx["choice"] == "deck":
        match = lambda r: _naval_character(state, r)  # noqa: E731
        moves.search_deck(state, seat, match, "adm_galley_found", ctx=data)
        return
    pile = state.players[seat].discard
    found = [r for r in pile if _naval_character(state, r)]
    ask_select(state, seat, "search", found, "adm_galley_found", high=1, ctx=data)


@handler("adm_galley_found")
def _galley_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    for ref in selected:
        for pile in (player.deck, player.discard):
            if ref in pile:
                moves.reveal(state, seat, [ref], "sellsail_galley")
                pile.remove(ref)
                player.hand.append(ref)
                state.emit("searched", seat=seat, card=ref, code=state.code(ref))
                break


prized_card("cad_116")
register(
    "cad_116",
    Ability(
        "response",
        _galley,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=won(by=4),
    ),
)
