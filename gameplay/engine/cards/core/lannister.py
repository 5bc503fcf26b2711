"""Core Set House Lannister cards, registered by card code (see abilities.register).

Conventions:

- "Choose and kneel a character" (Enemy Informer, Cersei's Attendant, The Lion's Will,
  You've Killed the Wrong Dwarf!) offers standing characters only: kneeling a kneeling
  character would do nothing.
- "You" is the card's controller (``ctx["seat"]``); a response to a challenge reads the
  ``challenge_won`` event (``winner``, ``type``, ``attackers``, ``defenders``).
- Handler and effect names start with ``lannister_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    attached_to,
    characters,
    controller,
    crests,
    facts,
    gold_available,
    handler,
    pool,
    register,
    strength,
    traits,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import can_take, cost_reducer
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- small helpers ----------------------------------------------------------------------


def _standing_characters(state: GameState, ctx: Ctx | None = None) -> list[str]:
    return [r for r in characters(state) if not state.in_play[r].knelt]


def _kneel(state: GameState, ref: str) -> None:
    if ref in state.in_play and not state.in_play[ref].knelt:
        moves.kneel(state, ref)
        state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    _kneel(state, ctx["target"])


def _won(ctx: Ctx, ctype: str | None = None) -> bool:
    """Whether the ability's controller won the challenge (of type ``ctype``)."""
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and ctype in (None, event.get("type"))


def _participants(ctx: Ctx) -> list[str]:
    event = ctx["event"]
    return [*event.get("attackers", ()), *event.get("defenders", ())]


def _discard_from_hand(state: GameState, seat: int, refs: list[str]) -> None:
    moves.discard_from_hand(state, seat, refs)


def _attached_bonus(amount: int) -> Callable[[GameState, str, Any, int], int]:
    """A passive: "Attached character gets +``amount`` STR"."""

    def passive(state: GameState, source: str, ref: Any, base: int) -> int:
        return base + amount if ref == attached_to(state, source) else base

    return passive


# --- core_34 Gutter Rat's Cunning -------------------------------------------------------
# "Attached character gets +2 STR and gains stealth."


def _gutter_rat_stealth(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base | {"stealth"} if ref == attached_to(state, source) else base


register("core_34", passives={"strength": _attached_bonus(2), "keywords": _gutter_rat_stealth})


# --- core_35 Gilded Plate ---------------------------------------------------------------
# "Response: Pay 1 gold and discard Gilded Plate from play (cannot be saved) to save
# attached character from being killed or discarded." The saved character is the
# ability's target (the plate is gone by the time the save resolves).


def _plate_wearer(state: GameState, ctx: Ctx) -> list[str]:
    wearer = attached_to(state, ctx["source"])
    cards = ctx["event"].get("cards", ())
    return (
        [wearer]
        if wearer is not None and wearer in cards and not moves.saved(state, wearer)
        else []
    )


register(
    "core_35",
    *(
        Ability(
            "save",
            moves.save_target,
            trigger=trigger,
            costs=(Cost("gold", 1), DISCARD_SELF),
            targets=_plate_wearer,
        )
        for trigger in ("would_be_killed", "would_be_discarded")
    ),
)


# --- core_36 Joffrey Baratheon ----------------------------------------------------------
# "Response: After a Lord or Lady character is killed, Joffrey Baratheon claims 1 power.
# (Limit 3 times per round.)" Each Lord or Lady killed is its own trigger (the target).


def _killed_lords(state: GameState, ctx: Ctx) -> list[str]:
    cards = ctx["event"].get("cards", ())
    return [r for r in cards if {"Lord", "Lady"} & traits(state, r)]


def _joffrey(state: GameState, ctx: Ctx) -> None:
    moves.card_power(state, ctx["source"], 1, "joffrey_baratheon")


register(
    "core_36",
    Ability("response", _joffrey, trigger="killed", targets=_killed_lords, limit=(3, "round")),
)


# --- core_37 Ser Jaime Lannister --------------------------------------------------------
# "Ser Jaime Lannister does not kneel to attack or defend during a Military challenge."


def _jaime_kneels(state: GameState, source: str, ref: Any, base: bool) -> bool:
    challenge = state.challenge
    if ref == source and challenge is not None and challenge["type"] == "military":
        return False
    return base


register("core_37", passives={"kneel_to_attack": _jaime_kneels, "kneel_to_defend": _jaime_kneels})


# --- core_38 Tyrion Lannister -----------------------------------------------------------
# "Response: After you win an Intrigue challenge or a challenge in which Tyrion Lannister
# participated, pay 1 gold to draw a card."


def _tyrion_won(state: GameState, ctx: Ctx) -> bool:
    return _won(ctx) and (_won(ctx, "intrigue") or ctx["source"] in _participants(ctx))


def _draw(count: int) -> Callable[[GameState, Ctx], None]:
    def effect(state: GameState, ctx: Ctx) -> None:
        moves.effect_draw(state, ctx["seat"], count)

    return effect


register(
    "core_38",
    Ability(
        "response",
        _draw(1),
        trigger="challenge_won",
        costs=(Cost("gold", 1),),
        condition=_tyrion_won,
    ),
)


# --- core_39 Cersei Lannister -----------------------------------------------------------
# "Dominance: Kneel Cersei Lannister and pay 2 gold to choose a character. Kneel that
# character if it is standing. That character does not stand during the standing phase
# this round."


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state)


