"""Mask of the Archmaester (soo_81 to soo_100): the card scripts.

Each script quotes its card's text and says how it is read."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    LASTING_PASSIVES,
    Ability,
    Ctx,
    PassiveFn,
    add_delayed,
    add_lasting,
    attached_to,
    effect,
    facts,
    handler,
    icons,
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    has_trait,
    lost,
    of_house,
    played_from_hand,
    stand_card,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- soo_81 Rickon Stark --------------------------------------------------------------
# "Response: After an effect allows you to search your deck, kneel Rickon Stark to copy
# that effect. (Limit once per phase)"  The engine's ``deck_searched`` trigger (a search
# made with moves.search_deck has resolved; the event has what it searched for): its
# controller's own search only; the copy searches his or her deck again for the cards that
# matched the first time (by code) and goes on as that effect did (its handler, its count).


def _rickon_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _rickon(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    codes = set(event.get("codes", ()))
    data = {**event.get("ctx", {}), "copied_by": ctx["source"]}
    original = data.get("source")
    if original in state.cards:
        code = state.code(original)
        state.emit("ability_copied", seat=seat, card=original, code=code, source=ctx["source"])
    moves.search_deck(
        state,
        seat,
        lambda ref: state.code(ref) in codes,
        event["then"],
        ctx=data,
        count=event.get("count", 1),
    )


register(
    "soo_81",
    Ability(
        "response",
        _rickon,
        trigger=moves.SEARCHED,
        costs=(KNEEL_SELF,),
        condition=_rickon_may,
        limit=(1, "phase"),
    ),
)

# --- soo_82 Lonely Hills -------------------------------------------------------------
# "Response: After you win a challenge, raise the claim value on your revealed plot card by
# 1 for the next challenge of the same type you initiate this phase."  Any challenge its
# controller wins (attacking or defending). A lasting ``claim`` text for the phase
# (abilities.LASTING_PASSIVES) on Lonely Hills, named by the winner's seat, the type and how
# many challenges of that type the winner had initiated this phase when it resolved: it
# raises the winner's claim by 1 during the next one only (the first initiated after it).
# It lasts if Lonely Hills leaves play.

HILLS = "soo82"


def _initiated(state: GameState, seat: int, ctype: str) -> int:
    """The challenges of ``ctype`` that ``seat`` initiated this phase (from the log)."""
    count = 0
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            break
        if entry["event"] == "challenge" and entry.get("seat") == seat:
            count += entry.get("type") == ctype
    return count


def _hills_raise(seat: int, ctype: str, before: int) -> PassiveFn:
    def passive(state: GameState, source: str, subject: Any, base: int) -> int:
        challenge = state.challenge
        if challenge is None or subject != seat or challenge.get("attacker") != seat:
            return base
        if challenge.get("type") != ctype or _initiated(state, seat, ctype) != before + 1:
            return base
        return base + 1

    return passive


for _seat in range(4):
    for _ctype in ("military", "intrigue", "power"):
        for _before in range(6):
            _name = f"{HILLS}_{_seat}_{_ctype}_{_before}"
            LASTING_PASSIVES[_name] = _hills_raise(_seat, _ctype, _before)


def _hills_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and event.get("type") in (
        "military",
        "intrigue",
        "power",
    )


def _hills(state: GameState, ctx: Ctx) -> None:
    seat, ctype, source = ctx["seat"], ctx["event"]["type"], ctx["source"]
    before = min(_initiated(state, seat, ctype), 5)
    name = f"{HILLS}_{seat}_{ctype}_{before}"
    add_lasting(state, "claim", source, "phase", source, passive=name)


register("soo_82", Ability("response", _hills, trigger="challenge_won", condition=_hills_may))

# --- soo_85 Ser Jon Fossoway -----------------------------------------------------------
# "Renown. Marshalling: Kneel Ser Jon Fossoway to take X gold from the treasury and add it
# to your gold pool. X is the number of power on Ser Jon Fossoway."  X is counted as the
# ability resolves; not offered while he has no power (it would change nothing).


def _jon_power(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].power >= 1


def _jon(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play:
        moves.gain_gold(state, ctx["seat"], state.in_play[source].power, source)


register(
    "soo_85",
    Ability("action", _jon, phases=("marshalling",), costs=(KNEEL_SELF,), condition=_jon_power),
)

# --- soo_91 Starfall Cavalry ----------------------------------------------------------
# "No attachments. Renown. Reduce the cost to play Starfall Cavalry by 1 for each House
# Dayne character you control."  The ``own_cost`` passive of the card in hand: the House
# Dayne characters (the trait) its player controls as it is played; never below 0.


def _cavalry_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    dayne = sum(1 for r in characters_of(state, seat) if has_trait(state, r, "House Dayne"))
    return max(0, cost - dayne)


register("soo_91", passives={"own_cost": _cavalry_cost})

# --- soo_92 Oberyn's Guile ------------------------------------------------------------
# "Unique Martell character only. Response: After you lose a challenge reveal the top card
# of your deck, then add it to your hand."  Any challenge its controller loses (attacking
# or defending); not offered with an empty deck.


def _unique_martell(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return facts(state, target).unique and of_house(state, target, "Martell")


def _guile_may(state: GameState, ctx: Ctx) -> bool:
    return lost()(state, ctx) and bool(state.players[ctx["seat"]].deck)


def _guile(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if not player.deck:
        return
    top = player.deck.pop(0)
    player.hand.append(top)
    moves.reveal(state, ctx["seat"], [top], ctx["source"])


register(
    "soo_92",
    Ability("response", _guile, trigger="challenge_won", condition=_guile_may),
    attach_rule=_unique_martell,
)

# --- soo_93 The Mad Mouse ------------------------------------------------------------
# "Deadly. Response: After you play The Mad Mouse from your hand, choose an opponent's
# character. If that character dies before the end of the next challenge phase and The Mad
# Mouse is still in play, The Mad Mouse claims 3 power."  The mark is a lasting
# ``soo93_marked`` entry for the round (subject the Mouse, ``target`` the character); a
# forced ``killed`` effect of the Mouse in play gives it 3 power when the marked character
# is killed ("dies") during that round's marshalling or challenges phase (the next
# challenges phase after a card is played from hand is the same round's).

MOUSE_MARK = "soo93_marked"


def _mouse_may(state: GameState, ctx: Ctx) -> bool:
    return played_from_hand(state, ctx) and ctx["event"].get("seat") == ctx["seat"]


def _opponents_characters(state: GameState, ctx: Ctx) -> list[str]:
    seat, source = ctx["seat"], ctx["source"]
    return [
        r
        for o in state.opponents(seat)
        for r in characters_of(state, o)
        if choosable(state, r, source, seat)
    ]


def _mouse(state: GameState, ctx: Ctx) -> None:
    source, target = ctx["source"], ctx["target"]
    if target in state.in_play:
        add_lasting(state, MOUSE_MARK, source, "round", source, target=target)


def _mouse_killed(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play or state.phase not in ("marshalling", "challenges"):
        return
    killed = set(ctx["event"].get("cards", ()))
    for entry in state.effects:
        if (
            entry["query"] == MOUSE_MARK
            and entry["subject"] == source
            and entry["target"] in killed
        ):
            moves.card_power(state, source, 3, source)
            state.effects.remove(entry)
            return


register(
    "soo_93",
    Ability(
        "response",
        _mouse,
        trigger="played",
        condition=_mouse_may,
        targets=_opponents_characters,
    ),
    forced={"killed": _mouse_killed},
)

# --- soo_98 Iron Link, soo_99 Black Iron Link -----------------------------------------
# "Setup. Maester character only. Response: After attached character kneels, choose 1
# character. Until the end of the phase, that character gets +2 STR and gains a Military
# icon. (Limit once per phase.)" / "... that character either gains or loses an Intrigue
# icon."  The ``knelt`` trigger (any kneel: attacking, defending, a cost, an effect) naming
# the bearer; any character in play (the bearer included). Black Iron Link: the character
# "either gains or loses": a character without an Intrigue icon gains one, a character
# with one loses it (the other choice would change nothing).


def _maester(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Maester")


def _bearer_knelt(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and host in ctx["event"].get("cards", ())


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if choosable(state, r, ctx["source"], ctx["seat"])]


def _iron_link(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=2)
        add_lasting(state, "icons", target, "phase", ctx["source"], add=["military"])


def _black_iron_link(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        key = "remove" if "intrigue" in icons(state, target) else "add"
        add_lasting(state, "icons", target, "phase", ctx["source"], **{key: ["intrigue"]})


for _code, _effect in (("soo_98", _iron_link), ("soo_99", _black_iron_link)):
    register(
        _code,
        Ability(
            "response",
            _effect,
            trigger="knelt",
            condition=_bearer_knelt,
            targets=_any_character,
            limit=(1, "phase"),
        ),
        attach_rule=_maester,
    )

# --- soo_100 War of Attrition ---------------------------------------------------------
# "After you lose a challenge as the attacker, discard 1 card at random from the defending
# player's hand."  A forced effect of the revealed plot on ``challenge_won``.


def _attrition(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("attacker") != seat or event.get("loser") != seat:
        return
    defender = event.get("defender")
    if defender is not None and state.players[defender].hand:
        moves.discard_at_random(state, defender, 1)


register("soo_100", forced={"challenge_won": _attrition})

# --- soo_86 Dragonstone Watchtower ----------------------------------------------------
# "Any Phase: Kneel Dragonstone Watchtower and name a card. If an opponent plays or reveals
# that card this phase, claim 1 power for your house. If that card is not played or
# revealed stand Dragonstone Watchtower at the end of the phase."  A card is named by the
# code of one printing per distinct card name of the pool (like Dragonstone Port's plots).
# "Plays" is the ``played`` trigger (marshalled cards and events); "reveals" is a revealed
# plot (``plot_revealed``) or an effect of that opponent revealing cards (``revealed``). The
# power is claimed once per naming, the first time; the naming is a delayed effect at the
# end of the phase (``soo86_watch``) that stands the Watchtower unless an opponent played or
# revealed the named card meanwhile (its ``hit`` mark). It works while the Watchtower is in
# play.

WATCH = "soo86_watch"
_NAMES: dict[str, list[str]] = {}


def _name_options(state: GameState) -> list[str]:
    found = _NAMES.get(state.card_source)
    if found is None:
        seen: dict[str, str] = {}
        for card in pool(state).values():
            seen.setdefault(card.name, card.code)
        found = _NAMES[state.card_source] = list(seen.values())
    return list(found)


def _watchtower(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "name_card", _name_options(state), "soo86_name", ctx=data)


@handler("soo86_name")
def _watch_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    name = pool(state)[ctx["choice"]].name
    source = ctx["source"]
    state.emit("card_named", seat=ctx["seat"], code=ctx["choice"], source=source)
    add_delayed(state, "phase_ends", ctx["seat"], WATCH, source, until="phase", named=name)


@effect(WATCH)
def _watch_ends(state: GameState, data: Ctx) -> None:
    source = data["source"]
    if not data.get("hit") and source in state.in_play and state.in_play[source].knelt:
        stand_card(state, source)


def _watch_seen(state: GameState, ctx: Ctx, names: list[str]) -> None:
    source, seat = ctx["source"], ctx["seat"]
    for entry in state.effects:
        if entry.get("effect") != WATCH or entry.get("source") != source or entry.get("hit"):
            continue
        if entry["named"] in names:
            entry["hit"] = True
            moves.gain_power(state, seat, 1, source)


def _watch_played(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    card = event.get("card")
    if event.get("seat") in state.opponents(ctx["seat"]) and card in state.cards:
        _watch_seen(state, ctx, [facts(state, card).name])


def _watch_revealed(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("seat") not in state.opponents(ctx["seat"]):
        return
    refs = [*event.get("cards", ()), *([event["card"]] if event.get("card") else [])]
    _watch_seen(state, ctx, [facts(state, r).name for r in refs if r in state.cards])


register(
    "soo_86",
    Ability("action", _watchtower, costs=(KNEEL_SELF,)),
    forced={
        "played": _watch_played,
        "plot_revealed": _watch_revealed,
        "revealed": _watch_revealed,
    },
)
