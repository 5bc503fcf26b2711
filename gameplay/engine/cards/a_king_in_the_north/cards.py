"""A King in the North: the attachments, location, events and plot (dotn_82, dotn_84,
dotn_86, dotn_88, dotn_90, dotn_92, dotn_95, dotn_98, dotn_100). The characters are in
characters.py."""

from __future__ import annotations

import re
from typing import Any

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import (
    BLANKING_HOST_TYPES,
    BLANKING_WHEN,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    crests,
    facts,
    handler,
    is_character,
    register,
    season,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    every_trait,
    has_trait,
    never_on_a_card,
    of_house,
    on_bearer,
    response,
    win_challenge_instead,
    would_win_against_you,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- dotn_82 Deep Freeze ---------------------------------------------------------------------
# "Attach to a player's House card. The controller of attached House card needs 2 additional
# power to win the game. (3 additional power instead if it is Winter.)"  Any player's House
# card (house_card.any_house); the ``power_to_win`` of that House card's seat.

FREEZE_POWER, FREEZE_WINTER_POWER = 2, 3


def _freeze(state: GameState, source: str, seat: Any, base: int) -> int:
    if seat != house_card.house_of(state, source):
        return base
    return base + (FREEZE_WINTER_POWER if season(state) == "winter" else FREEZE_POWER)


register(
    "dotn_82",
    passives={"power_to_win": _freeze},
    attach_rule=never_on_a_card,
    house_rule=house_card.any_house,
)

# --- dotn_84 Golden Tooth Vaults -------------------------------------------------------------
# "Any Phase: Kneel Golden Tooth Vaults and discard up to 2 cards from your hand to take an
# equal amount of gold from the treasury and add it to your gold pool."  Two uses, discarding
# 1 or 2 cards (the discard is part of the cost, chosen as it is paid); discarding none
# would take nothing, so it is not offered.


def _vaults(amount: int) -> Ability:
    def gain(state: GameState, ctx: Ctx) -> None:
        moves.gain_gold(state, ctx["seat"], amount, "golden_tooth_vaults")

    plural = "s" if amount > 1 else ""
    return Ability(
        "action",
        gain,
        costs=(KNEEL_SELF, Cost("discard_hand", amount)),
        label=f"Kneel and discard {amount} card{plural} from your hand to take {amount} gold.",
    )


register("dotn_84", _vaults(1), _vaults(2))

# --- dotn_86 R'hllor's Blessing --------------------------------------------------------------
# "After you play R'hllor's Blessing, draw 1 card. Attached character gets +2 STR."  Forced
# once it is marshalled by its controller (as Court Advisor); a draw within the draw cap.


def _blessing(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]:
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "dotn_86",
    forced={"played": _blessing},
    passives={"strength": on_bearer(lambda base: base + 2)},
)

# --- dotn_88 Return of the Kraken ------------------------------------------------------------
# "Response: Save 1 House Greyjoy location from being discarded from play. Then, if that
# location is unique, attach Return of the Kraken to it as a duplicate."  A save from the
# hand (``would_be_discarded``) of any player's House Greyjoy location; the event then goes
# from the discard pile under the location as a duplicate when it is unique and its player
# controls it (a duplicate is a copy under its owner's own card: RULINGS).


def _greyjoy_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and facts(state, r).type == "location"
        and of_house(state, r, "Greyjoy")
        and not moves.saved(state, r)
    ]


def _kraken(state: GameState, ctx: Ctx) -> None:
    target, source, seat = ctx["target"], ctx["source"], ctx["seat"]
    if target not in state.in_play:
        return
    moves.save(state, target, by=source)
    discard = state.players[seat].discard
    if facts(state, target).unique and controller(state, target) == seat and source in discard:
        discard.remove(source)
        state.in_play[target].duplicates.append(source)
        state.emit("duplicate", seat=seat, card=source, code=state.code(source), target=target)


register(
    "dotn_88",
    Ability(
        "save", _kraken, trigger="would_be_discarded", zones=("hand",), targets=_greyjoy_locations
    ),
)

# --- dotn_90 True Power ----------------------------------------------------------------------
# "House Targaryen only. Response: If an opponent would win a Power challenge against you,
# cancel the determination of challenge winner. You automatically win the challenge."  The
# engine's ``would_win_power`` window (challenges.resolve), for the defender when the
# attacker would win: the defender wins instead (not unopposed; the STR stays as counted).
# "House Targaryen only" is deck building (RULINGS: Ice, Nymeria ...).


