"""Of Snakes and Sand: the characters (bwb_81, bwb_83, bwb_85, bwb_87, bwb_89, bwb_91,
bwb_92, bwb_93, bwb_97, bwb_98)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    icons,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    discard_top,
    has_trait,
    lost,
    lost_dominance,
    won,
    won_unopposed,
    won_with,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_from_hand_allowed, put_into_play

SAND_SNAKE = "Sand Snake"
ICONS = ("military", "intrigue", "power")


def _in_play_character(state: GameState, subject: Any) -> bool:
    return isinstance(subject, str) and subject in state.in_play and is_character(state, subject)


def _your_sand_snake(state: GameState, source: str, subject: Any) -> bool:
    """``subject`` is a Sand Snake character controlled by ``source``'s controller."""
    return (
        _in_play_character(state, subject)
        and controller(state, subject) == controller(state, source)
        and has_trait(state, subject, SAND_SNAKE)
    )


# --- bwb_81 Steelshanks Walton -----------------------------------------------------------
# "Deadly. Dominance: If you won dominance this round, take control of Steelshanks Walton.
# (Any player may trigger this effect.)"  An action of the dominance phase's action window
# (after dominance is determined) that any player may use (ability zone ``any_play``): the
# player who won dominance this round and does not control him yet takes control of him.
# Not while that player already controls a card of the same name (a unique card: RULINGS).


def _walton_may(state: GameState, ctx: Ctx) -> bool:
    seat, source = ctx["seat"], ctx["source"]
    if controller(state, source) == seat or lost_dominance(state, seat):
        return False
    name = facts(state, source).name
    return not any(
        r != source and facts(state, r).name == name for r in state.players[seat].in_play
    )


def _walton(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.take_control(state, ctx["source"], ctx["seat"])


register(
    "bwb_81",
    Ability("action", _walton, phases=("dominance",), zones=("any_play",), condition=_walton_may),
)

# --- bwb_83 Tribeless Vagabond -----------------------------------------------------------
# "Stealth. Challenges: Discard 1 card from your hand to give Tribeless Vagabond an icon of
# your choice until the end of the phase."  Offered while he lacks an icon; the icon is
# chosen, among those he lacks, as the ability resolves (RULINGS). No limit.


def _missing_icons(state: GameState, ref: str) -> list[str]:
    have = icons(state, ref)
    return [i for i in ICONS if i not in have]


def _vagabond_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_missing_icons(state, ctx["source"]))


