"""A Song of Silence: the characters (bwb_61, bwb_63, bwb_67, bwb_68, bwb_69, bwb_73,
bwb_75, bwb_77). Stormlands Smuggler (bwb_65) has keywords only."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    RETURN_SELF,
    Ability,
    Cost,
    Ctx,
    allowed,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, stand_card
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- bwb_61 Steelshanks' Reserves --------------------------------------------------------
# "No attachments. During the challenge phase, the active player gains control of
# Steelshanks' Reserves."  A constant effect: the passive ``control_now`` names the active
# player (the attacker of the challenge under way, else the seat whose challenges turn is
# at hand; after the last turn, whoever has it keeps it) while the phase is the challenges
# phase; checks.check_control_now moves control and, once the phase is over, gives it back
# to the player who controlled it before (it keeps its knelt state and power; the epic
# phase is not the challenges phase).


def active_player(state: GameState) -> int | None:
    """The active player of the challenges phase (None in any other phase)."""
    if state.phase != "challenges":
        return None
    if state.challenge is not None:
        return int(state.challenge["attacker"])
    for step in state.queue:
        if step.get("name") == "window" and step.get("point") == "before_challenge":
            return int(step["turn"])
    return None


def _steelshanks(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source or state.phase != "challenges":
        return base
    seat = active_player(state)
    return controller(state, source) if seat is None else seat


register("bwb_61", passives={"control_now": _steelshanks})

# --- bwb_63 Son of the Mist --------------------------------------------------------------
# "Response: After a player plays the last card from his or her hand, kneel a Clansman
# character to have Son of the Mist claim 1 power."  Any player; "plays" is the engine's
# ``played`` moment (marshalling a card, playing an event: RULINGS "Play"), answered when
# that player's hand is empty once the card is played. The Clansman knelt is one of yours
# (Son of the Mist himself may be it); the power comes from the pool.


def _last_card_played(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["event"].get("seat")
    return seat is not None and not state.players[seat].hand


def _clansman(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Clansman")


def _son_claims(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "son_of_the_mist")


register(
    "bwb_63",
    Ability(
        "response",
        _son_claims,
        trigger="played",
        costs=(Cost("kneel", 1, _clansman, "Clansman character"),),
        condition=_last_card_played,
    ),
)

# --- bwb_67 Euron Crow's Eye -------------------------------------------------------------
# "Renown. While Euron Crow's Eye is attacking, Raider characters gain stealth and your
# opponents cannot play events."  Every Raider character in play (Stealth matters to the
# attackers, whose choices come after attackers are declared, Euron among them); the
# events: the permission ``can_play`` of ``<opponent>:event``.


def _euron_attacking(state: GameState, source: str) -> bool:
    challenge = state.challenge
    return challenge is not None and source in challenge["attackers"]


def _raiders_stealth(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and _euron_attacking(state, source)
        and is_character(state, subject)
        and has_trait(state, subject, "Raider")
    ):
        return set(base) | {"stealth"}
    return base


def _no_events(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not isinstance(subject, str) or not subject.endswith(":event"):
        return base
    seat = subject.partition(":")[0]
    if not seat.isdigit() or not _euron_attacking(state, source):
        return base
    return False if int(seat) in state.opponents(controller(state, source)) else base


register("bwb_67", passives={"keywords": _raiders_stealth, "can_play": _no_events})

# --- bwb_68 Cragorn ----------------------------------------------------------------------
# "Any Phase: Return Cragorn to your hand to take 1 gold from an opponent's gold pool and
# add it to your own."  The return is the cost (``RETURN_SELF``: cannot be saved); usable
# only while an opponent has gold in the pool, the opponent chosen among those (asked
# only with several).


def _opponents_with_gold(state: GameState, seat: int) -> list[int]:
    return [o for o in state.opponents(seat) if state.players[o].gold > 0]


def _cragorn(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(o) for o in _opponents_with_gold(state, seat)]
    data = {"seat": seat, "source": ctx["source"]}
    if len(options) == 1:
        _cragorn_take(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_opponent", options, "asos_cragorn", ctx=data)


@handler("asos_cragorn")
def _cragorn_take(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.give_gold(state, int(ctx["choice"]), ctx["seat"], 1)


register(
    "bwb_68",
    Ability(
        "action",
        _cragorn,
        costs=(RETURN_SELF,),
        condition=lambda state, ctx: bool(_opponents_with_gold(state, ctx["seat"])),
    ),
)

# --- bwb_69 Euron's Mongrel --------------------------------------------------------------
# "Limited Response: After a card is discarded from a player's deck, kneel Euron's Mongrel
# or kneel a Warship location to choose and discard 1 copy of that card from play. (Limit
# 1 limited response per round.)"  Two abilities, one per cost (kneel the Mongrel itself,
# or a Warship location you control), both the player's one Limited Response of the
# round. A copy: any player's card in play with the discarded card's title; the discard
# may be saved.


def _copies_in_play(state: GameState, ctx: Ctx) -> list[str]:
    card = ctx["event"].get("card")
    if card is None or card not in state.cards:
        return []
    name = facts(state, card).name
    return [
        r
        for r in state.in_play
        if facts(state, r).name == name and allowed(state, "can_be_discarded", r)
    ]


def _warship(state: GameState, ref: str) -> bool:
    return facts(state, ref).type == "location" and has_trait(state, ref, "Warship")


def _mongrel(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "bwb_69",
    Ability(
        "response",
        _mongrel,
        trigger="card_discarded_from_deck",
        costs=(KNEEL_SELF,),
        targets=_copies_in_play,
        limited_response=True,
    ),
    Ability(
        "response",
        _mongrel,
        trigger="card_discarded_from_deck",
        costs=(Cost("kneel", 1, _warship, "Warship location", any_type=True),),
        targets=_copies_in_play,
        limited_response=True,
    ),
)

# --- bwb_73 Horseback Hunters ------------------------------------------------------------
# "House Targaryen only. Ambush. After you lose a Military challenge, return Horseback
# Hunters to your hand."  Forced (no "Response:"): any Military challenge its controller
# loses, whether they took part or not; the return may be saved (a duplicate).


def _hunters(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    if event.get("type") != "military" or source not in state.in_play:
        return
    if event.get("loser") == controller(state, source):
        moves.return_to_hand(state, [source])


register("bwb_73", forced={"challenge_won": _hunters})

# --- bwb_75 Silent Assassin --------------------------------------------------------------
# "Deadly. Challenges: Kneel Silent Assassin to stand and remove 1 of your attacking
# characters from the current challenge. Then, Silent Assassin is considered to be
# participating in the challenge as an attacker."  While you are the attacker and Silent
# Assassin does not take part; another of your attacking characters (chosen as it is
# used) stands and leaves the challenge, and the (knelt) Assassin joins the attackers.


def _assassin_targets(state: GameState, ctx: Ctx) -> list[str]:
    challenge, source = state.challenge, ctx["source"]
    if challenge is None or challenge["attacker"] != ctx["seat"]:
        return []
    if source in challenge["attackers"] or source in challenge["defenders"]:
        return []
    return [
        r
        for r in challenge["attackers"]
        if r != source and r in state.in_play and controller(state, r) == ctx["seat"]
    ]


def _assassin(state: GameState, ctx: Ctx) -> None:
    challenge, source, target = state.challenge, ctx["source"], ctx["target"]
    if challenge is None or target not in challenge["attackers"] or target not in state.in_play:
        return
    stand_card(state, target)
    challenge["attackers"].remove(target)
    state.emit("removed_from_challenge", cards=[target], side="attackers", card=source)
    if source in state.in_play and source not in challenge["attackers"]:
        challenge["attackers"].append(source)
        state.emit("joined_challenge", card=source, seat=ctx["seat"], side="attackers")


register(
    "bwb_75",
    Ability(
        "action",
        _assassin,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_assassin_targets,
    ),
)

# --- bwb_77 The Mad Huntsman -------------------------------------------------------------
# "Stealth. If you have no power on your House card, The Mad Huntsman does not kneel to
# attack or defend."  Power on the House card of his controller, as he is declared.


def _no_house_power(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    return False if state.players[controller(state, source)].power == 0 else base


register(
    "bwb_77", passives={"kneel_to_attack": _no_house_power, "kneel_to_defend": _no_house_power}
)
