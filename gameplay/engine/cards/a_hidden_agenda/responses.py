"""A Hidden Agenda's responses and forced effects: Maester Cressen (kr_101), Grand Maester
Pycelle (kr_107), Alleras (kr_113), Sansa Stark (kr_114) and Summoned by the Conclave (kr_120).
Bloodthirst (kr_119) is in gameplay/engine/cards/agendas/draw.py."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    agenda_of,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import out_of_shadows, participants
from gameplay.engine.cards.vocabulary.command import fewest_at_command
from gameplay.engine.cards.vocabulary.zones import pile_to_hand
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- kr_101 Maester Cressen ----------------------------------------------------------------
# "Response: After Maester Cressen comes out of shadows or after he is killed, return the
# topmost card of your discard pile to your hand."  The topmost card is the last one put
# there; after he is killed he answers from the dead pile (his owner).


def _cressen(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    pile = state.players[seat].discard
    if pile:
        pile_to_hand(state, seat, pile[-1], "discard")


def _cressen_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "kr_101",
    out_of_shadows(_cressen),
    Ability("response", _cressen, trigger="killed", condition=_cressen_killed, zones=("dead",)),
)

# --- kr_107 Grand Maester Pycelle ----------------------------------------------------------
# "Response: After you win a challenge in which Grand Maester Pycelle participated, discard
# up to 2 cards at random from the losing opponent's hand. Then, that player adds that same
# number of cards from the top of his deck to his hand."  The player chooses 1 or 2 (none
# would do nothing); the cards added are as many as were discarded (a deck holding fewer
# gives what it has). Adding cards is no draw.

PYCELLE_MOST = 2


def _pycelle_won(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("winner") == ctx["seat"]
        and ctx["source"] in participants(event)
        and event.get("loser") is not None
        and bool(state.players[event["loser"]].hand)
    )


def _pycelle(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "loser": ctx["event"]["loser"]}
    options = [str(n) for n in range(1, PYCELLE_MOST + 1)]
    ask_choose(state, ctx["seat"], "discard_count", options, "kr_107_count", ctx=data)


@handler("kr_107_count")
def _pycelle_count(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    count = int(ctx["choice"])
    moves.discard_at_random(state, ctx["loser"], count, then="kr_107_refill", ctx=dict(ctx))


@handler("kr_107_refill")
def _pycelle_refill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["loser"]]
    top = list(player.deck[: len(selected)])
    if top:
        del player.deck[: len(top)]
        player.hand.extend(top)
        state.emit("deck_top_to_hand", seat=player.seat, count=len(top))


register("kr_107", Ability("response", _pycelle, trigger="challenge_won", condition=_pycelle_won))

# --- kr_113 Alleras ------------------------------------------------------------------------
# 'No attachments. If you are not running an agenda, Alleras gains: "Response: After an
# opponent running an agenda wins a challenge as the attacker against you, name a challenge
# type. That player cannot declare attackers or defenders during that challenge type until
# the end of the phase. (Limit once per phase.)"'  Lasting effects until the end of the phase:
# ``can_challenge`` of that player against each opponent (no attackers: no challenge of that
# type) and ``can_defend_type``.

CHALLENGE_TYPES = ("military", "intrigue", "power")


def _alleras_condition(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    winner = event.get("winner")
    return (
        agenda_of(state, seat) is None
        and winner is not None
        and winner == event.get("attacker")
        and event.get("defender") == seat
        and agenda_of(state, winner) is not None
    )


def _alleras(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "player": ctx["event"]["winner"]}
    ask_choose(
        state, ctx["seat"], "name_challenge", list(CHALLENGE_TYPES), "kr_113_named", ctx=data
    )


@handler("kr_113_named")
def _alleras_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player, ctype, source = ctx["player"], ctx["choice"], ctx["source"]
    state.emit("challenge_type_named", seat=ctx["seat"], named=ctype, source=source)
    subjects = [f"{player}>{o}:{ctype}" for o in state.opponents(player)]
    for subject in subjects:
        effect = {"query": "can_challenge", "subject": subject, "until": "phase"}
        state.effects.append({**effect, "source": source, "value": False})
    effect = {"query": "can_defend_type", "subject": f"{player}:{ctype}", "until": "phase"}
    state.effects.append({**effect, "source": source, "value": False})


register(
    "kr_113",
    Ability(
        "response",
        _alleras,
        trigger="challenge_won",
        condition=_alleras_condition,
        limit=(1, "phase"),
    ),
)

# --- kr_114 Sansa Stark --------------------------------------------------------------------
# "Response: After you play Sansa Stark from your hand, search your deck for a card. If you
# have the fewest cards at your command, add it to your hand. Otherwise, discard it. Shuffle
# your deck."  "The fewest": no other player has as few (a tie is not the fewest, as
# vocabulary/command.fewest_at_command reads it), counted as the card is found.


def _sansa_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


def _sansa(state: GameState, ctx: Ctx) -> None:
    moves.search_deck(
        state, ctx["seat"], lambda ref: True, "kr_114_found", ctx={"seat": ctx["seat"]}
    )


@handler("kr_114_found")
def _sansa_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    for ref in selected:
        if ref not in player.deck:
            continue
        if fewest_at_command(state) == seat:
            player.deck.remove(ref)
            player.hand.append(ref)
            moves.reveal(state, seat, [ref], "search")
        else:
            moves.to_discard_pile(state, ref, player.deck)
            state.emit("discarded_from_deck", seat=seat, cards=[ref], codes=[state.code(ref)],
                       reason="kr_114")  # fmt: skip


register("kr_114", Ability("response", _sansa, trigger="played", condition=_sansa_played))

# --- kr_120 Summoned by the Conclave -------------------------------------------------------
# "When revealed, each player not running an agenda may search his or her deck for a
# character card, reveal it, and add it to his or her hand. Shuffle all searched decks."
# Each such player, in turn order, searches (up to 1 card; the deck is shuffled).


def _summoned(state: GameState, ctx: Ctx) -> None:
    seats = [s for s in state.turn_order() if agenda_of(state, s) is None]
    for seat in reversed(seats):  # each prompt goes first: the last asked is queued first

        def is_character_card(ref: str) -> bool:
            return facts(state, ref).type == "character"

        moves.search_deck(state, seat, is_character_card, "events_found", ctx={"seat": seat})


register("kr_120", when_revealed=_summoned)
