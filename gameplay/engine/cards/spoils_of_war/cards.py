"""Spoils of War locations, attachments and events: Bitterbridge (cad_4), Right of Conquest
(cad_5), The Reaver's Song (cad_7), Traitor (cad_9), You Murdered Her Children (cad_12)
and Show of Force (cad_14). The printed Prized X keyword: ``vocabulary.prized_card``."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    BLANKING_WHEN,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    controller,
    effect,
    facts,
    handler,
    keywords,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    has_trait,
    in_play_of,
    lost,
    on_bearer,
    participants,
    prized_card,
    response,
    won,
)
from gameplay.engine.challenges import initiate_with
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone

# --- cad_4 Bitterbridge --------------------------------------------------------------------
# "Immune to character abilities. Any Phase: Kneel Bitterbridge to choose a character. Until
# the end of the phase, that character cannot trigger its abilities." (Any player's.)


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state)


def _bitterbridge(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        add_lasting(state, "can_trigger", target, "phase", ctx["source"], value=False)


register(
    "cad_4",
    Ability("action", _bitterbridge, costs=(KNEEL_SELF,), targets=_any_character),
)


# --- cad_5 Right of Conquest ---------------------------------------------------------------
# "House Baratheon only. Prized 1. Response: After you win a challenge in which you control a
# participating Lord or Lady character, the losing player must choose 1 location he or she
# controls. Then, choose and take control of a different non-limited location under that
# player's control." Playable while the loser controls 2 or more locations, one of them
# non-limited.


def _locations(state: GameState, seat: int) -> list[str]:
    return [r for r in in_play_of(state, "location") if controller(state, r) == seat]


def _non_limited(state: GameState, ref: str) -> bool:
    return "limited" not in keywords(state, ref)


def _conquest_may(state: GameState, ctx: Ctx) -> bool:
    if not won()(state, ctx):
        return False
    event, seat = ctx["event"], ctx["seat"]
    lords = [
        r
        for r in participants(event)
        if r in state.in_play
        and controller(state, r) == seat
        and (has_trait(state, r, "Lord") or has_trait(state, r, "Lady"))
    ]
    theirs = _locations(state, event["loser"])
    return bool(lords) and len(theirs) >= 2 and any(_non_limited(state, r) for r in theirs)


def _conquest(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    data = {"seat": ctx["seat"], "source": ctx["source"], "loser": loser}
    theirs = _locations(state, loser)
    ask_select(state, loser, "keep_location", theirs, "cad_conquest_kept", low=1, high=1, ctx=data)


@handler("cad_conquest_kept")
def _conquest_kept(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, loser = ctx["seat"], ctx["loser"]
    found = [
        r
        for r in _locations(state, loser)
        if r not in selected and _non_limited(state, r) and choosable(state, r, ctx["source"], seat)
    ]
    ask_select(state, seat, "take_control", found, "cad_conquest_taken", low=1, high=1, ctx=ctx)


@handler("cad_conquest_taken")
def _conquest_taken(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play and controller(state, ref) == ctx["loser"]:
            moves.take_control(state, ref, ctx["seat"])


prized_card("cad_5")
register("cad_5", response(_conquest, "challenge_won", condition=_conquest_may))


# --- cad_7 The Reaver's Song ---------------------------------------------------------------
# "House Greyjoy only. Prized 1. Response: After you win dominance, discard all locations from
# play. You cannot play locations for the rest of the game." Every player's locations (saves
# allowed); a ``can_play`` effect on "<seat>:location" that no duration ends.


def _dominance_mine(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _reavers_song(state: GameState, ctx: Ctx) -> None:
    found = in_play_of(state, "location")
    if found:
        moves.discard(state, found)
    subject = f"{ctx['seat']}:location"
    state.effects.append(
        {
            "query": "can_play",
            "subject": subject,
            "until": "game",
            "source": ctx["source"],
            "value": False,
        }
    )
    state.emit(
        "lasting_effect",
        query="can_play",
        subject=subject,
        until="game",
        source=ctx["source"],
        value=False,
    )


prized_card("cad_7")
register("cad_7", response(_reavers_song, "dominance_won", condition=_dominance_mine))


# --- cad_9 Traitor -------------------------------------------------------------------------
# "Attached character gains the Traitor trait. While attached character is participating in a
# challenge, treat it as if its printed text box were blank." A conditional blanking
# attachment (abilities.BLANKING_WHEN).


register(
    "cad_9",
    passives={"traits": on_bearer(lambda base: base | {"Traitor"})},
    blanks_attached=True,
)


def _traitor_blanks(state: GameState, ref: str) -> bool:
    host = attached_to(state, ref)
    return host is not None and participating(state, host)


BLANKING_WHEN["cad_9"] = _traitor_blanks


# --- cad_12 You Murdered Her Children ------------------------------------------------------
# "House Martell only. Prized 2. Response: After you lose a challenge as the defender, kneel
# 2 influence to choose and discard an attacking character from play. Then, search the deck
# and hand of that character's controller for any number of copies of that character and
# discard them. Then, shuffle the deck." Copies: cards of the same title. The search is a
# hidden prompt of the player of the event.


def _attackers(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    found = challenge["attackers"] if challenge is not None else ctx["event"].get("attackers", ())
    return [r for r in found if r in state.in_play]


def _murdered(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    if target not in state.in_play:
        return
    other = controller(state, target)
    name = facts(state, target).name
    player = state.players[other]
    copies = [r for r in [*player.deck, *player.hand] if facts(state, r).name == name]
    data = {"seat": seat, "other": other, "source": ctx["source"], "target": target}
    ask_select(state, seat, "discard_copies", copies, "cad_murdered", ctx=data, hidden=True)
    moves.discard(state, [target])  # before the search (inserted ahead of it)


@handler("cad_murdered")
def _murdered_copies(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = ctx["other"]
    if ctx["target"] in state.in_play:  # saved: the "then" does not happen
        return
    player = state.players[other]
    from_hand = [r for r in selected if r in player.hand]
    for ref in selected:
        if ref in player.deck and moves.to_discard_pile(state, ref, player.deck):
            state.emit("discarded", seat=other, card=ref, code=state.code(ref), random=False)
    if from_hand:
        moves.discard_from_hand(state, other, from_hand)
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=other, zone="deck")


prized_card("cad_12")
register(
    "cad_12",
    response(
        _murdered,
        "challenge_won",
        condition=lost("defender"),
        costs=(Cost("influence", 2),),
        targets=_attackers,
    ),
)


# --- cad_14 Show of Force ------------------------------------------------------------------
# "House Stark only. Prized 2. Response: Play after you win a [Military] challenge as the
# defender. Immediately after the resolution of the current challenge, a [Military]
# challenge is initiated against the losing opponent with you as the attacking player and
# your currently defending characters as your only attacking characters." A delayed effect
# at ``challenge_ends`` (after the current challenge's own "after it resolves" effects)
# initiates it with ``challenges.initiate_with``: the defenders you control as the event is
# played, those still in play under your control then; not one of your challenges of the
# phase (FAQ: the event performs the choice of type and the declaration itself).

SHOW_OF_FORCE = "cad_show_of_force"


def _show_of_force(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    challenge = state.challenge
    found = challenge["defenders"] if challenge is not None else ctx["event"]["defenders"]
    mine = [r for r in found if r in state.in_play and controller(state, r) == seat]
    data = {"attackers": mine, "defender": ctx["event"]["loser"]}
    add_delayed(state, "challenge_ends", seat, SHOW_OF_FORCE, ctx["source"], **data)


@effect(SHOW_OF_FORCE)
def _show_of_force_now(state: GameState, data: Ctx) -> None:
    initiate_with(state, data["seat"], "military", data["defender"], data["attackers"])


prized_card("cad_14")
register(
    "cad_14",
    response(_show_of_force, "challenge_won", condition=won("military", role="defender")),
)
