"""Queen of Dragons characters, registered by card code (see abilities.register).

Warlock of Qarth (qod_14) is in shadows.py. Hired Swords and
Advisor to the Crown need no code.
"""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    allowed,
    attachments,
    controller,
    effect,
    facts,
    forget_card,
    handler,
    register,
    strength,
)
from gameplay.engine.cards.queen_of_dragons.common import (
    DRAGON,
    characters,
    has_crest,
    my_participants,
    of_type,
)
from gameplay.engine.cards.vocabulary import (
    STR_LISTENERS,
    STR_REDUCED,
    alone_claim_instead,
    choosable,
    has_trait,
    pile_to_hand,
    reduced_by_attachment,
    won_with,
)
from gameplay.engine.leaving import leave_play
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import add_reduction, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- qod_9 Pike Phalanx ------------------------------------------------------------------
# "Limited Response: After you declare Pike Phalanx as an attacker with at least one other
# character with a War crest, raise the claim on your revealed plot card by 1 until the end
# of the phase."


def _phalanx_condition(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    challenge = state.challenge
    if event.get("seat") != ctx["seat"] or source not in (event.get("cards") or ()):
        return False
    if challenge is None or challenge.get("attacker") != ctx["seat"]:
        return False
    return any(r != source and has_crest(state, r, "war") for r in event["cards"])


def _phalanx(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "claim", ctx["seat"], "phase", ctx["source"], amount=1)


register(
    "qod_9",
    Ability(
        "response",
        _phalanx,
        trigger="attackers_declared",
        condition=_phalanx_condition,
        limited_response=True,
    ),
)


# --- qod_10 Grey Worm --------------------------------------------------------------------
# "Response: after you win a challenge in which Grey Worm participated, take 1 gold token
# from the treasury and place it on Grey Worm.
# Challenges: During a challenge, discard 1 gold token from Grey Worm to choose 1
# character. That character gets either -2 or +2 until the end of the challenge." The
# choice of -2 or +2 is made with the action (two uses).

GREY_WORM_STR = 2


def _grey_worm_gold(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.gold_to_card(state, ctx["source"], 1, "grey_worm")


def _grey_worm_may(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None and state.in_play[ctx["source"]].gold >= 1


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state)


def _grey_worm(amount: int) -> Callable[[GameState, Ctx], None]:
    def fn(state: GameState, ctx: Ctx) -> None:
        source, target = ctx["source"], ctx["target"]
        if source not in state.in_play or state.in_play[source].gold < 1:
            return
        moves.gold_from_card(state, ctx["seat"], source, 1, "grey_worm")
        if target in state.in_play and state.challenge is not None:
            add_lasting(state, "strength", target, "challenge", source, amount=amount)

    return fn


_GREY_WORM_TEXT = "Challenges: Discard 1 gold token from Grey Worm to give a character {}2 STR"
register(
    "qod_10",
    Ability("response", _grey_worm_gold, trigger="challenge_won", condition=won_with("self")),
    *[
        Ability(
            "action",
            _grey_worm(sign * GREY_WORM_STR),
            phases=("challenges",),
            condition=_grey_worm_may,
            targets=_any_character,
            label=_GREY_WORM_TEXT.format("+" if sign > 0 else "-")
            + " until the end of the challenge.",
        )
        for sign in (-1, 1)
    ],
)


# --- qod_11 Jorah's Cohorts --------------------------------------------------------------
# "No attachments.
# Response: After you win a Power challenge, choose and discard an attachment from play."


def _won_power(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and event.get("type") == "power"


def _attachments_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return of_type(state, "attachment")


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "qod_11",
    Ability(
        "response",
        _discard_target,
        trigger="challenge_won",
        condition=_won_power,
        targets=_attachments_in_play,
    ),
)


# --- qod_12 Thundering Cavalry -----------------------------------------------------------
# "No attachments. Renown.
# After Thundering Cavalry enters play, discard all characters with STR 1 or lower from
# play." Forced; the discards can be saved.


def _cavalry(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") != ctx["source"]:
        return
    weak = [r for r in characters(state) if strength(state, r) <= 1]
    if weak:
        moves.discard(state, weak)


register("qod_12", forced={"entered_play": _cavalry})


# --- qod_13 Blue-Lipped Warlock ----------------------------------------------------------
# "Blue-Lipped Warlock does not kneel to attack.
# Dominance: Return Blue-Lipped Warlock from your dead pile to your hand. Use this ability
# only if there are at least 3 characters in your dead pile." (itself included)


def _not_kneel_self(state: GameState, source: str, subject: object, base: bool) -> bool:
    return False if subject == source else base


def _three_dead(state: GameState, ctx: Ctx) -> bool:
    dead = state.players[ctx["seat"]].dead
    return sum(1 for r in dead if facts(state, r).type == "character") >= 3


register(
    "qod_13",
    Ability(
        "action",
        lambda state, ctx: pile_to_hand(state, ctx["seat"], ctx["source"], "dead"),
        phases=("dominance",),
        condition=_three_dead,
        zones=("dead",),
    ),
    passives={"kneel_to_attack": _not_kneel_self},
)


# --- qod_15 Horseback Archers ------------------------------------------------------------
# "House Targaryen only.
# Challenges: During a Military challenge, kneel 1 influence to put Horseback Archers into
# play from your hand, knelt, as an attacker or defender. Then, at the end of the phase, if
# Horseback Archers is in play, return it to its owner's hand." It joins the side of its
# player (attacker or defender in the challenge); only those two players may use it.


def _archers_may(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "military":
        return False
    if ctx["seat"] not in (challenge["attacker"], challenge["defender"]):
        return False
    # It joins a side once that side is declared (declaring sets the side's list).
    side = "attackers" if challenge["attacker"] == ctx["seat"] else "defenders"
    if not any(e["event"] == side for e in state.log[challenge["id"] :]):
        return False
    return unique_problem(state, ctx["seat"], facts(state, ctx["source"])) is None


def _archers(state: GameState, ctx: Ctx) -> None:
    seat, ref, challenge = ctx["seat"], ctx["source"], state.challenge
    if ref not in state.players[seat].hand or challenge is None:
        return
    put_into_play(state, seat, ref)
    state.in_play[ref].knelt = True
    side = "attackers" if challenge["attacker"] == seat else "defenders"
    challenge[side].append(ref)
    state.emit("joined_challenge", card=ref, seat=seat, side=side)
    add_delayed(state, "phase_ends", seat, "qod_back_to_hand", ref, until="phase", card=ref)


register(
    "qod_15",
    Ability(
        "action",
        _archers,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        condition=_archers_may,
        zones=("hand",),
    ),
)


# --- qod_18 / qod_19 / qod_20 the Hatchlings --------------------------------------------
# "If you control Drogon (Rhaegal, Viserion), attach Black Hatchling (...) and all of its
# duplicates to Drogon as duplicates." A forced effect checked whenever a card enters play
# and as each phase begins; the Hatchling leaves play (power on it returns to the pool)
# and it and its duplicates go under the first such Dragon its controller controls.


def _hatchling(dragon: str) -> Callable[[GameState, Ctx], None]:
    def fn(state: GameState, ctx: Ctx) -> None:
        source = ctx["source"]
        if source not in state.in_play:
            return
        seat = controller(state, source)
        hosts = [r for r in characters(state, seat) if facts(state, r).name == dragon]
        if not hosts:
            return
        host, record = hosts[0], state.in_play[source]
        dups, record.duplicates = list(record.duplicates), []
        owner = state.players[state.cards[source].owner]
        leave_play(state, source, "hand")
        owner.hand.remove(source)
        forget_card(state, source)
        for card in [source, *dups]:
            state.in_play[host].duplicates.append(card)
            state.emit("duplicate", seat=seat, card=card, code=state.code(card), target=host)

    return fn


PHASES = ("plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation")
for _code, _name in (("qod_18", "Drogon"), ("qod_19", "Rhaegal"), ("qod_20", "Viserion")):
    _fn = _hatchling(_name)
    register(_code, forced={"entered_play": _fn, **{f"{phase}_begins": _fn for phase in PHASES}})


# --- qod_21 Khal Drogo -------------------------------------------------------------------
# "Deadly.
# Response: After Khal Drogo is killed, search your deck for X Dothraki characters, reveal
# them, and put them into your hand. Then shuffle your deck. X is Khal Drogo's STR." X is
# his printed STR (he is in the dead pile as the response resolves).


def _drogo_killed(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    return source in (ctx["event"].get("cards") or ()) and source in state.players[ctx["seat"]].dead


def _drogo(state: GameState, ctx: Ctx) -> None:
    seat, count = ctx["seat"], facts(state, ctx["source"]).strength or 0

    def match(ref: str) -> bool:
        return facts(state, ref).type == "character" and "Dothraki" in facts(state, ref).traits

    moves.search_deck(state, seat, match, "qod_drogo_found", count=count)


@handler("qod_drogo_found")
def _drogo_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    found = [r for r in selected if r in player.deck]
    moves.reveal(state, player.seat, found, "khal_drogo")
    for ref in found:
        player.deck.remove(ref)
        player.hand.append(ref)
        state.emit("searched", seat=player.seat, card=ref, code=state.code(ref))


register(
    "qod_21",
    Ability("response", _drogo, trigger="killed", condition=_drogo_killed, zones=("dead",)),
)


# --- qod_22 Daenerys Targaryen -----------------------------------------------------------
# "Renown. Dragon characters you control do not kneel to attack."


def _daenerys(state: GameState, source: str, subject: object, base: bool) -> bool:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and state.in_play[subject].controller == controller(state, source)
        and has_trait(state, subject, DRAGON)
    ):
        return False
    return base


register("qod_22", passives={"kneel_to_attack": _daenerys})


# --- qod_23 Drogon / qod_24 Rhaegal / qod_25 Viserion -----------------------------------
# "Response: After you win a challenge in which X participated and all of your
# participating characters have the Dragon trait, ... (Limit once per phase)"


def _dragons_won(state: GameState, ctx: Ctx) -> bool:
    if not won_with("self")(state, ctx):
        return False
    return all(has_trait(state, r, DRAGON) for r in my_participants(state, ctx))


def _drogon_targets(state: GameState, ctx: Ctx) -> list[str]:
    most = len(my_participants(state, ctx))
    return [r for r in characters(state) if strength(state, r) <= most]


def _kill_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


def _rhaegal(state: GameState, ctx: Ctx) -> None:
    for ref in my_participants(state, ctx):
        moves.card_power(state, ref, 1, "rhaegal")


def _viserion_targets(state: GameState, ctx: Ctx) -> list[str]:
    most = len(my_participants(state, ctx))
    return [r for r in of_type(state, "location") if (facts(state, r).cost or 0) < most]


def _dragon(
    effect_fn: Callable[[GameState, Ctx], None],
    targets: Callable[[GameState, Ctx], list[str]] | None = None,
) -> Ability:
    return Ability(
        "response",
        effect_fn,
        trigger="challenge_won",
        condition=_dragons_won,
        targets=targets,
        limit=(1, "phase"),
    )


register("qod_23", _dragon(_kill_target, _drogon_targets))
register("qod_24", _dragon(_rhaegal))
register("qod_25", _dragon(_discard_target, _viserion_targets))


# --- qod_40 Initiate of the Citadel ------------------------------------------------------
# "Dominance: Kneel Initiate of the Citadel to choose a character. Return any number of
# attachments on that character to their owner's hands." Any character; the attachments
# are chosen as the effect resolves (none is allowed); the returns can be saved.


def _initiate(state: GameState, ctx: Ctx) -> None:
    found = attachments(state, ctx["target"]) if ctx["target"] in state.in_play else []
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "return_to_hand", found, "qod_initiate", ctx=data)


@handler("qod_initiate")
def _initiate_returns(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.return_to_hand(state, found)


register(
    "qod_40",
    Ability(
        "action",
        _initiate,
        phases=("dominance",),
        costs=(KNEEL_SELF,),
        targets=_any_character,
    ),
)


# --- qod_17 Pyat Pree ----------------------------------------------------------------------
# "If you win a challenge in which Pyat Pree attacked alone, instead of the normal claim
# effects, choose and kill 1 character controlled by the losing opponent." (the
# ``claim_instead`` query of the claim step; the kill can be saved)


_pyat_instead = alone_claim_instead("qod_pyat_pree")


@effect("qod_pyat_pree")
def _pyat_pree(state: GameState, data: Ctx) -> None:
    seat, loser = data["seat"], data["target"]
    pyat = state.challenge["attackers"][0] if state.challenge else None
    found = [
        r
        for r in characters(state, loser)
        if allowed(state, "can_be_killed", r) and (pyat is None or choosable(state, r, pyat, seat))
    ]
    ask_select(state, seat, "kill", found, "qod_pyat_kill", low=1, high=1, ctx={"seat": seat})


@handler("qod_pyat_kill")
def _pyat_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.kill(state, found)


register("qod_17", passives={"claim_instead": _pyat_instead})


# --- qod_7 True-Queen's Harbinger ----------------------------------------------------------
# "Any Phase: Kneel True-Queen's Harbinger to lower the cost of the next Dothraki or Dragon
# character you play or put into play using Ambush this phase by 1." A reduction with the
# printed traits (any of them) that also lowers the Ambush influence cost
# (rules.ambush_cost); the first such card marshalled or ambushed uses it up.


def _harbinger(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("character",))
    state.effects[-1].update(traits=["Dothraki", DRAGON], ambush=True)


register("qod_7", Ability("action", _harbinger, costs=(KNEEL_SELF,)))


# --- qod_16 Killer of the Wounded ----------------------------------------------------------
# "Response: After a character's STR is reduced by a card effect, stand Killer of the
# Wounded. (Limit 3 times a round)" The trigger ``strength_reduced`` (event ``card``, the
# character) opens, while a Killer of the Wounded is in play, when a lasting effect gives a
# character in play negative STR (abilities.LASTING_HOOKS) and when an attachment whose
# STR modifier is negative enters play on a character (cards/vocabulary/strength.py; The
# Hound, pots_35, listens too).

KILLER = "qod_16"
STR_LISTENERS.add(KILLER)


def _killer_knelt(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].knelt


def _killer_stands(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play and state.in_play[source].knelt:
        moves.stand(state, source)
        state.emit("stood", card=source)


register(
    KILLER,
    Ability(
        "response",
        _killer_stands,
        trigger=STR_REDUCED,
        condition=_killer_knelt,
        limit=(3, "round"),
    ),
    forced={"entered_play": reduced_by_attachment},
)
