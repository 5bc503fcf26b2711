"""Core Set House Targaryen cards, registered by card code (see abilities.register).

Importing the package gameplay.engine.cards.core registers every Core Set card. Dothraki
Honor Guard (core_119) is with the other Honor Guards in stark.py and Khal Drogo's Tent
(core_130) in chambers.py; Brown Ben Plumm, Warlock's Servitors and Temple of the Graces
need no code.

Conventions:

- "You" is the controller of the card (``ctx["seat"]``; for passives
  :func:`abilities.controller` of the source). "An opponent" is a seat of
  :meth:`GameState.opponents`.
- A card's own name in its text means that card; another name ("Daenerys Targaryen" on
  Dany's Handmaiden) means any card with that printed name, anyone's.
- Traits and crests are read through the ``traits`` / ``crests`` queries, so a gained
  trait counts (Blood of the Dragon's Dragon for Qartheen Fanatic).
- A choice made as the effect resolves ("choose and return a character") offers only cards
  the effect may choose: not immune to the source's card type, and ``targetable``
  (Quaithe of the Shadow).
- Handler and effect names start with ``targaryen_``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    allowed,
    attached_to,
    attachments,
    characters,
    controller,
    effect,
    facts,
    gold_available,
    handler,
    icons,
    immune_to,
    participating,
    register,
    traits,
    value,
)
from gameplay.engine.cards.vocabulary import pile_to_hand
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets, cost_reducer, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

Passive = Callable[[GameState, str, object, object], object]

DRAGON = "Dragon"
DAENERYS = "Daenerys Targaryen"

# --- small generic helpers ------------------------------------------------------------


def _character(state: GameState, ref: str) -> bool:
    """A character in play."""
    return ref in state.in_play and facts(state, ref).type == "character"


def crests(state: GameState, ref: str) -> set[str]:
    """A card's current crests, lower case (``noble``)."""
    return set(value(state, "crests", ref, {c.lower() for c in facts(state, ref).crests}))


def _choosable(state: GameState, ref: str, source: str, seat: int) -> bool:
    """Whether ``seat``'s effect from ``source`` may choose ``ref`` (a card in play):
    immunity and the ``targetable`` query, as for targets chosen with the action."""
    kind = facts(state, source).type
    if immune_to(state, ref, kind, seat, source):
        return False
    return allowed(state, "targetable", (ref, kind, seat))


def _on_attached(fn: Callable[[GameState, str, str, Any], Any]) -> Passive:
    """A passive of an attachment that changes only the character it is attached to:
    ``fn(state, source, character, base)``."""

    def passive(state: GameState, source: str, subject: object, base: object) -> object:
        if isinstance(subject, str) and subject == attached_to(state, source):
            return fn(state, source, subject, base)
        return base

    return passive


def _on_self(fn: Callable[[GameState, str, Any], Any]) -> Passive:
    """A passive of a card that changes only that card: ``fn(state, source, base)``."""

    def passive(state: GameState, source: str, subject: object, base: object) -> object:
        return fn(state, source, base) if subject == source else base

    return passive


def _to_hand(state: GameState, ref: str) -> None:
    """Return a card in play to its owner's hand (saves may answer: moves.leave)."""
    if ref in state.in_play:
        moves.return_to_hand(state, [ref])


def _won(state: GameState, ctx: Ctx) -> bool:
    """Condition of "After you win a challenge"."""
    return ctx["event"].get("winner") == ctx["seat"]


def _can_enter(state: GameState, seat: int, ref: str) -> bool:
    """Whether ``seat`` may put ``ref`` into play (uniqueness)."""
    return unique_problem(state, seat, facts(state, ref)) is None


# --- core_100 Blood of the Dragon -----------------------------------------------------
# "While participating in a challenge, attached character gets +6 STR and gains the Dragon
# trait."

BLOOD_STR = 6


def _blood_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + BLOOD_STR if participating(state, ref) else base


