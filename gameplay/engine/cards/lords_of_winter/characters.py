"""Lords of Winter characters (House Stark and neutral), registered by card code."""

from __future__ import annotations

import re

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    controller,
    effect,
    facts,
    gold_available,
    handler,
    in_play_named,
    pool,
    register,
    season,
    strength,
    traits,
)
from gameplay.engine.cards.lords_of_winter.common import (
    TULLY,
    all_characters,
    challenge_losers,
    mine,
    my_characters,
    side,
    tully_character,
    won,
)
from gameplay.engine.cards.vocabulary import of_house_named, this_round
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import gold_cost, initiative, unique_problem, use_reductions
from gameplay.engine.state import GameState, InPlay
from gameplay.engine.windows import put_into_play, trigger

# --- low_6 Eddard Stark ------------------------------------------------------------------
# "Renown. While Eddard Stark is defending, lower the attacking player's claim to 0."


def _eddard_claim(state: GameState, source: str, subject: int, base: int) -> int:
    challenge = state.challenge
    defending = challenge is not None and source in challenge["defenders"]
    return 0 if defending and subject == challenge["attacker"] else base  # type: ignore[index]


register("low_6", passives={"claim": _eddard_claim})


# --- low_7 Catelyn Stark -----------------------------------------------------------------
# "House Stark only. Challenges: Put Catelyn Stark into play from your hand, knelt as a
# defender during an Intrigue or Power challenge initiated against you. At the end of the
# phase, if Catelyn Stark is still in play, return her to your hand."
# Once defenders have been declared (declaring would replace the side), before the
# challenge resolves; she is not put into play if you could not have her (uniqueness).


def _catelyn_condition(state: GameState, ctx: Ctx) -> bool:
    challenge, seat = state.challenge, ctx["seat"]
    if challenge is None or challenge["type"] not in ("intrigue", "power"):
        return False
    if challenge["defender"] != seat or challenge.get("winner") is not None:
        return False
    if any(step["name"] == "ask_defenders" for step in state.queue):
        return False
    if not any(step["name"] == "resolve_challenge" for step in state.queue):
        return False
    return unique_problem(state, seat, facts(state, ctx["source"])) is None


