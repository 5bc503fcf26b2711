"""The Blue is Calling attachments, locations, events and plot: Margaery's Favor (w_102), The
Stag and Rose (w_103), Orkmont Port (w_106), The Giant's Lance (w_107), Feed it to the Goats
(w_108), Ransack (w_109), A False Hunt (w_111), Dothraki Sea (w_115), Bloody Arakh (w_116),
Sky Cell (w_119) and As High As Honor (w_120)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, moves, steps
from gameplay.engine.abilities import (
    CARD_BLANKS,
    LASTING_PASSIVES,
    Ability,
    Cost,
    Ctx,
    acting,
    add_lasting,
    allowed,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    participating,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    choose_opponent,
    event,
    has_trait,
    in_play_of,
    kneel_card,
    move_card_power,
    of_house,
    response,
    this_round,
    won,
    won_unopposed,
    won_with,
)
from gameplay.engine.leaving import discard, kill
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel


def _printed_cost_at_most(state: GameState, ref: str, most: int) -> bool:
    cost = facts(state, ref).cost
    return cost is not None and cost <= most


# --- w_102 Margaery's Favor ----------------------------------------------------------------
# "Rainbow Guard character or Renly Baratheon only. Response: After you win a challenge in
# which attached character participated, draw 1 card."


def _favor_host(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Rainbow Guard") or facts(state, target).name == (
        "Renly Baratheon"
    )


def _favor(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "w_102",
    Ability("response", _favor, trigger="challenge_won", condition=won_with("attached")),
    attach_rule=_favor_host,
)


# --- w_103 The Stag and Rose ---------------------------------------------------------------
# "Response: After you win a [Power] challenge by 4 or more total STR, move 1 power from an
# opponent's card to a [Baratheon] character you control. Until the end of the phase, that
# character gets +1 STR for each power on it." The [Baratheon] character is chosen as the
# event is played, the opponent's card (a card in play with power) as it resolves; the STR
# follows the power on the character for the rest of the phase (a lasting passive).


def _opponents_power(state: GameState, seat: int) -> list[str]:
    return [
        r
        for o in state.opponents(seat)
        for r in state.players[o].in_play
        if state.in_play[r].power > 0
    ]


def _stag_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state, ctx["seat"]) if of_house(state, r, "Baratheon")]


def _stag_may(state: GameState, ctx: Ctx) -> bool:
    return won("power", by=4)(state, ctx) and bool(_opponents_power(state, ctx["seat"]))


def _stag(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    found = _opponents_power(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": target}
    ask_select(state, ctx["seat"], "w_stag_power", found, "w_stag_moved", low=1, high=1, ctx=data)


@handler("w_stag_moved")
def _stag_moved(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    for ref in selected:
        if ref in state.in_play:
            move_card_power(state, ref, target, 1, "w_stag_and_rose")
    add_lasting(state, "strength", target, "phase", ctx["source"], passive="w_stag_and_rose")


def _stag_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject == source and source in state.in_play:
        return base + state.in_play[source].power
    return base


LASTING_PASSIVES["w_stag_and_rose"] = _stag_strength
register(
    "w_103",
    response(_stag, "challenge_won", targets=_stag_targets, condition=_stag_may),
)


# --- w_106 Orkmont Port --------------------------------------------------------------------
# "Response: After you win an unopposed challenge, claim 1 power for your House."


def _orkmont(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 1, "w_orkmont_port")


register(
    "w_106",
    Ability("response", _orkmont, trigger="challenge_won", condition=won_unopposed),
)


# --- w_107 The Giant's Lance ---------------------------------------------------------------
# "House Lannister only. Kneeling characters get -1 STR." Every player's knelt characters.


def _lance(state: GameState, source: str, subject: Any, base: int) -> int:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if record is not None and record.knelt and facts(state, subject).type == "character":
        return base - 1
    return base


register("w_107", passives={"strength": _lance})


# --- w_108 Feed it to the Goats ------------------------------------------------------------
# "Challenges: Kneel X Clansman characters (to a maximum of 3) to choose and kneel X non-Lady
# characters." X is the number knelt for the cost (1 to 3, ``Cost.most``); the player
# chooses X standing non-Lady characters (any player's; as many as there are if fewer).

GOATS_MOST = 3


def _clansman(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Clansman")


def _goat_candidates(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt
        and not has_trait(state, r, "Lady")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _goats(state: GameState, ctx: Ctx) -> None:
    count = len(ctx.get("knelt") or ())
    found = _goat_candidates(state, ctx)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    amount = min(count, len(found))
    ask_select(state, ctx["seat"], "kneel", found, "w_goats", low=amount, high=amount, ctx=data)


@handler("w_goats")
def _goats_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            kneel_card(state, ref)


register(
    "w_108",
    event(
        _goats,
        phases=("challenges",),
        costs=(
            Cost("kneel", 1, _clansman, "Clansman character", any_number=True, most=GOATS_MOST),
        ),
        condition=lambda state, ctx: bool(_goat_candidates(state, ctx)),
    ),
)


# --- w_109 Ransack -------------------------------------------------------------------------
# "Response: After you win dominance, kneel X [Lannister] characters (minimum of 1) to choose
# and discard a location with printed cost X or lower." Any player's location; offered while
# some location's printed cost is at most the number of [Lannister] characters you could
# kneel. The discard may be saved.


def _lannister(state: GameState, ref: str) -> bool:
    return of_house(state, ref, "Lannister")


def _ransack_locations(state: GameState, ctx: Ctx, most: int) -> list[str]:
    return [
        r
        for r in in_play_of(state, "location")
        if _printed_cost_at_most(state, r, most)
        and choosable(state, r, ctx["source"], ctx["seat"])
        and allowed(state, "can_be_discarded", r)
    ]


def _ransack_may(state: GameState, ctx: Ctx) -> bool:
    if ctx["event"].get("seat") != ctx["seat"]:
        return False
    standing = [
        r
        for r in characters_of(state, ctx["seat"])
        if not state.in_play[r].knelt and _lannister(state, r)
    ]
    return bool(standing) and bool(_ransack_locations(state, ctx, len(standing)))


def _ransack(state: GameState, ctx: Ctx) -> None:
    most = len(ctx.get("knelt") or ())
    found = _ransack_locations(state, ctx, most)
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_select(state, ctx["seat"], "discard", found, "w_ransack", low=1, high=1, ctx=data)


@handler("w_ransack")
def _ransacked(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        discard(state, found)


register(
    "w_109",
    response(
        _ransack,
        "dominance_won",
        costs=(Cost("kneel", 1, _lannister, "[Lannister] character", any_number=True),),
        condition=_ransack_may,
    ),
)


# --- w_111 A False Hunt --------------------------------------------------------------------
# "House Martell only. Response: Kill a Sand Snake character you control to cancel a card
# effect that would search any part of, or reveal 1 or more cards from, a player's deck.
# Then, choose an opponent to discard 1 card at random from his or her hand." A cancel in
# the engine's ``ability`` window: the pending ability searches a deck
# (``cancels.is_search``) or its text line reveals cards from a deck. The Sand Snake is
# killed as the cost (cannot be saved).


def _own_sand_snakes(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in characters_of(state, seat)
        if has_trait(state, r, "Sand Snake") and allowed(state, "can_be_killed", r)
    ]


def _reveals_from_deck(state: GameState) -> bool:
    step = cancels.pending(state)
    if step is None:
        return False
    ctx = step["ctx"]
    line = cancels.ability_text(state, ctx["source"], int(ctx.get("index") or 0)).lower()
    return "reveal" in line and "deck" in line


def _false_hunt_may(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    if source is None or not cancels.can_be_cancelled(state):
        return False
    return cancels.is_search(state) or _reveals_from_deck(state)


def _false_hunt(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    choose_opponent(state, ctx, "w_false_hunt")


@handler("w_false_hunt")
def _false_hunt_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = int(ctx["choice"])
    if state.players[seat].hand:
        moves.discard_at_random(state, seat, 1)


register(
    "w_111",
    Ability(
        "cancel",
        _false_hunt,
        trigger="ability",
        zones=("hand",),
        costs=(Cost("kill_target"),),
        targets=_own_sand_snakes,
        condition=_false_hunt_may,
    ),
)


# --- w_115 Dothraki Sea --------------------------------------------------------------------
# "No attachments. If you have won initiative this round, each of your characters with one or
# more attachments gets +1 STR and gains: 'cannot be discarded by opponents' card effects.'"
# Won initiative: the round's ``initiative`` log entry names you.


def _won_initiative(state: GameState, seat: int) -> bool:
    key = (state.round, len(state.log))
    cached = state.__dict__.get("_w_initiative")
    if cached is None or cached[0] != key:
        found = next(this_round(state, "initiative"), None)
        cached = (key, found.get("seat") if found is not None else None)
        state.__dict__["_w_initiative"] = cached
    return cached[1] == seat


def _sea_covers(state: GameState, source: str, subject: Any) -> bool:
    if not isinstance(subject, str) or subject not in state.in_play:
        return False
    seat = controller(state, source)
    return (
        controller(state, subject) == seat
        and facts(state, subject).type == "character"
        and bool(attachments(state, subject))
        and _won_initiative(state, seat)
    )


def _sea_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if _sea_covers(state, source, subject) else base


def _sea_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    by = acting(state)
    if by is None or not _sea_covers(state, source, subject):
        return base
    return False if by != controller(state, subject) else base


register("w_115", passives={"strength": _sea_strength, "can_be_discarded": _sea_discard})


# --- w_116 Bloody Arakh --------------------------------------------------------------------
# "Dothraki character only. Attached character gets +1 STR. While attached character is
# participating in a challenge, opponents' characters without attachments lose all
# keywords." Opponents of the Arakh's controller; every character of theirs in play.


def _arakh_host(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Dothraki")


def _arakh_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if subject is not None and subject == attached_to(state, source) else base


def _arakh_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if not base or not isinstance(subject, str) or subject not in state.in_play:
        return base
    host = attached_to(state, source)
    if host is None or not participating(state, host):
        return base
    if controller(state, subject) not in state.opponents(controller(state, source)):
        return base
    if facts(state, subject).type != "character" or attachments(state, subject):
        return base
    return set()


register(
    "w_116",
    passives={"strength": _arakh_strength, "keywords": _arakh_keywords},
    attach_rule=_arakh_host,
)


# --- w_119 Sky Cell ------------------------------------------------------------------------
# "Attach to a character with printed cost 3 or lower. Attached character's controller must
# select his or her plot card (when revealing a new plot) at random. Attached character
# gains: 'Marshalling: Kill this character (cannot be saved).'" The plot phase's plot is
# chosen for that player at random as the plot phase begins (a forced effect); the gained
# action is the attached character's controller's (zone ``any_play``, only that player).


def _sky_cell_host(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return _printed_cost_at_most(state, target, 3)


def _sky_cell_plot(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is None:
        return
    steps.choose_plot_at_random(state, controller(state, host))


def _sky_cell_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and controller(state, host) == ctx["seat"]


def _sky_cell_kill(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        kill(state, [host], savable=False)


register(
    "w_119",
    Ability(
        "action",
        _sky_cell_kill,
        phases=("marshalling",),
        zones=("any_play",),
        condition=_sky_cell_may,
    ),
    attach_rule=_sky_cell_host,
    forced={"plot_begins": _sky_cell_plot},
)


# --- w_120 As High As Honor ----------------------------------------------------------------
# "Your defending characters gain renown."


def _honor(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    challenge = state.challenge
    if challenge is None or not isinstance(subject, str) or subject not in challenge["defenders"]:
        return base
    if controller(state, subject) != state.cards[source].owner:
        return base
    return base | {"renown"}


register("w_120", passives={"keywords": _honor})


# --- w_113 Palisades -----------------------------------------------------------------------
# "During the first challenge initiated against you each round, treat all non-Army characters
# as if their printed text boxes were blank (except for Traits)." Every player's non-Army
# characters (printed Traits), while the challenge in progress is the first of the round whose
# defender is Palisades' controller (the challenges phase's and any epic phase's count);
# the ``card_blanks`` passive read by ``abilities.is_blank``. Palisades' own text is read
# whether or not a card blanks it.


def _first_against(state: GameState, seat: int) -> bool:
    challenge = state.challenge
    if challenge is None or challenge.get("defender") != seat:
        return False
    key = (state.round, len(state.log))
    cached = state.__dict__.get("_w_palisades")
    if cached is None or cached[0] != key:
        counts: dict[Any, int] = {}
        for entry in this_round(state, "challenge"):
            counts[entry.get("defender")] = counts.get(entry.get("defender"), 0) + 1
        cached = (key, counts)
        state.__dict__["_w_palisades"] = cached
    return cached[1].get(seat, 0) == 1


def _palisades(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or subject not in state.in_play or source not in state.in_play:
        return base
    card = facts(state, subject)
    if card.type != "character" or "Army" in card.traits:
        return base
    return _first_against(state, state.in_play[source].controller)


register("w_113", passives={CARD_BLANKS: _palisades})
