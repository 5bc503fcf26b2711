"""The Tourney for the Hand (atoc_*): Ser Jaime Lannister, Nightfall, Into the Lists,
Storm's End Tourney Grounds, Shadow Tower Knight, Darkstar, Meera Reed and Arya Stark. The
other cards are in cards.py."""

from __future__ import annotations

from gameplay.engine import challenges, moves, titles
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    icons,
    keywords,
    register,
    strength,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    attacked_alone,
    characters_of,
    choosable,
    kneel_card,
    move_card_power,
    on_bearer,
    winter,
)
from gameplay.engine.cards.vocabulary.shadows import out_of_shadows
from gameplay.engine.influence import house_mark
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import return_to_shadows

# --- atoc_4 Ser Jaime Lannister -------------------------------------------------------------
# "Infamy. Challenges: Kneel Ser Jaime Lannister to choose and kneel 1 non-Army character
# controlled by an opponent. Then, if Ser Jaime Lannister has more power on him than that
# character has STR, discard that character from play. (Limit once per phase.)" A standing
# character (one that can be knelt); STR read after it kneels; the discard can be saved.


def _jaime_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for seat in state.opponents(ctx["seat"])
        for r in characters_of(state, seat)
        if not state.in_play[r].knelt and "Army" not in traits(state, r)
    ]