def _would_lose(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("type") == "power" and would_win_against_you(state, ctx)


def _true_power(state: GameState, ctx: Ctx) -> None:
    win_challenge_instead(state, ctx["seat"])


register("dotn_90", response(_true_power, "would_win_power", condition=_would_lose))

# --- dotn_92 Serve. Obey. Protect. / dotn_95 The Feast of the Crows --------------------------
# "House Martell only. Any Phase: Kneel 3 influence to choose 3 characters. Until the end of
# the phase, one of those characters gains a Military icon, the second gains an Intrigue
# icon, and the third gains a Power icon."
# "Any Phase: Kneel 3 influence to choose 3 Night's Watch characters. Until the end of the
# phase, one of those characters gains stealth, the second gains deadly, and the third gains
# renown."
# Three different characters in play (anyone's, an event may choose them: immunity applies),
# chosen one after another for what each gains; playable only with 3 to choose. "House
# Martell only" is deck building.

SOP_ICONS = ("military", "intrigue", "power")
FEAST_KEYWORDS = ("stealth", "deadly", "renown")


def _three(fits: Any) -> Any:
    def candidates(state: GameState, seat: int, source: str) -> list[str]:
        return [
            r
            for r in state.in_play
            if is_character(state, r) and fits(state, r) and choosable(state, r, source, seat)
        ]

    return candidates


def _any(state: GameState, ref: str) -> bool:
    return True


def _night_watch(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Night's Watch")


GAINS = {
    "dotn_92": ("icons", SOP_ICONS, _three(_any)),
    "dotn_95": ("keywords", FEAST_KEYWORDS, _three(_night_watch)),
}


def _three_condition(state: GameState, ctx: Ctx) -> bool:
    code = state.code(ctx["source"])
    _, words, candidates = GAINS[code]
    return len(candidates(state, ctx["seat"], ctx["source"])) >= len(words)


def _ask_next(state: GameState, ctx: Ctx) -> None:
    code = state.code(ctx["source"])
    _, words, candidates = GAINS[code]
    chosen = ctx.get("chosen", [])
    if len(chosen) >= len(words):
        return
    found = [r for r in candidates(state, ctx["seat"], ctx["source"]) if r not in chosen]
    if found:
        data = {"seat": ctx["seat"], "source": ctx["source"], "chosen": chosen}
        purpose = f"gains_{words[len(chosen)]}"
        ask_select(state, ctx["seat"], purpose, found, "dotn_gains", low=1, high=1, ctx=data)


def _three_gain(state: GameState, ctx: Ctx) -> None:
    _ask_next(state, {**ctx, "chosen": []})


@handler("dotn_gains")
def _gains_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    query, words, _ = GAINS[state.code(ctx["source"])]
    chosen = [*ctx["chosen"], *selected]
    word = words[len(ctx["chosen"])]
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, query, ref, "phase", ctx["source"], add=[word])
    _ask_next(state, {**ctx, "chosen": chosen})


for _code in GAINS:
    register(
        _code,
        Ability(
            "action",
            _three_gain,
            zones=("hand",),
            costs=(Cost("influence", 3),),
            condition=_three_condition,
        ),
    )

# --- dotn_98 Climbing Spikes -----------------------------------------------------------------
# "Attach to a location. If you control at least 1 Wildling character, treat attached
# location as if its printed text box were blank. If you control at least 2 Wildling
# characters, Climbing Spikes is immune to opponents' triggered effects."  Any player's
# location; "you": the Spikes' controller. The blanking is conditional
# (abilities.BLANKING_WHEN); the immunity is a keyword on itself while the condition holds.


def _wildlings(state: GameState, source: str) -> int:
    seat = controller(state, source)
    return sum(
        1
        for r in state.players[seat].in_play
        if is_character(state, r) and "Wildling" in traits(state, r)
    )


def _spikes_immune(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _wildlings(state, source) >= 2:
        return base | {"immune to opponent's triggered effects"}
    return base


def _on_location(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return facts(state, target).type == "location"


_spikes = register(
    "dotn_98",
    passives={"immune": _spikes_immune},
    attach_rule=_on_location,
    blanks_attached=True,
)
_spikes.attach_types = ("location",)
BLANKING_HOST_TYPES["dotn_98"] = ("location",)
BLANKING_WHEN["dotn_98"] = lambda state, ref: (
    _wildlings(state, ref) >= 1 and bool(attached_to(state, ref))
)

# --- dotn_100 The Songs of Bael the Bard -----------------------------------------------------
# "When revealed, choose 1 non-Noble character. That character gains 1 Trait of your choice
# until you reveal a new plot card."  Any player's character without the [Noble] crest; the
# Trait is any Trait of the card pool or of a card in play that it does not have. It lasts
# while this plot is its owner's revealed plot (a ``traits`` passive of the plot reading the
# choice, kept as a ``dotn_bael`` record on the character until it leaves play).

BAEL = "dotn_bael"


def _slug(word: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", word).strip("_").lower()


def _gainable(state: GameState, ref: str) -> list[str]:
    found = set(every_trait(state))
    for other in state.in_play:
        found |= traits(state, other)
    return sorted(found - traits(state, ref))


def _bael(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    state.effects = [e for e in state.effects if not (e["query"] == BAEL and e["source"] == source)]
    found = [
        r
        for r in state.in_play
        if is_character(state, r)
        and "noble" not in crests(state, r)
        and choosable(state, r, source, seat)
    ]
    if found:
        data = {"seat": seat, "source": source}
        ask_select(state, seat, "gains_trait", found, "dotn_bael_card", low=1, high=1, ctx=data)


@handler("dotn_bael_card")
def _bael_card(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected or selected[0] not in state.in_play:
        return
    ref = selected[0]
    named = {_slug(t): t for t in _gainable(state, ref)}
    data = {**ctx, "target": ref, "traits": named}
    ask_choose(state, ctx["seat"], "name_trait", list(named), "dotn_bael_trait", ctx=data)


@handler("dotn_bael_trait")
def _bael_trait(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        trait = ctx["traits"][ctx["choice"]]
        add_lasting(state, BAEL, ref, "play", ctx["source"], add=[trait])


def _bael_traits(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    for entry in state.effects:
        if entry["query"] == BAEL and entry["subject"] == subject and entry["source"] == source:
            base = base | set(entry["add"])
    return base


register("dotn_100", when_revealed=_bael, passives={"traits": _bael_traits})
