"""Core Set neutral characters, locations and attachments, registered by card code (see
abilities.register). The neutral events are in events.py; Crossroads (core_138, 143, 148,
153, 154) has only printed bonuses and needs no code.

Conventions:

- "You" is the controller of the card (``ctx["seat"]``; for passives
  :func:`abilities.controller` of the source). "An opponent" is a seat of
  :meth:`GameState.opponents`.
- A name in card text ("Ghost is immune to events") means every card in play with that
  printed name. Traits are read through the ``traits`` query, so a gained trait (Lordship)
  counts.
- Saves ("save a Night's Watch character") are ``save`` responses to ``would_be_killed`` /
  ``would_be_discarded`` whose target is a card the removal names and that is not saved yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    HANDLERS,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_delayed,
    add_lasting,
    attached_to,
    attachments,
    controller,
    effect,
    facts,
    handler,
    register,
    value,
)
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState, shuffle_zone

NIGHTS_WATCH = "Night's Watch"
EVENT_IMMUNITY = "immune to events"

# --- small generic helpers ------------------------------------------------------------


def _character(state: GameState, ref: str) -> bool:
    """A character in play."""
    return ref in state.in_play and facts(state, ref).type == "character"


def traits(state: GameState, ref: str) -> set[str]:
    """A card's current traits (printed, plus gained: Lordship's Lord)."""
    return set(value(state, "traits", ref, set(facts(state, ref).traits)))


def _named(state: GameState, ref: str, name: str) -> bool:
    return ref in state.in_play and facts(state, ref).name == name


def _on_attached(
    fn: Callable[[GameState, str, Any], Any],
) -> Callable[[GameState, str, object, object], object]:
    """A passive of an attachment that changes only the character it is attached to."""

    def passive(state: GameState, source: str, subject: object, base: object) -> object:
        if isinstance(subject, str) and subject == attached_to(state, source):
            return fn(state, subject, base)
        return base

    return passive


def _shuffle_piles(state: GameState, ctx: Ctx, pile: str) -> None:
    """Every player shuffles a whole pile (``dead`` or ``discard``) into the deck (the
    deck's cards get fresh ids). It waits for the windows and forced effects already
    queued that name a card of those piles or decks (the responses to the kill that put
    Benjen there), so nothing pending points at a card whose id the shuffle renews."""
    refs = {r for p in state.players for r in (*getattr(p, pile), *p.deck)}
    position = 0
    for i, step in enumerate(state.queue):
        if step["name"] in ("window", "forced") and _names_any(step.get("event") or {}, refs):
            position = i + 1
    data = {"seat": ctx["seat"], "source": ctx["source"], "pile": pile}
    ask_select(
        state, ctx["seat"], "resolve", [], "neutral_shuffle_piles", ctx=data, position=position
    )


def _names_any(event: dict, refs: set[str]) -> bool:
    named = {*(event.get("cards") or ()), event.get("card"), event.get("target")}
    return bool(named & refs)


@handler("neutral_shuffle_piles")
def _shuffle_now(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    pile = ctx["pile"]
    for player in state.players:
        cards = getattr(player, pile)
        player.deck.extend(cards)
        count = len(cards)
        cards.clear()
        shuffle_zone(state, player.deck)
        state.emit("pile_shuffled", seat=player.seat, pile=pile, count=count, card=ctx["source"])


def _choose_opponent(state: GameState, ctx: Ctx, then: str) -> None:
    """Call handler ``then`` with ``ctx["choice"]`` an opponent's seat (a string), asking
    ``ctx["seat"]`` only when there is more than one opponent."""
    options = [str(s) for s in state.opponents(ctx["seat"])]
    base = {k: v for k, v in ctx.items() if k in ("seat", "source")}
    if len(options) == 1:
        HANDLERS[then](state, {**base, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, then, ctx=base)


def _saveable(state: GameState, ctx: Ctx, match: Callable[[GameState, str], bool]) -> list[str]:
    """Cards the removal being answered names that are still in play, not saved yet and
    that ``match``."""
    cards = ctx["event"].get("cards") or []
    return [
        r for r in cards if r in state.in_play and not moves.saved(state, r) and match(state, r)
    ]


def _saves(
    match: Callable[[GameState, str], bool], costs: tuple[Cost, ...], triggers: tuple[str, ...]
) -> list[Ability]:
    """One ``save`` response per removal (killed, discarded) for the cards that match."""
    return [
        Ability(
            "save",
            moves.save_target,
            trigger=trigger,
            costs=costs,
            targets=lambda state, ctx: _saveable(state, ctx, match),
        )
        for trigger in triggers
    ]


def _nights_watch(state: GameState, ref: str) -> bool:
    return _character(state, ref) and NIGHTS_WATCH in traits(state, ref)


KILLED_OR_DISCARDED = ("would_be_killed", "would_be_discarded")


# --- core_135 Benjen Stark --------------------------------------------------------------
# "Stealth. After Benjen Stark is killed, all players must shuffle their dead piles back
# into their decks." A forced effect; Benjen himself is in his owner's dead pile by then,
# so he goes back into the deck too. The shuffle waits for the responses to the kill
# (Joffrey can still answer a Lord killed with Benjen), see _shuffle_piles.


def _benjen_killed(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in (ctx["event"].get("cards") or []):
        _shuffle_piles(state, ctx, "dead")


register("core_135", forced={"killed": _benjen_killed})


# --- core_136 Jon Snow ------------------------------------------------------------------
# "No attachments except Weapon. Ghost is immune to events. Response: After you win a
# challenge in which Jon Snow or Ghost participated, Jon Snow claims 1 power."
# Once per challenge: a response answers its trigger once (windows.usable).


def _immune_to_events(name: str) -> Callable[[GameState, str, str, set[str]], set[str]]:
    def passive(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
        return base | {EVENT_IMMUNITY} if _named(state, ref, name) else base

    return passive


def _jon_participated(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    if event.get("winner") != ctx["seat"]:
        return False
    cards = [*event.get("attackers", ()), *event.get("defenders", ())]
    return ctx["source"] in cards or any(_named(state, r, "Ghost") for r in cards)


def _jon_claims(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "jon_snow")


register(
    "core_136",
    Ability(
        "response",
        _jon_claims,
        trigger="challenge_won",
        condition=_jon_participated,
    ),
    passives={"immune": _immune_to_events("Ghost")},
)


# --- core_137 Ghost ---------------------------------------------------------------------
# "Stealth. Jon Snow is immune to events. Response: Kneel Ghost to save a Night's Watch
# character from being killed or discarded from play." Any player's Night's Watch
# character.

register(
    "core_137",
    *_saves(_nights_watch, (KNEEL_SELF,), KILLED_OR_DISCARDED),
    passives={"immune": _immune_to_events("Jon Snow")},
)


# --- core_139 Street of Steel / core_144 Shadowblack Lane / core_149 Street of Sisters --
# "Marshalling: Kneel Street of Steel to lower the cost of the next character with a
# Military (Intrigue, Power) icon you play this phase by 1."


def _street(icon: str) -> Ability:
    return cost_reducer(1, types=("character",), icon=icon)


register("core_139", _street("military"))
register("core_144", _street("intrigue"))
register("core_149", _street("power"))


# --- core_140 Lordship ------------------------------------------------------------------
# "Attached character gains the Lord trait and a Power icon. During the dominance phase,
# attached character gets +4 STR. Limit 1 per character."

LORDSHIP_STR = 4


def _limit_one_per_character(name: str) -> Callable[[GameState, str, str, int | None], bool]:
    """Attach rule: "Limit 1 per character" (no other copy of ``name`` on the target)."""

    def rule(state: GameState, code: str, ref: str, seat: int | None) -> bool:
        return not any(facts(state, a).name == name for a in attachments(state, ref))

    return rule


def _lordship_strength(state: GameState, ref: str, base: int) -> int:
    return base + LORDSHIP_STR if state.phase == "dominance" else base


register(
    "core_140",
    passives={
        "traits": _on_attached(lambda state, ref, base: base | {"Lord"}),
        "icons": _on_attached(lambda state, ref, base: base | {"power"}),
        "strength": _on_attached(_lordship_strength),
    },
    attach_rule=_limit_one_per_character("Lordship"),
)


# --- core_141 Littlefinger --------------------------------------------------------------
# "Stealth. Littlefinger gets +1 STR for each gold token in your gold pool. [+2 Income]"
# The pool only (not gold on cards).


def _littlefinger(state: GameState, source: str, ref: str, base: int) -> int:
    if ref != source:
        return base
    return base + state.players[controller(state, source)].gold


register("core_141", passives={"strength": _littlefinger})


# --- core_142 Varys ---------------------------------------------------------------------
# "Stealth. Plot: If you have more than one opponent, kneel Varys to choose an opponent.
# Until the end of the round, switch plot decks and used plot piles with that opponent."
# At the end of the round every plot card in a plot deck (used pile) goes back to its
# owner's plot deck (used pile), which also undoes several Varys switches at once.


def _varys(state: GameState, ctx: Ctx) -> None:
    _choose_opponent(state, ctx, "neutral_varys_switch")


@handler("neutral_varys_switch")
def _varys_switch(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    mine, theirs = state.players[ctx["seat"]], state.players[int(ctx["choice"])]
    # A plot already chosen (Dragonstone Port's window before the reveal) is no longer
    # part of the plot deck: it stays with the player who chose it.
    kept = [(p, p.chosen_plot) for p in (mine, theirs) if p.chosen_plot in p.plot_deck]
    for player, plot in kept:
        player.plot_deck.remove(plot)
    mine.plot_deck, theirs.plot_deck = theirs.plot_deck, mine.plot_deck
    for player, plot in kept:
        player.plot_deck.append(plot)
    mine.used_plots, theirs.used_plots = theirs.used_plots, mine.used_plots
    state.emit("plots_switched", seat=mine.seat, other=theirs.seat, card=ctx["source"])
    add_delayed(state, "round_ends", mine.seat, "neutral_varys_switch_back", ctx["source"], "round")


@effect("neutral_varys_switch_back")
def _varys_switch_back(state: GameState, data: Ctx) -> None:
    for pile in ("plot_deck", "used_plots"):
        cards = [r for p in state.players for r in getattr(p, pile)]
        for player in state.players:
            setattr(player, pile, [r for r in cards if state.cards[r].owner == player.seat])
    state.emit("plots_switched_back", seat=data["seat"])


def _more_than_one_opponent(state: GameState, ctx: Ctx) -> bool:
    return len(state.opponents(ctx["seat"])) > 1


register(
    "core_142",
    Ability(
        "action", _varys, phases=("plot",), costs=(KNEEL_SELF,), condition=_more_than_one_opponent
    ),
)


# --- core_145 Milk of the Poppy ---------------------------------------------------------
# "Treat attached character as though its text box were blank (except for Traits)."

register("core_145", blanks_attached=True)


# --- core_146 Ser Barristan Selmy -------------------------------------------------------
# "Renown. No attachments except Weapon. After Ser Barristan Selmy enters play, all players
# shuffle their discard piles back into their decks." Forced, however he enters play
# (marshalled or put into play); cards placed in setup are not "entering play" here. An
# event that put him into play from the hand is in the discard pile: it is shuffled too,
# after the responses to playing it.


def _barristan_enters(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"]:
        _shuffle_piles(state, ctx, "discard")


register("core_146", forced={"entered_play": _barristan_enters})


# --- core_147 Knight of Flowers ---------------------------------------------------------
# "No attachments. At the beginning of the dominance phase, Knight of Flowers claims 1
# power if he is standing."


def _knight_of_flowers(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    if ref in state.in_play and not state.in_play[ref].knelt:
        moves.card_power(state, ref, 1, "knight_of_flowers")


register("core_147", forced={"dominance_begins": _knight_of_flowers})


# --- core_150 Bodyguard -----------------------------------------------------------------
# "Lord or Lady character only. Limit 1 per character. Response: Discard Bodyguard from
# play (cannot be saved) to save attached character from being killed or discarded from
# play." The attached character is the save's target, chosen as the ability is used.


_ONE_BODYGUARD = _limit_one_per_character("Bodyguard")


def _bodyguard_rule(state: GameState, code: str, ref: str, seat: int | None) -> bool:
    lord_or_lady = bool(traits(state, ref) & {"Lord", "Lady"})
    return lord_or_lady and _ONE_BODYGUARD(state, code, ref, seat)


def _bodyguard_attached(state: GameState, ctx: Ctx) -> list[str]:
    ref = attached_to(state, ctx["source"])
    return _saveable(state, ctx, lambda state, r: r == ref)


register(
    "core_150",
    *[
        Ability(
            "save", moves.save_target, trigger=t, costs=(DISCARD_SELF,), targets=_bodyguard_attached
        )
        for t in KILLED_OR_DISCARDED
    ],
    attach_rule=_bodyguard_rule,
)


# --- core_151 Maester Aemon -------------------------------------------------------------
# "Response: Kneel Maester Aemon to save a Night's Watch character from being killed."

register("core_151", *_saves(_nights_watch, (KNEEL_SELF,), ("would_be_killed",)))


# --- core_152 Magister Illyrio ----------------------------------------------------------
# "Challenges: Kneel Magister Illyrio to choose an opponent and name a challenge type. That
# opponent must pay you 1 gold from his or her gold pool each time he or she initiates a
# challenge of this type." FAQ: the effect expires at the end of the phase. The toll is a
# lasting ``challenge_toll`` effect that challenges.py charges when that opponent
# initiates such a challenge (and forbids initiating it without the gold).

ILLYRIO_GOLD = 1


def _illyrio(state: GameState, ctx: Ctx) -> None:
    _choose_opponent(state, ctx, "neutral_illyrio_opponent")


@handler("neutral_illyrio_opponent")
def _illyrio_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "opponent": int(ctx["choice"])}
    ask_choose(state, ctx["seat"], "challenge_type", TYPES, "neutral_illyrio_type", ctx=data)


@handler("neutral_illyrio_type")
def _illyrio_type(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    subject = f"{ctx['opponent']}:{ctx['choice']}"
    add_lasting(
        state,
        "challenge_toll",
        subject,
        "phase",
        ctx["source"],
        to=ctx["seat"],
        amount=ILLYRIO_GOLD,
    )


register("core_152", Ability("action", _illyrio, phases=("challenges",), costs=(KNEEL_SELF,)))


# --- core_178 Shae ----------------------------------------------------------------------
# "Challenges: Kneel Shae to choose and kneel a character controlled by a player with more
# power than you." Total power (House and cards); a standing character.


def _power(state: GameState, seat: int) -> int:
    """A seat's total power after card effects (the ``total_power`` query: Melisandre)."""
    return value(state, "total_power", seat, state.total_power(seat))


def _shae_targets(state: GameState, ctx: Ctx) -> list[str]:
    mine = _power(state, ctx["seat"])
    return [
        r
        for p in state.players
        if _power(state, p.seat) > mine
        for r in p.in_play
        if _character(state, r) and not state.in_play[r].knelt
    ]


def _shae(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play and not state.in_play[ref].knelt:
        moves.kneel(state, ref)
        state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


register(
    "core_178",
    Ability("action", _shae, phases=("challenges",), costs=(KNEEL_SELF,), targets=_shae_targets),
)
