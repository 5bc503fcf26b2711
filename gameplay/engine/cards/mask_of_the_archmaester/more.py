"""Mask of the Archmaester: Iron Fleet Raiders, Iron Lore, the Citadel events (Restrict and
Restrain, Citadel Law, We Light the Way) and Archmaester Marwyn.

Each script quotes its card's text and says how it is read."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    PassiveFn,
    add_lasting,
    controller,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    STR_LISTENERS,
    STR_REDUCED,
    challenges_this_phase,
    characters_of,
    discard_top,
    event,
    has_trait,
    reduced_by_attachment,
    reveal_new_plot_choice,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import gold_available, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel, put_into_play

CHALLENGE_TYPES = ("military", "intrigue", "power")


def _maester(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Maester")


def _learned(state: GameState, ref: str) -> bool:
    return "learned" in crests(state, ref)


def _no_challenge_yet(state: GameState, ctx: Ctx) -> bool:
    return challenges_this_phase(state) == 0


KNEEL_MAESTER = Cost("kneel", 1, _maester, "Maester character")

# --- soo_87 Iron Fleet Raiders --------------------------------------------------------
# "No attachments. Any Phase: Discard the top card of your deck to give Iron Fleet Raiders
# -2 STR until the end of the phase. Only opponents can trigger this effect."  An ability of
# a card in play that every opponent of its controller may use (zone ``any_play``), never
# its controller; "your deck" is the deck of the player triggering it (who needs a card
# there; it is discarded as the effect resolves, like Asshai Initiate's). No limit: each use
# costs another card.


def _raiders_may(state: GameState, ctx: Ctx) -> bool:
    source, seat = ctx["source"], ctx["seat"]
    return (
        source in state.in_play
        and controller(state, source) != seat
        and bool(state.players[seat].deck)
    )


def _raiders(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if not discard_top(state, ctx["seat"], 1, "cost"):
        return
    if source in state.in_play:
        add_lasting(state, "strength", source, "phase", source, amount=-2)


register("soo_87", Ability("action", _raiders, zones=("any_play",), condition=_raiders_may))

# --- soo_88 Iron Lore -----------------------------------------------------------------
# "House Greyjoy only. Any Phase: Pay the printed cost of 1 location in your discard pile to
# put it into play."  ("House Greyjoy only" is deck building.) The target: a location in
# your discard pile whose printed cost you can pay (a unique one only while you could have
# it in play); the gold is paid as it resolves, then it is put into play (Limited does not
# apply: it is not played).


def _lore_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    gold = gold_available(state, seat)
    found = []
    for ref in state.players[seat].discard:
        card = facts(state, ref)
        if card.type != "location" or card.cost is None or card.cost > gold:
            continue
        if unique_problem(state, seat, card) is None:
            found.append(ref)
    return found


def _iron_lore(state: GameState, ctx: Ctx) -> None:
    seat, target = ctx["seat"], ctx["target"]
    if target not in state.players[seat].discard:
        return
    cost = facts(state, target).cost or 0
    if gold_available(state, seat) < cost:
        return
    moves.spend_gold(state, seat, cost, ctx["source"])
    put_into_play(state, seat, target)


register("soo_88", event(_iron_lore, targets=_lore_targets))

# --- soo_84 Restrict and Restrain -----------------------------------------------------
# "House Lannister only. Play before any challenges have been initiated this phase. Any
# Phase: Kneel a Learned character to have each player choose up to 3 characters.
# Characters not chosen cannot participate in challenges this phase."  Each player in turn
# order chooses up to 3 of the characters he or she controls (a player with 3 or fewer
# keeps them all without being asked); every other character in play then cannot be
# declared as an attacker or a defender this phase (lasting ``can_attack`` / ``can_defend``
# effects). A character that comes into play later was not "not chosen": it may take part.


def _restrict(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"], "seats": list(state.turn_order()), "chosen": []}
    _restrict_next(state, data)


def _restrict_next(state: GameState, data: dict[str, Any]) -> None:
    while data["seats"]:
        seat = data["seats"].pop(0)
        mine = characters_of(state, seat)
        if len(mine) <= 3:
            data["chosen"] += mine
            continue
        ask_select(state, seat, "keep_for_challenges", mine, "soo84_chosen", high=3, ctx=data)
        return
    for ref in characters_of(state):
        if ref not in data["chosen"]:
            for query in ("can_attack", "can_defend"):
                add_lasting(state, query, ref, "phase", data["source"], value=False)


@handler("soo84_chosen")
def _restrict_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {**ctx, "chosen": [*ctx["chosen"], *selected]}
    _restrict_next(state, data)


register(
    "soo_84",
    event(
        _restrict,
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=_no_challenge_yet,
    ),
)

# --- soo_95 Citadel Law ---------------------------------------------------------------
# "Plot: Kneel a Maester character to choose a player. That player must choose and reveal a
# new plot card."  An action of the plot phase (once the plots are revealed); any player
# with a card in his or her plot deck, its user included. The old plot goes to the used
# pile and the new one's "when revealed" effect resolves (steps.reveal_new_plot); initiative
# and the first player are not determined again.


def _with_plots(state: GameState) -> list[int]:
    return [p.seat for p in state.players if p.plot_deck]


def _citadel_law_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_with_plots(state))


def _citadel_law(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in _with_plots(state)]
    if options:
        data = {"source": ctx["source"]}
        ask_choose(state, ctx["seat"], "choose_player", options, "soo95_player", ctx=data)


@handler("soo95_player")
def _citadel_law_player(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    reveal_new_plot_choice(state, {"seat": int(ctx["choice"]), "source": ctx["source"]})


register(
    "soo_95",
    event(_citadel_law, phases=("plot",), costs=(KNEEL_MAESTER,), condition=_citadel_law_may),
)

# --- soo_96 We Light the Way ----------------------------------------------------------
# "Play before any challenges have been declared this phase. Any Phase: Kneel a Maester
# character to choose a challenge type. Until the end of the phase, your Maester characters
# do not kneel to attack or defend during challenges of that type."  A lasting text on the
# event card for the phase (abilities.LASTING_PASSIVES, one per challenge type) answering
# ``kneel_to_attack`` and ``kneel_to_defend`` for every Maester character its player
# controls (those that come into play later too) while a challenge of that type is
# declared. The Maester knelt for the cost stays knelt.


def _lighting(ctype: str) -> PassiveFn:
    def passive(state: GameState, source: str, subject: Any, base: bool) -> bool:
        challenge = state.challenge
        if not base or challenge is None or challenge.get("type") != ctype:
            return base
        if not isinstance(subject, str) or subject not in state.in_play:
            return base
        mine = controller(state, subject) == state.cards[source].owner
        return not (mine and is_character(state, subject) and _maester(state, subject))

    return passive


for _ctype in CHALLENGE_TYPES:
    LASTING_PASSIVES[f"soo96_{_ctype}"] = _lighting(_ctype)


def _light_the_way(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"]}
    ask_choose(state, ctx["seat"], "challenge_type", list(CHALLENGE_TYPES), "soo96_type", ctx=data)


@handler("soo96_type")
def _light_type(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, name = ctx["source"], f"soo96_{ctx['choice']}"
    for query in ("kneel_to_attack", "kneel_to_defend"):
        add_lasting(state, query, source, "phase", source, passive=name)


register(
    "soo_96",
    event(_light_the_way, costs=(KNEEL_MAESTER,), condition=_no_challenge_yet),
)

# --- soo_94 Archmaester Marwyn --------------------------------------------------------
# "Response: After Archmaester Marwyn is killed, resolve the "when revealed" effect of any
# plot card in any player's used pile."  From the dead pile; the target is a plot with a
# "when revealed" effect in any used pile (logged ``plot_copied``). The effect resolves as
# Marwyn's controller's ("you" in its text is that player), with Marwyn as its source.


def _marwyn_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _used_plots(state: GameState, ctx: Ctx) -> list[str]:
    found = []
    for player in state.players:
        for plot in player.used_plots:
            script = SCRIPTS.get(state.code(plot))
            if script is not None and script.when_revealed is not None:
                found.append(plot)
    return found


def _marwyn(state: GameState, ctx: Ctx) -> None:
    plot, seat = ctx["target"], ctx["seat"]
    if not any(plot in p.used_plots for p in state.players):
        return
    state.emit("plot_copied", seat=seat, card=plot, code=state.code(plot))
    copied = SCRIPTS[state.code(plot)].when_revealed
    assert copied is not None
    copied(state, {"seat": seat, "source": ctx["source"]})


register(
    "soo_94",
    Ability(
        "response",
        _marwyn,
        trigger="killed",
        zones=("dead",),
        condition=_marwyn_killed,
        targets=_used_plots,
    ),
)

# --- soo_97 The Archmaester's Wrath ---------------------------------------------------
# "Dominance: Kneel X Maester characters to have each player choose and discard X
# characters he or she controls from play."  X is the number of standing Maester
# characters its player kneels as the cost (at least 1; ``Cost(any_number=True)``). Each
# player in turn order chooses X of his or her characters (all of them with X or fewer,
# without being asked); the chosen characters are then discarded together (saves apply).


def _wrath(state: GameState, ctx: Ctx) -> None:
    count = len(ctx.get("knelt") or ())
    if count:
        data = {"count": count, "seats": list(state.turn_order()), "chosen": []}
        _wrath_next(state, data)


def _wrath_next(state: GameState, data: dict[str, Any]) -> None:
    count = data["count"]
    while data["seats"]:
        seat = data["seats"].pop(0)
        mine = characters_of(state, seat)
        if len(mine) <= count:
            data["chosen"] += mine
            continue
        ask_select(
            state, seat, "discard_characters", mine, "soo97_chosen", low=count, high=count, ctx=data
        )
        return
    chosen = [r for r in data["chosen"] if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


@handler("soo97_chosen")
def _wrath_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _wrath_next(state, {**ctx, "chosen": [*ctx["chosen"], *selected]})


register(
    "soo_97",
    event(
        _wrath,
        phases=("dominance",),
        costs=(Cost("kneel", 1, _maester, "Maester character", any_number=True),),
    ),
)

# --- soo_90 House of Shadow -----------------------------------------------------------
# "Response: After a character's STR is lowered by a card effect, kneel a Learned character
# to give that character -1 STR until the end of the phase."  The ``strength_reduced``
# trigger (vocabulary.strength: a lasting STR reduction or an attachment's), any player's
# character still in play. Its own -1 is a card effect lowering STR too: it may answer that
# again with another Learned character.


def _shadow_may(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card in state.in_play and is_character(state, card)


def _house_of_shadow(state: GameState, ctx: Ctx) -> None:
    card = ctx["event"].get("card")
    if card in state.in_play:
        add_lasting(state, "strength", card, "phase", ctx["source"], amount=-1)


STR_LISTENERS.add("soo_90")
register(
    "soo_90",
    Ability(
        "response",
        _house_of_shadow,
        trigger=STR_REDUCED,
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=_shadow_may,
    ),
    forced={"entered_play": reduced_by_attachment},
)

# --- soo_89 Bloodrider ----------------------------------------------------------------
# "House Targaryen only. Response: Kneel 2 influence and put Bloodrider into play from your
# hand to cancel the effects of a character ability just triggered."  ("House Targaryen
# only" is deck building.) A cancel from the hand on the ``ability`` trigger: the pending
# effect's source is a character (any player's, an ability of a card in play or out of
# it), and it can be canceled; kneeling 2 influence is the cost, then Bloodrider is put
# into play (not played) and the effect is canceled.


def _bloodrider_may(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return (
        cancels.can_be_cancelled(state)
        and source is not None
        and source in state.cards
        and facts(state, source).type == "character"
    )


def _bloodrider(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    if source in state.players[seat].hand:
        put_into_play(state, seat, source)
    cancel(state)


register(
    "soo_89",
    Ability(
        "cancel",
        _bloodrider,
        trigger="ability",
        zones=("hand",),
        costs=(Cost("influence", 2),),
        condition=_bloodrider_may,
    ),
)
