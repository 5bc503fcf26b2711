"""The Blue is Calling characters: Ser Guyard Morrigen (w_101), Iron King's Guard (w_104),
Loreza Sand (w_110), Northern Patriarch (w_112), New Khalasar (w_114), Lothor Brune (w_117)
and Mord (w_118)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    pool,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    move_card_power,
    moves_out_of_pile,
    stand_card,
    this_round,
    won,
)
from gameplay.engine.leaving import SHUFFLE_STEP, kill, return_to_deck
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

# --- w_101 Ser Guyard Morrigen -------------------------------------------------------------
# "Stealth. Response: After you win a challenge in which at least 1 Rainbow Guard character
# participated, stand Ser Guyard Morrigen. Then, Ser Guyard Morrigen gains a [Power] icon
# until the end of the phase. (Limit once per phase.)" He need not have participated nor be
# knelt (standing him then does nothing; he still gains the icon). A participant counts with
# its Traits as it has them now (one that left play: its printed Traits).


def _rainbow_participated(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    if event.get("winner") != ctx["seat"]:
        return False
    found = [*event.get("attackers", ()), *event.get("defenders", ())]
    return any(r in state.cards and has_trait(state, r, "Rainbow Guard") for r in found)


def _guyard(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    stand_card(state, source)
    add_lasting(state, "icons", source, "phase", source, add=["power"])


register(
    "w_101",
    Ability(
        "response",
        _guyard,
        trigger="challenge_won",
        condition=_rainbow_participated,
        limit=(1, "phase"),
    ),
)


# --- w_104 Iron King's Guard ---------------------------------------------------------------
# "No attachments except Weapon. Increase the cost to play the first character played each
# round by 2." Any player's first character played (marshalled or put into play by Ambush:
# the log's ``marshalled`` and ``ambush`` entries) this round, whether or not Iron King's
# Guard was in play then: once a character has been played this round, no other costs more.
# Iron King's Guard itself, played first, is not in play as its cost is paid.


def _character_played(state: GameState) -> bool:
    key = (state.round, len(state.log))
    cached = state.__dict__.get("_w_first_character")
    if cached is not None and cached[0] == key:
        return bool(cached[1])
    cards = pool(state)
    found = any(
        cards[e["code"]].type == "character"
        for name in ("marshalled", "ambush")
        for e in this_round(state, name)
        if e.get("code") in cards
    )
    state.__dict__["_w_first_character"] = (key, found)
    return found


def _iron_kings_guard(state: GameState, source: str, subject: Any, base: int) -> int:
    if not isinstance(subject, str) or subject in state.in_play or subject not in state.cards:
        return base
    if facts(state, subject).type != "character" or _character_played(state):
        return base
    return base + 2


register("w_104", passives={"cost": _iron_kings_guard})


# --- w_110 Loreza Sand ---------------------------------------------------------------------
# "Response: After a Sand Snake character you control is killed, draw 1 card." A character
# you controlled as it was killed (the event's ``controllers``), Sand Snake by its printed
# Traits (it is in a dead pile now); Loreza answers only from play, so not her own death.


def _sand_snake_killed(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    owners = event.get("controllers") or {}
    return any(
        owners.get(r) == ctx["seat"] and "Sand Snake" in facts(state, r).traits
        for r in event.get("cards", ())
        if r in state.cards
    )


def _loreza(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "w_110",
    Ability("response", _loreza, trigger="killed", condition=_sand_snake_killed),
)


# --- w_114 New Khalasar --------------------------------------------------------------------
# "No attachments. Renown. Limited Response: After you win a [Power] challenge in which New
# Khalasar participated by 4 or more total STR, kill each participating character on the
# opposing side. (Limit 1 limited response per round.)"


def _khalasar_may(state: GameState, ctx: Ctx) -> bool:
    if not won("power", by=4)(state, ctx):
        return False
    event = ctx["event"]
    return ctx["source"] in [*event.get("attackers", ()), *event.get("defenders", ())]


def _khalasar(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    side = "defenders" if challenge.get("attacker") == ctx["seat"] else "attackers"
    found = [r for r in challenge[side] if r in state.in_play]
    if found:
        kill(state, found)


register(
    "w_114",
    Ability(
        "response",
        _khalasar,
        trigger="challenge_won",
        condition=_khalasar_may,
        limited_response=True,
    ),
)


# --- w_117 Lothor Brune --------------------------------------------------------------------
# "While there is at least 1 Castle plot card revealed, Lothor Brune does not kneel to attack
# or defend." Any player's revealed plot with the Castle trait.


def _castle_revealed(state: GameState) -> bool:
    return any(
        p.revealed_plot is not None and "Castle" in traits(state, p.revealed_plot)
        for p in state.players
    )


def _lothor(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and _castle_revealed(state):
        return False
    return base


register("w_117", passives={"kneel_to_attack": _lothor, "kneel_to_defend": _lothor})


# --- w_118 Mord ----------------------------------------------------------------------------
# "You may spend gold on Mord as if it were in your gold pool. Response: After you win
# dominance, choose a character with printed cost 3 or lower. Shuffle that character into its
# owner's deck unless its controller moves 1 gold from his or her gold pool to Mord." Any
# player's character (his own controller's too); its controller is asked only with gold in
# his or her pool. The shuffle may be saved like a return to the deck.


def _mord_gold(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source else base


def _printed_cost_at_most(state: GameState, ref: str, most: int) -> bool:
    cost = facts(state, ref).cost
    return cost is not None and cost <= most


def _mord_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if _printed_cost_at_most(state, r, 3)]


def _mord(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play or ctx["source"] not in state.in_play:
        _mord_shuffle(state, target)
        return
    seat = controller(state, target)
    if state.players[seat].gold < 1:
        _mord_shuffle(state, target)
        return
    data = {"seat": seat, "source": ctx["source"], "target": target}
    ask_choose(state, seat, "w_mord_pay", ["pay", "decline"], "w_mord_paid", ctx=data)


@handler("w_mord_paid")
def _mord_paid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target, source = ctx["target"], ctx["source"]
    if ctx.get("choice") == "pay" and source in state.in_play and state.players[ctx["seat"]].gold:
        moves.pay_gold(state, ctx["seat"], 1, "w_mord")
        moves.gold_to_card(state, source, 1, "w_mord")
        return
    _mord_shuffle(state, target)


def _mord_shuffle(state: GameState, target: str) -> None:
    if target not in state.in_play:
        return
    owner = state.cards[target].owner
    return_to_deck(state, [target])
    for i, step in enumerate(state.queue):
        if step.get("name") == "leave_now" and target in step.get("cards", ()):
            state.queue.insert(i + 1, {"name": SHUFFLE_STEP, "seat": owner})
            break


def _dominance_mine(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


register(
    "w_118",
    Ability(
        "response",
        _mord,
        trigger="dominance_won",
        targets=_mord_targets,
        condition=_dominance_mine,
    ),
    passives={"gold_spendable": _mord_gold},
)


# --- w_112 Northern Patriarch --------------------------------------------------------------
# "House Stark only. Northern Patriarch is immune to opponent's plot effects while it has 1
# or more power on it. If there are no other copies of Northern Patriarch in play, in order
# to play an event an opponent must move 1 power from a card he or she controls to Northern
# Patriarch." A card he or she controls: a card in play or the House card. An opponent with
# no power on any of them cannot play events (the ``can_play`` permission of
# ``<seat>:event``); one who plays an event moves the power as it is played (a forced effect
# on ``played``), choosing the card when there is a choice.


def _patriarch_alone(state: GameState, source: str) -> bool:
    name = facts(state, source).name
    return not any(
        r != source and facts(state, r).name == name for p in state.players for r in p.in_play
    )


def _power_sources(state: GameState, seat: int) -> list[str]:
    found = [r for r in state.players[seat].in_play if state.in_play[r].power > 0]
    return (["house"] if state.players[seat].power > 0 else []) + found


def _patriarch_immune(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if subject == source and state.in_play[source].power > 0:
        return base | {"immune to opponent's plot effects"}
    return base


def _patriarch_play(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or not subject.endswith(":event"):
        return base
    seat_text = subject.split(":", 1)[0]
    if not seat_text.isdigit():
        return base
    seat = int(seat_text)
    if seat not in state.opponents(controller(state, source)):
        return base
    if not _patriarch_alone(state, source):
        return base
    return bool(_power_sources(state, seat))


def _patriarch_paid(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    seat = event.get("seat")
    if event.get("type") != "event" or source not in state.in_play:
        return
    if seat not in state.opponents(controller(state, source)) or not _patriarch_alone(
        state, source
    ):
        return
    options = _power_sources(state, seat)
    data = {"seat": seat, "source": source}
    if len(options) == 1:
        _patriarch_move(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "w_patriarch_power", options, "w_patriarch_move", ctx=data)


@handler("w_patriarch_move")
def _patriarch_move(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, choice, seat = ctx["source"], ctx.get("choice"), ctx["seat"]
    if source not in state.in_play:
        return
    if choice == "house":
        moves.house_power_to_card(state, seat, source, 1, "w_patriarch")
    elif choice in state.in_play and state.in_play[choice].power > 0:
        move_card_power(state, choice, source, 1, "w_patriarch")


register(
    "w_112",
    passives={"immune": _patriarch_immune, "can_play": _patriarch_play},
    forced={"played": _patriarch_paid},
)


# --- w_105 Iron Islands Shipwright ---------------------------------------------------------
# "While Iron Islands Shipwright is standing, cards cannot be moved out of opponents' discard
# and dead piles." Read as: a triggered effect (an ability used, an event played) whose text
# would move a card out of a discard or dead pile (vocabulary.moves_out_of_pile, as Island
# Smuggler reads it) is cancelled as it is triggered (the forced moment ``ability``), unless
# it moves cards only out of the piles of the Shipwright's controller ("your ... pile" in
# the text of that player's own effect). Effects that cannot be cancelled, "when revealed"
# and forced effects are not stopped.


def _own_piles_only(state: GameState, seat: int) -> bool:
    step = cancels.pending(state)
    if step is None:
        return False
    ctx = step["ctx"]
    if ctx.get("seat") != seat:
        return False
    line = cancels.ability_text(state, ctx["source"], int(ctx.get("index") or 0)).lower()
    if any(word in line for word in ("opponent", "a player", "any player", "each player")):
        return False
    return "your" in line


def _shipwright(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play or state.in_play[source].knelt:
        return
    if not moves_out_of_pile(state):
        return
    if _own_piles_only(state, controller(state, source)):
        return
    cancel(state)


register("w_105", forced={"ability": _shipwright})
