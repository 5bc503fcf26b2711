"""House of Talons characters: Ser Parmen Crane (w_81), Iron Islands Reaver (w_84), Milk
Snakes (w_87), Dorea Sand (w_89), Water Gardens Sentry (w_90), House Tully Footman (w_91),
Jhogo (w_94), Braided Warrior (w_95), Bronze Yohn Royce (w_97) and Robert Arryn (w_98)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_delayed,
    controller,
    effect,
    facts,
    gold_available,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    castle_to_your_used_pile,
    characters_of,
    choosable,
    has_trait,
    join_as_defender,
    may_join_as_defender,
    pile_to_hand,
    stand_card,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- w_81 Ser Parmen Crane -----------------------------------------------------------------
# "Immune to events. At the beginning of the dominance phase, stand each Rainbow Guard
# character you control." A forced effect at ``dominance_begins`` (Ser Parmen himself is a
# Rainbow Guard); immunity to events is the generic keyword.


def _parmen(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state, ctx["seat"]):
        if state.in_play[ref].knelt and has_trait(state, ref, "Rainbow Guard"):
            stand_card(state, ref)


register("w_81", forced={"dominance_begins": _parmen})


# --- w_84 Iron Islands Reaver --------------------------------------------------------------
# "If an effect would discard 1 or more cards from an opponent's deck that has no cards
# remaining in it, that opponent must choose and discard 1 card at his or her command,
# instead." The passive ``command_discard_instead`` (subject the seat whose deck it is),
# read by vocabulary.discard_top (every effect's "discard the top N cards of a deck"; a
# cost's discard is not an effect's): True for the Reaver's opponents. Several Reavers make
# one discard.


def _reaver(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if isinstance(subject, int) and subject in state.opponents(controller(state, source)):
        return True
    return base


register("w_84", passives={"command_discard_instead": _reaver})


# --- w_87 Milk Snakes ----------------------------------------------------------------------
# "No attachments except Weapon. Stealth. Response: After you win a challenge in which Milk
# Snakes participated, choose a Clansman card in your discard pile and return it to your
# hand." Any card type with the Clansman trait (printed, in the pile).


def _snakes_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    took_part = ctx["source"] in (*event.get("attackers", ()), *event.get("defenders", ()))
    return won()(state, ctx) and took_part


def _clansmen(state: GameState, ctx: Ctx) -> list[str]:
    pile = state.players[ctx["seat"]].discard
    return [r for r in pile if "Clansman" in facts(state, r).traits]


def _snakes(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "discard")


register(
    "w_87",
    Ability(
        "response",
        _snakes,
        trigger="challenge_won",
        condition=_snakes_may,
        targets=_clansmen,
    ),
)


# --- w_89 Dorea Sand -----------------------------------------------------------------------
# "Response: After a Sand Snake character you control is killed, Dorea Sand claims 1 power.
# (Limit 3 times per phase.)" Dorea must still be in play (her own death claims nothing);
# several Sand Snakes killed at once are one trigger.


def _dorea_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    mine = event.get("controllers") or {}
    return ctx["source"] in state.in_play and any(
        mine.get(r) == ctx["seat"]
        and facts(state, r).type == "character"
        and "Sand Snake" in facts(state, r).traits
        for r in event.get("cards", ())
    )


def _dorea(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "dorea_sand")


register(
    "w_89",
    Ability("response", _dorea, trigger="killed", condition=_dorea_may, limit=(3, "phase")),
)


# --- w_90 Water Gardens Sentry -------------------------------------------------------------
# "Challenges: Kneel Water Gardens Sentry to have it participate in the current challenge as
# a defender. If you win the challenge, return Water Gardens Sentry to your hand." In a
# challenge against its controller, once defenders are declared and before the challenge
# resolves (as Greatjon Umber); it joins the defenders whatever its icons. The return is a
# delayed effect of the challenge (``challenge_won``).


def _sentry_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and challenge["defender"] == ctx["seat"]
        and may_join_as_defender(state, ctx["source"])
    )


def _sentry(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if join_as_defender(state, source, seat):
        add_delayed(state, "challenge_won", seat, "hot_sentry_back", source)


@effect("hot_sentry_back")
def _sentry_back(state: GameState, data: Ctx) -> None:
    source = data["source"]
    if source in state.in_play and controller(state, source) == data["seat"]:
        moves.return_to_hand(state, [source])


register(
    "w_90",
    Ability("action", _sentry, phases=("challenges",), costs=(KNEEL_SELF,), condition=_sentry_may),
)


# --- w_91 House Tully Footman --------------------------------------------------------------
# "If you control a unique House Tully character, House Tully Footman does not kneel to
# defend." (the trait House Tully; the Footman is not unique)


def _footman(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    seat = controller(state, source)
    for ref in characters_of(state, seat):
        if facts(state, ref).unique and has_trait(state, ref, "House Tully"):
            return False
    return base


register("w_91", passives={"kneel_to_defend": _footman})


# --- w_94 Jhogo ----------------------------------------------------------------------------
# "Limited Response: After you win a challenge in which Jhogo and at least 2 other Dothraki
# characters participated as attackers, discard Jhogo to claim X power for your House. X is
# the number of cards in the losing opponent's hand." Discarding Jhogo (from play) is the
# cost; X is counted as the effect resolves.


def _jhogo_may(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    attackers = event.get("attackers", ())
    if not won(role="attacker")(state, ctx) or source not in attackers:
        return False
    others = [r for r in attackers if r != source and has_trait(state, r, "Dothraki")]
    return len(others) >= 2


def _jhogo(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"].get("loser")
    if loser is None:
        return
    amount = len(state.players[loser].hand)
    if amount:
        moves.gain_power(state, ctx["seat"], amount, "jhogo")


register(
    "w_94",
    Ability(
        "response",
        _jhogo,
        trigger="challenge_won",
        condition=_jhogo_may,
        costs=(DISCARD_SELF,),
        limited_response=True,
    ),
)


# --- w_95 Braided Warrior ------------------------------------------------------------------
# "Response: After Braided Warrior comes into play, search your deck for an attachment and
# pay its printed gold cost to put it into play attached to a card you control. Then,
# shuffle your deck." Only an attachment its player can pay for and attach (a legal host
# among the cards in play it controls; a unique one not in play under it) may be found;
# the host is chosen after, the gold is paid, then it comes into play.


def _braided_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _hosts(state: GameState, seat: int, ref: str) -> list[str]:
    found = attachment_targets(state, facts(state, ref), seat)
    return [h for h in found if controller(state, h) == seat]


def _attachable(state: GameState, seat: int, ref: str) -> bool:
    card = facts(state, ref)
    if card.type != "attachment" or unique_problem(state, seat, card):
        return False
    return (card.cost or 0) <= gold_available(state, seat) and bool(_hosts(state, seat, ref))


def _braided(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"source": ctx["source"]}
    moves.search_deck(state, seat, lambda r: _attachable(state, seat, r), "hot_braided", ctx=data)


@handler("hot_braided")
def _braided_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if not selected or selected[0] not in state.players[seat].deck:
        return
    ref = selected[0]
    moves.reveal(state, seat, [ref], "search")
    hosts = _hosts(state, seat, ref)
    # The deck is shuffled (fresh ids) once this handler returns: the host prompt keeps the
    # revealed card's code and takes a copy of it from the deck (copies are alike).
    data = {"seat": seat, "code": state.code(ref), "source": ctx.get("source")}
    ask_select(state, seat, "attach_to", hosts, "hot_braided_host", low=1, high=1, ctx=data)


@handler("hot_braided_host")
def _braided_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    found = [r for r in state.players[seat].deck if state.code(r) == ctx["code"]]
    if not selected or selected[0] not in state.in_play or not found:
        return
    ref = found[0]
    cost = facts(state, ref).cost or 0
    if cost > gold_available(state, seat):
        return
    if cost:
        moves.spend_gold(state, seat, cost, "braided_warrior")
    put_into_play(state, seat, ref, selected[0])


register(
    "w_95",
    Ability("response", _braided, trigger="entered_play", condition=_braided_may, search=True),
)


# --- w_97 Bronze Yohn Royce ----------------------------------------------------------------
# "Renown. Response: After a Castle plot card is placed in your used pile, choose and
# discard 1 power from a character." Any player's character with power (vocabulary.castles).


def _with_power(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if state.in_play[r].power > 0 and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _yohn(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play and state.in_play[target].power > 0:
        moves.card_power(state, target, -1, "bronze_yohn_royce")


register(
    "w_97",
    Ability(
        "response",
        _yohn,
        trigger="plot_to_used_pile",
        condition=castle_to_your_used_pile,
        targets=_with_power,
    ),
)


# --- w_98 Robert Arryn ---------------------------------------------------------------------
# "Response: After a Castle plot card is moved to your used pile, Robert Arryn claims 2
# power. (Limit once per round.)"


def _robert(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play and is_character(state, ctx["source"]):
        moves.card_power(state, ctx["source"], 2, "robert_arryn")


register(
    "w_98",
    Ability(
        "response",
        _robert,
        trigger="plot_to_used_pile",
        condition=castle_to_your_used_pile,
        limit=(1, "round"),
    ),
)