def _vagabond(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    options = _missing_icons(state, source)
    if options:
        data = {"seat": ctx["seat"], "source": source}
        ask_choose(state, ctx["seat"], "icon", options, "bwb_vagabond_icon", ctx=data)


@handler("bwb_vagabond_icon")
def _vagabond_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if source in state.in_play and ctx["choice"] in ICONS:
        add_lasting(state, "icons", source, "phase", source, add=[ctx["choice"]])


register(
    "bwb_83",
    Ability(
        "action",
        _vagabond,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        condition=_vagabond_may,
    ),
)

# --- bwb_85 Shadow Enchantress -----------------------------------------------------------
# "If there is at least 1 card in Shadows, Asshai characters gain a Military icon and get
# +1 STR for each card in Shadows."  Every player's Shadows count (their size is public);
# every Asshai character in play, any player's, Shadow Enchantress included.


def _shadow_count(state: GameState) -> int:
    return sum(len(p.shadows) for p in state.players)


def _asshai(state: GameState, subject: Any) -> bool:
    return _in_play_character(state, subject) and has_trait(state, subject, "Asshai")


def _enchanted_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    count = _shadow_count(state)
    return base + count if count and _asshai(state, subject) else base


def _enchanted_icons(state: GameState, source: str, subject: Any, base: set) -> set:
    return base | {"military"} if _shadow_count(state) and _asshai(state, subject) else base


register("bwb_85", passives={"strength": _enchanted_strength, "icons": _enchanted_icons})

# --- bwb_87 Bloodthirsty Crew ------------------------------------------------------------
# "Intimidate. Deadly. Response: After you win an unopposed challenge in which Bloodthirsty
# Crew participated, discard the top 2 cards of the losing opponent's deck."  As many as
# there are.

CREW_DISCARDS = 2


def _crew_may(state: GameState, ctx: Ctx) -> bool:
    return won_with("self")(state, ctx) and won_unopposed(state, ctx)


def _crew(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"].get("loser")
    if loser is not None:
        discard_top(state, loser, CREW_DISCARDS, "bloodthirsty_crew")


register(
    "bwb_87",
    Ability("response", _crew, trigger="challenge_won", condition=_crew_may),
)

# --- bwb_89 Jhogo ------------------------------------------------------------------------
# "If he is attacking alone, Jhogo gains stealth. Response: After you win a Military
# challenge in which Jhogo participated, draw 1 card for each attacking Dothraki
# character."  Alone: the only attacker (so he may bypass a defender as attackers are
# declared). The draw counts the attackers still in play with the Dothraki trait, whoever
# attacked (an effect draw: the draw cap applies); offered only when there is one.


def _alone_stealth(state: GameState, source: str, subject: Any, base: set) -> set:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["attackers"] != [source]:
        return base
    return base | {"stealth"}


def _dothraki_attackers(state: GameState, ctx: Ctx) -> int:
    attackers = ctx["event"].get("attackers", ())
    return sum(1 for r in attackers if r in state.in_play and has_trait(state, r, "Dothraki"))


def _jhogo_may(state: GameState, ctx: Ctx) -> bool:
    return (
        won("military")(state, ctx)
        and won_with("self")(state, ctx)
        and _dothraki_attackers(state, ctx) > 0
    )


def _jhogo(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], _dothraki_attackers(state, ctx))


register(
    "bwb_89",
    Ability("response", _jhogo, trigger="challenge_won", condition=_jhogo_may),
    passives={"keywords": _alone_stealth},
)

# --- bwb_91 Tyene Sand -------------------------------------------------------------------
# "Sand Snake characters you control gain an Intrigue icon and stealth."  Tyene included.


def _snake_gains(icon: str, keyword: str) -> dict[str, Any]:
    def icons_passive(state: GameState, source: str, subject: Any, base: set) -> set:
        return base | {icon} if _your_sand_snake(state, source, subject) else base

    def keywords_passive(state: GameState, source: str, subject: Any, base: set) -> set:
        return base | {keyword} if _your_sand_snake(state, source, subject) else base

    return {"icons": icons_passive, "keywords": keywords_passive}


register("bwb_91", passives=_snake_gains("intrigue", "stealth"))

# --- bwb_92 Nymeria Sand -----------------------------------------------------------------
# "Sand Snake characters you control gain a Military icon and Deadly."  Nymeria included.

register("bwb_92", passives=_snake_gains("military", "deadly"))

# --- bwb_93 Bastard Daughter -------------------------------------------------------------
# "Response: After you lose a challenge, discard Bastard Daughter from play to put a unique
# Sand Snake character into play from your hand or discard pile."  Offered after every
# challenge its controller loses (whether the hand holds such a character must not show:
# the choice is a hidden prompt, and the player may have nothing to put into play). The
# character: printed Sand Snake trait, unique, allowed by uniqueness; from the hand only
# while cards may be put into play from it. The discard is a cost (no save).


def _daughter_candidates(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    hand = player.hand if put_from_hand_allowed(state, seat) else []
    return [
        r
        for r in [*hand, *player.discard]
        if facts(state, r).type == "character"
        and facts(state, r).unique
        and SAND_SNAKE in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _daughter(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _daughter_candidates(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    then = "bwb_daughter_put"
    low = min(1, len(found))
    ask_select(state, seat, "put_into_play", found, then, low=low, high=1, ctx=data, hidden=True)


@handler("bwb_daughter_put")
def _daughter_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in _daughter_candidates(state, seat):
            put_into_play(state, seat, ref)


register(
    "bwb_93",
    Ability(
        "response", _daughter, trigger="challenge_won", costs=(DISCARD_SELF,), condition=lost()
    ),
)

# --- bwb_97 Jack-be-Lucky ----------------------------------------------------------------
# "If you have no power on your House card, Jack-be-Lucky gains: 'Dominance: Discard 1 card
# from your hand to draw 1 card.'"  "You": his controller; checked as the action is used.
# No limit (each use is a discard for a draw; an effect draw within the draw cap).


def _no_house_power(state: GameState, ctx: Ctx) -> bool:
    return state.players[ctx["seat"]].power == 0


def _jack(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "bwb_97",
    Ability(
        "action",
        _jack,
        phases=("dominance",),
        costs=(Cost("discard_hand", 1),),
        condition=_no_house_power,
    ),
)

# --- bwb_98 Orphaned Recruit -------------------------------------------------------------
# "Response: After Orphaned Recruit enters play, move 1 power from any player's House card
# to Orphaned Recruit."  Offered while some House card has power; the player is chosen as
# the response resolves (asked only among several).


def _houses_with_power(state: GameState) -> list[str]:
    return [str(p.seat) for p in state.players if p.power > 0]


def _recruit_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"] and bool(_houses_with_power(state))


def _recruit(state: GameState, ctx: Ctx) -> None:
    options = _houses_with_power(state)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _recruit_from(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_player", options, "bwb_recruit_from", ctx=data)


@handler("bwb_recruit_from")
def _recruit_from(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        moves.house_power_to_card(state, int(ctx["choice"]), ctx["source"], 1, "orphaned_recruit")


register(
    "bwb_98",
    Ability("response", _recruit, trigger="entered_play", condition=_recruit_may),
)
