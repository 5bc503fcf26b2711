"""Ancestral Home characters: Renly Baratheon (cad_61), Lyseni Captain (cad_62), Tyrion
Lannister (cad_67), Hoster Tully (cad_72), The Blackfish (cad_73), Horselord (cad_75) and
Daenerys Targaryen (cad_76); the printed Prized keyword of every prized card of the pack
(``vocabulary.prized_card``)."""

from __future__ import annotations

from gameplay.engine import leaving, moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_delayed,
    attachments,
    effect,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    alone_claim_instead,
    characters_of,
    choosable,
    has_trait,
    is_prized,
    many_icons_do_not_count,
    move_card_power,
    of_house,
    prized_card,
    prized_value,
    search_top,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction, attachment_targets, unique_problem
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import put_into_play

# Every prized card of the pack (characters, locations, attachments) but The Brave
# Companions (cad_79), registered with its text in companions.py.
for _code in (
    "cad_61", "cad_62", "cad_63", "cad_65", "cad_67", "cad_68", "cad_69", "cad_70",
    "cad_71", "cad_72", "cad_73", "cad_74", "cad_75", "cad_76", "cad_77", "cad_78",
):  # fmt: skip
    prized_card(_code)


# --- cad_62 Lyseni Captain ----------------------------------------------------------------
# "Prized 1. Response: After you play Lyseni Captain, pay 2 gold to move all power from a
# character to Lyseni Captain." Any other character in play with power (anyone's).


