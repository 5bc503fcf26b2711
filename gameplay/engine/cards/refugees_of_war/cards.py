"""Refugees of War (ator_81 to ator_100), registered by card code. Handler and effect names
start with ``row_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    attached_to,
    characters,
    controller,
    facts,
    gold_available,
    handler,
    in_play_named,
    keywords,
    register,
    season,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    lost_dominance,
    played_from_hand,
    reveal_new_plot_choice,
    rival_permissions,
    scavengers,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- ator_81 Needle -------------------------------------------------------------------------
# "Attached character gets +1 STR and gains stealth. Response: After you play a character
# with stalwart from your hand, kneel 1 influence to attach Needle from your discard pile to
# that character."  Played from the hand: marshalled (the ``played`` trigger).


def _needle_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if subject == attached_to(state, source) else base


def _needle_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"stealth"} if subject == attached_to(state, source) else base


def _needle_condition(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    card = event.get("card")
    if event.get("seat") != seat or event.get("type") != "character" or card not in state.in_play:
        return False
    if "stalwart" not in keywords(state, card):
        return False
    return card in attachment_targets(state, facts(state, ctx["source"]), seat)


def _needle(state: GameState, ctx: Ctx) -> None:
    source, card, seat = ctx["source"], ctx["event"]["card"], ctx["seat"]
    if source in state.players[seat].discard and card in state.in_play:
        put_into_play(state, seat, source, target=card)


register(
    "ator_81",
    Ability(
        "response",
        _needle,
        trigger="played",
        zones=("discard",),
        costs=(Cost("influence", 1),),
        condition=_needle_condition,
    ),
    passives={"strength": _needle_strength, "keywords": _needle_keywords},
)

# --- ator_82 Head of a Dwarf ---------------------------------------------------------------
# "Attached character gains infamy. If attached character's controller would claim power for
# his or her House, that power must be placed on a character with at least one Head of a
# Dwarf card attached."  The ``house_power_cards`` query (as The Brotherhood Without
# Banners): every power going to that player's House goes on such a character they control.


def _dwarf_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"infamy"} if subject == attached_to(state, source) else base


def _dwarf_power_cards(
    state: GameState, source: str, subject: Any, base: list[str] | None
) -> list[str] | None:
    host = attached_to(state, source)
    if host is None or controller(state, host) != subject:
        return base
    found = list(base or [])
    return [*found, host] if host not in found else found


register("ator_82", passives={"keywords": _dwarf_keywords, "house_power_cards": _dwarf_power_cards})

# --- The Refugees: "If you do not win dominance, pay 1 gold or discard X from play." -------
# At the end of the dominance phase; without gold the card is discarded (it may be saved).


def _refugee(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    seat = controller(state, source)
    if not lost_dominance(state, seat):
        return
    if gold_available(state, seat) < 1:
        moves.discard(state, [source])
        return
    data = {"seat": seat, "source": source}
    ask_choose(state, seat, "pay_or_discard", ["pay", "discard"], "row_refugee", ctx=data)


@handler("row_refugee")
def _refugee_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    if ctx["choice"] == "pay" and gold_available(state, ctx["seat"]) >= 1:
        moves.spend_gold(state, ctx["seat"], 1, "ability")
    else:
        moves.discard(state, [source])


for _code in ("ator_83", "ator_85", "ator_86", "ator_88", "ator_90", "ator_92", "ator_97"):
    register(_code, forced={"dominance_ends": _refugee})

# --- ator_84 Cat o' the Canals --------------------------------------------------------------
# "If you control Arya Stark, discard Cat o' the Canals from play."  A constant check
# (checks.check_discard_now); the discard cannot be saved (it would apply again at once).


def _cat_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and in_play_named(state, "Arya Stark", controller(state, source)):
        return True
    return base


register("ator_84", passives={"discard_now": _cat_discard})

# --- ator_87 Arena Knight -------------------------------------------------------------------
# "During Power challenges, Arena Knight gains renown."


def _arena_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    challenge = state.challenge
    if subject == source and challenge is not None and challenge["type"] == "power":
        return base | {"renown"}
    return base


register("ator_87", passives={"keywords": _arena_keywords})

# --- ator_89 Alannys Greyjoy ----------------------------------------------------------------
# "If there is another Queen character in play, Alannys Greyjoy cannot attack, defend, or
# trigger her character ability. Any Phase: Kneel Alannys Greyjoy to choose an opponent. If
# that opponent does not kneel a character he or she controls with higher STR than Alannys
# Greyjoy, discard a card at random from his or her hand."


def _alannys(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    options = [str(s) for s in state.opponents(seat)]
    data = {"seat": seat, "source": source, "str": strength(state, source)}
    if len(options) == 1:
        _alannys_opponent(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_opponent", options, "row_alannys", ctx=data)


@handler("row_alannys")
def _alannys_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    opponent = int(ctx["choice"])
    stronger = [
        r
        for r in characters(state, opponent)
        if not state.in_play[r].knelt and strength(state, r) > ctx["str"]
    ]
    data = {"seat": opponent}
    ask_select(state, opponent, "kneel_or_discard", stronger, "row_alannys_kneel", high=1, ctx=data)


@handler("row_alannys_kneel")
def _alannys_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected and selected[0] in state.in_play and not state.in_play[selected[0]].knelt:
        moves.kneel(state, selected[0])
        state.emit("knelt", card=selected[0], code=state.code(selected[0]), seat=ctx["seat"])
    else:
        moves.discard_at_random(state, ctx["seat"], 1)


register(
    "ator_89",
    Ability("action", _alannys, costs=(KNEEL_SELF,)),
    passives=rival_permissions("Queen"),
)

# --- ator_91 Dragonstone Scavenger ----------------------------------------------------------
register("ator_91", forced={"played": scavengers(("Targaryen", "Baratheon"))})

# --- ator_93 Pit Viper ----------------------------------------------------------------------
# "Response: After a challenge resolves in which Pit Viper attacked alone, discard Pit Viper
# from play (cannot be saved) to choose and kill another participating character."  A
# challenge with a winner (the challenge_won trigger, as When I Woke).


def _viper_condition(state: GameState, ctx: Ctx) -> bool:
    return list(ctx["event"].get("attackers", ())) == [ctx["source"]]


def _viper_targets(state: GameState, ctx: Ctx) -> list[str]:
    event = ctx["event"]
    cards = [*event.get("attackers", ()), *event.get("defenders", ())]
    return [r for r in cards if r != ctx["source"] and r in state.in_play]


def _kill_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "ator_93",
    Ability(
        "response",
        _kill_target,
        trigger="challenge_won",
        costs=(DISCARD_SELF,),
        condition=_viper_condition,
        targets=_viper_targets,
    ),
)

# --- ator_94 to ator_96: the Bandits --------------------------------------------------------
# "If it is <season>, X gains: 'After this card is played from your hand, discard a House A
# or House B location from play.'"  The controller chooses the location (any player's).


def _bandit(seasons: tuple[str | None, ...], houses: tuple[str, str]):  # type: ignore[no-untyped-def]
    def played(state: GameState, ctx: Ctx) -> None:
        if not played_from_hand(state, ctx) or season(state) not in seasons:
            return
        found = [
            r
            for r in state.in_play
            if facts(state, r).type == "location" and set(facts(state, r).houses) & set(houses)
        ]
        if found:
            seat = controller(state, ctx["source"])
            ask_select(state, seat, "discard", found, "row_bandit", low=1, high=1)

    return played


@handler("row_bandit")
def _bandit_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected and selected[0] in state.in_play:
        moves.discard(state, selected)


register("ator_94", forced={"played": _bandit(("winter",), ("Stark", "Greyjoy"))})
register("ator_95", forced={"played": _bandit((None,), ("Baratheon", "Lannister"))})
register("ator_96", forced={"played": _bandit(("summer",), ("Targaryen", "Martell"))})

# --- ator_98 Gilly ---------------------------------------------------------------------------
# "If it is Winter, discard Gilly from play. If it is Summer, Gilly gains +2 STR, a Power icon,
# and 'After you win a challenge in which Gilly participated, draw a card.'"  The discard is a
# constant check (checks.check_discard_now, cannot be saved); the gained text is forced.


def _gilly_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source and season(state) == "winter" else base


def _gilly_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 2 if subject == source and season(state) == "summer" else base


def _gilly_icons(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"power"} if subject == source and season(state) == "summer" else base


def _gilly_won(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in state.in_play or season(state) != "summer":
        return
    seat = controller(state, source)
    cards = [*event.get("attackers", ()), *event.get("defenders", ())]
    if event.get("winner") == seat and source in cards:
        moves.effect_draw(state, seat, 1)


register(
    "ator_98",
    passives={
        "discard_now": _gilly_discard,
        "strength": _gilly_strength,
        "icons": _gilly_icons,
    },
    forced={"challenge_won": _gilly_won},
)

# --- ator_100 The Tides of War --------------------------------------------------------------
# "After you win a challenge and it is Summer or Winter, choose and reveal a new plot card."


def _tides(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("winner") == ctx["seat"] and season(state) is not None:
        reveal_new_plot_choice(state, ctx)


register("ator_100", forced={"challenge_won": _tides})
