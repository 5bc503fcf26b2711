"""Lions of the Rock characters (lotr_4 to lotr_44), registered by card code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    controller,
    facts,
    handler,
    keywords,
    register,
    strength,
    traits,
    value,
)
from gameplay.engine.cards.lions_of_the_rock.common import replaced, richest, to_deck_bottom, won
from gameplay.engine.cards.vocabulary import (
    attacked_alone,
    characters_of,
    has_trait,
    kneel_card,
    stand_card,
)
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

PHASES = ("plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation")


def _claim(amount: int) -> Any:
    def effect(state: GameState, ctx: Ctx) -> None:
        if ctx["source"] in state.in_play:
            moves.card_power(state, ctx["source"], amount, facts(state, ctx["source"]).name)

    return effect


def _own_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


# --- lotr_4 Joffrey Baratheon ---------------------------------------------------------
# "While Joffrey Baratheon is the only King character in play he gains: "Response: After
# you win dominance, non-unique characters do not stand during the standing phase this
# round."" Every non-unique character in play (any player's) as the response resolves.


def _only_king(state: GameState, ctx: Ctx) -> bool:
    kings = [r for r in characters_of(state) if has_trait(state, r, "King")]
    return kings == [ctx["source"]] and _own_dominance(state, ctx)


def _joffrey(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state):
        if not facts(state, ref).unique:
            add_lasting(state, "can_stand", ref, "round", ctx["source"], value=False)


register("lotr_4", Ability("response", _joffrey, trigger="dominance_won", condition=_only_king))


# --- lotr_5 Ser Jaime Lannister -------------------------------------------------------
# "At the beginning of each phase, stand Ser Jaime Lannister."


def _jaime(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["source"])


register("lotr_5", forced={f"{phase}_begins": _jaime for phase in PHASES})


# --- lotr_6 Cersei Lannister ----------------------------------------------------------
# "Cersei Lannister does not kneel to attack during Intrigue challenges. Response: After
# you win an Intrigue challenge, Cersei Lannister claims 1 power. Then, Cersei Lannister
# gains your choice of stealth or deadly until the end of the phase."


def _cersei_kneels(state: GameState, source: str, ref: Any, base: bool) -> bool:
    challenge = state.challenge
    if ref == source and challenge is not None and challenge["type"] == "intrigue":
        return False
    return base


def _cersei(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    moves.card_power(state, source, 1, "cersei_lannister")
    data = {"source": source, "seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "keyword", ["stealth", "deadly"], "lotr_cersei", ctx=data)


@handler("lotr_cersei")
def _cersei_keyword(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "keywords", ctx["source"], "phase", ctx["source"], add=[ctx["choice"]])


register(
    "lotr_6",
    Ability("response", _cersei, trigger="challenge_won", condition=won("intrigue")),
    passives={"kneel_to_attack": _cersei_kneels},
)


# --- lotr_8 Bronn -----------------------------------------------------------------------
# "After a challenge in which Bronn participated as a defender resolves, if you control
# the most participating characters with deadly, the attacking player must choose and
# kill 1 participating character he or she controls." "The most": strictly more than the
# attacking player (characters still in play when the challenge ends).


def _deadly_count(state: GameState, refs: list[str], seat: int) -> int:
    return sum(
        1
        for r in refs
        if r in state.in_play
        and state.in_play[r].controller == seat
        and "deadly" in keywords(state, r)
    )


def _bronn(state: GameState, ctx: Ctx) -> None:
    event, bronn, seat = ctx["event"], ctx["source"], ctx["seat"]
    if bronn not in event.get("defenders", ()) or event.get("attacker") is None:
        return
    attacker = event["attacker"]
    refs = [*event.get("attackers", ()), *event.get("defenders", ())]
    if _deadly_count(state, refs, seat) <= _deadly_count(state, refs, attacker):
        return
    victims = [
        r
        for r in event.get("attackers", ())
        if r in state.in_play
        and state.in_play[r].controller == attacker
        and allowed(state, "can_be_killed", r)
    ]
    data = {"source": bronn, "seat": attacker}
    ask_select(state, attacker, "kill", victims, "lotr_bronn", low=1, high=1, ctx=data)


@handler("lotr_bronn")
def _bronn_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    victims = [r for r in selected if r in state.in_play]
    if victims:
        moves.kill(state, victims)


register("lotr_8", forced={"challenge_ends": _bronn})


# --- lotr_9 Tywin Lannister -----------------------------------------------------------
# "Response: After you win dominance, if you have 4 or more gold in your gold pool Tywin
# Lannister claims 3 power."

TYWIN_GOLD = 4


def _tywin_may(state: GameState, ctx: Ctx) -> bool:
    return _own_dominance(state, ctx) and state.players[ctx["seat"]].gold >= TYWIN_GOLD


register("lotr_9", Ability("response", _claim(3), trigger="dominance_won", condition=_tywin_may))


# --- lotr_10 Ser Gregor Clegane -------------------------------------------------------
# "While Ser Gregor Clegane is kneeling, he gains: "Any Phase: Kneel 2 influence to choose
# and kill a kneeling character with STR 2 or lower. Then, stand Ser Gregor Clegane.""


def _gregor_knelt(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in state.in_play and state.in_play[ctx["source"]].knelt


def _gregor_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if state.in_play[r].knelt and strength(state, r) <= 2 and allowed(state, "can_be_killed", r)
    ]


def _gregor(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])
    stand_card(state, ctx["source"])


register(
    "lotr_10",
    Ability(
        "action",
        _gregor,
        costs=(Cost("influence", 2),),
        targets=_gregor_targets,
        condition=_gregor_knelt,
    ),
)


# --- lotr_11 Ser Amory Lorch ----------------------------------------------------------
# "While Ser Amory Lorch is attacking, characters that have a Trait in common with Ser
# Amory Lorch cannot be declared as defenders. Any Phase: Pay 1 gold to give Ser Amory
# Lorch a Trait of your choice until the end of the phase (limit once per phase)." The
# Traits offered are those of the characters in play without it (a Trait no character
# has changes nothing); an option names it with "_" for spaces.


def _amory_defend(state: GameState, source: str, ref: Any, base: bool) -> bool:
    challenge = state.challenge
    if (
        base
        and challenge is not None
        and source in challenge["attackers"]
        and ref != source
        and ref in state.in_play
        and has_trait_any(state, ref, source)
    ):
        return False
    return base


def has_trait_any(state: GameState, ref: str, other: str) -> bool:
    return bool(traits(state, ref) & traits(state, other))


def _option(trait: str) -> str:
    return trait.replace(" ", "_")


def _amory_options(state: GameState, source: str) -> list[str]:
    found = {t for r in characters_of(state) for t in traits(state, r)} - traits(state, source)
    return sorted(_option(t) for t in found if _option(t).replace("_", "").isalnum())


def _amory_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_amory_options(state, ctx["source"]))


def _amory(state: GameState, ctx: Ctx) -> None:
    options = _amory_options(state, ctx["source"])
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    if options:
        ask_choose(state, ctx["seat"], "trait", options, "lotr_amory", ctx=data)


@handler("lotr_amory")
def _amory_trait(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        trait = ctx["choice"].replace("_", " ")
        add_lasting(state, "traits", ctx["source"], "phase", ctx["source"], add=[trait])


register(
    "lotr_11",
    Ability("action", _amory, costs=(Cost("gold", 1),), condition=_amory_may, limit=(1, "phase")),
    passives={"can_defend": _amory_defend},
)


# --- lotr_12 Ser Kevan Lannister ------------------------------------------------------
# "Ser Kevan Lannister gains a [Power] icon while you control at least 1 other Lord
# character."


def _kevan(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    if ref != source:
        return base
    seat = controller(state, source)
    if any(r != source and has_trait(state, r, "Lord") for r in characters_of(state, seat)):
        return base | {"power"}
    return base


register("lotr_12", passives={"icons": _kevan})


# --- lotr_13 Myrcella Lannister -------------------------------------------------------
# "Challenges: Discard Myrcella Lannister from play (cannot be saved) to allow you to
# initiate an additional [Intrigue] challenge this phase, to a maximum of 3 [Intrigue]
# challenges in a phase." A lasting ``challenges_allowed`` +1 for the phase; not offered
# once 3 are allowed.

MAX_INTRIGUE = 3


def _myrcella_may(state: GameState, ctx: Ctx) -> bool:
    subject = f"{ctx['seat']}:intrigue"
    return value(state, "challenges_allowed", subject, 1) < MAX_INTRIGUE


def _myrcella(state: GameState, ctx: Ctx) -> None:
    subject = f"{ctx['seat']}:intrigue"
    add_lasting(state, "challenges_allowed", subject, "phase", ctx["source"], amount=1)


register(
    "lotr_13",
    Ability(
        "action",
        _myrcella,
        phases=("challenges",),
        costs=(Cost("discard_self"),),
        condition=_myrcella_may,
    ),
)


# --- lotr_14 Ser Addam Marbrand -------------------------------------------------------
# "While you have more gold in your gold pool than each opponent, your in-House Army
# characters do not kneel to attack or defend." In-House: of the controller's House.


def _addam(state: GameState, source: str, ref: Any, base: bool) -> bool:
    seat = controller(state, source)
    if (
        ref in state.in_play
        and state.in_play[ref].controller == seat
        and has_trait(state, ref, "Army")
        and state.players[seat].house in facts(state, ref).houses
        and richest(state, seat)
    ):
        return False
    return base


register("lotr_14", passives={"kneel_to_attack": _addam, "kneel_to_defend": _addam})


# --- lotr_15 Doubting Septa / lotr_37 High Septon -------------------------------------
# "If X would be killed, instead put it on the bottom of your deck and draw 1 card (claim
# 2 power for your House)." Forced replacements, like Drowned Disciple's; a kill that
# cannot be saved is not replaced.


def _septa(state: GameState, ctx: Ctx) -> None:
    if not replaced(state, ctx):
        return
    ref, seat = ctx["source"], controller(state, ctx["source"])
    moves.save(state, ref, by=ref)
    to_deck_bottom(state, ref)
    moves.effect_draw(state, seat, 1)


def _septon(state: GameState, ctx: Ctx) -> None:
    if not replaced(state, ctx):
        return
    ref, seat = ctx["source"], controller(state, ctx["source"])
    moves.save(state, ref, by=ref)
    to_deck_bottom(state, ref)
    moves.gain_power(state, seat, 2, "high_septon")


register("lotr_15", forced={"would_be_killed": _septa})
register("lotr_37", forced={"would_be_killed": _septon})


# --- lotr_16 Lord Tyrion's Host -------------------------------------------------------
# "Lord Tyrion's Host gets +3 STR while you have more gold in your gold pool than each
# opponent."


def _host(state: GameState, source: str, ref: Any, base: int) -> int:
    return base + 3 if ref == source and richest(state, controller(state, source)) else base


register("lotr_16", passives={"strength": _host})


# --- lotr_18 Ser Gregor's Band --------------------------------------------------------
# "Ser Gregor's Band gets +1 STR for each non-House card in play with 1 or more power on
# it." House cards are not in play here (a House's power is its player's): every card in
# play with power counts, the Band itself included.


def _band(state: GameState, source: str, ref: Any, base: int) -> int:
    if ref != source:
        return base
    return base + sum(1 for record in state.in_play.values() if record.power >= 1)


register("lotr_18", passives={"strength": _band})


# --- lotr_20 Tribes of the Vale -------------------------------------------------------
# "Tribes of the Vale gets -4 STR if you have more cards in hand than any opponent."
# Read as more cards than each opponent.


def _tribes(state: GameState, source: str, ref: Any, base: int) -> int:
    if ref != source:
        return base
    seat = controller(state, source)
    mine = len(state.players[seat].hand)
    if all(mine > len(state.players[s].hand) for s in state.opponents(seat)):
        return base - 4
    return base


register("lotr_20", passives={"strength": _tribes})


# --- lotr_21 Ser Amory's Poachers -----------------------------------------------------
# "While you have more gold in your gold pool than each other opponent, Ser Amory's
# Poachers gains Stealth and Renown."


def _poachers(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    if ref == source and richest(state, controller(state, source)):
        return base | {"stealth", "renown"}
    return base


register("lotr_21", passives={"keywords": _poachers})


# --- lotr_36 Warrior's Sons -----------------------------------------------------------
# "Response: After you win a challenge in which Warrior's Sons attacked alone, choose 1
# gold or influence providing location in your hand or discard pile and put it into
# play." A location with a printed income or influence bonus; a unique one whose copy
# you have in play or dead is not offered; finding none is allowed.


def _providing(state: GameState, ref: str, seat: int) -> bool:
    card = facts(state, ref)
    return (
        card.type == "location"
        and bool((card.income or 0) > 0 or (card.influence or 0) > 0)
        and unique_problem(state, seat, card) is None
    )


def _sons(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    found = [r for r in [*player.hand, *player.discard] if _providing(state, r, seat)]
    data = {"source": ctx["source"], "seat": seat}
    ask_select(state, seat, "put_into_play", found, "lotr_sons", high=1, ctx=data, hidden=True)


@handler("lotr_sons")
def _sons_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        player = state.players[ctx["seat"]]
        if ref in player.hand or ref in player.discard:
            put_into_play(state, ctx["seat"], ref)


register("lotr_36", Ability("response", _sons, trigger="challenge_won", condition=attacked_alone))


# --- lotr_43 Brothel Guard ------------------------------------------------------------
# "Response: After Brothel Guard stands, choose and kneel an opponent's character unless
# its controller kneels 1 influence or pays you 1 gold. If he or she does, instead claim
# 1 power for your House." Answers the standing phase's ``stood`` trigger; the chosen
# character's controller picks among what it can do.

GUARD_KNEEL, GUARD_GOLD, GUARD_INFLUENCE = "kneel", "pay_gold", "kneel_influence"


def _guard_stood(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _guard_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for s in state.opponents(ctx["seat"])
        for r in characters_of(state, s)
        if not state.in_play[r].knelt
    ]


def _guard(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    other = controller(state, target)
    options = [GUARD_KNEEL]
    if state.players[other].gold >= 1:
        options.append(GUARD_GOLD)
    if total_influence(state, other) >= 1:
        options.append(GUARD_INFLUENCE)
    data = {"source": ctx["source"], "seat": ctx["seat"], "other": other, "target": target}
    ask_choose(state, other, "brothel_guard", options, "lotr_guard", ctx=data)


@handler("lotr_guard")
def _guard_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    choice, other = ctx["choice"], ctx["other"]
    if choice == GUARD_GOLD:
        moves.give_gold(state, other, ctx["seat"], 1)
        moves.gain_power(state, ctx["seat"], 1, "brothel_guard")
    elif choice == GUARD_INFLUENCE:
        pay = {"seat": other, "then": "lotr_guard_influence", "owner": ctx["seat"]}
        ask_influence(state, other, 1, pay)
    else:
        kneel_card(state, ctx["target"])


@handler("lotr_guard_influence")
def _guard_influence(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.gain_power(state, ctx["owner"], 1, "brothel_guard")


register(
    "lotr_43",
    Ability("response", _guard, trigger="stood", condition=_guard_stood, targets=_guard_targets),
)


# --- lotr_44 Arrogant Contender -------------------------------------------------------
# "Melee. Response: After you win a challenge in which Arrogant Contender attacked alone,
# it claims 1 power for each opposing character." Opposing characters: the defenders of
# that challenge still in play. Melee (a deck-building keyword) changes nothing here.


def _contender_may(state: GameState, ctx: Ctx) -> bool:
    return attacked_alone(state, ctx) and bool(_opposing(state, ctx))


def _opposing(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in ctx["event"].get("defenders", ()) if r in state.in_play]


def _contender(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        count = len(_opposing(state, ctx))
        moves.card_power(state, ctx["source"], count, "arrogant_contender")


register(
    "lotr_44",
    Ability("response", _contender, trigger="challenge_won", condition=_contender_may),
)


# --- lotr_7 Tyrion Lannister ------------------------------------------------------------
# "Stealth. While Tyrion Lannister is participating in a challenge, all knelt Clansman
# characters you control are also participating in that challenge. Response: Kneel a
# Clansman character to save Tyrion Lannister from being killed." The knelt Clansmen join
# Tyrion's side when he is declared (attacker or defender), a forced effect of the
# declaration; the save kneels one of your standing Clansman characters.


def _tyrion_joins(state: GameState, ctx: Ctx) -> None:
    tyrion, challenge = ctx["source"], state.challenge
    if challenge is None or tyrion not in ctx["event"].get("cards", ()):
        return
    side = "attackers" if tyrion in challenge["attackers"] else "defenders"
    if tyrion not in challenge[side]:
        return
    taking_part = set(challenge["attackers"]) | set(challenge["defenders"])
    joined = [
        r
        for r in characters_of(state, ctx["seat"])
        if state.in_play[r].knelt and has_trait(state, r, "Clansman") and r not in taking_part
    ]
    if joined:
        challenge[side] = [*challenge[side], *joined]
        if side == "attackers":
            state.emit("attackers", seat=ctx["seat"], cards=joined)
        else:
            state.emit("defenders", seat=ctx["seat"], cards=joined)


def _clansman(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Clansman")


def _tyrion_saved(state: GameState, ctx: Ctx) -> list[str]:
    tyrion = ctx["source"]
    cards = ctx["event"].get("cards", ())
    return [tyrion] if tyrion in cards and not moves.saved(state, tyrion) else []


register(
    "lotr_7",
    Ability(
        "save",
        moves.save_target,
        trigger="would_be_killed",
        costs=(Cost("kneel", 1, _clansman, "Clansman character"),),
        targets=_tyrion_saved,
    ),
    forced={"attackers_declared": _tyrion_joins, "defenders_declared": _tyrion_joins},
)
