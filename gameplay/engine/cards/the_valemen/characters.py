"""The Valemen characters: Ser Bryce Caron (w_41), Storm's End Freerider (w_42), Euron Crow's
Eye (w_43), Silence Crewman (w_44), Gunthor Son of Gurn (w_45), Ser Ilyn Payne (w_46),
Nymeria Sand (w_48), Maester Vyman (w_51), Ser Desmond Grell (w_52), Blackfish's Vanguard
(w_53), Rakharo (w_54), Jhiqui (w_55) and Vale Informant (w_57)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    controller,
    is_character,
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import (
    attacking_alone,
    characters_of,
    discard_top,
    gain_stealth,
    handmaiden,
    has_trait,
    of_house_named,
    participants,
    stand_card,
    won_with,
)
from gameplay.engine.state import GameState, draw
from gameplay.engine.triggers import trigger


def printed_cost(state: GameState, ref: str) -> int:
    """A card's printed cost (0 when it has none)."""
    return pool(state)[state.code(ref)].cost or 0


# --- w_41 Ser Bryce Caron, w_52 Ser Desmond Grell, w_54 Rakharo ----------------------------
# "Challenges: Choose a <Trait> character. That character gains <keyword> until the end of
# the phase. (Limit once per phase.)" Any player's character of that trait (or House trait),
# standing or kneeling, himself included. Stealth gained by an attacker before defenders are
# declared makes its Stealth choice at once (vocabulary.gain_stealth).


def _gains_keyword(trait: str, keyword: str) -> Ability:
    def chosen(state: GameState, ctx: Ctx) -> list[str]:
        if trait.startswith("House "):
            return [r for r in characters_of(state) if of_house_named(state, r, trait)]
        return [r for r in characters_of(state) if has_trait(state, r, trait)]

    def gains(state: GameState, ctx: Ctx) -> None:
        ref = ctx["target"]
        if ref not in state.in_play:
            return
        challenge = state.challenge
        if keyword == "stealth" and challenge is not None and ref in challenge["attackers"]:
            gain_stealth(state, ref, "phase", ctx["source"])
            return
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=[keyword])

    return Ability("action", gains, phases=("challenges",), targets=chosen, limit=(1, "phase"))


register("w_41", _gains_keyword("Rainbow Guard", "renown"))
register("w_52", _gains_keyword("House Tully", "deadly"))
register("w_54", _gains_keyword("Dothraki", "stealth"))


# --- w_42 Storm's End Freerider -----------------------------------------------------------
# "Any Phase: Kneel 1 influence to stand Storm's End Freerider." (as Renly Baratheon)


