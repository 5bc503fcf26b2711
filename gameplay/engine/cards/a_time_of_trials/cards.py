"""A Time of Trials (kl_21 to kl_40): the characters, the plot and the neutral cards.

The Shadow cards that answer ``came_out_of_shadows`` and the locations and events are in
shadows.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    crests,
    handler,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    choose_opponent,
    has_trait,
    in_play_of,
    kneel_card,
    of_house,
    pile_to_hand,
    played_from_hand,
    winter,
)
from gameplay.engine.phase_flow import use_once_per_game, used_this_game
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import has_shadow_crest, in_shadows, put_into_shadows

# --- kl_21 Catelyn Stark ------------------------------------------------------------------
# "If it is Winter and you have at least 1 card in Shadows, opponents cannot declare
# Intrigue challenges against you."  The ``can_challenge`` permission (subject
# "<attacker>><defender>:<type>") while it is Winter and her controller's Shadows hold a card.


def _catelyn(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or ">" not in subject:
        return base
    attacker, _, rest = subject.partition(">")
    defender, _, ctype = rest.partition(":")
    me = controller(state, source)
    if ctype != "intrigue" or defender != str(me) or attacker == str(me):
        return base
    return not (winter(state) and in_shadows(state, me) >= 1)


register("kl_21", passives={"can_challenge": _catelyn})

# --- kl_22 Septa Mordane ------------------------------------------------------------------
# "Any Phase: Kneel Septa Mordane to choose an attacking character. Until the end of the
# phase, that character gets -X STR, where X is the number of cards in Shadows."  X counts
# every player's Shadows as the effect resolves (like Warlock of Qarth).


def _attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] if r in state.in_play]


def _mordane(state: GameState, ctx: Ctx) -> None:
    amount = in_shadows(state)
    if ctx["target"] in state.in_play and amount:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=-amount)


register("kl_22", Ability("action", _mordane, costs=(KNEEL_SELF,), targets=_attackers))

# --- kl_24 Cersei Lannister ---------------------------------------------------------------
# "Response: After you win an Intrigue challenge in which Cersei Lannister participated,
# choose and kneel up to X non-Army characters. X is the number of cards you control in
# Shadows."  Any player's standing characters (hers included); X is her controller's
# Shadows as the response resolves; not offered while X is 0.


def _cersei_condition(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    return (
        event.get("type") == "intrigue"
        and event.get("winner") == seat
        and ctx["source"] in [*event.get("attackers", ()), *event.get("defenders", ())]
        and in_shadows(state, seat) >= 1
    )


def _cersei(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    candidates = [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt
        and not has_trait(state, r, "Army")
        and choosable(state, r, source, seat)
    ]
    high = min(in_shadows(state, seat), len(candidates))
    if high:
        ask_select(state, seat, "kneel", candidates, "kl24_kneel", high=high, ctx={"seat": seat})


@handler("kl24_kneel")
def _kneel_selected(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        kneel_card(state, ref)


register(
    "kl_24",
    Ability("response", _cersei, trigger="challenge_won", condition=_cersei_condition),
)

# --- kl_25 Gold Cloaks --------------------------------------------------------------------
# "Response: After Gold Cloaks comes out of Shadows, draw a card for each Mercenary
# character you control."  Counted as it resolves (the Gold Cloaks themselves included).


def _came_out_itself(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _gold_cloaks(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    count = sum(1 for r in characters_of(state, seat) if has_trait(state, r, "Mercenary"))
    if count:
        moves.effect_draw(state, seat, count)


register(
    "kl_25",
    Ability("response", _gold_cloaks, trigger="came_out_of_shadows", condition=_came_out_itself),
)

# --- kl_30 Balon Greyjoy ------------------------------------------------------------------
# "Response: After a card with the Shadow crest is discarded from a player's deck, kneel 1
# influence or kneel a Noble character to put that card into Shadows under your control.
# (Limit once per phase.)"  Any player's deck (moves.to_discard_pile triggers
# ``card_discarded_from_deck`` per card); one ability per cost, sharing the limit (a mark in
# ``state.used``); the card goes from its owner's discard pile into Balon's controller's
# Shadows (it may not come out this round, like any card put into Shadows).


def _balon_mark(state: GameState, ctx: Ctx) -> str:
    return f"kl_30:{ctx['source']}:{state.phase}"


def _balon_condition(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return (
        card is not None
        and any(card in p.discard for p in state.players)
        and has_shadow_crest(state, card)
        and _balon_mark(state, ctx) not in state.used
    )


def _balon(state: GameState, ctx: Ctx) -> None:
    state.used.append(_balon_mark(state, ctx))
    card = ctx["event"]["card"]
    if any(card in p.discard for p in state.players):
        put_into_shadows(state, ctx["seat"], card)


def _noble(state: GameState, ref: str) -> bool:
    return "noble" in {c.lower() for c in crests(state, ref)}


for _cost in (Cost("influence", 1), Cost("kneel", 1, _noble, "Noble character")):
    register(
        "kl_30",
        Ability(
            "response",
            _balon,
            trigger="card_discarded_from_deck",
            costs=(_cost,),
            condition=_balon_condition,
        ),
    )

# --- kl_32 Street Waif --------------------------------------------------------------------
# "Any Phase: Kneel Street Waif to choose an opponent. If you have more than 1 card in your
# discard pile, that opponent must choose a card in your discard pile. Return the card to
# your hand."  With 0 or 1 card in the discard pile nothing returns.


def _street_waif(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kl32_opponent")


@handler("kl32_opponent")
def _waif_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    pile = state.players[seat].discard
    if len(pile) > 1:
        opponent = int(ctx["choice"])
        data = {"seat": seat}
        ask_select(state, opponent, "return_to_hand", pile, "kl32_return", low=1, high=1, ctx=data)


@handler("kl32_return")
def _waif_return(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        pile_to_hand(state, ctx["seat"], ref, "discard")


register("kl_32", Ability("action", _street_waif, costs=(KNEEL_SELF,)))

# --- kl_35 Flea Bottom Scavenger ----------------------------------------------------------
# "Response: After you play Flea Bottom Scavenger from your hand, draw 3 cards if you have
# no power on your House card."  Marshalled (or played as if from the hand), not out of
# Shadows; offered only while the House card has no power.


def _scavenger_condition(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        played_from_hand(state, ctx)
        and ctx["event"].get("seat") == seat
        and state.players[seat].power == 0
    )


def _scavenger(state: GameState, ctx: Ctx) -> None:
    if state.players[ctx["seat"]].power == 0:
        moves.effect_draw(state, ctx["seat"], 3)


register(
    "kl_35",
    Ability("response", _scavenger, trigger="played", condition=_scavenger_condition),
)

# --- kl_37 The Hound ----------------------------------------------------------------------
# "Response: After you play The Hound from your hand, kneel all Knight characters in play."
# Every player's Knights (the Hound's controller's too).


def _hound_condition(state: GameState, ctx: Ctx) -> bool:
    return played_from_hand(state, ctx) and ctx["event"].get("seat") == ctx["seat"]


def _hound(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state):
        if has_trait(state, ref, "Knight"):
            kneel_card(state, ref)


register("kl_37", Ability("response", _hound, trigger="played", condition=_hound_condition))

# --- kl_36 Lost Oasis ---------------------------------------------------------------------
# "Challenges: Kneel Lost Oasis to choose a House Martell character. Until the end of the
# phase, that character gains Stealth and 'after this character bypasses a character by
# using Stealth, kneel that character.'"  Any player's House Martell character; the gained
# text is forced (no "Response:"): the ``kneels_stealthed`` flag read by the Stealth step.


def _martell(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if of_house(state, r, "Martell")]


def _oasis(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play:
        add_lasting(state, "keywords", target, "phase", source, add=["stealth"])
        add_lasting(state, "kneels_stealthed", target, "phase", source, value=True)


register(
    "kl_36",
    Ability("action", _oasis, phases=("challenges",), costs=(KNEEL_SELF,), targets=_martell),
)

# --- kl_31 Balon's Rebellion --------------------------------------------------------------
# "Any Phase: Kneel a House Greyjoy Lord character to choose and kneel X locations. X is the
# STR of the knelt character."  X is its STR once knelt; X locations (all of them when fewer
# stand), anyone's; playable only while a location stands.


def _greyjoy_lord(state: GameState, ref: str) -> bool:
    return of_house(state, ref, "Greyjoy") and has_trait(state, ref, "Lord")


def _standing_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location")
        if not state.in_play[r].knelt and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _rebellion(state: GameState, ctx: Ctx) -> None:
    knelt = [r for r in ctx.get("knelt", ()) if r in state.in_play]
    amount = strength(state, knelt[0]) if knelt else 0
    candidates = _standing_locations(state, ctx)
    count = min(amount, len(candidates))
    if count:
        data = {"seat": ctx["seat"]}
        ask_select(
            state, ctx["seat"], "kneel", candidates, "kl24_kneel", low=count, high=count, ctx=data
        )


register(
    "kl_31",
    Ability(
        "action",
        _rebellion,
        zones=("hand",),
        costs=(Cost("kneel", 1, _greyjoy_lord, "House Greyjoy Lord character"),),
        condition=lambda state, ctx: bool(_standing_locations(state, ctx)),
    ),
)

# --- kl_40 City of Sin --------------------------------------------------------------------
# "When revealed, choose and kneel up to X characters. X is the number of City plots in your
# used pile."  Any player's standing characters; City of Sin itself is revealed, not used.


def _city_of_sin(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    used = state.players[seat].used_plots
    amount = sum(1 for p in used if has_trait(state, p, "City"))
    candidates = [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt and choosable(state, r, source, seat)
    ]
    high = min(amount, len(candidates))
    if high:
        ask_select(state, seat, "kneel", candidates, "kl24_kneel", high=high, ctx={"seat": seat})


register("kl_40", when_revealed=_city_of_sin)

# --- kl_28 Moon Boy -----------------------------------------------------------------------
# "Plot: Discard Moon Boy from play to choose an opponent with at least 1 plot card in his or
# her used plot pile. The next time that opponent must choose a plot this phase, the
# selection must come from his or her used plot pile. (Limit once per game.)"  Played in the
# window his passive opens at the start of the plot phase, before plots are chosen
# (``actions_before_plots``); offered only while a plot choice is still to come this phase.
# The choice is a ``plot_from_used`` effect read by rules.plot_choices and used up by it.
# Once per game per player.


def _moon_boy_key(seat: int) -> str:
    return f"kl_28@{seat}"


def _with_used_plots(state: GameState, seat: int) -> list[str]:
    return [str(s) for s in state.opponents(seat) if state.players[s].used_plots]


def _moon_boy_condition(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        not used_this_game(state, _moon_boy_key(seat))
        and bool(_with_used_plots(state, seat))
        and any(step.get("name") == "choose_plots" for step in state.queue)
    )


def _moon_boy(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    use_once_per_game(state, _moon_boy_key(seat))
    options = _with_used_plots(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    if len(options) == 1:
        _moon_boy_chosen(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_opponent", options, "kl28_opponent", ctx=data)


@handler("kl28_opponent")
def _moon_boy_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    add_lasting(state, "plot_from_used", int(ctx["choice"]), "phase", ctx["source"], value=True)


def _before_plots(state: GameState, source: str, subject: Any, base: bool) -> bool:
    seat = controller(state, source)
    return base or (
        not used_this_game(state, _moon_boy_key(seat)) and bool(_with_used_plots(state, seat))
    )


register(
    "kl_28",
    Ability(
        "action",
        _moon_boy,
        phases=("plot",),
        costs=(DISCARD_SELF,),
        condition=_moon_boy_condition,
    ),
    passives={"actions_before_plots": _before_plots},
)
