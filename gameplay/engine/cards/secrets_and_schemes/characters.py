"""Secrets and Schemes characters: Knight of Flowers (w_1), Ser Robar Royce (w_2), Rainbow
Guard Squire (w_3), The Drumm (w_4), Ser Kevan Lannister (w_8), Ghost Hill Elite (w_10),
Prince's Attendant (w_11), Ser Jason Mallister (w_13), Dosh Khaleen (w_15) and Greenseer's
Raven (w_17). Chella, Daughter of Cheyk (w_7) has only keywords (no script)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KILL_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    allowed,
    controller,
    facts,
    handler,
    is_blank,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.secrets_and_schemes.common import (
    declared,
    defenders_cards,
    win_by_4_discard,
)
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    cancel_when_revealed,
    characters_of,
    has_trait,
    kneel_card,
    this_round,
    when_revealed_pending,
    you_revealed,
)
from gameplay.engine.leaving import ATTACHMENT_FELL, kill, save_target, saved
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, put_into_play, shadow_problem

RAINBOW_GUARD = "Rainbow Guard"


# --- w_1 Knight of Flowers -----------------------------------------------------------------
# "House Baratheon only. Renown. Response: Discard a card at random from your hand and bring
# Knight of Flowers out of Shadows to save a unique character from being killed or discarded
# from play." A save used from its owner's Shadows (paying its cost to come out: printed
# cost 0 here), against any player's unique character; offered while the hand holds a card
# and he may come out now. The random discard is made first; then he comes out and saves.


def _unique_leaving(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and is_character(state, r)
        and facts(state, r).unique
        and not saved(state, r)
    ]


def _knight_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        bool(state.players[seat].hand)
        and allowed(state, "can_discard_from_hand", seat)
        and shadow_problem(state, seat, ctx["source"], None) is None
    )


def _knight(state: GameState, ctx: Ctx) -> None:
    data = {k: ctx[k] for k in ("seat", "source", "target")}
    moves.discard_at_random(state, ctx["seat"], 1, then="sns_knight_of_flowers", ctx=data)


@handler("sns_knight_of_flowers")
def _knight_saves(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, source = ctx["seat"], ctx["source"]
    if source not in state.players[seat].shadows:
        return
    come_out_of_shadows(state, seat, source, None)
    save_target(state, ctx)


register(
    "w_1",
    *(
        Ability(
            "save",
            _knight,
            trigger=t,
            zones=("shadows",),
            targets=_unique_leaving,
            condition=_knight_may,
        )
        for t in ("would_be_killed", "would_be_discarded")
    ),
)


# --- w_2 Ser Robar Royce -------------------------------------------------------------------
# "While Ser Robar Royce is participating in a challenge, each Rainbow Guard character you
# control gains deadly." Himself included.


def _participating(state: GameState, ref: str) -> bool:
    challenge = state.challenge
    return challenge is not None and ref in (*challenge["attackers"], *challenge["defenders"])


def _robar(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and state.in_play[subject].controller == controller(state, source)
        and is_character(state, subject)
        and has_trait(state, subject, RAINBOW_GUARD)
        and _participating(state, source)
    ):
        return set(base) | {"deadly"}
    return base


register("w_2", passives={"keywords": _robar})


# --- w_3 Rainbow Guard Squire --------------------------------------------------------------
# "Challenges: If you control 1 or more Rainbow Guard characters, kneel all copies of Rainbow
# Guard Squire you control to draw 1 card." The cost is every copy (by name) you control,
# each of them standing: it is not offered while one of them kneels.


def _copies(state: GameState, ctx: Ctx) -> list[str]:
    name = facts(state, ctx["source"]).name
    return [r for r in state.players[ctx["seat"]].in_play if facts(state, r).name == name]


def _squire_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    guards = [r for r in characters_of(state, seat) if has_trait(state, r, RAINBOW_GUARD)]
    return bool(guards) and not any(state.in_play[r].knelt for r in _copies(state, ctx))


def _squire(state: GameState, ctx: Ctx) -> None:
    for ref in _copies(state, ctx):
        kneel_card(state, ref)
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "w_3",
    Ability("action", _squire, phases=("challenges",), costs=(KNEEL_SELF,), condition=_squire_may),
)


# --- w_4 The Drumm -------------------------------------------------------------------------
# "Deadly. Limited Response: After you declare The Drumm as an attacker, choose a location
# controlled by the defending player. If you win the challenge by 4 or more total STR,
# discard that location." The discard (with saves) happens as the challenge is won (the
# delayed effect ``sns_win_by_4``, read from the challenge's STR then).


def _drumm_may(state: GameState, ctx: Ctx) -> bool:
    return declared(state, ctx, ctx["source"])


register(
    "w_4",
    Ability(
        "response",
        win_by_4_discard,
        trigger="attackers_declared",
        condition=_drumm_may,
        targets=defenders_cards("location"),
        limited_response=True,
    ),
)


# --- w_8 Ser Kevan Lannister ---------------------------------------------------------------
# "Limited Response: After Ser Kevan Lannister enters or leaves play, choose a [Lannister] or
# neutral location in your discard pile and put it into play." Answered from play as he
# enters it and from where he went as he leaves it (vocabulary.LEFT_PLAY); a unique location
# already in play (or dead) cannot be chosen.


def _kevan_locations(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "location"
        and ({"Lannister", "Neutral"} & set(facts(state, r).houses))
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _kevan(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.players[ctx["seat"]].discard:
        put_into_play(state, ctx["seat"], ref)


def _kevan_entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _kevan_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "w_8",
    Ability(
        "response",
        _kevan,
        trigger="entered_play",
        condition=_kevan_entered,
        targets=_kevan_locations,
        limited_response=True,
    ),
    *(
        Ability(
            "response",
            _kevan,
            trigger=name,
            condition=_kevan_left,
            zones=(zone,),
            targets=_kevan_locations,
            limited_response=True,
        )
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)


# --- w_10 Ghost Hill Elite -----------------------------------------------------------------
# "House Martell only. Response: After you reveal a plot card, each opponent must choose and
# discard 1 card from his or her hand, if able. Then, Ghost Hill Elite claims 1 power if any
# locations or attachments were discarded by this effect. (Limit once per round.)" Each
# opponent in turn order chooses (an empty hand discards nothing); the power comes from the
# power pool onto Ghost Hill Elite.


def _elite(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "left": state.opponents(ctx["seat"])}
    _elite_next(state, {**data, "found": False}, [])


@handler("sns_ghost_hill_elite")
def _elite_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = ctx["found"]
    if selected:
        discarder = ctx["current"]
        found = found or any(facts(state, r).type in ("location", "attachment") for r in selected)
        moves.discard_from_hand(state, discarder, list(selected))
    left = [s for s in ctx["left"] if state.players[s].hand]
    if left:
        current, rest = left[0], left[1:]
        data = {**ctx, "left": rest, "current": current, "found": found}
        hand = list(state.players[current].hand)
        ask_select(state, current, "discard", hand, "sns_ghost_hill_elite", low=1, high=1, ctx=data)
        return
    if found and ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "ghost_hill_elite")


register(
    "w_10",
    Ability(
        "response", _elite, trigger="plot_revealed", condition=you_revealed, limit=(1, "round")
    ),
)


# --- w_11 Prince's Attendant ---------------------------------------------------------------
# "Any Phase: Kill Prince's Attendant (cannot be saved) to reveal the top 2 cards of your
# deck. Discard 1 and add the other to your hand." With 1 card left in the deck it is
# revealed and discarded; with none, nothing happens.


def _attendant(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    top = list(state.players[seat].deck[:2])
    if not top:
        return
    moves.reveal(state, seat, top, "princes_attendant")
    data = {"seat": seat, "top": top}
    ask_select(state, seat, "discard", top, "sns_attendant", low=1, high=1, ctx=data)


@handler("sns_attendant")
def _attendant_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.deck and moves.to_discard_pile(state, ref, player.deck):
            state.emit("discarded", seat=player.seat, card=ref, code=state.code(ref), zone="deck")
    for ref in ctx["top"]:
        if ref in player.deck and ref not in selected:
            player.deck.remove(ref)
            player.hand.append(ref)
            state.emit("searched", seat=player.seat, card=ref, code=state.code(ref))


register("w_11", Ability("action", _attendant, costs=(KILL_SELF,)))


# --- w_13 Ser Jason Mallister --------------------------------------------------------------
# "Deadly. Dominance: Choose and kill a character with printed cost 3 or lower controlled by
# an opponent who has not declared a [Military] challenge against you this round. (Limit
# once per phase.)" Challenges initiated this round, the epic phases' included, count.

JASON_COST = 3


def _attacked_you(state: GameState, opponent: int, seat: int) -> bool:
    return any(
        e.get("seat") == opponent and e.get("defender") == seat and e.get("type") == "military"
        for e in this_round(state, "challenge")
    )


def _jason_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for opponent in state.opponents(seat)
        if not _attacked_you(state, opponent, seat)
        for r in characters_of(state, opponent)
        if (facts(state, r).cost or 0) <= JASON_COST and facts(state, r).cost is not None
    ]


def _jason(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        kill(state, [ctx["target"]])


register(
    "w_13",
    Ability("action", _jason, phases=("dominance",), targets=_jason_targets, limit=(1, "phase")),
)


# --- w_15 Dosh Khaleen ---------------------------------------------------------------------
# "Limited Response: After an attachment leaves play, stand 1 influence providing card to
# draw 1 card." Any player's attachment, leaving play by itself (killed, discarded, returned
# ...) or falling off a card leaving play (the trigger ``attachment_fell``). The cost stands a
# knelt card you control with a printed influence value (not blank), of any type.


def _influence_card(state: GameState, ref: str) -> bool:
    return (facts(state, ref).influence or 0) > 0 and not is_blank(state, ref)


def _attachment_left(state: GameState, ctx: Ctx) -> bool:
    return any(facts(state, r).type == "attachment" for r in ctx["event"].get("cards", ()))


def _dosh(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


STAND_INFLUENCE = Cost("stand", 1, _influence_card, "influence providing card", any_type=True)
register(
    "w_15",
    *(
        Ability(
            "response",
            _dosh,
            trigger=name,
            condition=_attachment_left,
            costs=(STAND_INFLUENCE,),
            limited_response=True,
        )
        for name in (*LEFT_PLAY, ATTACHMENT_FELL)
    ),
)


# --- w_17 Greenseer's Raven ----------------------------------------------------------------
# "No attachments. Stealth. Response: Discard Greenseer's Raven from your hand to cancel the
# 'when revealed' effects of a just revealed plot card with one or more Traits." Any
# player's plot (the window ``when_revealed_pending``, vocabulary.plots); the Raven goes to
# the discard pile as its effect begins.


def _raven_may(state: GameState, ctx: Ctx) -> bool:
    plot = ctx["event"].get("card")
    return plot is not None and bool(traits(state, plot)) and when_revealed_pending(state, ctx)


def _raven(state: GameState, ctx: Ctx) -> None:
    moves.discard_from_hand(state, ctx["seat"], [ctx["source"]])
    cancel_when_revealed(state, ctx)


register(
    "w_17",
    Ability(
        "response",
        _raven,
        trigger="when_revealed_pending",
        zones=("hand",),
        condition=_raven_may,
    ),
)