def _captain_played(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    return event.get("card") == source and event.get("seat") == ctx["seat"]


def _with_power(state: GameState, ctx: Ctx) -> list[str]:
    source, seat = ctx["source"], ctx["seat"]
    return [
        r
        for r in characters_of(state)
        if r != source and state.in_play[r].power > 0 and choosable(state, r, source, seat)
    ]


def _captain(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play and source in state.in_play:
        move_card_power(state, target, source, state.in_play[target].power, "lyseni_captain")


register(
    "cad_62",
    Ability(
        "response",
        _captain,
        trigger="played",
        costs=(Cost("gold", 2),),
        condition=_captain_played,
        targets=_with_power,
    ),
)


# --- cad_72 Hoster Tully ------------------------------------------------------------------
# "Prized 1. Response: After Hoster Tully leaves play, search the top 5 cards of your deck
# for any number of House Tully cards, reveal them and add them to your hand. Shuffle the
# other cards back into your deck." A response to each way of leaving play, answered from
# the pile he went to (as Catelyn Stark, cad_13); "your deck": his owner's.

HOSTER_DEPTH = 5
LEFT = ("killed", "discarded", "returned_to_hand", "returned_to_deck", "removed_from_game")


def _hoster_left(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    return source in ctx["event"].get("cards", ()) and state.cards[source].owner == ctx["seat"]


def _hoster(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    search_top(
        state,
        seat,
        HOSTER_DEPTH,
        lambda r: has_trait(state, r, "House Tully"),
        "cad_hoster_found",
    )


@handler("cad_hoster_found")
def _hoster_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    picked = [r for r in selected if r in player.deck]
    for ref in picked:
        player.deck.remove(ref)
        player.hand.append(ref)
    moves.reveal(state, player.seat, picked, "search")
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


for _trigger in LEFT:
    register(
        "cad_72",
        Ability(
            "response",
            _hoster,
            trigger=_trigger,
            condition=_hoster_left,
            zones=("play", "hand", "dead", "discard"),
        ),
    )


# --- cad_75 Horselord ---------------------------------------------------------------------
# "Prized 1. While Horselord is participating in a challenge, characters with more than 1
# icon do not count their STR." (As Spy from Starfall: any side's characters.)

register("cad_75", passives={"counts_strength": many_icons_do_not_count})


# --- cad_76 Daenerys Targaryen -------------------------------------------------------------
# "Prized 2. House Targaryen only. Response: After you declare Daenerys Targaryen as an
# attacker, choose a character without attachments controlled by the defending player. If
# you win the challenge, kill that character." The character is chosen as the response
# resolves; the kill is a delayed effect of the challenge (``challenge_won``), which may be
# saved, and happens only if that character is still in play.


def _daenerys_declared(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return ctx["source"] in event.get("cards", ()) and event.get("seat") == ctx["seat"]


def _bare_defenders(state: GameState, ctx: Ctx) -> list[str]:
    challenge, source, seat = state.challenge, ctx["source"], ctx["seat"]
    if challenge is None:
        return []
    return [
        r
        for r in characters_of(state, challenge["defender"])
        if not attachments(state, r) and choosable(state, r, source, seat)
    ]


def _daenerys(state: GameState, ctx: Ctx) -> None:
    add_delayed(
        state, "challenge_won", ctx["seat"], "cad_daenerys_kill", ctx["source"], card=ctx["target"]
    )


@effect("cad_daenerys_kill")
def _daenerys_kill(state: GameState, data: Ctx) -> None:
    ref = data["card"]
    if ref in state.in_play:
        leaving.kill(state, [ref])


register(
    "cad_76",
    Ability(
        "response",
        _daenerys,
        trigger="attackers_declared",
        condition=_daenerys_declared,
        targets=_bare_defenders,
    ),
)


# --- cad_67 Tyrion Lannister --------------------------------------------------------------
# "Prized 2. Stealth. If you win a challenge in which Tyrion Lannister attacked alone,
# instead of the normal claim effects, reveal a card from the losing opponent's hand at
# random. You may put that card into play under your control, if able. Otherwise, discard
# it." The ``claim_instead`` passive. "If able": a character or location that the winner's
# uniqueness allows, an attachment with a legal host for him (chosen as it goes into play);
# an event or a card he may not put into play is discarded, as is one he chooses not to put.


def _tyrion_able(state: GameState, seat: int, ref: str) -> bool:
    card = facts(state, ref)
    if card.type in ("character", "location"):
        return unique_problem(state, seat, card) is None
    if card.type == "attachment":
        return unique_problem(state, seat, card) is None and bool(
            attachment_targets(state, card, seat)
        )
    return False


@effect("cad_tyrion")
def _tyrion_claim(state: GameState, data: Ctx) -> None:
    seat, loser = data["seat"], data["target"]
    hand = state.players[loser].hand
    if not hand:
        return
    ref = hand[state.random_below(len(hand))]
    moves.reveal(state, seat, [ref], "random")
    data = {"seat": seat, "loser": loser, "card": ref}
    if _tyrion_able(state, seat, ref):
        ask_choose(state, seat, "put_into_play", ["put", "discard"], "cad_tyrion_put", ctx=data)
    else:
        moves.discard_from_hand(state, loser, [ref])


@handler("cad_tyrion_put")
def _tyrion_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, loser, ref = ctx["seat"], ctx["loser"], ctx["card"]
    if ref not in state.players[loser].hand:
        return
    if ctx["choice"] != "put" or not _tyrion_able(state, seat, ref):
        moves.discard_from_hand(state, loser, [ref])
        return
    card = facts(state, ref)
    if card.type != "attachment":
        put_into_play(state, seat, ref)
        return
    hosts = attachment_targets(state, card, seat)
    ask_select(state, seat, "attach_to", hosts, "cad_tyrion_attach", low=1, high=1, ctx=ctx)


@handler("cad_tyrion_attach")
def _tyrion_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["card"]
    if selected and ref in state.players[ctx["loser"]].hand and selected[0] in state.in_play:
        put_into_play(state, ctx["seat"], ref, selected[0])


register("cad_67", passives={"claim_instead": alone_claim_instead("cad_tyrion")})


# --- cad_61 Renly Baratheon ---------------------------------------------------------------
# "Prized 1. Marshalling: Kneel a Baratheon character to lower the cost of the next
# character you play this phase by X, where X is the number of prized cards you control.
# (Limit once per round.)" X is counted as the effect resolves (the knelt character still
# counts); any card type in play (characters, locations, attachments, Titles on the House
# card).


def _baratheon_character(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "character" and of_house(state, ref, "Baratheon")


def _renly(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    amount = sum(1 for r in state.players[seat].in_play if is_prized(state, r))
    add_reduction(state, seat, amount, ctx["source"], types=("character",))


register(
    "cad_61",
    Ability(
        "action",
        _renly,
        phases=("marshalling",),
        costs=(Cost("kneel", 1, match=_baratheon_character, what="Baratheon character"),),
        limit=(1, "round"),
    ),
)


# --- cad_73 The Blackfish -----------------------------------------------------------------
# "Prized 2. Renown. While The Blackfish is attacking, each character that dies for
# [Military] claim gains 'prized 1.'" A forced effect of ``card_left_play``: a character of
# the challenge's ``claim_killed`` that went to the dead pile while The Blackfish attacks
# gives each opponent of its controller 1 power, as its Prized keyword would; one with a
# printed prized value already uses its highest value (vocabulary.prized_value) instead.


def _blackfish(state: GameState, ctx: Ctx) -> None:
    event, challenge, source = ctx["event"], state.challenge, ctx["source"]
    ref = event.get("card")
    if (
        challenge is None
        or challenge["type"] != "military"
        or source not in challenge["attackers"]
        or source not in state.in_play
        or event.get("to") != "dead"
        or ref not in challenge.get("claim_killed", ())
        or facts(state, ref).type != "character"
        or prized_value(state, ref) >= 1
    ):
        return
    moves.prized(state, event["controller"], 1)


register("cad_73", forced={"card_left_play": _blackfish})
