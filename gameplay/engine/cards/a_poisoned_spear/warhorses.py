"""A Poisoned Spear: the six Warhorse attachments (atoc_102, 104, 106, 109, 112, 114).

Each reads "[House] character only. If you win a [Type] challenge in which attached
character attacked alone, instead of the normal claim effects, <effect>." Read through the
``claim_instead`` passive of the claim step (challenges.claim, as Pyat Pree and Spidercraft):
when the attached character's controller is the attacker, wins, the challenge is of the
printed type and the host is the only attacker, the named effect resolves instead of the
claim (a claim of 0 has no claim effects to replace). The losing opponent is the claim's
target (``data["target"]``).
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    allowed,
    attached_to,
    characters,
    controller,
    effect,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import choosable, of_house, pile_to_hand
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play


def _house_character_only(house: str):  # type: ignore[no-untyped-def]
    """The attach rule "[house] character only"."""

    def rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
        return facts(state, target).type == "character" and of_house(state, target, house)

    return rule


def _instead(ctype: str, name: str):  # type: ignore[no-untyped-def]
    """The ``claim_instead`` passive: a won ``ctype`` challenge the host attacked alone."""

    def passive(state: GameState, source: str, subject: Any, base: Any) -> Any:
        challenge, host = state.challenge, attached_to(state, source)
        if (
            challenge is not None
            and host is not None
            and challenge["type"] == ctype
            and subject == controller(state, source)
            and challenge["attacker"] == subject
            and challenge["winner"] == subject
            and challenge["attackers"] == [host]
        ):
            return name
        return base

    return passive


def _host(state: GameState, code: str) -> str | None:
    """The Warhorse (``code``) on the character that attacked alone: the source of the
    effect, for immunity ("immune to attachments")."""
    challenge = state.challenge
    if not challenge or not challenge["attackers"]:
        return None
    host = challenge["attackers"][0]
    found = [r for r in state.in_play if state.code(r) == code and attached_to(state, r) == host]
    return found[0] if found else None


# --- atoc_102 Northern Courser -------------------------------------------------------------
# "[Stark] character only. If you win a [Military] challenge in which attached character
# attacked alone, instead of the normal claim effects, choose and kill 1 character
# controlled by the losing opponent."  Only a character that can be killed (and may be
# chosen by the attachment) is offered; the kill can be saved.


@effect("atoc_courser")
def _courser(state: GameState, data: Ctx) -> None:
    seat, loser, host = data["seat"], data["target"], _host(state, "atoc_102")
    found = [
        r
        for r in characters(state, loser)
        if allowed(state, "can_be_killed", r) and (host is None or choosable(state, r, host, seat))
    ]
    ask_select(state, seat, "kill", found, "atoc_courser_kill", low=1, high=1)


@handler("atoc_courser_kill")
def _courser_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.kill(state, found)


register(
    "atoc_102",
    passives={"claim_instead": _instead("military", "atoc_courser")},
    attach_rule=_house_character_only("Stark"),
)

# --- atoc_104 Andal Charger ----------------------------------------------------------------
# "[Lannister] character only. If you win an [Intrigue] challenge in which attached
# character attacked alone, instead of the normal claim effects, look at the losing
# opponent's hand. Choose and return 1 card from that hand to the top or bottom of its
# owner's deck."  The winner looks at the hand, chooses the card, then chooses top or
# bottom.


@effect("atoc_charger")
def _charger(state: GameState, data: Ctx) -> None:
    seat, other = data["seat"], data["target"]
    cards = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(cards))
    ctx = {"seat": seat, "other": other, "shown": cards}
    ask_select(state, seat, "return_to_deck", cards, "atoc_charger_card", low=1, high=1, ctx=ctx)


@handler("atoc_charger_card")
def _charger_card(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if not selected:
        return
    step = {"seat": ctx["seat"], "other": ctx["other"], "card": selected[0]}
    ask_choose(
        state, ctx["seat"], "top_or_bottom", ["top", "bottom"], "atoc_charger_place", ctx=step
    )


@handler("atoc_charger_place")
def _charger_place(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["other"]]
    ref = ctx["card"]
    if ref not in player.hand:
        return
    player.hand.remove(ref)
    if ctx["choice"] == "top":
        player.deck.insert(0, ref)
    else:
        player.deck.append(ref)
    state.emit("hand_card_to_deck", seat=ctx["seat"], other=player.seat, where=ctx["choice"])


register(
    "atoc_104",
    passives={"claim_instead": _instead("intrigue", "atoc_charger")},
    attach_rule=_house_character_only("Lannister"),
)

# --- atoc_106 Highgarden Destrier ----------------------------------------------------------
# "[Baratheon] character only. If you win a [Power] challenge in which attached character
# attacked alone, instead of the normal claim effects, choose 1 character in your discard
# pile and return it to your hand."  (None there: the claim is still replaced.)


@effect("atoc_destrier")
def _destrier(state: GameState, data: Ctx) -> None:
    seat = data["seat"]
    found = [r for r in state.players[seat].discard if facts(state, r).type == "character"]
    ask_select(state, seat, "return_to_hand", found, "atoc_destrier_pick", low=1, high=1)


@handler("atoc_destrier_pick")
def _destrier_pick(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        pile_to_hand(state, state.cards[ref].owner, ref, "discard")


register(
    "atoc_106",
    passives={"claim_instead": _instead("power", "atoc_destrier")},
    attach_rule=_house_character_only("Baratheon"),
)

# --- atoc_109 Isle Garron ------------------------------------------------------------------
# "[Greyjoy] character only. If you win a [Military] challenge in which attached character
# attacked alone, instead of the normal claim effects, choose 1 location in the losing
# player's discard pile. Put that location into play under your control."  A unique
# location whose name the winner already has in play cannot be chosen.


def _unique_clash(state: GameState, seat: int, ref: str) -> bool:
    card = facts(state, ref)
    if not card.unique:
        return False
    return any(facts(state, r).name == card.name for r in state.players[seat].in_play)


@effect("atoc_garron")
def _garron(state: GameState, data: Ctx) -> None:
    seat, loser = data["seat"], data["target"]
    found = [
        r
        for r in state.players[loser].discard
        if facts(state, r).type == "location" and not _unique_clash(state, seat, r)
    ]
    ask_select(
        state, seat, "put_into_play", found, "atoc_garron_pick", low=1, high=1, ctx={"seat": seat}
    )


@handler("atoc_garron_pick")
def _garron_pick(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        put_into_play(state, ctx["seat"], ref)


register(
    "atoc_109",
    passives={"claim_instead": _instead("military", "atoc_garron")},
    attach_rule=_house_character_only("Greyjoy"),
)

# --- atoc_112 Dothraki Stallion ------------------------------------------------------------
# "[Targaryen] character only. If you win a [Power] challenge in which attached character
# attacked alone, instead of the normal claim effects, return the top card of your discard
# pile to your hand."  The top of a discard pile is the card put there last.


@effect("atoc_stallion")
def _stallion(state: GameState, data: Ctx) -> None:
    seat = data["seat"]
    pile = state.players[seat].discard
    if pile:
        pile_to_hand(state, seat, pile[-1], "discard")


register(
    "atoc_112",
    passives={"claim_instead": _instead("power", "atoc_stallion")},
    attach_rule=_house_character_only("Targaryen"),
)

# --- atoc_114 Rhoynish Steed ---------------------------------------------------------------
# "[Martell] character only. If you win an [Intrigue] challenge in which attached character
# attacked alone, instead of the normal claim effects, choose 1 character controlled by the
# losing opponent and return it to its owner's hand."  The return can be saved.


@effect("atoc_steed")
def _steed(state: GameState, data: Ctx) -> None:
    seat, loser, host = data["seat"], data["target"], _host(state, "atoc_114")
    found = [r for r in characters(state, loser) if host is None or choosable(state, r, host, seat)]
    ask_select(state, seat, "return_to_hand", found, "atoc_steed_pick", low=1, high=1)


@handler("atoc_steed_pick")
def _steed_pick(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.return_to_hand(state, found)


register(
    "atoc_114",
    passives={"claim_instead": _instead("intrigue", "atoc_steed")},
    attach_rule=_house_character_only("Martell"),
)
