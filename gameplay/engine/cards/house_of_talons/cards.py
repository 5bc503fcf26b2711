"""House of Talons locations, attachments, events and plot: Bitterbridge Encampment (w_82),
In Renly's Name (w_83), Kettledrum (w_85), Reborn from the Sea (w_86), Sign of the Red Hand
(w_88), Winterfell Heart Tree (w_92), Lay Waste (w_93), Eastern Market (w_96), The Bloody
Gate (w_99) and Kings of Mountain and Vale (w_100)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    agenda_of,
    attached_to,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    castle_plot,
    choosable,
    has_trait,
    in_play_of,
    never_on_a_card,
    of_house,
    on_bearer,
    participants,
    response,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction, cost_reducer
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- w_82 Bitterbridge Encampment ----------------------------------------------------------
# "Limited Response: After you play a Knight character, kneel Bitterbridge Encampment to
# search your deck for another Knight character, reveal it, and add it to your hand. Then,
# shuffle your deck. (Limit 1 limited response per round.)" Playing is marshalling from the
# hand (the ``played`` trigger of a character); the found card is revealed.


def _knight_played(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    card = event.get("card")
    return (
        event.get("seat") == seat
        and event.get("type") == "character"
        and card in state.cards
        and has_trait(state, card, "Knight")
    )


def _knight(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and "Knight" in card.traits


def _bitterbridge(state: GameState, ctx: Ctx) -> None:
    moves.search_deck(state, ctx["seat"], lambda r: _knight(state, r), "events_found")


register(
    "w_82",
    Ability(
        "response",
        _bitterbridge,
        trigger="played",
        condition=_knight_played,
        costs=(KNEEL_SELF,),
        limited_response=True,
        search=True,
    ),
)


# --- w_83 In Renly's Name ------------------------------------------------------------------
# "Attach to an opponent's character. Response: After attached character is declared as an
# attacker against you, claim 3 power for your House." The attachment's controller is "you"
# (the defending player); the power comes from the pool.


def _opponents_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) in state.opponents(seat)


def _renly_may(state: GameState, ctx: Ctx) -> bool:
    challenge, host = state.challenge, attached_to(state, ctx["source"])
    return (
        challenge is not None
        and challenge["defender"] == ctx["seat"]
        and host is not None
        and host in ctx["event"].get("cards", ())
    )


def _renly(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 3, "in_renlys_name")


register(
    "w_83",
    Ability("response", _renly, trigger="attackers_declared", condition=_renly_may),
    attach_rule=_opponents_character,
)


# --- w_85 Kettledrum -----------------------------------------------------------------------
# "Setup. [Greyjoy] character only. Attached character gets +1 STR and gains intimidate."


def _greyjoy_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return of_house(state, target, "Greyjoy")


register(
    "w_85",
    passives={
        "strength": on_bearer(lambda base: base + 1),
        "keywords": on_bearer(lambda base: set(base) | {"intimidate"}),
    },
    attach_rule=_greyjoy_only,
)


# --- w_86 Reborn from the Sea --------------------------------------------------------------
# "House Greyjoy only. Response: After you win dominance, choose a non-Army [Greyjoy]
# character in your dead pile and put it into play." A unique one only while no copy is in
# play under its player; chosen as the event resolves.


def _reborn_candidates(state: GameState, seat: int) -> list[str]:
    found = []
    for ref in state.players[seat].dead:
        card = facts(state, ref)
        if card.type != "character" or "Greyjoy" not in card.houses or "Army" in card.traits:
            continue
        if card.unique and any(
            facts(state, r).name == card.name
            for r in state.in_play
            if seat in (controller(state, r), state.cards[r].owner)
        ):
            continue
        found.append(ref)
    return found


def _reborn_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return ctx["event"].get("seat") == seat and bool(_reborn_candidates(state, seat))


def _reborn(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _reborn_candidates(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "put_into_play", found, "hot_reborn", low=1, high=1, ctx=data)


@handler("hot_reborn")
def _reborn_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if selected and selected[0] in _reborn_candidates(state, seat):
        put_into_play(state, seat, selected[0])


register("w_86", response(_reborn, "dominance_won", condition=_reborn_may))


# --- w_88 Sign of the Red Hand -------------------------------------------------------------
# 'Attach to your House card. If you are not running an agenda, Sign of the Red Hand gains:
# "Increase your draw cap by 1." [+1 Income]' The printed income bonus is generic; the draw
# cap (``draw_cap``, subject the seat) is its controller's while it is on his or her House
# card and he or she runs no agenda.


def _red_hand_cap(state: GameState, source: str, subject: Any, base: Any) -> Any:
    seat = controller(state, source)
    if subject != seat or house_card.house_of(state, source) != seat:
        return base
    return base + 1 if agenda_of(state, seat) is None else base


register(
    "w_88",
    passives={"draw_cap": _red_hand_cap},
    attach_rule=never_on_a_card,
    house_attachment=True,
)


# --- w_92 Winterfell Heart Tree ------------------------------------------------------------
# "Limited. Marshalling: Kneel Winterfell Heart Tree to reduce the cost of the next [Stark]
# character you play this phase by 1."

register("w_92", cost_reducer(1, houses=("Stark",), types=("character",)))


# --- w_93 Lay Waste ------------------------------------------------------------------------
# "House Stark only. Response: After you win a [Combat] challenge in which you control at
# least 1 participating unique character, choose and discard from play 1 location
# controlled by the losing opponent. (Limit 1 per challenge.)" [Combat] is the [Military]
# icon (as The Valemen read it); the discard may be saved.


def _lay_waste_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    if not won("military")(state, ctx):
        return False
    return any(
        r in state.in_play and controller(state, r) == seat and facts(state, r).unique
        for r in participants(ctx["event"])
    )


def _losers_locations(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    if loser is None:
        return []
    found = in_play_of(state, "location", loser)
    return [r for r in found if choosable(state, r, ctx["source"], ctx["seat"])]


def _lay_waste(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "w_93",
    response(
        _lay_waste,
        "challenge_won",
        condition=_lay_waste_may,
        targets=_losers_locations,
        limit=(1, "challenge"),
    ),
)


# --- w_96 Eastern Market -------------------------------------------------------------------
# "Limited. Marshalling: Discard Eastern Market from play to reduce the costs of the next 3
# Dothraki or Mercenary characters you play this phase by 1 each." (a reduction used up one
# card at a time: ``rules.add_reduction(..., count=3)``)


def _eastern_market(state: GameState, ctx: Ctx) -> None:
    traits = ("Dothraki", "Mercenary")
    add_reduction(
        state, ctx["seat"], 1, ctx["source"], types=("character",), traits=traits, count=3
    )


register("w_96", Ability("action", _eastern_market, phases=("marshalling",), costs=(DISCARD_SELF,)))


# --- w_99 The Bloody Gate ------------------------------------------------------------------
# "Marshalling: Kneel The Bloody Gate to reduce the cost of the next 2 cards with printed
# cost 4 or higher you play this phase by 2 each." Any card type marshalled.


def _bloody_gate(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 2, ctx["source"], min_cost=4, count=2)


register("w_99", Ability("action", _bloody_gate, phases=("marshalling",), costs=(KNEEL_SELF,)))


# --- w_100 Kings of Mountain and Vale ------------------------------------------------------
# "Castle. After this plot is placed in your used pile, draw 1 card and discard 1 card at
# random from each opponent's hand." (vocabulary.castles)


def _kings(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moves.effect_draw(state, seat, 1)
    moves.discard_at_random_each(state, state.opponents(seat), 1)


castle_plot("w_100", _kings)
