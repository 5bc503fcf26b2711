"""Mountains of the Moon: the attachments, the location, the events and the plot (bwb_42,
bwb_46, bwb_47, bwb_48, bwb_50, bwb_52, bwb_54, bwb_56, bwb_60). Knights of the Hollow Hill
(bwb_59) is an agenda (cards/agendas)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    LASTING_PASSIVES,
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
    houses,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    attached_passive,
    characters_of,
    event,
    has_trait,
    kneel_card,
    of_house,
    on_bearer,
    wins_this_phase,
)
from gameplay.engine.cards.vocabulary.targets import GREAT_HOUSES
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_from_hand_allowed, put_into_play


def _trait_character(trait: str) -> Any:
    """ "<Trait> character only." (an attach rule)."""

    def rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
        return is_character(state, target) and has_trait(state, target, trait)

    return rule


def _bearer_standing(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and is_character(state, bearer) and not state.in_play[bearer].knelt


# --- bwb_42 Imposter! ----------------------------------------------------------------------
# "Attached character gets +1 STR for every House affiliation other than House Stark among
# the cards you control. Any Phase: Kneel 1 influence to give attached character the House
# affiliation of your choice until the end of the phase."  "Cards you control": the cards
# in play its controller controls (House cards are not in play here, as for Ser Gregor's
# Band), each of the six Houses counted once (neutral is no affiliation). The chosen House
# is added to the character's (the ``houses`` query, read by vocabulary.of_house); a
# neutral character given a House is no longer neutral.

IMPOSTER_HOUSES = tuple(sorted(GREAT_HOUSES))


def _imposter_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    seat = controller(state, source)
    found: set[str] = set()
    for ref in state.players[seat].in_play:
        found |= houses(state, ref)
    return base + len(found & GREAT_HOUSES - {"Stark"})


def _imposter(state: GameState, ctx: Ctx) -> None:
    if attached_to(state, ctx["source"]) is None:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "house", IMPOSTER_HOUSES, "mom_imposter", ctx=data)


@handler("mom_imposter")
def _imposter_house(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    bearer = attached_to(state, ctx["source"]) if ctx["source"] in state.in_play else None
    if bearer is not None:
        add_lasting(state, "houses", bearer, "phase", ctx["source"], add=[ctx["choice"]])


def _imposter_attached(state: GameState, ctx: Ctx) -> bool:
    return attached_to(state, ctx["source"]) is not None


register(
    "bwb_42",
    Ability("action", _imposter, costs=(Cost("influence", 1),), condition=_imposter_attached),
    passives={"strength": attached_passive(_imposter_strength)},
)

# --- bwb_46 Vale Scavenger -----------------------------------------------------------------
# "Clansman character only. Any Phase: Kneel attached character to choose a player. That
# player draws 1 card."  Any player, its controller included (a card-effect draw, within
# the draw cap); the bearer kneels as the ability resolves (as Seafarer's Bow).


def _scavenger(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is None or state.in_play[bearer].knelt:
        return
    kneel_card(state, bearer)
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "mom_scavenger", ctx=data)


@handler("mom_scavenger")
def _scavenger_draw(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.effect_draw(state, int(ctx["choice"]), 1)


register(
    "bwb_46",
    Ability("action", _scavenger, condition=_bearer_standing),
    attach_rule=_trait_character("Clansman"),
)

# --- bwb_47 Hidden Vale Pass ---------------------------------------------------------------
# "Any Phase: Kneel Hidden Vale Pass to put a Clansman character into play from your hand,
# knelt as an attacker during any challenge you have initiated. At the end of the
# challenge, discard that character from play if it is still in play."  Used during a
# challenge its controller initiated, once attackers are declared; the character (chosen as
# it is used, a unique one only as the uniqueness rule allows) joins the attackers knelt.
# At the end of the challenge it is discarded (a duplicate may save it).


def _pass_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or challenge["attacker"] != ctx["seat"]:
        return False
    if not any(e["event"] == "attackers" for e in state.log[challenge["id"] :]):
        return False
    return put_from_hand_allowed(state, ctx["seat"])


def _pass_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].hand
        if facts(state, r).type == "character"
        and "Clansman" in facts(state, r).traits
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _hidden_pass(state: GameState, ctx: Ctx) -> None:
    seat, ref, challenge = ctx["seat"], ctx["target"], state.challenge
    if ref not in state.players[seat].hand or challenge is None:
        return
    put_into_play(state, seat, ref)
    state.in_play[ref].knelt = True
    challenge["attackers"].append(ref)
    state.emit("joined_challenge", card=ref, seat=seat, side="attackers")
    add_delayed(state, "challenge_ends", seat, "mom_pass_discard", ctx["source"], card=ref)


@effect("mom_pass_discard")
def _pass_discard(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        moves.discard(state, [data["card"]])


register(
    "bwb_47",
    Ability(
        "action",
        _hidden_pass,
        costs=(KNEEL_SELF,),
        condition=_pass_may,
        targets=_pass_targets,
    ),
)

# --- bwb_48 Rise of the Mountain Clans -----------------------------------------------------
# "Challenges: Until the end of the phase, knelt Clansman characters you control can be
# declared as attackers during Military challenges."  A lasting ``knelt_can_attack`` text
# (LASTING_PASSIVES) on the event card for the phase: every knelt Clansman character its
# player controls while it lasts (also those that come into play later), with the
# Military icon and every other permission still needed.

CLANS = "mom_mountain_clans"


def _clans_attack(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or not isinstance(subject, (tuple, list)) or len(subject) != 2:
        return base
    ref, ctype = subject
    return (
        ctype == "military"
        and ref in state.in_play
        and controller(state, ref) == state.cards[source].owner
        and is_character(state, ref)
        and has_trait(state, ref, "Clansman")
    )


LASTING_PASSIVES[CLANS] = _clans_attack


def _mountain_clans(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "knelt_can_attack", ctx["source"], "phase", ctx["source"], passive=CLANS)


register("bwb_48", event(_mountain_clans, phases=("challenges",)))

# --- bwb_50 Black Amethysts ----------------------------------------------------------------
# "Asshai character only. Setup. Attached character gains deadly."


def _gains_deadly(words: set[str]) -> set[str]:
    return words | {"deadly"}


register(
    "bwb_50",
    passives={"keywords": on_bearer(_gains_deadly)},
    attach_rule=_trait_character("Asshai"),
)

# --- bwb_52 Driftwood Crown ----------------------------------------------------------------
# "House Greyjoy character only. Any Phase: Kneel Driftwood Crown to give attached character
# one of the following crest and icon pairs until the end of the phase: War and Military;
# Noble and Power; or Holy and Intrigue."  The pair is chosen as the ability resolves.

CROWN_PAIRS = {"war_military": ("war", "military"), "noble_power": ("noble", "power")}
CROWN_PAIRS["holy_intrigue"] = ("holy", "intrigue")


def _greyjoy_character(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and of_house(state, target, "Greyjoy")


def _crown(state: GameState, ctx: Ctx) -> None:
    if attached_to(state, ctx["source"]) is None:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "crest_icon", list(CROWN_PAIRS), "mom_crown", ctx=data)


@handler("mom_crown")
def _crown_pair(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    bearer = attached_to(state, ctx["source"]) if ctx["source"] in state.in_play else None
    if bearer is None:
        return
    crest, icon = CROWN_PAIRS[ctx["choice"]]
    add_lasting(state, "crests", bearer, "phase", ctx["source"], add=[crest])
    add_lasting(state, "icons", bearer, "phase", ctx["source"], add=[icon])


register(
    "bwb_52",
    Ability("action", _crown, costs=(KNEEL_SELF,), condition=_imposter_attached),
    attach_rule=_greyjoy_character,
)

# --- bwb_54 Wedding Feast ------------------------------------------------------------------
# "House Targaryen only. Play only if you have won an Intrigue and a Power challenge as the
# attacker this phase. Challenges: Kneel any number of standing Dothraki characters to have
# them each claim 1 power."  Its player's standing Dothraki characters (a cost kneels only
# your own cards), at least one, chosen and knelt as the event resolves; each claims 1
# power from the pool.


def _standing_dothraki(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in characters_of(state, seat)
        if not state.in_play[r].knelt and has_trait(state, r, "Dothraki")
    ]


def _feast_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return (
        wins_this_phase(state, seat, "intrigue") >= 1
        and wins_this_phase(state, seat, "power") >= 1
        and bool(_standing_dothraki(state, seat))
    )


def _feast(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _standing_dothraki(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "kneel", found, "mom_feast", low=1, ctx=data)


@handler("mom_feast")
def _feast_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play and not state.in_play[ref].knelt:
            kneel_card(state, ref)
            if state.in_play[ref].knelt:
                moves.card_power(state, ref, 1, "wedding_feast")


register("bwb_54", event(_feast, phases=("challenges",), condition=_feast_may))

# --- bwb_56 Patience -----------------------------------------------------------------------
# "House Martell only. Any Phase: Choose and return 1 character you control to its owner's
# hand."  Chosen as it is played; the return may be saved.


def _my_characters(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state, ctx["seat"])


def _patience(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.return_to_hand(state, [ctx["target"]])


register("bwb_56", event(_patience, targets=_my_characters))

# --- bwb_60 Stoic Resolve ------------------------------------------------------------------
# "Knelt characters cannot be killed."  Every player's, while the plot is revealed.


def _knelt_safe(state: GameState, source: str, subject: Any, base: bool) -> bool:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if record is not None and record.knelt and is_character(state, subject):
        return False
    return base


register("bwb_60", passives={"can_be_killed": _knelt_safe})
