"""On Dangerous Grounds (atoc_41 to atoc_60): the locations.

"If you control more unique characters than each opponent" (the Tourney Grounds) is
``more_unique``: strictly more than every opponent, counted as the effect resolves."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    facts,
    handler,
    icons,
    register,
)
from gameplay.engine.cards.on_dangerous_grounds.common import (
    ICONS,
    any_character,
    cancel_it,
    controller_of,
    more_unique,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    kneel_card,
    search_top,
    won,
    won_unopposed,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.triggers import trigger
from gameplay.engine.uses import put_into_play

# --- atoc_41 Winterfell Practice Yard ------------------------------------------------------
# "House Stark only. Challenges: Kneel Winterfell Practice Yard to choose 1 character. That
# character gains melee until the end of the phase. If you control more unique characters
# than each opponent, it also gains renown until the end of the phase."  Any character in
# play; the unique count is made as the effect resolves. ("House Stark only" is a
# deck-building restriction, checked by the deck rules.)


def _practice_yard(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    words = ["melee", "renown"] if more_unique(state, ctx["seat"]) else ["melee"]
    add_lasting(state, "keywords", target, "phase", ctx["source"], add=words)


register(
    "atoc_41",
    Ability(
        "action",
        _practice_yard,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=any_character,
    ),
)

# --- atoc_51 Meereen Tourney Grounds -------------------------------------------------------
# "House Targaryen only. Response: After a character is declared as an attacker or
# defender, kneel Meereen Tourney Grounds to give that character -1 STR until the end of
# the phase. (-3 STR instead if you control more unique characters than each opponent.)"
# One response to the declaration of attackers (defenders): it chooses one of the
# characters just declared, on either side; the unique count is made as it resolves.


def _declared(side: str) -> Any:
    def targets(state: GameState, ctx: Ctx) -> list[str]:
        challenge = state.challenge
        if challenge is None:
            return []
        return [r for r in challenge.get(side, []) if r in state.in_play]

    return targets


def _meereen(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        amount = -3 if more_unique(state, ctx["seat"]) else -1
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=amount)


register(
    "atoc_51",
    Ability(
        "response",
        _meereen,
        trigger="attackers_declared",
        costs=(KNEEL_SELF,),
        targets=_declared("attackers"),
    ),
    Ability(
        "response",
        _meereen,
        trigger="defenders_declared",
        costs=(KNEEL_SELF,),
        targets=_declared("defenders"),
    ),
)

# --- atoc_42 Harrenhal ---------------------------------------------------------------------
# "House Stark only. Response: After a character is killed, kneel Harrenhal to search the top
# 3 cards of your deck for 1 card and put it into your hand. Then shuffle the other cards
# back into your deck."  Any player's character; the search sees only the top 3 (a hidden
# prompt: the card is not revealed) and may find nothing; the deck is shuffled after.

HARRENHAL_DEPTH = 3


def _harrenhal(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"]}
    search_top(state, ctx["seat"], HARRENHAL_DEPTH, None, "atoc_harrenhal", ctx=data, high=1)


@handler("atoc_harrenhal")
def _harrenhal_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.deck:
            player.deck.remove(ref)
            player.hand.append(ref)
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=ctx["seat"], zone="deck")


register(
    "atoc_42",
    Ability("response", _harrenhal, trigger="killed", costs=(KNEEL_SELF,), search=True),
)

# --- atoc_44 Lannisport Tourney Grounds ----------------------------------------------------
# "House Lannister only. Response: After you win an Intrigue challenge, kneel Lannisport
# Tourney Grounds to choose and kneel 1 character. Then, if you control more unique
# characters than each opponent, discard all power on that character."  Any standing
# character in play is a choice; the unique count is made after the kneel.


def _lannisport_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if not state.in_play[r].knelt]


def _lannisport(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    kneel_card(state, target)
    power = state.in_play[target].power
    if more_unique(state, ctx["seat"]) and power > 0:
        state.in_play[target].power = 0
        state.emit(
            "power", seat=controller_of(state, target), amount=-power, card=target, reason="atoc_44"
        )


register(
    "atoc_44",
    Ability(
        "response",
        _lannisport,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        targets=_lannisport_targets,
        condition=won("intrigue"),
    ),
)

# --- atoc_49 Nagga's Hill ------------------------------------------------------------------
# "Response: After you win an unopposed challenge, kneel Nagga's Hill to choose a
# non-unique, non-event card in the losing player's discard pile. Put that card into play
# under your control. At the end of the phase, discard that card if it is still in play."
# A character, location or attachment (an attachment only with a character it may go on,
# chosen next); it goes to its owner's discard pile at the end of the phase (a duplicate
# or a save may keep it).

PUTTABLE = ("character", "location", "attachment")


def _nagga_cards(state: GameState, seat: int, loser: int) -> list[str]:
    found = []
    for ref in state.players[loser].discard:
        card = facts(state, ref)
        if card.unique or card.type not in PUTTABLE:
            continue
        if card.type == "attachment" and not attachment_targets(state, card, seat):
            continue
        found.append(ref)
    return found


def _nagga_condition(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return (
        won_unopposed(state, ctx)
        and loser is not None
        and bool(_nagga_cards(state, ctx["seat"], loser))
    )


def _nagga(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["event"].get("loser")
    if loser is None:
        return
    found = _nagga_cards(state, seat, loser)
    data = {"seat": seat, "source": ctx["source"], "loser": loser}
    ask_select(state, seat, "put_into_play", found, "atoc_nagga", low=1, high=1, ctx=data)


@handler("atoc_nagga")
def _nagga_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref not in state.players[ctx["loser"]].discard:
            continue
        card = facts(state, ref)
        if card.type == "attachment":
            hosts = attachment_targets(state, card, seat)
            data = {**ctx, "card": ref}
            ask_select(state, seat, "attach_to", hosts, "atoc_nagga_host", low=1, high=1, ctx=data)
            return
        _nagga_put(state, seat, ref, None, ctx["source"])


@handler("atoc_nagga_host")
def _nagga_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["card"]
    for host in selected:
        if host in state.in_play and ref in state.players[ctx["loser"]].discard:
            _nagga_put(state, ctx["seat"], ref, host, ctx["source"])


def _nagga_put(state: GameState, seat: int, ref: str, host: str | None, source: str) -> None:
    put_into_play(state, seat, ref, host)
    add_delayed(state, "phase_ends", seat, "atoc_discard_at_end", source, until="phase", card=ref)


register(
    "atoc_49",
    Ability(
        "response", _nagga, trigger="challenge_won", costs=(KNEEL_SELF,), condition=_nagga_condition
    ),
)

# --- atoc_55 The Scourge -------------------------------------------------------------------
# "Any Phase: Kneel The Scourge to choose 1 character. That character loses a Military, an
# Intrigue, and a Power icon until the end of the phase. Response: After a character loses
# an icon from The Scourge, choose and discard 1 card from your hand to have that character
# gain that icon until the end of the phase. Any player may trigger this effect."  Each icon
# the character had is a loss of its own (the trigger ``icon_lost``, one window per icon);
# any player may answer it (the zone ``any_play``) by discarding a card from hand, and the
# icon comes back until the end of the phase.

ICON_LOST = "icon_lost"


def _scourge(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    had = [i for i in ICONS if i in icons(state, target)]
    add_lasting(state, "icons", target, "phase", ctx["source"], remove=list(ICONS))
    for icon in reversed(had):
        event_ = {"card": target, "icon": icon, "source": ctx["source"]}
        trigger(state, ICON_LOST, event_, first=ctx["seat"])


def _scourge_lost(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    return event_.get("source") == ctx["source"] and event_.get("card") in state.in_play


def _scourge_back(state: GameState, ctx: Ctx) -> None:
    event_ = ctx["event"]
    if event_["card"] in state.in_play:
        add_lasting(state, "icons", event_["card"], "phase", ctx["source"], add=[event_["icon"]])


register(
    "atoc_55",
    Ability("action", _scourge, costs=(KNEEL_SELF,), targets=any_character),
    Ability(
        "response",
        _scourge_back,
        trigger=ICON_LOST,
        zones=("any_play",),
        costs=(Cost("discard_hand", 1),),
        condition=_scourge_lost,
    ),
)

# --- atoc_54 Sunspear Tourney Grounds ------------------------------------------------------
# "House Martell only. Response: If you have lost a challenge this phase, kneel Sunspear
# Tourney Grounds to cancel a triggered character ability. (A character ability or the
# effects of an event triggered instead if you control more unique characters than each
# opponent.)"  A cancel (the ``ability`` window) of a character's ability, or of an event's
# effects while its controller controls more unique characters than each opponent; a
# challenge lost this phase, as attacker or defender, is read from the log.


def _lost_this_phase(state: GameState, seat: int) -> bool:
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            return False
        if entry["event"] == "challenge_resolved" and seat in (
            entry.get("attacker"),
            entry.get("defender"),
        ):
            winner = entry.get("winner")
            if winner is not None and winner != seat:
                return True
    return False


def _sunspear_may(state: GameState, ctx: Ctx) -> bool:
    seat, source = ctx["seat"], ctx["event"].get("source")
    if source is None or source not in state.cards or not _lost_this_phase(state, seat):
        return False
    kind = facts(state, source).type
    return kind == "character" or (kind == "event" and more_unique(state, seat))


register(
    "atoc_54",
    Ability("cancel", cancel_it, trigger="ability", costs=(KNEEL_SELF,), condition=_sunspear_may),
)
