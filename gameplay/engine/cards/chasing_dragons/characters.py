"""Chasing Dragons: the Stark, Lannister and Baratheon characters (btns_41 to btns_46) and
Watchful Servant (btns_54)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KILL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    handler,
    icons,
    is_character,
    keywords,
    participating,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    challenges_this_phase,
    cheaper_per_unique,
    choosable,
    has_trait,
    of_house,
    stand_card,
    withdraw,
    won_with,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- btns_41 Follower of the Many-Faced God -------------------------------------------------
# "Stalwart. Characters with Stalwart gain stealth. Response: After you play a character with
# the stalwart keyword from your hand, choose and stand a [Stark] character."  Every
# character in play with Stalwart (any player's) gains Stealth (the ``keywords`` query). The
# response answers ``played`` for a character its controller marshalled from the hand (not
# from a pile) that has Stalwart once in play; any player's [Stark] character may be stood.


def _stalwart_stealth(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if isinstance(subject, str) and "stalwart" in base and is_character(state, subject):
        return set(base) | {"stealth"}
    return base


def _from_pile(state: GameState, card: str) -> bool:
    return any(e["event"] == "played_from_pile" and e.get("card") == card for e in state.log[-12:])


def _stalwart_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and event.get("type") == "character"
        and card in state.in_play
        and "stalwart" in keywords(state, card)
        and not _from_pile(state, card)
    )


def _knelt_stark(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if state.in_play[r].knelt
        and of_house(state, r, "Stark")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _stand_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        stand_card(state, ctx["target"])


register(
    "btns_41",
    Ability(
        "response",
        _stand_target,
        trigger="played",
        condition=_stalwart_played,
        targets=_knelt_stark,
    ),
    passives={"keywords": _stalwart_stealth},
)

# --- btns_42 Abel's Washerwoman -------------------------------------------------------------
# "Melee. If Abel's Washerwoman is attacking and all of your participating characters have
# the Wildling trait, she gains: 'Response: After the defending player declares no
# defenders, claim 1 power for your House.'"  The engine's ``no_defenders_declared``
# trigger (the defending player's own declaration step only, per the ruling: supporters and
# later defenders do not change it); the condition is read as the window opens.


def _washerwoman(state: GameState, ctx: Ctx) -> bool:
    challenge, source, seat = state.challenge, ctx["source"], ctx["seat"]
    if challenge is None or source not in challenge["attackers"]:
        return False
    mine = [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r in state.in_play and controller(state, r) == seat
    ]
    return all(has_trait(state, r, "Wildling") for r in mine)


def _claim_one(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, "btns_washerwoman")


register(
    "btns_42",
    Ability("response", _claim_one, trigger="no_defenders_declared", condition=_washerwoman),
)

# --- btns_43 Yezzan's Grotesquerie ----------------------------------------------------------
# "Infamy. While Yezzan's Grotesquerie is participating in a challenge, characters with a
# [Military] icon do not count their STR."  The ``counts_strength`` permission of every
# character with a [Military] icon (both sides, itself included when it has one).


def _grotesquerie(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or not participating(state, source):
        return base
    return "military" not in icons(state, subject)


register("btns_43", passives={"counts_strength": _grotesquerie})

# --- btns_44 Selhorys Customs Officer -------------------------------------------------------
# "Response: After an opponent pays gold outside of the marshalling phase, move that gold into
# your gold pool."  The engine's ``gold_spent`` response window (one payment for a card or an
# effect, opened only while a card in play answers it): the gold paid went to the treasury
# and comes from there into the Officer's controller's pool.


def _customs_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        state.phase != "marshalling"
        and event.get("seat") in state.opponents(ctx["seat"])
        and event.get("gold", 0) > 0
    )


def _customs(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], ctx["event"]["gold"], "btns_customs_officer")


register(
    "btns_44",
    Ability("response", _customs, trigger="gold_spent", condition=_customs_condition),
)

# --- btns_45 Wildling Bard ------------------------------------------------------------------
# "Challenges: Before any challenges are declared, discard a card from your hand to give a
# [Baratheon] or [Stark] character renown until the end of the phase. (Limit 3 times per
# round.)"  Usable while no challenge has been initiated this phase (by any player); any
# player's [Baratheon] or [Stark] character may be chosen.


def _before_challenges(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is None and challenges_this_phase(state) == 0


def _bard_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if (of_house(state, r, "Baratheon") or of_house(state, r, "Stark"))
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _give_renown(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["renown"])


register(
    "btns_45",
    Ability(
        "action",
        _give_renown,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        targets=_bard_targets,
        condition=_before_challenges,
        limit=(3, "round"),
    ),
)

# --- btns_46 The Red Queen's Faithful -------------------------------------------------------
# "No attachments. Lower the cost to play The Red Queen's Faithful by 1 for each unique
# [Baratheon] character you control. Response: After you win a challenge in which The Red
# Queen's Faithful participated, choose a player. Move up to 3 power from his or her House
# card to a character he or she controls."  Its own text in the hand (``own_cost``). The
# chosen player needs power on the House card and a character; the player of the response
# then chooses the character and how much (1 to 3, no more than the House card holds).


def _power_players(state: GameState, ctx: Ctx) -> list[str]:
    return [
        str(p.seat)
        for p in state.players
        if p.power > 0
        and any(choosable(state, r, ctx["source"], ctx["seat"]) for r in characters(state, p.seat))
    ]


def _faithful_condition(state: GameState, ctx: Ctx) -> bool:
    return won_with("self")(state, ctx) and bool(_power_players(state, ctx))


def _faithful(state: GameState, ctx: Ctx) -> None:
    options = _power_players(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if options:
        ask_choose(state, ctx["seat"], "choose_player", options, "btns_faithful_player", ctx=data)


@handler("btns_faithful_player")
def _faithful_player(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = int(ctx["choice"])
    found = [
        r for r in characters(state, player) if choosable(state, r, ctx["source"], ctx["seat"])
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"], "player": player}
    if found:
        ask_select(
            state, ctx["seat"], "power_to", found, "btns_faithful_card", low=1, high=1, ctx=data
        )


@handler("btns_faithful_card")
def _faithful_card(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    most = min(3, state.players[ctx["player"]].power)
    if not selected or most < 1:
        return
    data = {**ctx, "card": selected[0]}
    options = [str(n) for n in range(1, most + 1)]
    if len(options) == 1:
        _faithful_amount(state, {**data, "choice": options[0]}, [])
    else:
        ask_choose(state, ctx["seat"], "power_amount", options, "btns_faithful_amount", ctx=data)


@handler("btns_faithful_amount")
def _faithful_amount(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.house_power_to_card(
        state, ctx["player"], ctx["card"], int(ctx["choice"]), "btns_red_queens_faithful"
    )


register(
    "btns_46",
    Ability("response", _faithful, trigger="challenge_won", condition=_faithful_condition),
    passives={"own_cost": cheaper_per_unique("Baratheon")},
)

# --- btns_54 Watchful Servant ---------------------------------------------------------------
# "Challenges: Kill Watchful Servant (cannot be saved) to choose a participating character
# with STR 3 or higher. Remove that character from the current challenge."  Any side's
# participant; STR is read as the ability is used.


def _strong_participants(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r in state.in_play
        and r != ctx["source"]
        and strength(state, r) >= 3
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _servant(state: GameState, ctx: Ctx) -> None:
    withdraw(state, [ctx["target"]], ctx["source"])


register(
    "btns_54",
    Ability(
        "action",
        _servant,
        phases=("challenges",),
        costs=(KILL_SELF,),
        targets=_strong_participants,
    ),
)