def _blood_traits(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {DRAGON} if participating(state, ref) else base


register(
    "core_100",
    passives={"strength": _on_attached(_blood_strength), "traits": _on_attached(_blood_traits)},
)


# --- core_101 Poisoned Wine -----------------------------------------------------------
# "Attached character gets -2 STR.
# Any Phase: Kneel 1 influence to move Poisoned Wine to another eligible character."
# Eligible: a character that could take it now (rules.attachment_targets); the Wine keeps
# its controller.

WINE_STR = -2


def _wine_targets(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    host = attached_to(state, source)
    found = attachment_targets(state, facts(state, source), ctx["seat"])
    return [r for r in found if r != host]


def _move_wine(state: GameState, ctx: Ctx) -> None:
    source, target = ctx["source"], ctx["target"]
    record = state.in_play.get(source)
    if record is None or target not in _wine_targets(state, ctx):
        return
    before, record.attached_to = record.attached_to, target
    state.emit(
        "attachment_moved", card=source, code=state.code(source), source=before, target=target
    )


register(
    "core_101",
    Ability("action", _move_wine, costs=(Cost("influence", 1),), targets=_wine_targets),
    passives={"strength": _on_attached(lambda state, source, ref, base: base + WINE_STR)},
)


# --- core_102 Aegon's Blade -----------------------------------------------------------
# "While attached character has a Military icon, it gains +2 STR.
# While attached character has an Intrigue icon, it gains stealth.
# While attached character has a Power icon, it gains renown."

BLADE_STR = 2


def _blade_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + BLADE_STR if "military" in icons(state, ref) else base


def _blade_keywords(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    have = icons(state, ref)
    gained = {"stealth"} if "intrigue" in have else set()
    gained |= {"renown"} if "power" in have else set()
    return base | gained


register(
    "core_102",
    passives={
        "strength": _on_attached(_blade_strength),
        "keywords": _on_attached(_blade_keywords),
    },
)


# --- core_103 Flame-Kissed ------------------------------------------------------------
# "House Targaryen only. Ambush.
# If attached character has no other attachments, attached character gets -2 STR and is
# killed if its STR is 0." Duplicates are not attachments. Ambush is the engine's.

FLAME_STR = -2


def _alone(state: GameState, source: str, ref: str) -> bool:
    return attachments(state, ref) == [source]


def _flame_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + FLAME_STR if _alone(state, source, ref) else base


def _flame_dies(state: GameState, source: str, ref: str, base: bool) -> bool:
    return base or _alone(state, source, ref)


register(
    "core_103",
    passives={
        "strength": _on_attached(_flame_strength),
        "dies_at_zero": _on_attached(_flame_dies),
    },
)


# --- core_104 Bones of a Child --------------------------------------------------------
# "Challenges: Discard Bones of a Child from play (cannot be saved) to lower the Claim value
# on an opponent's revealed plot card by 1 for the duration of the challenge." Only during
# a challenge; the target is the opponent's revealed plot.


def _plot_seat(state: GameState, plot: str) -> int | None:
    return next((p.seat for p in state.players if p.revealed_plot == plot), None)


def _bones_targets(state: GameState, ctx: Ctx) -> list[str]:
    if state.challenge is None:
        return []
    plots = [state.players[s].revealed_plot for s in state.opponents(ctx["seat"])]
    return [p for p in plots if p]


def _bones(state: GameState, ctx: Ctx) -> None:
    seat = _plot_seat(state, ctx["target"])
    if seat is not None and state.challenge is not None:
        add_lasting(state, "claim", seat, "challenge", ctx["source"], amount=-1)


register(
    "core_104",
    Ability(
        "action", _bones, phases=("challenges",), costs=(DISCARD_SELF,), targets=_bones_targets
    ),
)


# --- core_105 Captain Groleo ----------------------------------------------------------
# "Response: After an opponent plays or reveals an attachment, claim 1 power for your
# House. (Limit 1 per phase.)" Playing: marshalling it (Ambush and setup are not playing;
# no effect of the Core Set reveals an attachment otherwise).


def _opponent_played_attachment(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "attachment" and event.get("seat") in state.opponents(ctx["seat"])


def _groleo(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, "captain_groleo")


register(
    "core_105",
    Ability(
        "response",
        _groleo,
        trigger="played",
        condition=_opponent_played_attachment,
        limit=(1, "phase"),
    ),
)


# --- core_106 Daenerys Targaryen ------------------------------------------------------
# "Renown. If you win a challenge in which Daenerys Targaryen attacked alone, move all gold
# tokens from the losing opponent's gold pool to your gold pool." A forced effect.


def _daenerys(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("attackers") != [ctx["source"]] or event.get("winner") != seat:
        return
    loser = event.get("loser")
    if loser is not None and event.get("attacker") == seat:
        moves.give_gold(state, loser, seat, state.players[loser].gold)


register("core_106", forced={"challenge_won": _daenerys})


# --- core_107 Khal Drogo --------------------------------------------------------------
# "House Targaryen only. Stealth.
# Response: After you win a challenge, put Khal Drogo into play from your hand. At the end
# of the phase, return Khal Drogo to his owner's hand."


def _drogo_condition(state: GameState, ctx: Ctx) -> bool:
    return _won(state, ctx) and _can_enter(state, ctx["seat"], ctx["source"])


def _drogo(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    if ref not in state.players[seat].hand:
        return
    put_into_play(state, seat, ref)
    add_delayed(state, "phase_ends", seat, "targaryen_drogo_returns", ref, until="phase", card=ref)


@effect("targaryen_drogo_returns")
def _drogo_returns(state: GameState, data: Ctx) -> None:
    _to_hand(state, data["card"])


register(
    "core_107",
    Ability(
        "response", _drogo, trigger="challenge_won", condition=_drogo_condition, zones=("hand",)
    ),
)


# --- core_108 Viserys Targaryen -------------------------------------------------------
# "Response: Save Viserys Targaryen from being killed or discarded from play, then return
# him to his owner's hand."


def _viserys_condition(state: GameState, ctx: Ctx) -> bool:
    ref = ctx["source"]
    return ref in (ctx["event"].get("cards") or ()) and not moves.saved(state, ref)


def _viserys(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref in state.in_play:
        moves.save(state, ref, by=ref)
        _to_hand(state, ref)


register(
    "core_108",
    *[
        Ability("save", _viserys, trigger=t, condition=_viserys_condition)
        for t in ("would_be_killed", "would_be_discarded")
    ],
)


# --- core_109 / core_110 Rhaegal ------------------------------------------------------
# "Stealth. No attachments.
# Any Phase: Pay 1 gold to search your deck for a duplicate of Rhaegal and attach it to him.
# Then shuffle your deck." A duplicate: a card of the same name (FAQ: a card whose text lets
# it be searched as a duplicate would do too; the Core Set has none). Duplicates go only on
# a card you own; the search may find nothing.


def _rhaegal(state: GameState, ctx: Ctx) -> None:
    name = facts(state, ctx["source"]).name
    moves.search_deck(
        state,
        ctx["seat"],
        lambda r: facts(state, r).name == name,
        "targaryen_rhaegal_found",
        ctx={"source": ctx["source"]},
    )


@handler("targaryen_rhaegal_found")
def _rhaegal_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, player = ctx["source"], state.players[ctx["seat"]]
    for ref in selected:
        if source in state.in_play and ref in player.deck:
            player.deck.remove(ref)
            state.in_play[source].duplicates.append(ref)
            state.emit("duplicate", seat=player.seat, card=ref, code=state.code(ref), target=source)


def _owned(state: GameState, ctx: Ctx) -> bool:
    return state.cards[ctx["source"]].owner == ctx["seat"]


for _code in ("core_109", "core_110"):
    register(_code, Ability("action", _rhaegal, costs=(Cost("gold", 1),), condition=_owned))


# --- core_111 Drogon ------------------------------------------------------------------
# "Stealth. No attachments.
# Any Phase: Pay 2 gold to choose a character. Until the end of the phase, that character
# gets -1 STR and is killed if its STR is 0. (Limit once per phase.)"


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters(state)


def _drogon(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=-1)
        add_lasting(state, "dies_at_zero", target, "phase", ctx["source"], value=True)


register(
    "core_111",
    Ability(
        "action", _drogon, costs=(Cost("gold", 2),), targets=_any_character, limit=(1, "phase")
    ),
)


# --- core_112 Viserion ----------------------------------------------------------------
# "Stealth. No attachments.
# Dominance: Pay 4 gold to choose and kill a kneeling character. (Limit once per phase.)"


def _kneeling_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if state.in_play[r].knelt]


register(
    "core_112",
    Ability(
        "action",
        moves.kill_target,
        phases=("dominance",),
        costs=(Cost("gold", 4),),
        targets=_kneeling_characters,
        limit=(1, "phase"),
    ),
)


# --- core_113 Strong Belwas -----------------------------------------------------------
# "Response: Pay 2 gold to save a Noble character from being killed." Anyone's [Noble]
# character (a crest).


def _dying_nobles(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if _character(state, r) and not moves.saved(state, r) and "noble" in crests(state, r)
    ]


register(
    "core_113",
    Ability(
        "save",
        moves.save_target,
        trigger="would_be_killed",
        costs=(Cost("gold", 2),),
        targets=_dying_nobles,
    ),
)


# --- core_114 Daario Naharis ----------------------------------------------------------
# "Deadly.
# At the beginning of the dominance phase, discard 1 gold from any player's gold pool or
# discard Daario Naharis from play." A forced choice of his controller: a seat with gold
# in its pool (their own too), or Daario (a discard that can be saved).

DISCARD_DAARIO = "discard_daario"


def _daario(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players if p.gold > 0] + [DISCARD_DAARIO]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "daario_naharis", options, "targaryen_daario", ctx=data)


@handler("targaryen_daario")
def _daario_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == DISCARD_DAARIO:
        moves.discard(state, [ctx["source"]])
    else:
        moves.pay_gold(state, int(ctx["choice"]), 1, "daario_naharis")


register("core_114", forced={"dominance_begins": _daario})


# --- core_115 Quaithe of the Shadow ---------------------------------------------------
# "Opponents may not choose Quaithe of the Shadow as the target of an event card or
# character ability while she has at least 1 attachment."


def _quaithe(state: GameState, source: str, subject: object, base: bool) -> bool:
    if not isinstance(subject, tuple) or subject[0] != source:
        return base
    _, kind, seat = subject
    if kind not in ("event", "character") or not attachments(state, source):
        return base
    return base and seat not in state.opponents(controller(state, source))


register("core_115", passives={"targetable": _quaithe})


# --- core_116 Xaro Xoan Daxos ---------------------------------------------------------
# "After you play Xaro Xoan Daxos from your hand, choose and return a character you control
# to its owner's hand." Forced; Xaro himself may be chosen.


def _xaro(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    mine = [r for r in characters(state, seat) if _choosable(state, r, source, seat)]
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "return_to_hand", mine, "targaryen_xaro", low=1, high=1, ctx=data)


@handler("targaryen_xaro")
def _xaro_returns(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.return_to_hand(state, [r for r in selected if r in state.in_play])


register("core_116", forced={"played": _xaro})


# --- core_117 Jhogo -------------------------------------------------------------------
# "Stealth.
# While Jhogo has a Weapon attachment, he gets +2 STR."

JHOGO_STR = 2


def _jhogo(state: GameState, source: str, base: int) -> int:
    armed = any("Weapon" in traits(state, a) for a in attachments(state, source))
    return base + JHOGO_STR if armed else base


register("core_117", passives={"strength": _on_self(_jhogo)})


# --- core_120 The Titan's Bastard -----------------------------------------------------
# "House Targaryen only.
# Response: After a card is placed in your dead pile, put The Titan's Bastard into play
# from your hand.
# Response: After a card is placed in an opponent's dead pile, return The Titan's Bastard
# to its owner's hand." Each answers a dead-pile event once (windows: once per trigger).


def _dead_pile_of(state: GameState, ctx: Ctx, seats: list[int]) -> bool:
    owners = (ctx["event"].get("owners") or {}).values()
    return any(owner in seats for owner in owners)


def _bastard_enters_condition(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return _dead_pile_of(state, ctx, [seat]) and _can_enter(state, seat, ctx["source"])


def _bastard_enters(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.players[ctx["seat"]].hand:
        put_into_play(state, ctx["seat"], ctx["source"])


def _bastard_leaves_condition(state: GameState, ctx: Ctx) -> bool:
    return _dead_pile_of(state, ctx, state.opponents(ctx["seat"]))


register(
    "core_120",
    Ability(
        "response",
        _bastard_enters,
        trigger="dead_pile",
        condition=_bastard_enters_condition,
        zones=("hand",),
    ),
    Ability(
        "response",
        lambda state, ctx: _to_hand(state, ctx["source"]),
        trigger="dead_pile",
        condition=_bastard_leaves_condition,
    ),
)


# --- core_121 Dany's Handmaiden -------------------------------------------------------
# "Response: After Daenerys Targaryen or Dany's Handmaiden is killed, choose and discard
# an attachment from play." "Dany's Handmaiden" is this card (it answers from the dead
# pile); "Daenerys Targaryen" is any Daenerys. The attachment's discard can be saved.


def _handmaiden_condition(state: GameState, ctx: Ctx) -> bool:
    source, killed = ctx["source"], ctx["event"].get("cards") or ()
    if source in state.in_play:
        return any(r in state.cards and facts(state, r).name == DAENERYS for r in killed)
    return source in killed and source in state.players[ctx["seat"]].dead


def _attachments_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r, record in state.in_play.items() if record.attached_to]


def _discard_target(state: GameState, ctx: Ctx) -> None:
    moves.discard(state, [ctx["target"]])


register(
    "core_121",
    Ability(
        "response",
        _discard_target,
        trigger="killed",
        condition=_handmaiden_condition,
        targets=_attachments_in_play,
        zones=("play", "dead"),
    ),
)


# --- core_123 Qartheen Fanatic --------------------------------------------------------
# "Qartheen Fanatic gets +1 STR and a Military icon while there is a Dragon character in
# play." Anyone's Dragon, itself included (Blood of the Dragon).


def _dragon_in_play(state: GameState) -> bool:
    return any(DRAGON in traits(state, r) for r in characters(state))


def _fanatic_strength(state: GameState, source: str, base: int) -> int:
    return base + 1 if _dragon_in_play(state) else base


def _fanatic_icons(state: GameState, source: str, base: set[str]) -> set[str]:
    return base | {"military"} if _dragon_in_play(state) else base


register(
    "core_123",
    passives={"strength": _on_self(_fanatic_strength), "icons": _on_self(_fanatic_icons)},
)


# --- core_124 Pentoshi Guildmaster ----------------------------------------------------
# "Response: After you win a challenge by 4 or more total STR, return Pentoshi Guildmaster
# from your discard pile to your hand. Then, you may pay 3 gold to put Pentoshi
# Guildmaster into play from your hand."

GUILDMASTER_BY = 4
GUILDMASTER_GOLD = 3
PUT_INTO_PLAY, KEEP = "put_into_play", "keep_in_hand"


def _guildmaster_condition(state: GameState, ctx: Ctx) -> bool:
    return _won(state, ctx) and ctx["event"].get("by", 0) >= GUILDMASTER_BY


def _guildmaster(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    pile_to_hand(state, seat, ref, "discard")
    if ref in state.players[seat].hand and gold_available(state, seat) >= GUILDMASTER_GOLD:
        data = {"seat": seat, "source": ref}
        options = [PUT_INTO_PLAY, KEEP]
        ask_choose(state, seat, "pentoshi_guildmaster", options, "targaryen_pentoshi", ctx=data)


@handler("targaryen_pentoshi")
def _guildmaster_pays(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    if ctx["choice"] != PUT_INTO_PLAY or ref not in state.players[seat].hand:
        return
    if gold_available(state, seat) >= GUILDMASTER_GOLD:
        moves.spend_gold(state, seat, GUILDMASTER_GOLD, "pentoshi_guildmaster")
        put_into_play(state, seat, ref)


register(
    "core_124",
    Ability(
        "response",
        _guildmaster,
        trigger="challenge_won",
        condition=_guildmaster_condition,
        zones=("discard",),
    ),
)


# --- core_125 Illyrio's Man -----------------------------------------------------------
# "Marshalling: Kneel Illyrio's Man to lower the cost of the next House Targaryen character
# you play this phase by 1."

register("core_125", cost_reducer(1, ("Targaryen",), ("character",)))


# --- core_126 Xaro's Home -------------------------------------------------------------
# "Response: After you play an attachment from your hand, kneel 1 influence to draw a card."


def _you_played_attachment(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "attachment" and event.get("seat") == ctx["seat"]


def _xaros_home(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "core_126",
    Ability(
        "response",
        _xaros_home,
        trigger="played",
        condition=_you_played_attachment,
        costs=(Cost("influence", 1),),
    ),
)


# --- core_127 / core_128 / core_129 Eastern Fiefdoms ----------------------------------
# "Limited.
# Marshalling: Kneel Eastern Fiefdoms to lower the cost of the next House Targaryen card you
# play this phase by 1."

for _code in ("core_127", "core_128", "core_129"):
    register(_code, cost_reducer(1, ("Targaryen",)))


# --- core_133 Great Pyramid -----------------------------------------------------------
# "Limited.
# Marshalling: Kneel Great Pyramid to lower the cost of the next House Targaryen character
# you play this phase by 2."

register("core_133", cost_reducer(2, ("Targaryen",), ("character",)))


# --- core_134 Summer Sea --------------------------------------------------------------
# "Marshalling: Discard Summer Sea from play to reduce the cost of the next House Targaryen
# or House Martell character you play this phase by 2."

register(
    "core_134",
    cost_reducer(2, ("Targaryen", "Martell"), ("character",), cost=DISCARD_SELF),
)


# --- core_174 Forever Burning ---------------------------------------------------------
# "House Targaryen only.
# Deathbound.
# Any Phase: Choose a character. Until the end of the phase, that character gets -1 STR.
# Dominance: Kneel 1 influence or pay 2 gold to return Forever Burning from your dead pile
# to your hand." Deathbound is the engine's (windows.use: once it has resolved it goes
# to the dead pile; cancelled, it stays in the discard pile). The two costs of the return
# are two abilities.


def _forever_burning(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=-1)


def _burning_returns(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["source"], "dead")


register(
    "core_174",
    Ability("action", _forever_burning, targets=_any_character, zones=("hand",)),
    *[
        Ability("action", _burning_returns, phases=("dominance",), costs=(cost,), zones=("dead",))
        for cost in (Cost("influence", 1), Cost("gold", 2))
    ],
)


# --- core_180 Lady Daenerys's Chambers ------------------------------------------------
# "Response: After you play a House Targaryen character, return an attachment with printed
# cost equal to or lower than that character from your discard pile to your hand." Lower
# than that character's printed cost.


def _chambers_targets(state: GameState, ctx: Ctx) -> list[str]:
    event, seat = ctx["event"], ctx["seat"]
    card = event.get("card")
    if event.get("seat") != seat or event.get("type") != "character" or card not in state.cards:
        return []
    played = facts(state, card)
    if "Targaryen" not in played.houses:
        return []
    limit = played.cost or 0
    return [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "attachment" and (facts(state, r).cost or 0) <= limit
    ]


def _chambers(state: GameState, ctx: Ctx) -> None:
    pile_to_hand(state, ctx["seat"], ctx["target"], "discard")


register(
    "core_180",
    Ability("response", _chambers, trigger="played", targets=_chambers_targets),
)