def _jaime(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    kneel_card(state, target)
    record = state.in_play.get(source)
    if record is not None and target in state.in_play and record.power > strength(state, target):
        moves.discard(state, [target])


register(
    "atoc_4",
    Ability(
        "action",
        _jaime,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_jaime_targets,
        limit=(1, "phase"),
    ),
)

# --- atoc_9 Nightfall -----------------------------------------------------------------------
# "Attached character gains a War crest. Response: After a challenge in which attached
# character participated resolves, choose and kill 1 non-unique participating character."
# A challenge with a winner (the ``challenge_won`` trigger, as Pit Viper); any side's
# non-unique participant still in play (the bearer too, if non-unique).


def _nightfall_condition(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    event = ctx["event"]
    return host is not None and host in [*event.get("attackers", ()), *event.get("defenders", ())]


def _nightfall_targets(state: GameState, ctx: Ctx) -> list[str]:
    event = ctx["event"]
    return [
        r
        for r in [*event.get("attackers", ()), *event.get("defenders", ())]
        if r in state.in_play and not facts(state, r).unique
    ]


def _nightfall(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


register(
    "atoc_9",
    Ability(
        "response",
        _nightfall,
        trigger="challenge_won",
        condition=_nightfall_condition,
        targets=_nightfall_targets,
    ),
    passives={"crests": on_bearer(lambda base: base | {"war"})},
)

# --- atoc_20 Into the Lists -----------------------------------------------------------------
# "When revealed, each player may choose and kneel 1 non-Army character with a Military icon
# he or she controls. The character with the highest STR knelt in this way claims 2 power."
# Each player in turn from the revealing player may choose one of his or her standing
# characters (or none); a tie for the highest STR: nobody claims (as Epic Battles' plots).


def _lists_candidates(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in characters_of(state, seat)
        if not state.in_play[r].knelt
        and "Army" not in traits(state, r)
        and "military" in icons(state, r)
    ]


def _lists_ask(state: GameState, data: dict) -> None:
    seats = data["seats"]
    if not seats:
        knelt = [r for r in data["knelt"] if r in state.in_play]
        if not knelt:
            return
        best = max(strength(state, r) for r in knelt)
        top = [r for r in knelt if strength(state, r) == best]
        if len(top) == 1:
            moves.card_power(state, top[0], 2, "into_the_lists")
        return
    seat = seats[0]
    options = _lists_candidates(state, seat)
    ask_select(
        state, seat, "into_the_lists", options, "atoc_into_the_lists", low=0, high=1, ctx=data
    )


def _into_the_lists(state: GameState, ctx: Ctx) -> None:
    count = len(state.players)
    seats = [(ctx["seat"] + i) % count for i in range(count)]
    _lists_ask(state, {"seats": seats, "knelt": [], "source": ctx["source"], "seat": ctx["seat"]})


@handler("atoc_into_the_lists")
def _into_the_lists_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, rest = ctx["seats"][0], ctx["seats"][1:]
    knelt = list(ctx["knelt"])
    for ref in selected:
        if ref in _lists_candidates(state, seat):
            kneel_card(state, ref)
            knelt.append(ref)
    _lists_ask(state, {**ctx, "seats": rest, "knelt": knelt})


register("atoc_20", when_revealed=_into_the_lists)

# --- atoc_7 Storm's End Tourney Grounds -----------------------------------------------------
# "House Baratheon only. Response: After you win a challenge in which at least 1 of your
# participating characters has joust, kneel your House card to place the topmost character
# in your discard pile on top of your deck (into your hand instead if you control more unique
# characters than each opponent)." Kneeling the House card is the round's mark
# ``influence.house_mark`` (as Alliance): not while it kneels. The topmost character is the
# last one put there; the response needs one in the pile.


def _top_character(state: GameState, seat: int) -> str | None:
    found = [r for r in state.players[seat].discard if facts(state, r).type == "character"]
    return found[-1] if found else None


def _grounds_condition(state: GameState, ctx: Ctx) -> bool:
    event, seat = ctx["event"], ctx["seat"]
    mine = [
        r
        for r in [*event.get("attackers", ()), *event.get("defenders", ())]
        if r in state.in_play and controller(state, r) == seat
    ]
    return (
        event.get("winner") == seat
        and any("joust" in keywords(state, r) for r in mine)
        and house_mark(seat) not in state.used
        and _top_character(state, seat) is not None
    )


def _uniques(state: GameState, seat: int) -> int:
    return sum(1 for r in characters_of(state, seat) if facts(state, r).unique)


def _grounds(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    state.used.append(house_mark(seat))
    ref = _top_character(state, seat)
    if ref is None:
        return
    player = state.players[seat]
    player.discard.remove(ref)
    mine = _uniques(state, seat)
    if all(mine > _uniques(state, other) for other in state.opponents(seat)):
        player.hand.append(ref)
        state.emit("returned_to_hand", seat=seat, card=ref, code=state.code(ref), source="discard")
    else:
        player.deck.insert(0, ref)
        state.emit("discard_to_deck", seat=seat, card=ref, code=state.code(ref))


register(
    "atoc_7",
    Ability("response", _grounds, trigger="challenge_won", condition=_grounds_condition),
)

# --- atoc_17 Shadow Tower Knight ------------------------------------------------------------
# "Cards you control cannot gain Traits through card effects." The passive flag
# ``cannot_gain_traits`` (engine: abilities.traits keeps only printed Traits) on each card in
# play its controller controls; Traits a card loses are still lost.


def _no_gained_traits(state: GameState, source: str, subject: object, base: bool) -> bool:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if record is not None and record.controller == controller(state, source):
        return True
    return base


register("atoc_17", passives={"cannot_gain_traits": _no_gained_traits})

# --- atoc_12 Darkstar -----------------------------------------------------------------------
# "Joust. Stealth. After Darkstar bypasses a character by using stealth, move 1 power from
# that character to Darkstar." Forced, at the ``stealth_declared`` trigger (engine: opened
# for forced effects too), once per character bypassed.


def _darkstar(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    target = event.get("target")
    if event.get("card") == source and source in state.in_play and target in state.in_play:
        move_card_power(state, target, source, 1, "darkstar")


register("atoc_12", forced={"stealth_declared": _darkstar})

# --- atoc_2 Meera Reed ----------------------------------------------------------------------
# "House Stark only. Stealth. Response: After a Stark character leaves play, put Meera Reed
# into Shadows. Response: After Meera Reed comes out of shadows, choose 1 non-plot card (2
# instead if it is Winter) and treat its printed text box as if it were blank until the end
# of the phase."
# First: Meera in play answers any way another printed-House-Stark character leaves play
# (vocabulary.LEFT_PLAY) and returns to her owner's Shadows (cannot come out this round).
# Second: 1 (2 in Winter) cards in play, not plots, chosen as it resolves (immunity applies:
# The Red Viper ruling); a lasting ``blank`` until the end of the phase. Coming out as a
# duplicate, she has no text (ruling): the engine's ``came_out`` names no card in play.


def _stark_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] not in ctx["event"].get("cards", ()) and any(
        facts(state, r).type == "character" and "Stark" in facts(state, r).houses
        for r in ctx["event"].get("cards", ())
    )


def _meera_hides(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        return_to_shadows(state, ctx["source"])


def _meera_blanks(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    options = [
        r
        for r in state.in_play
        if facts(state, r).type != "plot" and choosable(state, r, source, seat)
    ]
    count = 2 if winter(state) else 1
    data = {"seat": seat, "source": source}
    ask_select(
        state,
        seat,
        "blank_card",
        options,
        "atoc_meera_blank",
        low=min(count, len(options)),
        high=count,
        ctx=data,
    )


@handler("atoc_meera_blank")
def _meera_blanked(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "blank", ref, "phase", ctx["source"], value=True)


register(
    "atoc_2",
    *(Ability("response", _meera_hides, trigger=name, condition=_stark_left) for name in LEFT_PLAY),
    out_of_shadows(_meera_blanks),
)

# --- atoc_1 Arya Stark ----------------------------------------------------------------------
# "House Stark only. Joust. Response: After you win a challenge in which Arya Stark attacked
# alone, each opponent with a Title that opposes your Title must also satisfy the claim of
# that challenge, if able." Melee only (Titles): each such opponent other than the defender
# satisfies the challenge's claim (its type, the attacker's claim value) now, as if he or
# she were its target (challenges.claim); the defender's own claim follows as usual.


def _arya_condition(state: GameState, ctx: Ctx) -> bool:
    return attacked_alone(state, ctx) and bool(_arya_opposed(state, ctx))


def _arya_opposed(state: GameState, ctx: Ctx) -> list[int]:
    challenge = state.challenge
    if challenge is None:
        return []
    seat = ctx["seat"]
    return [
        other
        for other in state.opponents(seat)
        if other != challenge["target"] and titles.opposes(state, seat, other)
    ]


def _arya(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None:
        return
    target = challenge["target"]
    for other in reversed(_arya_opposed(state, ctx)):
        challenge["target"] = other
        try:
            challenges.claim(state, {})
        finally:
            challenge["target"] = target


register(
    "atoc_1",
    Ability("response", _arya, trigger="challenge_won", condition=_arya_condition),
)
