"""Kings of the Storm characters (kotst_*), registered by card code."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    controller,
    facts,
    handler,
    participating,
    register,
)
from gameplay.engine.cards.kings_of_the_storm.common import (
    baratheon_character,
    has_trait,
    in_play_of,
    named_in_play,
    only_baratheon_king,
    own_character,
    to_hand,
    won,
)
from gameplay.engine.cards.vocabulary import discard_top, stand_card
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState

# --- kotst_1 Robert Baratheon -------------------------------------------------------------
# "Renown. If Robert Baratheon is the only House Baratheon King character in play, he gains:
# 'You may initiate an additional Power challenge during the challenge phase.'"


def _robert(state: GameState, source: str, subject: str, base: int) -> int:
    seat, ctype = subject.split(":")
    if int(seat) == controller(state, source) and ctype == "power":
        return base + 1 if only_baratheon_king(state, source) else base
    return base


register("kotst_1", passives={"challenges_allowed": _robert})


# --- kotst_2 Renly Baratheon --------------------------------------------------------------
# "Renown. If Renly Baratheon is the only House Baratheon King character in play, he gains:
# 'Reduce the cost to play other House Baratheon characters by 1.'" (yours)


def _renly(state: GameState, source: str, ref: str, base: int) -> int:
    if ref == source or not baratheon_character(state, ref):
        return base
    if state.cards[ref].owner != controller(state, source) or ref in state.in_play:
        return base
    return base - 1 if only_baratheon_king(state, source) else base


register("kotst_2", passives={"cost": _renly})


# --- kotst_3 Stannis Baratheon ------------------------------------------------------------
# "Renown. If Stannis Baratheon is the only House Baratheon King character in play, he
# gains: 'Players cannot draw cards through card effects.'" (the draw phase is no effect)


def _stannis(state: GameState, source: str, seat: int, base: int) -> int:
    return -100 if only_baratheon_king(state, source) else base


register("kotst_3", passives={"draw_cap": _stannis})


# --- kotst_4 / 5 / 6 the Rainbow Guard -----------------------------------------------------
# "House Baratheon Lord characters you control get +1 STR." / "... gain stealth." /
# "... gain: 'Response: Kneel 1 influence to save this character from being killed.'"


def _your_baratheon_lord(state: GameState, source: str, ref: str) -> bool:
    return (
        own_character(state, source, ref)
        and baratheon_character(state, ref)
        and has_trait(state, ref, "Lord")
    )


def _emmon(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 1 if _your_baratheon_lord(state, source, ref) else base


def _guyard(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {"stealth"} if _your_baratheon_lord(state, source, ref) else base


def _parmen_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or []
        if r in state.in_play
        and _your_baratheon_lord(state, ctx["source"], r)
        and not moves.saved(state, r)
    ]


def _parmen(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.save(state, ctx["target"], by=ctx["target"])


register("kotst_4", passives={"strength": _emmon})
register("kotst_5", passives={"keywords": _guyard})
register(
    "kotst_6",
    Ability(
        "save",
        _parmen,
        trigger="would_be_killed",
        costs=(Cost("influence", 1),),
        targets=_parmen_targets,
        label="Response: Kneel 1 influence to save this House Baratheon Lord from being killed.",
    ),
)


# --- kotst_7 Salladhor Saan ---------------------------------------------------------------
# "Marshalling: Kneel Salladhor Saan to choose and discard 1 location from play."


def _locations(state: GameState, ctx: Ctx) -> list[str]:
    return in_play_of(state, "location")


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "kotst_7",
    Ability(
        "action",
        _discard_target,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        targets=_locations,
    ),
)


# --- kotst_8 Ser Cortnay Penrose ----------------------------------------------------------
# "During Power challenges, Ser Cortnay Penrose gets +2 STR and gains vigilant."


def _power_challenge(state: GameState) -> bool:
    return state.challenge is not None and state.challenge.get("type") == "power"


def _cortnay_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 2 if ref == source and _power_challenge(state) else base


def _cortnay_keywords(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {"vigilant"} if ref == source and _power_challenge(state) else base


register("kotst_8", passives={"strength": _cortnay_strength, "keywords": _cortnay_keywords})


# --- kotst_10 Marya Seaworth --------------------------------------------------------------
# "Any Phase: Kneel Marya Seaworth to choose and stand 1 character." (a kneeling one)


def _knelt_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if state.in_play[r].knelt]


def _stand_target(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


register(
    "kotst_10", Ability("action", _stand_target, costs=(KNEEL_SELF,), targets=_knelt_characters)
)


# --- kotst_11 Veteran Knight --------------------------------------------------------------
# "While Veteran Knight is attacking or defending, opponent's participating characters lose
# all War crests."


def _veteran(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    if ref == source or ref not in state.in_play or not participating(state, source):
        return base
    if not participating(state, ref):
        return base
    if controller(state, ref) not in state.opponents(controller(state, source)):
        return base
    return base - {"war"}


register("kotst_11", passives={"crests": _veteran})


# --- kotst_13 Bearer of the Light ---------------------------------------------------------
# "Marshalling: Kneel Bearer of the Light to lower the cost of the next Asshai character you
# play this phase by 1."


def _bearer(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("character",), trait="Asshai")


register("kotst_13", Ability("action", _bearer, phases=("marshalling",), costs=(KNEEL_SELF,)))


# --- kotst_14 Asshai Initiate -------------------------------------------------------------
# "Any Phase: Discard the top 2 cards of your deck to choose 1 character in any dead pile.
# Move that character to its owner's discard pile. (Limit once per round.)"
# The cost needs 2 cards in the deck; it is paid as the ability resolves.


def _dead_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for p in state.players for r in p.dead if facts(state, r).type == "character"]


def _initiate_may(state: GameState, ctx: Ctx) -> bool:
    return len(state.players[ctx["seat"]].deck) >= 2


def _initiate(state: GameState, ctx: Ctx) -> None:
    discard_top(state, ctx["seat"], 2, "asshai_initiate")
    ref = ctx["target"]
    owner = state.players[state.cards[ref].owner]
    if ref in owner.dead:
        owner.dead.remove(ref)
        owner.discard.append(ref)
        state.emit("moved_to_discard", seat=owner.seat, card=ref, code=state.code(ref))


register(
    "kotst_14",
    Ability(
        "action",
        _initiate,
        targets=_dead_characters,
        condition=_initiate_may,
        limit=(1, "round"),
    ),
)


# --- kotst_15 Knights of the Storm --------------------------------------------------------
# "Response: After you play Knights of the Storm from your hand, you become the first player.
# (Players who have already marshalled cannot marshall again.)"
# The players who have not marshalled yet come after the new first player clockwise in the
# same order as before, so only the first player changes.


def _knights_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("card") == ctx["source"]
        and event.get("seat") == ctx["seat"]
        and state.first_player != ctx["seat"]
    )


def _knights(state: GameState, ctx: Ctx) -> None:
    state.first_player = ctx["seat"]
    state.emit("first_player", seat=ctx["seat"], chosen_by=ctx["seat"], card=ctx["source"])


register("kotst_15", Ability("response", _knights, trigger="played", condition=_knights_played))


# --- kotst_16 Stannis's Cavalry -----------------------------------------------------------
# "Deadly. No attachments. While there is at least 1 Night's Watch character in play,
# Stannis's Cavalry gains renown."


def _cavalry(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    if ref != source:
        return base
    watch = any(has_trait(state, r, "Night's Watch") for r in in_play_of(state, "character"))
    return base | {"renown"} if watch else base


register("kotst_16", passives={"keywords": _cavalry})


# --- kotst_17 Lost Captain ----------------------------------------------------------------
# "Stealth. Response: After you win a Power challenge by 4 or more total STR, return Lost
# Captain from your discard pile or dead pile to your hand."


def _lost_captain(state: GameState, ctx: Ctx) -> None:
    to_hand(state, ctx["source"])


register(
    "kotst_17",
    Ability(
        "response",
        _lost_captain,
        trigger="challenge_won",
        condition=won("power", 4),
        zones=("discard", "dead"),
    ),
)


# --- kotst_41 Ser Preston Greenfield ------------------------------------------------------
# "No attachments. Response: After you win dominance, each player must choose and discard
# all but 4 cards in his or her hand." Each player chooses the cards to discard, in turn
# order.


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _preston(state: GameState, ctx: Ctx) -> None:
    position = 0
    for seat in state.turn_order():
        hand = state.players[seat].hand
        if len(hand) > 4:
            count = len(hand) - 4
            ask_select(
                state,
                seat,
                "discard_from_hand",
                list(hand),
                "kotst_preston_discard",
                low=count,
                high=count,
                ctx={"seat": seat},
                position=position,
                hidden=True,
            )
            position += 1


@handler("kotst_preston_discard")
def _preston_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


register(
    "kotst_41",
    Ability("response", _preston, trigger="dominance_won", condition=_won_dominance),
)


# --- kotst_42 Fanatical Follower ----------------------------------------------------------
# "Fanatical Follower gets +1 STR for each Roseroad and each Searoad in play."


def _follower(state: GameState, source: str, ref: str, base: int) -> int:
    if ref != source:
        return base
    return base + named_in_play(state, "The Roseroad", "The Searoad")


register("kotst_42", passives={"strength": _follower})
