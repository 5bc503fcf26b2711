"""The Captain's Command: the characters (asots_81 Arbor Guardsman, asots_84 Lyseni Pirate,
asots_85 Khorane Sathmantes, asots_86 Wylla Manderly, asots_89 Planky Town Orphan, asots_90
Salty Dornishman, asots_91 Ser Cletus Yronwood, asots_92 Ser Rolly Duckfield)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import from_pile, moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    NAVAL,
    has_trait,
    naval_icons,
    non_character_agenda,
)
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- asots_81 Arbor Guardsman --------------------------------------------------------------
# "Response: After you kneel a standing character using a card effect, add 2 gold to your
# gold pool from the treasury (Limit once per round)."  The engine's ``knelt_by_effect``
# trigger (a standing card knelt while a card effect of ``seat`` resolves; not a cost, not a
# declaration): any player's character knelt by an effect of the Guardsman's controller.


def _you_knelt_a_character(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("seat") == ctx["seat"] and any(
        r in state.cards and is_character(state, r) for r in event.get("cards", ())
    )


def _guardsman_gold(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 2, ctx["source"])


register(
    "asots_81",
    Ability(
        "response",
        _guardsman_gold,
        trigger="knelt_by_effect",
        condition=_you_knelt_a_character,
        limit=(1, "round"),
    ),
)

# --- asots_84 Lyseni Pirate ----------------------------------------------------------------
# "Response: After you win a challenge in which Lyseni Pirate was declared as a [Naval]
# attacker or defender, it claims 1 power."  Ruling (as vocabulary.declared_naval_attacker):
# the Pirate is an attacker or defender of the won challenge, still in play, with a [Naval]
# enhancement on the icon of the challenge's type as the challenge is won.


def _pirate_won(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    if event.get("winner") != ctx["seat"] or source not in state.in_play:
        return False
    sides = list(event.get("attackers") or ()) + list(event.get("defenders") or ())
    return source in sides and event.get("type") in naval_icons(state, source)


def _pirate_power(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "asots_lyseni_pirate")


register(
    "asots_84",
    Ability("response", _pirate_power, trigger="challenge_won", condition=_pirate_won),
)

# --- asots_85 Khorane Sathmantes -----------------------------------------------------------
# "Smuggler characters gain stealth."  Ruling: every Smuggler character in play, whoever
# controls it (the text names no controller), Khorane himself included.


def _smugglers_stealth(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    if not is_character(state, subject) or not has_trait(state, subject, "Smuggler"):
        return base
    return set(base) | {"stealth"}


register("asots_85", passives={"keywords": _smugglers_stealth})

# --- asots_86 Wylla Manderly ---------------------------------------------------------------
# "Stalwart. While Wylla Manderly is defending and there is at least 1 attacking Ally or
# Traitor character, she gets +3 STR."  Stalwart is played by the engine.


def _wylla_strength(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject != source or challenge is None or source not in challenge["defenders"]:
        return base
    attackers = [r for r in challenge["attackers"] if r in state.in_play]
    if any(has_trait(state, r, "Ally") or has_trait(state, r, "Traitor") for r in attackers):
        return base + 3
    return base


register("asots_86", passives={"strength": _wylla_strength})

# --- asots_90 Salty Dornishman -------------------------------------------------------------
# "Challenges: Kneel 1 influence to choose 1 icon. Until the end of the phase, Salty
# Dornishman gains that icon with a [Naval] enhancement on it."  The icon is chosen as the
# ability resolves, among the three challenge icons (one he has already gets the enhancement).


def _dornishman(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "challenge_icon", list(TYPES), "asots_salty_icon", ctx=data)


@handler("asots_salty_icon")
def _dornishman_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, icon = ctx["source"], ctx["choice"]
    if source not in state.in_play:
        return
    add_lasting(state, "icons", source, "phase", source, add=[icon])
    add_lasting(state, NAVAL, source, "phase", source, add=[icon])


register(
    "asots_90",
    Ability("action", _dornishman, phases=("challenges",), costs=(Cost("influence", 1),)),
)

# --- asots_91 Ser Cletus Yronwood ----------------------------------------------------------
# "Melee. Renown. If you are running a non-character agenda, treat Ser Cletus Yronwood's
# printed text box (apart from this ability) as if it were blank. Response: After Ser Cletus
# Yronwood is killed, draw 2 cards."  While his controller (his owner, once killed) runs a
# non-character agenda, his printed Melee and Renown are taken away and his response cannot
# be used.


def _cletus_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject == source and non_character_agenda(state, controller(state, source)):
        return set(base) - {"melee", "renown"}
    return base


def _cletus_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ()) and not non_character_agenda(
        state, ctx["seat"]
    )


def _cletus_draw(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


register(
    "asots_91",
    Ability("response", _cletus_draw, trigger="killed", condition=_cletus_killed, zones=("dead",)),
    passives={"keywords": _cletus_keywords},
)

# --- asots_92 Ser Rolly Duckfield ----------------------------------------------------------
# "While you control a Lord or Lady character, Ser Rolly Duckfield cannot be discarded from
# play."  Another Lord or Lady (he is neither).


def _rolly_discard(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    seat = controller(state, source)
    if any(
        has_trait(state, r, "Lord") or has_trait(state, r, "Lady") for r in characters(state, seat)
    ):
        return False
    return base


register("asots_92", passives={"can_be_discarded": _rolly_discard})

# --- asots_89 Planky Town Orphan -----------------------------------------------------------
# "Response: After you play Planky Town Orphan from your hand, reveal the top card of your
# deck. Play that card as your next action this phase. Otherwise, return it to the top of
# your deck."  The top card is revealed and stays there; a grant (from_pile, zone "deck",
# ``next_action``) lets its player play it from the top of the deck as if from the hand
# (costs and rules as from the hand) as their next action this phase. Any other action, or
# the end of the phase, ends the grant: the card simply stays on top of the deck. "Played
# from your hand": marshalled from the hand, not played from a pile or the deck by a grant
# (the ``played_from_pile`` event naming it just before it was marshalled).


def _orphan_from_hand(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return False
    if not state.players[ctx["seat"]].deck:
        return False
    for entry in reversed(state.log):
        if entry.get("card") != source:
            continue
        if entry["event"] == "played_from_pile":
            return False
        if entry["event"] == "marshalled":
            continue
        return True
    return True


def _orphan(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    deck = state.players[seat].deck
    if not deck:
        return
    top = deck[0]
    moves.reveal(state, seat, [top], "planky_town_orphan")
    from_pile.add_grant(state, seat, top, source, "phase", next_action=True, zone=from_pile.DECK)


register(
    "asots_89",
    Ability("response", _orphan, trigger="played", condition=_orphan_from_hand),
)