def _knelt_self(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in state.in_play and state.in_play[ctx["source"]].knelt


def _stand_self(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["source"])


register(
    "w_42",
    Ability("action", _stand_self, costs=(Cost("influence", 1),), condition=_knelt_self),
)


# --- w_43 Euron Crow's Eye ----------------------------------------------------------------
# "While Euron Crow's Eye is attacking alone, opponents cannot declare defenders." Read as
# defenders are declared: he is the only attacker (in play); every character of an opponent
# of his controller (in melee, the other opponents' too).


def _euron(state: GameState, source: str, ref: Any, base: bool) -> bool:
    if not base or not attacking_alone(state, source):
        return base
    if ref in state.in_play and controller(state, ref) in state.opponents(
        controller(state, source)
    ):
        return False
    return base


register("w_43", passives={"can_defend": _euron})


# --- w_44 Silence Crewman -----------------------------------------------------------------
# "Stealth. At the end of any challenge phase in which Silence Crewman was not declared as an
# attacker, kill it and discard the top 2 cards of each opponent's deck." Forced at the end
# of the challenges phase (not an epic phase); declared: an ``attackers`` entry of the log
# since the phase began. The kill may be saved; the decks are discarded either way.

CREWMAN_DISCARD = 2


def declared_this_phase(state: GameState, ref: str) -> bool:
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            return False
        if entry["event"] == "attackers" and ref in entry.get("cards", ()):
            return True
    return False


def _crewman(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref not in state.in_play or declared_this_phase(state, ref):
        return
    seat = controller(state, ref)
    moves.kill(state, [ref])
    for opponent in state.opponents(seat):
        discard_top(state, opponent, CREWMAN_DISCARD, "silence_crewman")


register("w_44", forced={"challenges_ends": _crewman})


# --- w_45 Gunthor Son of Gurn ---------------------------------------------------------------
# "Limited Response: After you win a challenge in which Gunthor Son of Gurn participated,
# draw cards, ignoring the draw cap, until the losing opponent does not have more cards in
# hand than you." Drawn at once (the difference, as many as the deck holds), not counted
# against the draw cap; offered only while the loser has more cards in hand.


def _gunthor_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    if loser is None or not won_with("self")(state, ctx):
        return False
    return len(state.players[loser].hand) > len(state.players[ctx["seat"]].hand)


def _gunthor(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["event"]["loser"]
    missing = len(state.players[loser].hand) - len(state.players[seat].hand)
    if missing <= 0 or not allowed(state, "can_draw", seat):
        return
    drawn = draw(state, seat, missing)
    if drawn:
        trigger(state, "cards_drawn", {"seat": seat, "count": drawn, "phase": state.phase})


register(
    "w_45",
    Ability(
        "response",
        _gunthor,
        trigger="challenge_won",
        condition=_gunthor_may,
        limited_response=True,
    ),
)


# --- w_46 Ser Ilyn Payne ---------------------------------------------------------------------
# "Dominance: Kneel Ser Ilyn Payne to choose and kill a kneeling character with printed cost 3
# or lower." Any player's character.

PAYNE_COST = 3


def _payne_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if state.in_play[r].knelt and printed_cost(state, r) <= PAYNE_COST
    ]


register(
    "w_46",
    Ability(
        "action",
        moves.kill_target,
        phases=("dominance",),
        costs=(KNEEL_SELF,),
        targets=_payne_targets,
    ),
)


# --- w_48 Nymeria Sand ---------------------------------------------------------------------
# "Limited Response: After a Sand Snake character you control is killed, choose and kill a
# character with an equal or lower printed cost." From play (not after her own death); the
# highest printed cost among the Sand Snakes of one kill that she can answer; any player's
# character.


def _snake_cost(state: GameState, ctx: Ctx) -> int | None:
    event = ctx["event"]
    controllers = event.get("controllers", {})
    costs = [
        printed_cost(state, r)
        for r in event.get("cards", ())
        if controllers.get(r) == ctx["seat"] and has_trait(state, r, "Sand Snake")
    ]
    return max(costs) if costs else None


def _nymeria_targets(state: GameState, ctx: Ctx) -> list[str]:
    cost = _snake_cost(state, ctx)
    if cost is None:
        return []
    return [r for r in characters_of(state) if printed_cost(state, r) <= cost]


register(
    "w_48",
    Ability(
        "response",
        moves.kill_target,
        trigger="killed",
        targets=_nymeria_targets,
        limited_response=True,
    ),
)


# --- w_51 Maester Vyman ----------------------------------------------------------------------
# "Limited Response: After you win a challenge in which at least 1 House Tully character
# participated, reveal the top card of your deck and add it to your hand." Any participant
# (either side) with the House Tully trait, as the challenge is won.


def _vyman_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("winner") == ctx["seat"]
        and any(of_house_named(state, r, "House Tully") for r in participants(event, state))
        and bool(state.players[ctx["seat"]].deck)
    )


def _vyman(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if not player.deck:
        return
    top = player.deck.pop(0)
    player.hand.append(top)
    moves.reveal(state, ctx["seat"], [top], "maester_vyman")


register(
    "w_51",
    Ability(
        "response", _vyman, trigger="challenge_won", condition=_vyman_may, limited_response=True
    ),
)


# --- w_53 Blackfish's Vanguard ----------------------------------------------------------------
# "X is the number of House Tully characters you control. (X is initiative.) [+X Initiative]"
# Itself included.


def _vanguard(state: GameState, source: str, seat: Any, base: int) -> int:
    mine = controller(state, source)
    if seat != mine:
        return base
    return base + sum(1 for r in characters_of(state, mine) if of_house_named(state, r, "Tully"))


register("w_53", passives={"initiative": _vanguard})


# --- w_55 Jhiqui -------------------------------------------------------------------------------
# "If Jhiqui would be killed, you may instead attach her to a [Targaryen] character as a
# Handmaiden attachment with the text, 'Attached character gains an [Intrigue] icon and does
# not kneel to attack during [Intrigue] challenges.'" (vocabulary.handmaiden)

handmaiden(
    "w_55",
    "intrigue",
    "Attached character gains an [Intrigue] icon and does not kneel to attack during "
    "[Intrigue] challenges.",
)


# --- w_57 Vale Informant -----------------------------------------------------------------------
# "Stealth. Vale Informant gets +1 STR for each plot card in your used pile." Its
# controller's used pile.


def _informant(state: GameState, source: str, ref: Any, base: int) -> int:
    if ref != source or not is_character(state, source):
        return base
    return base + len(state.players[controller(state, source)].used_plots)


register("w_57", passives={"strength": _informant})
