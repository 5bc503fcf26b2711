"""Wolves of the North: the characters (dotn_1, dotn_3, dotn_5, dotn_7, dotn_9, dotn_11,
dotn_13, dotn_14, dotn_16, dotn_17). The attachments, locations, events and the plot are in
cards.py; the agenda (dotn_19) in the agendas package."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    crests,
    facts,
    handler,
    icons,
    is_character,
    register,
    strength,
)
from gameplay.engine.cards.vocabulary import (
    cheaper_per_north_agenda,
    discard_top,
    has_trait,
    participants,
    won,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState, shuffle_zone

# --- dotn_1 Wolves of the North ---------------------------------------------------------------
# "Deadly. No attachments. Reduce the cost to play Wolves of the North by 1 for each The North
# agenda you are running." Its own cost in hand (``own_cost``), by the vocabulary's count of
# the North agendas its player runs (one agenda card each: 0 or 1, plus At the Wall's +1).

register("dotn_1", passives={"own_cost": cheaper_per_north_agenda(1)})

# --- dotn_3 Janos Slynt -----------------------------------------------------------------------
# "Any Phase: Pay 1 gold to choose 1 Night's Watch character. Until the end of the phase, that
# character gains stealth." Any player's Night's Watch character (current traits); the
# keyword lasts until the end of the phase (it matters when attackers are declared).


def _nights_watch(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if has_trait(state, r, "Night's Watch")]


def _janos(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["stealth"])


register("dotn_3", Ability("action", _janos, costs=(Cost("gold", 1),), targets=_nights_watch))

# --- dotn_5 Loyal Guard -----------------------------------------------------------------------
# "House Baratheon only. Loyal Guard can be played from your hand as a duplicate on a Noble
# character." A ``marshal:duplicate`` onto any character with the Noble crest its player
# controls and owns (the engine's ``own_duplicate`` text hook: unique or not, whatever its
# name); as a duplicate it saves that character like any duplicate. It may still be
# marshalled as a character.


def _on_noble(state: GameState, ref: str, target: str, base: bool) -> bool:
    return base or (is_character(state, target) and "noble" in crests(state, target))


register("dotn_5", passives={"own_duplicate": _on_noble})

# --- dotn_7 Drowned Fanatic -------------------------------------------------------------------
# "Response: After you win initiative, discard the top 2 cards of each opponent's deck." The
# ``initiative_won`` trigger (after the winner is settled, before the first player is chosen).


def _you_won_initiative(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _fanatic(state: GameState, ctx: Ctx) -> None:
    for seat in state.opponents(ctx["seat"]):
        discard_top(state, seat, 2, "drowned_fanatic")


register(
    "dotn_7",
    Ability("response", _fanatic, trigger="initiative_won", condition=_you_won_initiative),
)

# --- dotn_9 Khal Drogo ------------------------------------------------------------------------
# "Renown. Response: After you win a Power challenge in which Khal Drogo is participating,
# choose and kill 1 character with lower STR than Khal Drogo." He must still be participating
# as the challenge is won; any player's character (his own controller's too) whose STR is
# lower than his as the response is used. Saves apply.


def _drogo_targets(state: GameState, ctx: Ctx) -> list[str]:
    drogo = ctx["source"]
    if drogo not in state.in_play:
        return []
    mine = strength(state, drogo)
    return [r for r in characters(state) if r != drogo and strength(state, r) < mine]


def _drogo_kill(state: GameState, ctx: Ctx) -> None:
    moves.kill_target(state, ctx)


_won_power = won("power")


def _drogo_won(state: GameState, ctx: Ctx) -> bool:
    participating = state.challenge is not None and ctx["source"] in (
        state.challenge["attackers"] + state.challenge["defenders"]
    )
    return participating and _won_power(state, ctx)


register(
    "dotn_9",
    Ability(
        "response",
        _drogo_kill,
        trigger="challenge_won",
        condition=_drogo_won,
        targets=_drogo_targets,
    ),
)

# --- dotn_11 Palace Spy -----------------------------------------------------------------------
# "Response: After you play Palace Spy from your hand, search your deck for 1
# influence-providing location, reveal that card, and add it to your hand. Then, shuffle your
# deck." Marshalling it is playing it from the hand (also from a pile "as if from your hand");
# an influence-providing location: a location with a printed influence value above 0.


def _spy_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


def _influence_location(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "location" and (card.influence or 0) > 0


def _palace_spy(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"source": ctx["source"]}
    moves.search_deck(
        state, seat, lambda r: _influence_location(state, r), "events_found", ctx=data
    )


register(
    "dotn_11",
    Ability("response", _palace_spy, trigger="played", condition=_spy_played, search=True),
)

# --- dotn_13 Ranger of the Watch --------------------------------------------------------------
# "No attachments except Weapon. During Military challenges, Ranger of the Watch gains
# stealth." Stealth while a Military challenge is being initiated or resolved (the keyword is
# read as attackers are declared).


def _military_now(state: GameState) -> bool:
    return state.challenge is not None and state.challenge.get("type") == "military"


def _ranger_stealth(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and _military_now(state):
        return base | {"stealth"}
    return base


register("dotn_13", passives={"keywords": _ranger_stealth})

# --- dotn_14 Septon Cellador ------------------------------------------------------------------
# "No attachments. Any Phase: Kneel Septon Cellador to shuffle any player's deck." The player
# is chosen as the ability resolves (any player with cards in their deck, himself included);
# the shuffled cards get fresh ids.


def _cellador_decks(state: GameState) -> list[str]:
    return [str(p.seat) for p in state.players if p.deck]


def _cellador(state: GameState, ctx: Ctx) -> None:
    options = _cellador_decks(state)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if options:
        ask_choose(state, ctx["seat"], "choose_player", options, "dotn_cellador", ctx=data)


@handler("dotn_cellador")
def _cellador_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[int(ctx["choice"])]
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


register(
    "dotn_14",
    Ability(
        "action",
        _cellador,
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: bool(_cellador_decks(state)),
    ),
)

# --- dotn_16 Skinchanger ----------------------------------------------------------------------
# "Challenges: Skinchanger gains an icon of your choice until the end of the phase. (Limit once
# per phase.)" The icon is chosen as the effect resolves, among the icons it lacks (usable
# only while it lacks one).

ICONS = ("military", "intrigue", "power")


def _lacking(state: GameState, ref: str) -> list[str]:
    return [i for i in ICONS if i not in icons(state, ref)]


def _skinchanger(state: GameState, ctx: Ctx) -> None:
    options = _lacking(state, ctx["source"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "icon", options, "dotn_skinchanger", ctx=data)


@handler("dotn_skinchanger")
def _skinchanger_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if source in state.in_play:
        add_lasting(state, "icons", source, "phase", source, add=[ctx["choice"]])


register(
    "dotn_16",
    Ability(
        "action",
        _skinchanger,
        phases=("challenges",),
        limit=(1, "phase"),
        condition=lambda state, ctx: bool(_lacking(state, ctx["source"])),
    ),
)

# --- dotn_17 Craster --------------------------------------------------------------------------
# "If you lose a challenge in which Craster participated, the winning opponent draws 2 cards."
# A forced effect of ``challenge_won``: Craster among the challenge's participants as it is
# won, his controller the loser; the winner draws by a card effect (within the draw cap).


def _craster(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    if source not in state.in_play or source not in participants(event):
        return
    loser, winner = event.get("loser"), event.get("winner")
    if loser == controller(state, source) and winner is not None and winner != loser:
        moves.effect_draw(state, winner, 2)


register("dotn_17", forced={"challenge_won": _craster})
