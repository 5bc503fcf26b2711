"""Kings of the Sea characters (House Greyjoy, the other Houses' Kings and Queen, and the
neutral characters), registered by card code. Sea Raiders (kotse_9) and Shadowcat
(kotse_43) have only keywords and need no code."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attachments,
    controller,
    crests,
    facts,
    handler,
    register,
    strength,
)
from gameplay.engine.cards.kings_of_the_sea.common import (
    character_with,
    controls_trait,
    has_crest,
    of_house,
    only_one,
    to_deck_bottom,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    discard_top,
    has_trait,
    in_play_of,
    is_type,
    participants,
    stand_card,
)
from gameplay.engine.influence import ask_influence, total_influence
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

KILLED_OR_DISCARDED = ("would_be_killed", "would_be_discarded")
STEALTH = "stealth"


def _attacking(state: GameState, ref: str) -> bool:
    return state.challenge is not None and ref in state.challenge["attackers"]


# --- kotse_1 Balon Greyjoy ----------------------------------------------------------------
# "If Balon Greyjoy is the only King character in play, characters with lower STR than his
# cannot be declared as defenders while he is attacking."


def _balon(state: GameState, source: str, ref: Any, base: bool) -> bool:
    if not base or not _attacking(state, source) or not only_one(state, source, "King"):
        return base
    return not (is_type(state, ref, "character") and strength(state, ref) < strength(state, source))


register("kotse_1", passives={"can_defend": _balon})


# --- kotse_2 Asha Greyjoy -----------------------------------------------------------------
# "Asha Greyjoy cannot be saved." Neither by a duplicate nor by a card's save.


def _asha(state: GameState, source: str, ref: Any, base: bool) -> bool:
    return False if ref == source else base


register("kotse_2", passives={"can_be_saved": _asha})


# --- kotse_3 Theon Greyjoy ----------------------------------------------------------------
# "Any Phase: Pay 1 gold to choose and kneel a location (limit once per round)." A
# standing location (kneeling a kneeling one changes nothing).


def _standing_locations(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "location") if not state.in_play[r].knelt]


def _kneel_target(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play and not state.in_play[ref].knelt:
        moves.kneel(state, ref)
        state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


register(
    "kotse_3",
    Ability(
        "action",
        _kneel_target,
        costs=(Cost("gold", 1),),
        targets=_standing_locations,
        limit=(1, "round"),
    ),
)


# --- kotse_4 Euron Crow's Eye -------------------------------------------------------------
# "Immune to events. While Euron Crow's Eye is standing, House Greyjoy characters you
# control gain stealth." Himself included.


def _euron(state: GameState, source: str, ref: Any, base: set[str]) -> set[str]:
    if source not in state.in_play or state.in_play[source].knelt:
        return base
    if not is_type(state, ref, "character") or controller(state, ref) != controller(state, source):
        return base
    return base | {STEALTH} if of_house(state, ref) else base


register("kotse_4", passives={"keywords": _euron})


# --- kotse_5 Victarion Greyjoy ------------------------------------------------------------
# "Intimidate. Response: After you reveal a plot card, Victarion Greyjoy claims 1 power if
# you control a Warship location. (Limit once per phase.)"


def _victarion_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"] and controls_trait(
        state, ctx["seat"], "location", "Warship"
    )


def _claim_one(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, facts(state, ctx["source"]).name)


register(
    "kotse_5",
    Ability(
        "response",
        _claim_one,
        trigger="plot_revealed",
        condition=_victarion_may,
        limit=(1, "phase"),
    ),
)


# --- kotse_6 Aeron Damphair ---------------------------------------------------------------
# "If Aeron Damphair would be killed, instead search your deck for a non-unique Holy
# character with cost 3 or lower, put it into play, shuffle your deck and put Aeron
# Damphair on the bottom of your deck." A forced replacement (like Bronn's, before card
# saves); a kill that cannot be saved is not replaced. Finding nothing is allowed.


def _replaced(state: GameState, ctx: Ctx) -> bool:
    """The source is being killed and nothing saved it yet: replace the kill."""
    ref = ctx["source"]
    cards = ctx["event"].get("cards") or ()
    return ref in cards and ref in state.in_play and not moves.saved(state, ref)


def _aeron(state: GameState, ctx: Ctx) -> None:
    if not _replaced(state, ctx):
        return
    aeron, seat = ctx["source"], controller(state, ctx["source"])
    moves.save(state, aeron, by=aeron)

    def holy(ref: str) -> bool:
        card = facts(state, ref)
        return (
            card.type == "character"
            and not card.unique
            and (card.cost or 0) <= 3
            and has_crest(state, ref, "holy")
        )

    moves.search_deck(state, seat, holy, "kotse_aeron_found", ctx={"aeron": aeron})


@handler("kotse_aeron_found")
def _aeron_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        put_into_play(state, ctx["seat"], ref)
    # The shuffle follows this handler (moves.search_deck); Aeron goes to the bottom after
    # it, by a step of its own.
    ask_select(state, ctx["seat"], "resolve", [], "kotse_aeron_bottom", ctx=ctx, position=0)


@handler("kotse_aeron_bottom")
def _aeron_bottom(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["aeron"] in state.in_play:
        to_deck_bottom(state, ctx["aeron"])


register("kotse_6", forced={"would_be_killed": _aeron})


# --- kotse_7 Maester Wendamyr -------------------------------------------------------------
# "Response: Kneel Maester Wendamyr to save a House Greyjoy character from being killed or
# discarded. Then, you may kneel 2 influence or kneel a Learned character to stand that
# character." The Learned character is one of yours, standing.


def _saveable_greyjoy(state: GameState, ctx: Ctx) -> list[str]:
    cards = ctx["event"].get("cards") or []
    return [
        r
        for r in cards
        if is_type(state, r, "character") and not moves.saved(state, r) and of_house(state, r)
    ]


def _learned(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in in_play_of(state, "character", seat)
        if not state.in_play[r].knelt and has_crest(state, r, "learned")
    ]


def _wendamyr(state: GameState, ctx: Ctx) -> None:
    target, seat = ctx["target"], ctx["seat"]
    if target not in state.in_play:
        return
    moves.save(state, target, by=ctx["source"])
    options = []
    if total_influence(state, seat) >= 2:
        options.append("influence")
    if _learned(state, seat):
        options.append("learned")
    if options and state.in_play[target].knelt:
        data = {"seat": seat, "source": ctx["source"], "target": target}
        ask_choose(state, seat, "stand", [*options, "no"], "kotse_wendamyr_then", ctx=data)


@handler("kotse_wendamyr_then")
def _wendamyr_then(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {k: ctx[k] for k in ("seat", "source", "target")}
    if ctx["choice"] == "influence":
        ask_influence(state, ctx["seat"], 2, {**data, "then": "kotse_wendamyr_stand"})
    elif ctx["choice"] == "learned":
        found = _learned(state, ctx["seat"])
        ask_select(
            state,
            ctx["seat"],
            "kneel_cost",
            found,
            "kotse_wendamyr_learned",
            low=1,
            high=1,
            ctx=data,
        )


@handler("kotse_wendamyr_learned")
def _wendamyr_learned(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        moves.kneel(state, ref)
    state.emit("knelt_for_cost", seat=ctx["seat"], cards=selected)
    _wendamyr_stand(state, ctx, selected)


@handler("kotse_wendamyr_stand")
def _wendamyr_stand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    stand_card(state, ctx["target"])


register(
    "kotse_7",
    *[
        Ability("save", _wendamyr, trigger=t, costs=(KNEEL_SELF,), targets=_saveable_greyjoy)
        for t in KILLED_OR_DISCARDED
    ],
)


# --- kotse_8 Wex Pyke ---------------------------------------------------------------------
# "While Wex Pyke is attacking, characters without crests cannot be declared as defenders."


def _wex(state: GameState, source: str, ref: Any, base: bool) -> bool:
    if not base or not _attacking(state, source) or not is_type(state, ref, "character"):
        return base
    return bool(crests(state, ref))


register("kotse_8", passives={"can_defend": _wex})


# --- kotse_10 Stowaway --------------------------------------------------------------------
# "Challenges: Kneel Stowaway and discard the top card of your deck to choose an Ironborn
# character. Until the end of the phase, that character gains an Intrigue icon." The top
# card is part of the cost: not usable with an empty deck.


def _has_deck(state: GameState, ctx: Ctx) -> bool:
    return bool(state.players[ctx["seat"]].deck)


def _ironborn(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if has_trait(state, r, "Ironborn")]


def _stowaway(state: GameState, ctx: Ctx) -> None:
    discard_top(state, ctx["seat"], 1, "cost")
    if ctx["target"] in state.in_play:
        add_lasting(state, "icons", ctx["target"], "phase", ctx["source"], add=["intrigue"])


register(
    "kotse_10",
    Ability(
        "action",
        _stowaway,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_ironborn,
        condition=_has_deck,
    ),
)


# --- kotse_11 Priest of the Drowned God ---------------------------------------------------
# "Challenges: Discard the top card of your deck to give a Holy character +1 STR until the
# end of the phase. (Limit twice per phase.)"


def _holy(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if has_crest(state, r, "holy")]


def _priest(state: GameState, ctx: Ctx) -> None:
    discard_top(state, ctx["seat"], 1, "cost")
    if ctx["target"] in state.in_play:
        add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=1)


register(
    "kotse_11",
    Ability(
        "action",
        _priest,
        phases=("challenges",),
        targets=_holy,
        condition=_has_deck,
        limit=(2, "phase"),
    ),
)


# --- kotse_12 Drumbeater ------------------------------------------------------------------
# "Challenges: During a challenge in which you are the attacker, kneel Drumbeater to have
# that challenge considered unopposed if you win by 4 or more total STR." The challenge's
# ``unopposed_margin`` (challenges.resolve).

DRUM_MARGIN = 4


def _drum_may(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None and state.challenge["attacker"] == ctx["seat"]


def _drumbeater(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is not None:
        challenge["unopposed_margin"] = min(
            challenge.get("unopposed_margin") or DRUM_MARGIN, DRUM_MARGIN
        )
        state.emit("unopposed_margin", card=ctx["source"], margin=DRUM_MARGIN)


register(
    "kotse_12",
    Ability(
        "action", _drumbeater, phases=("challenges",), costs=(KNEEL_SELF,), condition=_drum_may
    ),
)


# --- kotse_13 Drowned Disciple ------------------------------------------------------------
# "Stealth. If Drowned Disciple would be killed, instead put it on the bottom of your deck.
# Then, each opponent discards the top 3 cards of his or her deck."


def _disciple(state: GameState, ctx: Ctx) -> None:
    if not _replaced(state, ctx):
        return
    ref = ctx["source"]
    seat = controller(state, ref)
    moves.save(state, ref, by=ref)
    to_deck_bottom(state, ref)
    for other in state.opponents(seat):
        discard_top(state, other, 3, facts(state, ref).name)


register("kotse_13", forced={"would_be_killed": _disciple})


# --- kotse_14 Dagmer Cleftjaw -------------------------------------------------------------
# "Deadly. Each Warship location you control counts as 2 STR during the dominance phase."
# Like characters, only standing Warships count.

WARSHIP_STR = 2


def _dagmer(state: GameState, source: str, seat: Any, base: int) -> int:
    if seat != controller(state, source):
        return base
    ships = [
        r
        for r in in_play_of(state, "location", seat)
        if not state.in_play[r].knelt and has_trait(state, r, "Warship")
    ]
    return base + WARSHIP_STR * len(ships)


register("kotse_14", passives={"dominance": _dagmer})


# --- kotse_15 Ten Towers Honor Guard ------------------------------------------------------
# "House Greyjoy only. No attachments. Challenges: You may put Ten Towers Honor Guard into
# play from your hand, under the control of any opponent. After that opponent wins a
# challenge in which Ten Towers Honor Guard participated, take control of Ten Towers Honor
# Guard." The second sentence is forced and works while an opponent of its owner controls
# it.


def _ten_towers(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "kotse_ten_towers_opponent")


@handler("kotse_ten_towers_opponent")
def _ten_towers_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["source"]
    if ref in state.players[ctx["seat"]].hand:
        put_into_play(state, int(ctx["choice"]), ref)


def _ten_towers_back(state: GameState, ctx: Ctx) -> None:
    ref, event = ctx["source"], ctx["event"]
    if ref not in state.in_play:
        return
    owner, holder = state.cards[ref].owner, controller(state, ref)
    if holder != owner and event.get("winner") == holder and ref in participants(event):
        moves.take_control(state, ref, owner)


register(
    "kotse_15",
    Ability("action", _ten_towers, phases=("challenges",), zones=("hand",)),
    forced={"challenge_won": _ten_towers_back},
)


# --- kotse_16 Scurvy Cutthroat ------------------------------------------------------------
# "Response: After an opponent plays an attachment card, discard Scurvy Cutthroat from play
# (cannot be saved) to discard that attachment from play."


def _cutthroat_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("type") == "attachment"
        and event.get("seat") in state.opponents(ctx["seat"])
        and event.get("card") in state.in_play
    )


def _cutthroat(state: GameState, ctx: Ctx) -> None:
    card = ctx["event"].get("card")
    if card in state.in_play:
        moves.discard(state, [card])


register(
    "kotse_16",
    Ability(
        "response",
        _cutthroat,
        trigger="played",
        costs=(DISCARD_SELF,),
        condition=_cutthroat_may,
    ),
)


# --- kotse_33 Robb Stark ------------------------------------------------------------------
# "Renown. If Robb Stark is the only King character in play, he gains: "Any Phase: Kneel
# Robb Stark to reduce the cost of the next House Stark army you play this phase to 0.""
# Army is the trait; the reduction is used up by the next one marshalled.

TO_ZERO = 99


def _only_king(state: GameState, ctx: Ctx) -> bool:
    return only_one(state, ctx["source"], "King")


def _robb(state: GameState, ctx: Ctx) -> None:
    add_reduction(
        state,
        ctx["seat"],
        TO_ZERO,
        ctx["source"],
        houses=("Stark",),
        types=("character",),
        trait="Army",
    )


register("kotse_33", Ability("action", _robb, costs=(KNEEL_SELF,), condition=_only_king))


# --- kotse_34 Joffrey Baratheon -----------------------------------------------------------
# "If Joffrey Baratheon is the only King character in play, he gets +1 STR for each gold
# token on him. Response: After an opponent pays gold to marshall a character, put that
# gold on Joffrey Baratheon. (Limit once per round.)" The gold paid from the pool (the
# ``marshalled`` event) is placed on him from the treasury (it was spent already).


def _joffrey_strength(state: GameState, source: str, ref: Any, base: int) -> int:
    if ref != source or not only_one(state, source, "King"):
        return base
    return base + state.in_play[source].gold


def _marshal_gold(state: GameState, card: str | None) -> int:
    for entry in reversed(state.log):
        if entry["event"] == "marshalled" and entry.get("card") == card:
            return int(entry.get("gold") or 0)
    return 0


def _joffrey_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("type") == "character"
        and event.get("seat") in state.opponents(ctx["seat"])
        and _marshal_gold(state, event.get("card")) > 0
    )


def _joffrey(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        gold = _marshal_gold(state, ctx["event"].get("card"))
        moves.gold_to_card(state, ctx["source"], gold, "joffrey_baratheon")


register(
    "kotse_34",
    Ability("response", _joffrey, trigger="played", condition=_joffrey_may, limit=(1, "round")),
    passives={"strength": _joffrey_strength},
)


# --- kotse_36 Viserys Targaryen -----------------------------------------------------------
# "If Viserys Targaryen is the only King character in play, he gains: "Each attachment on
# Viserys Targaryen reduces the amount of power you need to win the game by 1 (to a minimum
# of 5).""

VISERYS_MINIMUM = 5


def _viserys(state: GameState, source: str, seat: Any, base: int) -> int:
    if seat != controller(state, source) or not only_one(state, source, "King"):
        return base
    count = len(attachments(state, source))
    if not count:
        return base
    return max(VISERYS_MINIMUM, base - count)


register("kotse_36", passives={"power_to_win": _viserys})


# --- kotse_37 Myrcella Lannister ----------------------------------------------------------
# "If Myrcella Lannister is the only Queen character in play, she gains: "Any Phase: Kneel
# Myrcella Lannister to choose a Knight character. Until the end of the phase, that
# character gains an Intrigue icon and stealth.""


def _only_queen(state: GameState, ctx: Ctx) -> bool:
    return only_one(state, ctx["source"], "Queen")


def _knights(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if has_trait(state, r, "Knight")]


def _myrcella(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if ref in state.in_play:
        add_lasting(state, "icons", ref, "phase", ctx["source"], add=["intrigue"])
        add_lasting(state, "keywords", ref, "phase", ctx["source"], add=[STEALTH])


register(
    "kotse_37",
    Ability("action", _myrcella, costs=(KNEEL_SELF,), targets=_knights, condition=_only_queen),
)


# --- kotse_44 Silent Sisters --------------------------------------------------------------
# "Silent Sisters gets +1 STR for each character in your dead pile." Its controller's.


def _silent_sisters(state: GameState, source: str, ref: Any, base: int) -> int:
    if ref != source:
        return base
    dead = state.players[controller(state, source)].dead
    return base + sum(1 for r in dead if facts(state, r).type == "character")


register("kotse_44", passives={"strength": _silent_sisters})


# --- kotse_45 Randyll Tarly ---------------------------------------------------------------
# "War characters you control get +1 STR." War is the crest; himself included.

_WAR = character_with(crest="war")


def _randyll(state: GameState, source: str, ref: Any, base: int) -> int:
    if (
        isinstance(ref, str)
        and _WAR(state, ref)
        and controller(state, ref) == controller(state, source)
    ):
        return base + 1
    return base


register("kotse_45", passives={"strength": _randyll})


# --- kotse_46 Jack of all Trades ----------------------------------------------------------
# "Any Phase: Kneel 1 influence to give Jack of All Trades (choose one) a War, a Noble, a
# Learned, or a Holy crest until the end of the phase."

JACK_CRESTS = ("war", "noble", "learned", "holy")


def _jack(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "crest", list(JACK_CRESTS), "kotse_jack_crest", ctx=data)


@handler("kotse_jack_crest")
def _jack_crest(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "crests", ctx["source"], "phase", ctx["source"], add=[ctx["choice"]])


register("kotse_46", Ability("action", _jack, costs=(Cost("influence", 1),)))


# --- kotse_47 Godswood Attendant ----------------------------------------------------------
# "Response: After you win a challenge in which Godswood Attendant participated, look at
# the top card of any player's deck. Then, you may discard that card or put it back on top
# of its owner's deck." Only the Attendant's controller sees the card (``shown``).


def _attendant_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("winner") == ctx["seat"]
        and ctx["source"] in participants(event)
        and any(p.deck for p in state.players)
    )


def _attendant(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players if p.deck]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _attendant_deck(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_deck", options, "kotse_attendant_deck", ctx=data)


@handler("kotse_attendant_deck")
def _attendant_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    deck = state.players[int(ctx["choice"])].deck
    if not deck:
        return
    top = deck[0]
    state.emit("looked_at_deck", seat=ctx["seat"], deck=int(ctx["choice"]), count=1)
    data = {"seat": ctx["seat"], "source": ctx["source"], "shown": [top]}
    ask_choose(state, ctx["seat"], "top_card", ["discard", "top"], "kotse_attendant_put", ctx=data)


@handler("kotse_attendant_put")
def _attendant_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    (top,) = ctx["shown"]
    owner = state.players[state.cards[top].owner]
    if ctx["choice"] == "discard" and owner.deck and owner.deck[0] == top:
        # From the top (``top``: Corpse Lake, atoc_87).
        if not moves.to_discard_pile(state, top, owner.deck, top=[top]):
            return  # Darkstar: into play instead
        state.emit("discarded_from_deck", seat=owner.seat, cards=[top], codes=[state.code(top)])


register(
    "kotse_47",
    Ability("response", _attendant, trigger="challenge_won", condition=_attendant_may),
)
