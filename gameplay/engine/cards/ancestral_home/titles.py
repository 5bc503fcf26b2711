"""Ancestral Home Titles on your House card: Warden of the South (cad_63), King of the Isles
(cad_65), Warden of the West (cad_69), Prince of Dorne (cad_71), Warden of the North
(cad_74) and Khal (cad_77).

Each is "Attach to your House card" (``house_attachment``, no character takes it) with
"Response: After you play a prized card, kneel attached House card to ..." (King of the
Isles: "kneel King of the Isles. Then, ..."): the ``played``
trigger (a card marshalled, an event played) of the Title's controller, of a card with the
prized keyword (the Title itself too: it is in play as its own ``played`` window opens); the
cost ``kneel_house`` kneels the House card the Title is on."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    choose_opponent,
    gain_stealth,
    is_prized,
    kneel_card,
    never_on_a_card,
    reveal_new_plot_choice,
    search_top,
)
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import cancel

KNEEL_HOUSE = Cost("kneel_house")


def _played_prized(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("seat") == ctx["seat"]
        and card is not None
        and card in state.cards
        and is_prized(state, card)
    )


def _characters(state: GameState, ctx: Ctx) -> list[str]:
    source, seat = ctx["source"], ctx["seat"]
    return [r for r in characters_of(state) if choosable(state, r, source, seat)]


def _title(code: str, effect: Any, targets: Any = None) -> None:
    register(
        code,
        Ability(
            "response",
            effect,
            trigger="played",
            costs=(KNEEL_HOUSE,),
            condition=_played_prized,
            targets=targets,
        ),
        attach_rule=never_on_a_card,
        house_attachment=True,
    )


# --- cad_63 Warden of the South -----------------------------------------------------------
# "... kneel attached House card to choose an opponent. That opponent must choose and reveal
# a new plot card." (As Scheming on the Sand: from that opponent's plot deck, if it holds one.)


def _south(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cad_south_opponent")


@handler("cad_south_opponent")
def _south_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    reveal_new_plot_choice(state, {"seat": int(ctx["choice"])})


_title("cad_63", _south)


# --- cad_69 Warden of the West ------------------------------------------------------------
# "... kneel attached House card to choose and kneel a character. Discard all power on that
# character." Any character (a kneeling one too: its power is still discarded).


def _west(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    kneel_card(state, target)
    power = state.in_play[target].power
    if power:
        moves.card_power(state, target, -power, "warden_of_the_west")


_title("cad_69", _west, _characters)


# --- cad_71 Prince of Dorne ---------------------------------------------------------------
# "... kneel attached House card to look at the top 5 cards of your deck. Add 1 of those
# cards to your hand, and shuffle the others back into your deck." (vocabulary.search_top,
# exactly 1 card when the deck holds one.)

PRINCE_DEPTH = 5


def _prince(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    low = 1 if state.players[seat].deck else 0
    search_top(state, seat, PRINCE_DEPTH, None, "cad_prince_found", low=low, high=1)


@handler("cad_prince_found")
def _prince_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.deck:
            player.deck.remove(ref)
            player.hand.append(ref)
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


_title("cad_71", _prince)


# --- cad_74 Warden of the North -----------------------------------------------------------
# "... kneel attached House card to choose a character. That character gains stealth and
# 'does not kneel to defend' until the end of the round." Gained as an attacker before
# defenders are declared, it makes its Stealth choice at once (vocabulary.gain_stealth).


def _north(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    if state.challenge is not None:
        gain_stealth(state, target, "round", source)
    else:
        add_lasting(state, "keywords", target, "round", source, add=["stealth"])
    add_lasting(state, "kneel_to_defend", target, "round", source, value=False)


_title("cad_74", _north, _characters)


# --- cad_77 Khal --------------------------------------------------------------------------
# "... kneel attached House card to choose a character. That character gains deadly and 'Does
# not kneel to attack or defend during Power challenges' until the end of the round." The
# gained text is a lasting passive of that character (LASTING_PASSIVES), off while it is blank.

KHAL = "cad_khal_no_kneel"


def _khal_no_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "power":
        return base
    return False


LASTING_PASSIVES[KHAL] = _khal_no_kneel


def _khal(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    add_lasting(state, "keywords", target, "round", source, add=["deadly"])
    add_lasting(state, "kneel_to_attack", target, "round", source, passive=KHAL)
    add_lasting(state, "kneel_to_defend", target, "round", source, passive=KHAL)


_title("cad_77", _khal, _characters)


# --- cad_65 King of the Isles -------------------------------------------------------------
# "Prized 3. Attach to your House card. Response: After you play a prized card, kneel King of
# the Isles. Then, until the end of the round King of the Isles gains, 'Response: Kneel
# attached House card to cancel a triggered effect.'" Kneeling it is the effect's first part
# (offered while it stands: "then" needs it done); the gained cancel is a round's lasting
# mark on it, answering the ``ability`` window of any effect but its own.

ISLES_GAINED = "cad_isles_cancel"


def _isles_may(state: GameState, ctx: Ctx) -> bool:
    return _played_prized(state, ctx) and not state.in_play[ctx["source"]].knelt


def _isles(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play or state.in_play[source].knelt:
        return
    kneel_card(state, source)
    if state.in_play[source].knelt:
        add_lasting(state, ISLES_GAINED, source, "round", source, value=True)


def _isles_gained(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    return (
        any(e["query"] == ISLES_GAINED and e["subject"] == source for e in state.effects)
        and cancels.can_be_cancelled(state)
        and cancels.source(state) not in (None, source)
    )


register(
    "cad_65",
    Ability("response", _isles, trigger="played", condition=_isles_may),
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_HOUSE,),
        condition=_isles_gained,
    ),
    attach_rule=never_on_a_card,
    house_attachment=True,
)