def _cersei(state: GameState, ctx: Ctx) -> None:
    _kneel(state, ctx["target"])
    add_lasting(state, "can_stand", ctx["target"], "round", ctx["source"], value=False)


register(
    "core_39",
    Ability(
        "action",
        _cersei,
        phases=("dominance",),
        costs=(KNEEL_SELF, Cost("gold", 2)),
        targets=_any_character,
    ),
)


# --- core_40 Tywin Lannister ------------------------------------------------------------
# "At the beginning of the marshalling phase, take 2 gold from the treasury and place it
# on Tywin Lannister. You may spend gold tokens on Tywin Lannister as if they are in your
# gold pool." (The ``gold_spendable`` flag: abilities.gold_available and moves.spend_gold
# count his gold; gold on other cards is in no gold pool.)


def _tywin(state: GameState, ctx: Ctx) -> None:
    moves.gold_to_card(state, ctx["source"], 2, "tywin_lannister")


def _tywin_gold(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source else base


register("core_40", forced={"marshalling_begins": _tywin}, passives={"gold_spendable": _tywin_gold})


# --- core_41 Ser Ilyn Payne -------------------------------------------------------------
# "Marshalling: Kneel Ser Ilyn Payne to choose and kill a character with STR 2 or lower."


def _ilyn_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if strength(state, r) <= 2 and allowed(state, "can_be_killed", r)
    ]


register(
    "core_41",
    Ability(
        "action",
        moves.kill_target,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        targets=_ilyn_targets,
    ),
)


# --- core_42 The Hound ------------------------------------------------------------------
# "If The Hound is killed, place him in your discard pile instead of your dead pile. At
# the beginning of the dominance phase, discard the top card from your deck or discard
# the Hound from play (cannot be saved)." His controller chooses; with an empty deck the
# Hound goes.

HOUND_DECK, HOUND_SELF = "discard_top_card", "discard_the_hound"


def _hound_killed_to(state: GameState, source: str, ref: Any, base: str) -> str:
    return "discard" if ref == source else base


def _hound_dominance(state: GameState, ctx: Ctx) -> None:
    deck = state.players[ctx["seat"]].deck
    options = [HOUND_DECK, HOUND_SELF] if deck else [HOUND_SELF]
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_choose(state, ctx["seat"], "the_hound", options, "lannister_hound", ctx=data)


@handler("lannister_hound")
def _hound_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    deck = state.players[ctx["seat"]].deck
    if ctx["choice"] == HOUND_DECK and deck:
        top = deck[0]
        if moves.to_discard_pile(state, top, deck):  # Darkstar: into play instead
            state.emit("discarded", seat=ctx["seat"], card=top, code=state.code(top), zone="deck")
    else:
        moves.discard_from_play(state, [ctx["source"]])  # "(cannot be saved)"


register(
    "core_42",
    passives={"killed_to": _hound_killed_to},
    forced={"dominance_begins": _hound_dominance},
)


# --- core_43 Chella, Daughter of Cheyk --------------------------------------------------
# "Response: After you win a challenge in which at least 1 Clansman character
# participated, pay X gold to choose and return a location to its owner's hand, where X
# is the printed gold cost of that location." A Clansman on either side counts; only
# locations whose cost can be paid are offered.