def _catelyn(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    challenge = state.challenge
    if ref not in state.players[seat].hand or challenge is None:
        return
    put_into_play(state, seat, ref)
    state.in_play[ref].knelt = True
    challenge["defenders"].append(ref)
    state.emit("joined_challenge", card=ref, seat=seat, side="defenders")
    add_delayed(state, "phase_ends", seat, "low_catelyn_returns", ref, until="phase", card=ref)


@effect("low_catelyn_returns")
def _catelyn_returns(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        moves.return_to_hand(state, [data["card"]])


register(
    "low_7",
    Ability(
        "action",
        _catelyn,
        phases=("challenges",),
        zones=("hand",),
        condition=_catelyn_condition,
    ),
)


# --- low_8 Robb Stark --------------------------------------------------------------------
# "Renown. Any Phase: Name a Trait. Until the end of the phase, each character you control
# that has that Trait gets +1 STR (+2 STR instead if it is Winter). Limit once per round."
# The Traits offered are those of the characters you control (naming another does
# nothing); the characters with it when the ability resolves get the bonus.


def _slug(word: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", word).strip("_").lower()


def _my_traits(state: GameState, seat: int) -> list[str]:
    found = {t for r in my_characters(state, seat) for t in traits(state, r)}
    return sorted(found)


def _robb(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    named = {_slug(t): t for t in _my_traits(state, seat)}
    if named:
        data = {"seat": seat, "source": ctx["source"], "traits": named}
        ask_choose(state, seat, "name_trait", list(named), "low_robb_trait", ctx=data)


@handler("low_robb_trait")
def _robb_trait(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    trait = ctx["traits"][ctx["choice"]]
    amount = 2 if season(state) == "winter" else 1
    for ref in my_characters(state, ctx["seat"]):
        if trait in traits(state, ref):
            add_lasting(state, "strength", ref, "phase", ctx["source"], amount=amount)


register(
    "low_8",
    Ability(
        "action",
        _robb,
        condition=lambda state, ctx: bool(_my_traits(state, ctx["seat"])),
        limit=(1, "round"),
    ),
)


# --- low_9 Summer ------------------------------------------------------------------------
# "No Attachments. Deadly. If you control Bran Stark, he gains: "cannot be chosen as the
# target of an opponent's event card." If Bran Stark is in play, lower the cost to play
# Summer by 2."

SUMMER_DISCOUNT = 2


def _summer_targetable(state: GameState, source: str, subject: tuple, base: bool) -> bool:
    ref, kind, seat = subject
    if (
        kind == "event"
        and mine(state, source, ref)
        and facts(state, ref).name == "Bran Stark"
        and seat in state.opponents(controller(state, source))
    ):
        return False
    return base


def _summer_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - SUMMER_DISCOUNT if in_play_named(state, "Bran Stark") else cost


register("low_9", passives={"targetable": _summer_targetable, "own_cost": _summer_cost})


# --- low_10 Bran Stark -------------------------------------------------------------------
# "House Stark only. No attachments except Direwolf.
# After you lose an Intrigue challenge, kill Bran Stark (cannot be saved).
# Response: After you win an Intrigue challenge as the defender, Bran Stark claims 5 power."

BRAN_POWER = 5


def _bran_dies(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    lost = source in state.in_play and event.get("loser") == controller(state, source)
    if lost and event.get("type") == "intrigue":
        moves.kill(state, [source], savable=False)


def _bran_power(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], BRAN_POWER, "bran_stark")


register(
    "low_10",
    Ability(
        "response", _bran_power, trigger="challenge_won", condition=won("intrigue", role="defender")
    ),
    forced={"challenge_won": _bran_dies},
)


# --- low_11 Deepwood Mercenary -----------------------------------------------------------
# "Response: After Deepwood Mercenary is declared as an attacker or defender, choose and
# discard 1 attachment from any other participating character."


def _declared_self(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _mercenary_targets(state: GameState, ctx: Ctx) -> list[str]:
    others = [r for r in side(state, "attackers") + side(state, "defenders") if r != ctx["source"]]
    return [a for a, rec in state.in_play.items() if rec.attached_to in others]


def _discard_target(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "low_11",
    *(
        Ability(
            "response",
            _discard_target,
            trigger=trigger,
            condition=_declared_self,
            targets=_mercenary_targets,
        )
        for trigger in ("attackers_declared", "defenders_declared")
    ),
)


# --- low_12 House Tully Septon -----------------------------------------------------------
# "House Tully Septon cannot attack, and does not kneel to defend."


def _not_self(state: GameState, source: str, subject: str, base: bool) -> bool:
    return False if subject == source else base


register("low_12", passives={"can_attack": _not_self, "kneel_to_defend": _not_self})


# --- low_15 Host of the Bear -------------------------------------------------------------
# "No attachments except Weapon. Discard Host of the Bear from play at any time your total
# initiative is 2 or lower."
# Checked when a plot is revealed, when a card enters or leaves play (the moments a total
# initiative changes) and when Host of the Bear enters play.

BEAR_INITIATIVE = 2


def _leaving(state: GameState, ref: str) -> bool:
    return any(step["name"] == "leave_now" and ref in step.get("cards", ()) for step in state.queue)


def _bear_check(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play or _leaving(state, source):
        return
    if initiative(state, controller(state, source)) <= BEAR_INITIATIVE:
        moves.discard_from_play(state, [source])


register(
    "low_15",
    forced={
        "plot_revealed": _bear_check,
        "entered_play": _bear_check,
        "left_play": _bear_check,
    },
)


# --- low_17 Knight of the Red Fork -------------------------------------------------------
# "After you play Knight of the Red Fork from your hand, kneel all non-House Tully cards you
# control. Knight of the Red Fork does not stand during the standing phase if you lost
# dominance this round."
# "Play from your hand": marshalling it (the ``played`` trigger); put into play by an
# effect it is not played. Lost dominance: an opponent won it this round.


def _red_fork_played(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    seat = controller(state, source)
    for ref in list(state.players[seat].in_play):
        if not of_house_named(state, ref, TULLY) and not state.in_play[ref].knelt:
            moves.kneel(state, ref)
            state.emit("knelt", card=ref, code=state.code(ref), seat=seat)


def _lost_dominance(state: GameState, seat: int) -> bool:
    for entry in this_round(state, "dominance"):
        return entry.get("seat") is not None and entry["seat"] != seat
    return False


def _red_fork_stands(state: GameState, source: str, subject: str, base: bool) -> bool:
    if subject == source and state.phase == "standing":
        return base and not _lost_dominance(state, controller(state, source))
    return base


register(
    "low_17",
    passives={"can_stand": _red_fork_stands},
    forced={"played": _red_fork_played},
)


# --- low_18 Guard at Riverrun ------------------------------------------------------------
# "Guard at Riverrun gets +1 STR while defending. At the end of the challenge phase, if no
# opponent has won a Military challenge against you this round, draw a card."


def _guard_strength(state: GameState, source: str, subject: str, base: int) -> int:
    challenge = state.challenge
    if subject == source and challenge is not None and source in challenge["defenders"]:
        return base + 1
    return base


def _guard_draws(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    for entry in this_round(state, "challenge_resolved"):
        if entry["type"] == "military" and entry["defender"] == seat == challenge_losers(entry):
            return
    moves.effect_draw(state, seat, 1)


register(
    "low_18",
    passives={"strength": _guard_strength},
    forced={"challenges_ends": _guard_draws},
)


# --- low_19 Edmure's Host ----------------------------------------------------------------
# "No attachments. Immune to events. Lower the cost to play Edmure's Host by 1 for each
# House Tully character you control."


def _host_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - sum(1 for r in my_characters(state, seat) if of_house_named(state, r, TULLY))


register("low_19", passives={"own_cost": _host_cost})


# --- low_20 Ser Edmure Tully -------------------------------------------------------------
# "Response: After a House Tully character you control is declared as a defender, remove
# all attacking characters with STR 1 or lower from the challenge."

EDMURE_STR = 1


def _weak_attackers(state: GameState) -> list[str]:
    return [r for r in side(state, "attackers") if strength(state, r) <= EDMURE_STR]


def _edmure_condition(state: GameState, ctx: Ctx) -> bool:
    cards = ctx["event"].get("cards", ())
    mine_tully = [r for r in cards if tully_character(state, r) and mine(state, ctx["source"], r)]
    return bool(mine_tully) and bool(_weak_attackers(state))


def _edmure(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    for ref in _weak_attackers(state):
        challenge["attackers"].remove(ref)


register(
    "low_20",
    Ability("response", _edmure, trigger="defenders_declared", condition=_edmure_condition),
)


# --- low_21 Hoster Tully -----------------------------------------------------------------
# "House Tully characters get +1 STR" (every player's, Hoster Tully included).


def _hoster_strength(state: GameState, source: str, subject: str, base: int) -> int:
    return base + 1 if tully_character(state, subject) else base


register("low_21", passives={"strength": _hoster_strength})


# --- low_22 The Blackfish ----------------------------------------------------------------
# "House Stark only. Renown. While The Blackfish has 3 or more power, your House Tully
# characters do not kneel to attack.
# Response: After you win a Military challenge as the attacker, draw 1 card."

BLACKFISH_POWER = 3


def _blackfish_kneel(state: GameState, source: str, subject: str, base: bool) -> bool:
    if (
        state.in_play[source].power >= BLACKFISH_POWER
        and mine(state, source, subject)
        and tully_character(state, subject)
    ):
        return False
    return base


def _draw_one(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "low_22",
    Ability(
        "response", _draw_one, trigger="challenge_won", condition=won("military", role="attacker")
    ),
    passives={"kneel_to_attack": _blackfish_kneel},
)


# --- low_40 Qhorin Halfhand --------------------------------------------------------------
# "Renown. No attachments. Response: After you win a Military challenge by 4 or more total
# STR, choose and kill 1 non-unique character with printed STR 3 or less controlled by the
# losing opponent."

QHORIN_BY, QHORIN_STR = 4, 3


def _qhorin_targets(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    return [
        r
        for r in all_characters(state)
        if controller(state, r) == loser
        and not facts(state, r).unique
        and (facts(state, r).strength or 0) <= QHORIN_STR
    ]


register(
    "low_40",
    Ability(
        "response",
        moves.kill_target,
        trigger="challenge_won",
        condition=won("military", by=QHORIN_BY),
        targets=_qhorin_targets,
    ),
)


# --- low_42 Rorge ------------------------------------------------------------------------
# "Stealth. Raise the Claim value on the attacking player's revealed plot card by 1 during
# the first challenge declared each round."


def _rorge_claim(state: GameState, source: str, subject: int, base: int) -> int:
    challenge = state.challenge
    if challenge is None or subject != challenge["attacker"]:
        return base
    declared = sum(1 for _ in this_round(state, "challenge"))
    return base + 1 if declared == 1 else base


register("low_42", passives={"claim": _rorge_claim})


# --- low_5 Jojen Reed --------------------------------------------------------------------
# "Marshalling: Kneel Jojen Reed and kneel 1 influence to name a card. Then, discard the top
# 3 cards of a player's deck. For each copy of the named card discarded, Jojen Reed claims
# 1 power."
# Naming as Call Their Bluff (core_164): one code per distinct card name of the pool. Any
# player's deck, yours included (asked after naming).

JOJEN_TOP = 3
_NAMES: dict[str, list[str]] = {}


def _nameable(state: GameState) -> list[str]:
    found = _NAMES.get(state.card_source)
    if found is None:
        first: dict[str, str] = {}
        for code, card in pool(state).items():
            if card.type in ("character", "location", "attachment", "event"):
                first.setdefault(card.name, code)
        found = _NAMES[state.card_source] = list(first.values())
    return found


def _jojen(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "name_a_card", _nameable(state), "low_jojen_named", ctx=data)


@handler("low_jojen_named")
def _jojen_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    state.emit("card_named", seat=ctx["seat"], code=ctx["choice"], source=ctx["source"])
    data = {"source": ctx["source"], "seat": ctx["seat"], "code": ctx["choice"]}
    options = [str(p.seat) for p in state.players]
    ask_choose(state, ctx["seat"], "choose_player", options, "low_jojen_deck", ctx=data)


@handler("low_jojen_deck")
def _jojen_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[int(ctx["choice"])]
    name = pool(state)[ctx["code"]].name
    top = player.deck[:JOJEN_TOP]
    for ref in top:
        if moves.to_discard_pile(state, ref, player.deck):  # Darkstar: into play instead
            state.emit("discarded", seat=player.seat, card=ref, code=state.code(ref), zone="deck")
    copies = sum(1 for r in top if facts(state, r).name == name)
    if copies and ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], copies, "jojen_reed")


register(
    "low_5",
    Ability("action", _jojen, phases=("marshalling",), costs=(KNEEL_SELF, Cost("influence", 1))),
)


# --- low_16 King Robb's Companions -------------------------------------------------------
# "Renown. No attachments. During the marshalling phase, you may pay any amount of King
# Robb's Companions' cost by kneeling that amount of influence."
# A second way to marshal it in your marshalling turn (an ability from the hand): choose
# how much influence (1 or more; the rest is gold), kneel it, pay the gold; it is then
# marshalled like any card (reductions used, "played" and "entered_play" triggered).


def _companions_amounts(state: GameState, ctx: Ctx) -> list[int]:
    seat, ref = ctx["seat"], ctx["source"]
    step = state.queue[0] if state.queue else {}
    if step.get("name") != "window" or step.get("point") != "marshal":
        return []
    if step.get("turn") != seat or unique_problem(state, seat, facts(state, ref)) is not None:
        return []
    cost = gold_cost(state, seat, ref) or 0
    low = max(1, cost - gold_available(state, seat))
    return list(range(low, min(cost, total_influence(state, seat)) + 1))


def _companions(state: GameState, ctx: Ctx) -> None:
    options = [str(n) for n in _companions_amounts(state, ctx)]
    if options:
        data = {"source": ctx["source"], "seat": ctx["seat"]}
        ask_choose(state, ctx["seat"], "influence_amount", options, "low_companions", ctx=data)


@handler("low_companions")
def _companions_amount(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {"source": ctx["source"], "seat": ctx["seat"], "influence": int(ctx["choice"])}
    ask_influence(state, ctx["seat"], int(ctx["choice"]), {**data, "then": "low_companions_paid"})


@handler("low_companions_paid")
def _companions_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    player = state.players[seat]
    if ref not in player.hand:
        return
    gold = max(0, (gold_cost(state, seat, ref) or 0) - ctx["influence"])
    from_pool = min(gold, player.gold)
    player.gold -= from_pool
    if gold > from_pool:
        moves.spend_gold(state, seat, gold - from_pool, "marshal")
    use_reductions(state, seat, ref)
    player.hand.remove(ref)
    state.in_play[ref] = InPlay(controller=seat)
    player.in_play.append(ref)
    state.emit("marshalled", seat=seat, card=ref, code=state.code(ref), gold=from_pool, target=None)
    event = {"card": ref, "seat": seat, "type": "character", "target": None}
    trigger(state, "entered_play", event, first=seat)
    trigger(state, "played", event, first=seat)


register(
    "low_16",
    Ability(
        "action",
        _companions,
        phases=("marshalling",),
        zones=("hand",),
        condition=lambda state, ctx: bool(_companions_amounts(state, ctx)),
        label="Marshal King Robb's Companions paying part of its cost by kneeling influence.",
    ),
)
