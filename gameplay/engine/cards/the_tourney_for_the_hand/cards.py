"""The Tourney for the Hand (atoc_*): card scripts (the rest in tourney.py). Each script
quotes its card's text and says how it is read."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    crests,
    facts,
    handler,
    icons,
    is_character,
    keywords,
    register,
)
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    characters_of,
    discard_top,
    event,
    has_trait,
    in_play_of,
    kneel_or_stand,
    of_house,
    on_bearer,
    played_from_hand,
    response,
    stand_card,
    won_unopposed,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- atoc_3 The Last River ------------------------------------------------------------------
# "Challenges: Kneel The Last River to give each participating character without a Military
# icon -1 STR until the end of the challenge." Every participant (either side) without a
# Military icon when it resolves; only while a challenge is under way.


def _in_challenge(state: GameState, ctx: Ctx) -> bool:
    return state.challenge is not None


def _challenge_participants(state: GameState) -> list[str]:
    if state.challenge is None:
        return []
    return [
        r
        for r in [*state.challenge.get("attackers", ()), *state.challenge.get("defenders", ())]
        if r in state.in_play
    ]


def _last_river(state: GameState, ctx: Ctx) -> None:
    for ref in _challenge_participants(state):
        if "military" not in icons(state, ref):
            add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=-1)


register(
    "atoc_3",
    Ability(
        "action",
        _last_river,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=_in_challenge,
    ),
)

# --- atoc_5 Knight of Flowers ---------------------------------------------------------------
# "Joust. Response: After you win a challenge in which Knight of Flowers attacked or defended
# alone, he claims 2 power. (Limit once per phase.)" He is the only attacker or the only
# defender of a challenge you win; he gains 2 power from the power pool.


def _flowers_condition(state: GameState, ctx: Ctx) -> bool:
    event, source = ctx["event"], ctx["source"]
    return event.get("winner") == ctx["seat"] and (
        list(event.get("attackers", ())) == [source] or list(event.get("defenders", ())) == [source]
    )


def _flowers(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 2, "knight_of_flowers")


register(
    "atoc_5",
    Ability(
        "response",
        _flowers,
        trigger="challenge_won",
        condition=_flowers_condition,
        limit=(1, "phase"),
    ),
)

# --- atoc_6 Highgarden Squire ---------------------------------------------------------------
# "Challenges: Kneel Highgarden Squire to choose 1 Knight character. That character gains
# joust until the end of the phase." Any Knight character in play, whoever controls it.


def _knights(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in in_play_of(state, "character") if has_trait(state, r, "Knight")]


def _squire(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "phase", ctx["source"], add=["joust"])


register(
    "atoc_6",
    Ability(
        "action",
        _squire,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_knights,
    ),
)

# --- atoc_15 Highgarden ---------------------------------------------------------------------
# "Challenges: Kneel Highgarden and pay 1 gold to choose 1 character with 1 or more power on
# it. Stand or kneel that character." Any player's character; a knelt one is stood, a
# standing one knelt (the only change the choice can make).


def _powered(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in in_play_of(state, "character")
        if is_character(state, r) and state.in_play[r].power >= 1
    ]


def _highgarden(state: GameState, ctx: Ctx) -> None:
    kneel_or_stand(state, ctx["target"])


register(
    "atoc_15",
    Ability(
        "action",
        _highgarden,
        phases=("challenges",),
        costs=(KNEEL_SELF, Cost("gold", 1)),
        targets=_powered,
    ),
)

# --- atoc_19 Tourney Lance ------------------------------------------------------------------
# "Attached character gains joust. After you play Tourney Lance, draw 1 card." Played =
# marshalled from the hand (a forced effect of the ``played`` trigger).


def _lance_played(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    if event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]:
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "atoc_19",
    forced={"played": _lance_played},
    passives={"keywords": on_bearer(lambda base: base | {"joust"})},
)

# --- atoc_8 The Knight ----------------------------------------------------------------------
# "Joust. Response: After you win an unopposed challenge, stand The Knight. Then, discard the
# top card of each opponent's deck." Any unopposed challenge you win (he need not take part);
# usable while he stands too (the discard still happens).


def _the_knight(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        stand_card(state, ctx["source"])
    for opponent in state.opponents(ctx["seat"]):
        discard_top(state, opponent, 1, "ability")


register(
    "atoc_8",
    Ability("response", _the_knight, trigger="challenge_won", condition=won_unopposed),
)

# --- atoc_11 Dragon Support -----------------------------------------------------------------
# "House Targaryen only. Challenges: Choose a participating character you control. Until the
# end of the challenge, that character gains melee. Then, each participating character
# controlled by an opponent gets -1 STR until the end of the phase." ("House Targaryen only":
# the deck rule of the card data.)


def _my_participants(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in _challenge_participants(state) if controller(state, r) == ctx["seat"]]


def _dragon_support(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if ctx["target"] in state.in_play:
        add_lasting(state, "keywords", ctx["target"], "challenge", source, add=["melee"])
    for ref in _challenge_participants(state):
        if controller(state, ref) in state.opponents(seat):
            add_lasting(state, "strength", ref, "phase", source, amount=-1)


register(
    "atoc_11",
    event(_dragon_support, phases=("challenges",), targets=_my_participants),
)

# --- atoc_18 Free Man -----------------------------------------------------------------------
# "Response: After Free Man leaves play, choose and stand 1 War Crest character" Any player's
# knelt character with a War crest; answered from where Free Man went (dead pile, discard
# pile, hand: vocabulary.LEFT_PLAY).


def _knelt_war(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if state.in_play[r].knelt and "war" in crests(state, r)]


def _free_man(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        stand_card(state, ctx["target"])


def _free_man_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "atoc_18",
    *(
        Ability(
            "response",
            _free_man,
            trigger=name,
            condition=_free_man_left,
            zones=(zone,),
            targets=_knelt_war,
        )
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)

# --- atoc_10 Ser Barristan Selmy ------------------------------------------------------------
# "Renown. Challenges: While Ser Barristan Selmy is participating in a challenge, discard a
# card from your hand to choose 1 participating character. Until the end of the phase, that
# character gets -2 STR and is killed if its STR is 0." Any participant (either side, himself
# included); the discard is a cost (``discard_hand``).


def _barristan_participates(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in _challenge_participants(state)


def _any_participant(state: GameState, ctx: Ctx) -> list[str]:
    return _challenge_participants(state)


def _barristan(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", source, amount=-2)
        add_lasting(state, "dies_at_zero", target, "phase", source, value=True)


register(
    "atoc_10",
    Ability(
        "action",
        _barristan,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        condition=_barristan_participates,
        targets=_any_participant,
    ),
)

# --- atoc_13 Dorea Sand ---------------------------------------------------------------------
# "Response: After you lose a challenge as the defender, until the end of the phase Sand Snake
# characters you control gain: 'This character does not kneel to attack.'" A lasting effect:
# the Sand Snake characters you control as it resolves (``kneel_to_attack`` False).


def _lost_defending(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("loser") == ctx["seat"] and event.get("defender") == ctx["seat"]


def _dorea(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state, ctx["seat"]):
        if has_trait(state, ref, "Sand Snake"):
            add_lasting(state, "kneel_to_attack", ref, "phase", ctx["source"], value=False)


register(
    "atoc_13",
    Ability("response", _dorea, trigger="challenge_won", condition=_lost_defending),
)

# --- atoc_14 A Nest of Vipers ---------------------------------------------------------------
# "Response: After a Martell character is killed, unique Sand Snake characters you control
# gain renown until the end of the phase." Any player's Martell character; the unique Sand
# Snake characters you control as it resolves.


def _martell_killed(state: GameState, ctx: Ctx) -> bool:
    return any(
        facts(state, r).type == "character" and of_house(state, r, "Martell")
        for r in ctx["event"].get("cards", ())
    )


def _nest(state: GameState, ctx: Ctx) -> None:
    for ref in characters_of(state, ctx["seat"]):
        if has_trait(state, ref, "Sand Snake") and facts(state, ref).unique:
            add_lasting(state, "keywords", ref, "phase", ctx["source"], add=["renown"])


register("atoc_14", response(_nest, "killed", condition=_martell_killed))

# --- atoc_16 Newly Made Lord ----------------------------------------------------------------
# "After you play Newly Made Lord from your hand, choose and discard from play 1 non-limited
# location with cost 3 or lower if able." Forced: any player's location (its own included),
# printed cost 3 or lower; chosen by Newly Made Lord's controller (saves apply).


def _small_locations(state: GameState) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location")
        if "limited" not in keywords(state, r) and (facts(state, r).cost or 0) <= 3
    ]


def _newly_made_lord(state: GameState, ctx: Ctx) -> None:
    if not played_from_hand(state, ctx):
        return
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    options = _small_locations(state)
    ask_select(
        state, seat, "discard_location", options, "atoc_newly_made_lord", low=1, high=1, ctx=data
    )


@handler("atoc_newly_made_lord")
def _newly_made_lord_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [r for r in selected if r in state.in_play]
    if chosen:
        moves.discard(state, chosen)


register("atoc_16", forced={"played": _newly_made_lord})
