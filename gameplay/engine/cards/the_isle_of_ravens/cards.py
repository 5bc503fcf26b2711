"""The Isle of Ravens (soo_61 to soo_80), registered by card code: the characters, events,
locations, attachments and plot whose text needs no new engine moment; the others are in
others.py. Handler and effect names start with ``soo_tior_``."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    attachments,
    characters,
    controller,
    crests,
    effect,
    facts,
    handler,
    is_character,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    cancel_when_revealed,
    discard_top,
    event,
    has_trait,
    kneel_card,
    of_house,
    pile_to_hand,
    stand_card,
    when_revealed_pending,
    won_with,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState


def _maester_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    """ "Maester character only." """
    return is_character(state, target) and "Maester" in traits(state, target)


def is_chain(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "attachment" and has_trait(state, ref, "Chain")


def _host_standing(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and is_character(state, host) and not state.in_play[host].knelt


# --- soo_63 The Regent's Spy ---------------------------------------------------------------
# "Response: After you win an Intrigue challenge in which The Regent's Spy participated, look
# at the top card of the losing opponent's deck."  Only the Spy's controller sees it (a
# hidden prompt with nothing to choose); the card stays where it is.


_won_with_spy = won_with("self")


def _spy_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return (
        ctx["event"].get("type") == "intrigue"
        and _won_with_spy(state, ctx)
        and loser is not None
        and bool(state.players[loser].deck)
    )


def _spy(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["event"]["loser"]
    deck = state.players[loser].deck
    if not deck:
        return
    state.emit("looked_at_deck", seat=seat, deck=loser, count=1)
    data = {"seat": seat, "source": ctx["source"], "shown": [deck[0]]}
    ask_select(state, seat, "look", [], "soo_tior_spy_looked", ctx=data, hidden=True)


@handler("soo_tior_spy_looked")
def _spy_looked(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    return None


register("soo_63", Ability("response", _spy, trigger="challenge_won", condition=_spy_may))

# --- soo_65 Stormlands Bastard -------------------------------------------------------------
# "Challenges: Kneel Stormlands Bastard to choose a unique Baratheon character. Until the
# end of the challenge, that character gains renown."  Any player's unique Baratheon
# character; "until the end of the challenge": only while a challenge is under way.


def _unique_baratheon(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in characters(state) if facts(state, r).unique and of_house(state, r, "Baratheon")
    ]


def _in_a_challenge(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None


def _gains_renown(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "challenge", ctx["source"], add=["renown"])


register(
    "soo_65",
    Ability(
        "action",
        _gains_renown,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_in_a_challenge,
        targets=_unique_baratheon,
    ),
)

# --- soo_66 Litany of Light ----------------------------------------------------------------
# "Any Phase: Until the end of the phase, each of your Asshai characters gets +1 STR and
# gains the Learned crest."  The Asshai characters you control as it resolves.


def _litany(state: GameState, ctx: Ctx) -> None:
    for ref in characters(state, ctx["seat"]):
        if has_trait(state, ref, "Asshai"):
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=1)
            add_lasting(state, "crests", ref, "phase", ctx["source"], add=["learned"])


register("soo_66", event(_litany))

# --- soo_67 Baelor Blacktyde ---------------------------------------------------------------
# "Stealth. Opponents cannot play copies of event cards that are in their discard pile."
# The permission ``can_play`` of ``<seat>:name:<card name>`` (rules.play_problem): an
# opponent may not play an event while an event of that title is in his discard pile (the
# card itself too, when an effect lets him play it from there).


def _baelor(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not isinstance(subject, str) or ":name:" not in subject:
        return base
    seat_text, name = subject.split(":name:", 1)
    if not seat_text.isdigit() or int(seat_text) not in state.opponents(controller(state, source)):
        return base
    discard = state.players[int(seat_text)].discard
    if any(facts(state, r).type == "event" and facts(state, r).name == name for r in discard):
        return False
    return base


register("soo_67", passives={"can_play": _baelor})

# --- soo_68 Training Vessel ----------------------------------------------------------------
# "Challenges: Kneel Training Vessel to choose an attacking Raider character. Until the end
# of the challenge, that character gets +2 STR. If you win the challenge, discard the top
# card of the losing opponent's deck."  Any attacking Raider (yours as a rule); "if you
# win": a delayed effect at the challenge_won step of the Vessel's controller.


def _attacking_raiders(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r in state.in_play and is_character(state, r) and has_trait(state, r, "Raider")
    ]


def _vessel(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "challenge", ctx["source"], amount=2)
    add_delayed(state, "challenge_won", ctx["seat"], "soo_tior_vessel_won", ctx["source"])


@effect("soo_tior_vessel_won")
def _vessel_won(state: GameState, data: Ctx) -> None:
    loser = state.challenge.get("loser") if state.challenge else None
    if loser is not None:
        discard_top(state, loser, 1, "effect")


register(
    "soo_68",
    Ability(
        "action",
        _vessel,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_attacking_raiders,
    ),
)

# --- soo_69 Linked Advisor -----------------------------------------------------------------
# "Linked Advisor gets +1 STR for each attachment it has."


def _linked(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject == source:
        return base + len(attachments(state, source))
    return base


register("soo_69", passives={"strength": _linked})

# --- soo_72 Informed Acolyte ---------------------------------------------------------------
# "Response: After an opponent draws 1 or more cards outside the draw phase, kneel Informed
# Acolyte to draw that many cards."  The ``cards_drawn`` trigger (count, phase).


def _opponent_drew(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return (
        event_.get("seat") in state.opponents(ctx["seat"])
        and event_.get("phase") != "draw"
        and event_.get("count", 0) >= 1
    )


def _acolyte(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], ctx["event"]["count"])


register(
    "soo_72",
    Ability(
        "response",
        _acolyte,
        trigger="cards_drawn",
        costs=(KNEEL_SELF,),
        condition=_opponent_drew,
    ),
)

# --- soo_74 The Prince's Plans -------------------------------------------------------------
# "House Martell only. Any Phase: Kneel 4 influence to return the top 4 cards of your
# discard pile to your hand. After this effect resolves, remove The Prince's Plans from the
# game."  (Restricted in joust.)  The event itself is in the discard pile as it resolves
# (uses.py): it is not one of the 4 (the top 4 other cards, as many as there are); then it
# goes out of the game.


def _plans(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    player = state.players[seat]
    others = [r for r in player.discard if r != source]
    for ref in reversed(others[-4:]):
        pile_to_hand(state, seat, ref, "discard")
    if source in player.discard:
        player.discard.remove(source)
        player.removed.append(source)
        state.emit("removed_from_discard", seat=seat, card=source, code=state.code(source))


register("soo_74", event(_plans, costs=(Cost("influence", 4),)))

# --- soo_77 Old Intrigues ------------------------------------------------------------------
# "Any Phase: Kneel a Maester character to return 1 Citadel event card from your discard
# pile to your hand. (Limit 1 per phase.)"  The limit is the player's (his copies share
# it); the chosen card is another Citadel event in the discard pile as it is played.


def _maester(state: GameState, ref: str) -> bool:
    return is_character(state, ref) and "Maester" in traits(state, ref)


def _citadel_events(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].discard
        if facts(state, r).type == "event" and "Citadel" in facts(state, r).traits
    ]


def _old_intrigues(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "discard")


register(
    "soo_77",
    event(
        _old_intrigues,
        costs=(Cost("kneel", 1, _maester, "Maester character"),),
        targets=_citadel_events,
        limit=(1, "phase"),
    ),
)

# --- soo_78 Steel Link ---------------------------------------------------------------------
# "Setup. Maester character only. Response: After attached character kneels, choose and
# stand 1 location. (Limit once per phase.)"  The ``knelt`` trigger (any way of kneeling);
# any kneeling location in play.


def _host_knelt(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ())


def _knelt_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in state.in_play if facts(state, r).type == "location" and state.in_play[r].knelt
    ]


def _stand_location(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        stand_card(state, ctx["target"])


register(
    "soo_78",
    Ability(
        "response",
        _stand_location,
        trigger="knelt",
        condition=_host_knelt,
        targets=_knelt_locations,
        limit=(1, "phase"),
    ),
    attach_rule=_maester_only,
)

# --- soo_79 Gold Link ----------------------------------------------------------------------
# "Setup. Maester character only. Any Phase: Kneel attached character to take X gold from
# the treasury and add it to your gold pool. X is the number of Chain attachments on
# attached character (Limit once per phase)."  X counted once the character is knelt.


def _gold_link(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is None:
        return
    kneel_card(state, host)
    chains = [r for r in attachments(state, host) if is_chain(state, r)]
    if chains:
        moves.gain_gold(state, ctx["seat"], len(chains), "ability")


register(
    "soo_79",
    Ability("action", _gold_link, condition=_host_standing, limit=(1, "phase")),
    attach_rule=_maester_only,
)

# --- soo_80 Outwit -------------------------------------------------------------------------
# "Response: Kneel a Learned character to cancel the "when revealed" effects of a plot card
# just revealed."  Used from the revealed plot (zone ``plot``) in the window
# ``when_revealed_pending``; any player's plot, Outwit's own included (it has none).


def _learned(state: GameState, ref: str) -> bool:
    return is_character(state, ref) and "learned" in crests(state, ref)


register(
    "soo_80",
    Ability(
        "response",
        cancel_when_revealed,
        trigger="when_revealed_pending",
        zones=("plot",),
        condition=when_revealed_pending,
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
    ),
)
