"""A Roll of the Dice: the events Deceit, Glamor of Fire, Rhymes with Meek and Little and Less
(btns_114, btns_107, btns_103, btns_118)."""

from __future__ import annotations

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
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    event,
    lost,
    of_house,
    on_bearer,
    response,
    stand_card,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.triggers import ANY_RESPONSE
from gameplay.engine.uses import HAND_RESPONSES, attach_played_event, own_traits, put_into_play

# --- btns_114 Deceit -----------------------------------------------------------------------
# "Challenges: Choose 2 characters controlled by two different players. Until the end of the
# phase, the character of your choice loses all keywords and the other character gains each
# of those lost keywords. Response: After you lose a challenge as the attacker, choose and
# stand a participating character."  The character that loses its keywords is chosen as the
# event is played (one with a keyword), the other as it resolves (a character of another
# player); the keywords are those it has as the event resolves.


def _with_keywords(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if keywords(state, r)]


def _deceit_may(state: GameState, ctx: Ctx) -> bool:
    return len({controller(state, r) for r in characters_of(state)}) > 1


def _deceit(state: GameState, ctx: Ctx) -> None:
    loser = ctx["target"]
    if loser not in state.in_play:
        return
    others = [
        r
        for r in characters_of(state)
        if controller(state, r) != controller(state, loser)
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]
    data = {"seat": ctx["seat"], "source": ctx["source"], "loser": loser}
    ask_select(state, ctx["seat"], "deceit_gains", others, "btns_deceit", low=1, high=1, ctx=data)


@handler("btns_deceit")
def _deceit_swap(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    loser = ctx["loser"]
    if not selected or loser not in state.in_play or selected[0] not in state.in_play:
        return
    lost_words = sorted(keywords(state, loser))
    add_lasting(state, "keywords", loser, "phase", ctx["source"], remove=lost_words)
    add_lasting(state, "keywords", selected[0], "phase", ctx["source"], add=lost_words)


def _knelt_participants(state: GameState, ctx: Ctx) -> list[str]:
    event_data = ctx["event"]
    sides = list(event_data.get("attackers", ())) + list(event_data.get("defenders", ()))
    return [r for r in sides if r in state.in_play and state.in_play[r].knelt]


def _deceit_stand(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


register(
    "btns_114",
    event(_deceit, phases=("challenges",), targets=_with_keywords, condition=_deceit_may),
    response(
        _deceit_stand, "challenge_won", condition=lost("attacker"), targets=_knelt_participants
    ),
)

# --- btns_107 Glamor of Fire ---------------------------------------------------------------
# "Any Phase: Choose and kill a character you control (cannot be saved) to choose and put
# into play a character in your dead pile that was killed this phase."  The kill is a cost
# (``kill_target``); the character put into play is chosen as the event resolves, among the
# characters of its player's dead pile with a ``killed`` log entry this phase (the one just
# killed for the cost included), a unique one only if no copy is in play under its player.


def _killable(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if allowed(state, "can_be_killed", r)]


def _killed_this_phase(state: GameState) -> set[str]:
    found: set[str] = set()
    for entry in reversed(state.log):
        if entry.get("round") != state.round or entry["event"] == "phase":
            break
        if entry["event"] == "killed" and isinstance(entry.get("card"), str):
            found.add(entry["card"])
    return found


def _returnable(state: GameState, seat: int) -> list[str]:
    killed = _killed_this_phase(state)
    cards = pool(state)
    found = []
    for r in state.players[seat].dead:
        printed = cards[state.cards[r].code]
        if r not in killed or printed.type != "character":
            continue
        if printed.unique and any(
            facts(state, other).name == printed.name for other in characters_of(state, seat)
        ):
            continue
        found.append(r)
    return found


def _glamor(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state,
        seat,
        "glamor_of_fire",
        _returnable(state, seat),
        "btns_glamor",
        low=1,
        high=1,
        ctx=data,
    )


@handler("btns_glamor")
def _glamor_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if selected and selected[0] in state.players[seat].dead:
        put_into_play(state, seat, selected[0])


register("btns_107", event(_glamor, targets=_killable, costs=(Cost("kill_target"),)))

# --- btns_103 Rhymes with Meek -------------------------------------------------------------
# "Response: Kneel 1 influence to save a unique [Stark] or [Greyjoy] character from being
# killed. Then, attach Rhymes with Meek to the saved character (counts as a Condition
# attachment with the text 'Attached character cannot have its STR raised or lowered by card
# effects.')"  A save from the hand (``would_be_killed``) of any player's such character; the
# event then goes from the discard pile onto it (uses.attach_played_event), where the flag
# ``strength_fixed`` keeps its printed STR.


def _meek_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards") or ()
        if r in state.in_play
        and facts(state, r).type == "character"
        and facts(state, r).unique
        and (of_house(state, r, "Stark") or of_house(state, r, "Greyjoy"))
        and not moves.saved(state, r)
    ]


def _meek(state: GameState, ctx: Ctx) -> None:
    moves.save_target(state, ctx)
    attach_played_event(state, ctx["seat"], ctx["source"], ctx["target"])


register(
    "btns_103",
    Ability(
        "save",
        _meek,
        trigger="would_be_killed",
        zones=("hand",),
        targets=_meek_targets,
        costs=(Cost("influence", 1),),
    ),
    passives={"strength_fixed": on_bearer(lambda base: True), "traits": own_traits("Condition")},
)

# --- btns_118 Little and Less --------------------------------------------------------------
# "You may play this card during any response window. Response: Until the end of the phase,
# players cannot play any additional responses. (Cannot be canceled.)"  A response from the
# hand in every response window that opens (triggers.ANY_RESPONSE); then, for the phase, no
# player may use a response, save or cancel from a hand (the permission
# ``can_play_responses``, uses.HAND_RESPONSES). Per its ruling, responses of cards in play
# (or in a pile) can still be triggered.


def _little_and_less(state: GameState, ctx: Ctx) -> None:
    for player in state.players:
        add_lasting(state, HAND_RESPONSES, player.seat, "phase", ctx["source"], value=False)


register(
    "btns_118",
    response(_little_and_less, ANY_RESPONSE, cannot_be_cancelled=True),
)
