"""Beyond the Wall (dotn_21 to dotn_40): the locations, attachment, events and plot,
registered by card code; the characters are in characters.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    STR_LISTENERS,
    STR_REDUCED,
    event,
    has_trait,
    is_mine,
    of_house,
    participants,
    reduced_by_attachment,
    response,
    summer,
    won,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel

NIGHTS_WATCH, WILDLING = "Night's Watch", "Wildling"

# --- dotn_22 Frozen Moat -------------------------------------------------------------------
# "Challenges: Kneel Frozen Moat to choose 1 attacking character. Until the end of the
# challenge, treat that character as if its printed text box were blank."  A lasting
# ``blank`` effect until the end of the challenge, on any attacking character.


def _attacking(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge or {}
    return [r for r in challenge.get("attackers", ()) if r in state.in_play]


def _frozen_moat(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play and state.challenge is not None:
        add_lasting(state, "blank", ref, "challenge", ctx["source"], value=True)


register(
    "dotn_22",
    Ability(
        "action", _frozen_moat, phases=("challenges",), costs=(KNEEL_SELF,), targets=_attacking
    ),
)

# --- dotn_24 Cersei's Wheelhouse -----------------------------------------------------------
# "Reduce the initiative value on each player's revealed plot card to 0."  The query
# ``plot_initiative`` (rules.initiative): initiative bonuses of other cards still count.

register("dotn_24", passives={"plot_initiative": lambda state, source, subject, base: 0})

# --- dotn_26 Compelled by the King ---------------------------------------------------------
# "House Baratheon only. Response: If an opponent would win dominance, cancel the
# determination of dominance winner. You win dominance instead."  The engine's
# ``would_win_dominance`` window (steps._dominance, before the winner gains its power): the
# player of this event becomes the winner of the ``dominance_award`` step. Not against The
# Iron Throne's automatic win (cannot be canceled: no window opens).


def _opponent_would_win(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["event"].get("seat")
    return seat in state.opponents(ctx["seat"]) and any(
        step["name"] == "dominance_award" for step in state.queue
    )


def _compelled(state: GameState, ctx: Ctx) -> None:
    for step in state.queue:
        if step["name"] == "dominance_award":
            if step["seat"] != ctx["seat"]:
                state.emit("dominance_taken", seat=ctx["seat"], was=step["seat"])
                step["seat"] = ctx["seat"]
            return


register("dotn_26", response(_compelled, "would_win_dominance", condition=_opponent_would_win))

# --- dotn_28 The Seastone Chair ------------------------------------------------------------
# "Response: After you win a challenge in which at least 1 Noble character participated,
# choose 1 of the following: claim 1 power for your House, add 2 gold from the treasury to
# your gold pool, or draw 1 card. (You may select each option once per round.)"  A Noble
# character: the Noble crest, on either side, anyone's. Each option chosen is marked for
# the round (``state.used``); the response needs an option left.

SEASTONE_OPTIONS = ("power", "gold", "draw")


def _seastone_left(state: GameState, ctx: Ctx) -> list[str]:
    return [o for o in SEASTONE_OPTIONS if f"dotn_28:{ctx['source']}:{o}" not in state.used]


def _seastone_may(state: GameState, ctx: Ctx) -> bool:
    if not won()(state, ctx) or not _seastone_left(state, ctx):
        return False
    return any(
        r in state.in_play and is_character(state, r) and "noble" in crests(state, r)
        for r in participants(ctx["event"])
    )


def _seastone(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    options = _seastone_left(state, ctx)
    ask_choose(state, ctx["seat"], "seastone_chair", options, "dotn_seastone", ctx=data)


@handler("dotn_seastone")
def _seastone_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, choice = ctx["seat"], ctx["choice"]
    state.used.append(f"dotn_28:{ctx['source']}:{choice}")
    if choice == "power":
        moves.gain_power(state, seat, 1, "ability")
    elif choice == "gold":
        moves.gain_gold(state, seat, 2, "ability")
    else:
        moves.effect_draw(state, seat, 1)


register(
    "dotn_28",
    Ability("response", _seastone, trigger="challenge_won", condition=_seastone_may),
)

# --- dotn_30 Meereenese Brothel ------------------------------------------------------------
# "Response: After a character's STR is lowered by a card effect, kneel Meereenese Brothel to
# choose and discard an attachment from play."  The ``strength_reduced`` trigger (a lasting
# effect or an attachment lowering a character's STR); any attachment in play, anyone's.


def _attachments_in_play(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if facts(state, r).type == "attachment"]


def _brothel(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


STR_LISTENERS.add("dotn_30")
register(
    "dotn_30",
    Ability(
        "response",
        _brothel,
        trigger=STR_REDUCED,
        costs=(KNEEL_SELF,),
        targets=_attachments_in_play,
        condition=lambda state, ctx: ctx["event"].get("card") in state.in_play,
    ),
    forced={"entered_play": reduced_by_attachment},
)

# --- dotn_32 Bronze Shield -----------------------------------------------------------------
# "Attach to a House Martell character you control. Response: After an opponent plays an
# event card, kill attached character to cancel the effects of that event. Then, if it is
# Summer, draw a card."  A cancel of the ``ability`` window of an event an opponent plays from
# the hand (not a Shadow event coming out); the kill is the cost (``kill_host``: to the dead
# pile at once, cannot be saved, like every "kill X to" cost: RULINGS).


def _martell_you_control(state: GameState, code: str, target: str, seat: int | None) -> bool:
    if not of_house(state, target, "Martell"):
        return False
    return seat is None or controller(state, target) == seat


def _opponents_event(state: GameState, ctx: Ctx) -> bool:
    step = cancels.pending(state)
    if step is None:
        return False
    source, ability = step["ctx"].get("source"), cancels.pending_ability(state)
    return (
        source in state.cards
        and facts(state, source).type == "event"
        and ability is not None
        and "hand" in ability.zones
        and step["ctx"].get("seat") in state.opponents(ctx["seat"])
    )


def _bronze_shield(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    if summer(state):
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "dotn_32",
    Ability(
        "cancel",
        _bronze_shield,
        trigger="ability",
        costs=(Cost("kill_host"),),
        condition=_opponents_event,
    ),
    attach_rule=_martell_you_control,
)

# --- dotn_35 Yoren's Task ------------------------------------------------------------------
# "Any Phase: Discard 1 Night's Watch character from play to search your deck for 1
# different Night's Watch character, reveal it, and add it to your hand. Then, shuffle your
# deck."  The discarded character (one you control) is the cost, chosen as the event is
# played (``discard_target``: cannot be saved); "different": another card title.


def _your_nights_watch(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].in_play
        if is_character(state, r) and has_trait(state, r, NIGHTS_WATCH)
    ]


def _yoren(state: GameState, ctx: Ctx) -> None:
    name = facts(state, ctx["target"]).name

    def match(ref: str) -> bool:
        card = facts(state, ref)
        return card.type == "character" and NIGHTS_WATCH in card.traits and card.name != name

    moves.search_deck(state, ctx["seat"], match, "events_found")


register(
    "dotn_35",
    event(_yoren, costs=(Cost("discard_target"),), targets=_your_nights_watch, search=True),
)

# --- dotn_37 Craster's Keep ----------------------------------------------------------------
# "Response: After you play a Wildling character from your hand, reduce the cost of the next
# Wildling you play this phase by 1."  After you marshal a Wildling character; the reduction
# (rules.add_reduction, the printed Wildling trait) is used up by the next Wildling card
# (any type) you marshal this phase.


def _wildling_played(state: GameState, ctx: Ctx) -> bool:
    ev = ctx["event"]
    card = ev.get("card")
    return (
        ev.get("seat") == ctx["seat"]
        and ev.get("type") == "character"
        and card in state.cards
        and WILDLING in facts(state, card).traits
    )


def _crasters_keep(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], trait=WILDLING)


register(
    "dotn_37",
    Ability("response", _crasters_keep, trigger="played", condition=_wildling_played),
)

# --- dotn_38 Beyond the Wall ---------------------------------------------------------------
# "Wildling characters you control do not kneel to attack, and cannot defend."


def _your_wildling(state: GameState, source: str, subject: Any) -> bool:
    return (
        isinstance(subject, str)
        and is_mine(state, source, subject)
        and is_character(state, subject)
        and has_trait(state, subject, WILDLING)
    )


def _no_kneel_no_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if _your_wildling(state, source, subject) else base


register(
    "dotn_38",
    passives={"kneel_to_attack": _no_kneel_no_defend, "can_defend": _no_kneel_no_defend},
)

# --- dotn_40 Fear of Winter ----------------------------------------------------------------
# "Each player cannot play or put into play more than 1 card from his or her hand until you
# reveal a new plot card."  While it is its player's revealed plot: once a player has played
# or put into play a card from the hand since it was revealed, the permissions ``can_play``
# of ``<seat>:from_hand`` (marshalling, duplicates, events, into Shadows: rules.play_problem)
# and ``<seat>:put_from_hand`` (Ambush, "put X into play from your hand") are False for that
# player. Counted from the log since the reveal; coming out of Shadows does not count (the
# card's ruling).

_PLAYS = ("marshalled", "duplicate", "ambush", "into_shadows")


def _from_hand_count(state: GameState, plot: str, seat: int) -> int:
    key = (len(state.log), plot)
    cache = state.__dict__.get("_dotn_fear")
    if cache is not None and cache[0] == key:
        return cache[1].get(seat, 0)
    start = 0
    for index in range(len(state.log) - 1, -1, -1):
        entry = state.log[index]
        if entry["event"] == "plot_revealed" and entry.get("card") == plot:
            start = index
            break
    counts: dict[int, int] = {}
    from_hand: set[str] = set()  # non-event cards that used an ability from the hand
    for entry in state.log[start:]:
        seat_of = entry.get("seat")  # some events name no seat (None)
        kind, who = entry["event"], seat_of if isinstance(seat_of, int) else -1
        if kind in _PLAYS:
            counts[who] = counts.get(who, 0) + 1
        elif kind == "ability" and _hand_ability(state, entry):
            if facts(state, entry["card"]).type == "event":
                counts[who] = counts.get(who, 0) + 1
            else:
                from_hand.add(entry["card"])
        elif kind == "put_into_play" and entry.get("card") in from_hand:
            counts[who] = counts.get(who, 0) + 1
    state.__dict__["_dotn_fear"] = (key, counts)
    return counts.get(seat, 0)


def _hand_ability(state: GameState, entry: dict[str, Any]) -> bool:
    card = entry.get("card")
    script = SCRIPTS.get(state.code(card)) if card in state.cards else None
    index = int(entry.get("index") or 0)
    if script is None or index >= len(script.abilities):
        return False
    return "hand" in script.abilities[index].zones


def _fear_of_winter(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not isinstance(subject, str) or not subject.endswith(("from_hand",)):
        return base
    seat_text, _, what = subject.partition(":")
    if what not in ("from_hand", "put_from_hand") or not seat_text.isdigit():
        return base
    return False if _from_hand_count(state, source, int(seat_text)) >= 1 else base


register("dotn_40", passives={"can_play": _fear_of_winter})