def _printed_cost(state: GameState, ref: str) -> int:
    return facts(state, ref).cost or 0


def _clansman_won(state: GameState, ctx: Ctx) -> bool:
    return _won(ctx) and any(
        "Clansman" in traits(state, r) for r in _participants(ctx) if r in state.cards
    )


def _chella_targets(state: GameState, ctx: Ctx) -> list[str]:
    gold = gold_available(state, ctx["seat"])
    return [
        r
        for p in state.players
        for r in p.in_play
        if facts(state, r).type == "location" and _printed_cost(state, r) <= gold
    ]


def _chella(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    moves.spend_gold(state, ctx["seat"], _printed_cost(state, target), "chella")
    moves.return_to_hand(state, [target])


register(
    "core_43",
    Ability(
        "response",
        _chella,
        trigger="challenge_won",
        condition=_clansman_won,
        targets=_chella_targets,
    ),
)


# --- core_44 Bronn ----------------------------------------------------------------------
# "Any Phase: Pay 2 gold to choose a character. Until the end of the phase, if that
# character would be killed and Bronn is kneeling, stand Bronn instead of killing that
# character." A lasting mark on the character; Bronn's forced effect at
# ``would_be_killed`` (before card saves) stands him and saves it. A kill that cannot be
# saved is not replaced.

BRONN = "lannister_bronn"


def _bronn(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, BRONN, ctx["target"], "phase", ctx["source"], value=True)


def _bronn_replaces(state: GameState, ctx: Ctx) -> None:
    bronn, cards = ctx["source"], ctx["event"].get("cards", ())
    guarded = [e["subject"] for e in state.effects if e["query"] == BRONN and e["source"] == bronn]
    for ref in guarded:
        if ref not in cards or moves.saved(state, ref):
            continue
        if bronn not in state.in_play or not state.in_play[bronn].knelt:
            return
        moves.stand(state, bronn)
        state.emit("stood", card=bronn)
        moves.save(state, ref, by=bronn)


register(
    "core_44",
    Ability("action", _bronn, costs=(Cost("gold", 2),), targets=_any_character),
    forced={"would_be_killed": _bronn_replaces},
)


# --- core_45 Grand Maester Pycelle ------------------------------------------------------
# "Response: After an opponent's effect reveals one or more cards, reveal the top card of
# your deck and put it into your hand (limit 3 per phase)." FAQ: not in response to the
# effect of another Grand Maester Pycelle.

PYCELLE = "grand_maester_pycelle"


def _revealed_by_pycelle(state: GameState, cards: list[str]) -> bool:
    for entry in reversed(state.log):
        if entry["event"] == "revealed" and entry["cards"] == cards:
            return entry.get("reason") == PYCELLE
    return False


def _pycelle_may(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    return (
        event.get("seat") in state.opponents(seat)
        and bool(state.players[seat].deck)
        and not _revealed_by_pycelle(state, list(event.get("cards", ())))
    )


def _pycelle(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if not player.deck:
        return
    top = player.deck.pop(0)
    player.hand.append(top)
    moves.reveal(state, ctx["seat"], [top], PYCELLE)


register(
    "core_45",
    Ability("response", _pycelle, trigger="revealed", condition=_pycelle_may, limit=(3, "phase")),
)


# --- core_46 Raff the Sweetling ---------------------------------------------------------
# "Any Phase: Pay 1 gold to look at the top card of an opponent's deck. Then put that card
# either on the top or bottom of his or her deck." The opponent is chosen as the effect
# resolves (when there are several with cards in their deck); only Raff's controller
# sees the card (the prompt's ``shown``).


def _decks_to_look_at(state: GameState, seat: int) -> list[int]:
    return [s for s in state.opponents(seat) if state.players[s].deck]


def _raff_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_decks_to_look_at(state, ctx["seat"]))


def _raff(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(s) for s in _decks_to_look_at(state, seat)]
    data = {"source": ctx["source"], "seat": seat}
    ask_choose(state, seat, "choose_opponent", options, "lannister_raff_look", ctx=data)


@handler("lannister_raff_look")
def _raff_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    deck = state.players[other].deck
    if not deck:
        return
    state.emit("looked_at_deck", seat=seat, deck=other, count=1)
    data = {"source": ctx["source"], "seat": seat, "deck": other, "shown": [deck[0]]}
    ask_choose(state, seat, "top_or_bottom", ["top", "bottom"], "lannister_raff_put", ctx=data)


@handler("lannister_raff_put")
def _raff_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    deck = state.players[ctx["deck"]].deck
    (card,) = ctx["shown"]
    if ctx["choice"] == "bottom" and card in deck:
        deck.remove(card)
        deck.append(card)
    state.emit("deck_card_placed", seat=ctx["seat"], deck=ctx["deck"], where=ctx["choice"])


register("core_46", Ability("action", _raff, costs=(Cost("gold", 1),), condition=_raff_may))


# --- core_47 Ser Jacelyn Bywater --------------------------------------------------------
# "Immune to character abilities. Response: After Ser Jacelyn Bywater is killed, each
# opponent must choose and discard a card at random from his or her hand, if able."
# Used from the dead pile by his owner (whose opponents discard).


def _jacelyn_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _jacelyn(state: GameState, ctx: Ctx) -> None:
    # In seat order, each after the one before (one may choose: Knight of Harrenhal).
    moves.discard_at_random_each(state, state.opponents(ctx["seat"]), 1)


register(
    "core_47",
    Ability("response", _jacelyn, trigger="killed", condition=_jacelyn_killed, zones=("dead",)),
)


# --- core_48 Enemy Informer -------------------------------------------------------------
# "Response: After you play Enemy Informer from your hand, choose and kneel a character."
# Played = marshalled (Ambush and "put into play" are not playing it).


def _informer_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


register(
    "core_48",
    Ability(
        "response",
        _kneel_target,
        trigger="played",
        condition=_informer_played,
        targets=_standing_characters,
    ),
)


# --- core_49 Qyburn's Informers ---------------------------------------------------------
# "Response: After you win an Intrigue challenge in which Qyburn's Informers
# participated, draw 2 cards."


def _qyburn_won(state: GameState, ctx: Ctx) -> bool:
    return _won(ctx, "intrigue") and ctx["source"] in _participants(ctx)


register(
    "core_49",
    Ability("response", _draw(2), trigger="challenge_won", condition=_qyburn_won),
)


# --- core_50 Cersei's Attendant ---------------------------------------------------------
# "Response: After Cersei Lannister or Cersei's Attendant is killed, choose and kneel a
# character." From play when any Cersei Lannister is killed; from the dead pile when this
# Attendant is (a copy answers its own death only).


def _attendant_may(state: GameState, ctx: Ctx) -> bool:
    source, cards = ctx["source"], ctx["event"].get("cards", ())
    if source in cards:
        return True
    cersei = any(facts(state, r).name == "Cersei Lannister" for r in cards)
    return cersei and source in state.in_play


register(
    "core_50",
    Ability(
        "response",
        _kneel_target,
        trigger="killed",
        condition=_attendant_may,
        targets=_standing_characters,
        zones=("play", "dead"),
    ),
)


# --- core_55 Lannisport -----------------------------------------------------------------
# "Response: After you win an Intrigue challenge, pay 1 gold to claim 1 power for your
# House (limit once per challenge)."


def _intrigue_won(state: GameState, ctx: Ctx) -> bool:
    return _won(ctx, "intrigue")


def _lannisport(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, "lannisport")


register(
    "core_55",
    Ability(
        "response",
        _lannisport,
        trigger="challenge_won",
        costs=(Cost("gold", 1),),
        condition=_intrigue_won,
        limit=(1, "challenge"),
    ),
)


# --- core_56 Lannisport Brothel ---------------------------------------------------------
# "Response: After a knelt character stands during the standing phase, kneel Lannisport
# Brothel to kneel that character." Any player's character.


def _stood_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play and facts(state, r).type == "character" and not state.in_play[r].knelt
    ]


register(
    "core_56",
    Ability(
        "response",
        _kneel_target,
        trigger="stood",
        costs=(KNEEL_SELF,),
        targets=_stood_characters,
    ),
)


# --- core_57 Golden Tooth Mines ---------------------------------------------------------
# "Each time you reveal a plot card, draw a card."


def _mines(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("seat") == ctx["seat"]:
        moves.effect_draw(state, ctx["seat"], 1)


register("core_57", forced={"plot_revealed": _mines})


# --- core_58, core_59 Western Fiefdoms --------------------------------------------------
# "Marshalling: Kneel Western Fiefdoms to lower the cost of the next House Lannister card
# you play this phase by 1."

for _code in ("core_58", "core_59"):
    register(
        _code,
        cost_reducer(1, ("Lannister",)),
    )


# --- core_64 Hall of Heroes -------------------------------------------------------------
# "Marshalling: Kneel Hall of Heroes to lower the cost of the next House Lannister
# character you play this phase by 2."

register(
    "core_64",
    cost_reducer(2, ("Lannister",), ("character",)),
)


# --- core_65 Sunset Sea -----------------------------------------------------------------
# "Marshalling: Discard Sunset Sea from play to reduce the cost of the next House
# Lannister or House Greyjoy character you play this phase by 2."

register(
    "core_65",
    cost_reducer(2, ("Lannister", "Greyjoy"), ("character",), cost=DISCARD_SELF),
)


# --- core_162 The Lion's Will -----------------------------------------------------------
# "Any Phase: Pay 2 gold to choose a character. Kneel that character."

register(
    "core_162",
    Ability(
        "action",
        _kneel_target,
        costs=(Cost("gold", 2),),
        targets=_standing_characters,
        zones=("hand",),
    ),
)


# --- core_164 Call Their Bluff ----------------------------------------------------------
# "Dominance: Pay 2 gold to name a card. Each opponent then reveals his or her hand and
# discards all cards with that name." Naming = choosing one code per distinct card name
# of the card pool (the first printing of each name).

_NAMES: dict[str, list[str]] = {}


def _nameable(state: GameState) -> list[str]:
    found = _NAMES.get(state.card_source)
    if found is None:
        first: dict[str, str] = {}
        for code, card in pool(state).items():
            first.setdefault(card.name, code)
        found = _NAMES[state.card_source] = list(first.values())
    return found


def _call_their_bluff(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    options = _nameable(state)
    ask_choose(state, ctx["seat"], "name_a_card", options, "lannister_bluff", ctx=data)


@handler("lannister_bluff")
def _bluff_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    name = pool(state)[ctx["choice"]].name
    state.emit("card_named", seat=ctx["seat"], code=ctx["choice"], source=ctx["source"])
    for seat in state.opponents(ctx["seat"]):
        hand = list(state.players[seat].hand)
        moves.reveal(state, ctx["seat"], hand, "call_their_bluff")
        _discard_from_hand(state, seat, [r for r in hand if facts(state, r).name == name])


register(
    "core_164",
    Ability(
        "action",
        _call_their_bluff,
        phases=("dominance",),
        costs=(Cost("gold", 2),),
        zones=("hand",),
    ),
)


# --- core_165 I'm You Writ Small --------------------------------------------------------
# "Challenges: Choose a character. Until the end of the phase, that character gains
# deadly. Then, attach I'm You Writ Small to a House Lannister character (counts as a Boon
# attachment with the text "Attached character gets +2 STR")." From the discard pile onto
# any player's House Lannister character that can take attachments, under the player's
# control; with none, it stays in the discard pile.


def _writ_small(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["deadly"])
    card = facts(state, ctx["source"])
    hosts = [
        r
        for r in characters(state)
        if "Lannister" in facts(state, r).houses and can_take(facts(state, r), card)
    ]
    data = {"source": ctx["source"], "seat": ctx["seat"]}
    ask_select(state, ctx["seat"], "attach", hosts, "lannister_writ_small", low=1, high=1, ctx=data)


@handler("lannister_writ_small")
def _writ_small_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if selected and selected[0] in state.in_play and source not in state.in_play:
        put_into_play(state, ctx["seat"], source, selected[0])


def _boon(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    return base | {"Boon"} if ref == source else base


register(
    "core_165",
    Ability(
        "action",
        _writ_small,
        phases=("challenges",),
        targets=_any_character,
        zones=("hand",),
    ),
    passives={"strength": _attached_bonus(2), "traits": _boon},
)


# --- core_167 You've Killed the Wrong Dwarf! --------------------------------------------
# "Any phase: Choose and kneel a non-Noble character. Then, that character claims 1
# power."


def _non_noble_standing(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in _standing_characters(state) if "noble" not in crests(state, r)]


def _wrong_dwarf(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        _kneel(state, target)
        moves.card_power(state, target, 1, "wrong_dwarf")


register(
    "core_167",
    Ability("action", _wrong_dwarf, targets=_non_noble_standing, zones=("hand",)),
)
