"""The 28 plots of the Core Set (core_181 to core_208), written with the ability vocabulary.

Conventions (see docs/RULINGS.md for the rulings behind them):

- "You" is the plot's owner (``ctx["seat"]`` of a when-revealed effect; for passives
  :func:`abilities.controller` of the plot). "An opponent" is a seat of
  :meth:`GameState.opponents` (a two-on-two partner is not one); "choose an opponent" asks
  only when there are several.
- Passive text ("Characters without an Intrigue icon get -1 STR") is a passive of the
  plot: active while the plot is its owner's revealed plot, i.e. for the round.
- When several players choose in turn ("you and that opponent must each ..."), the plot's
  owner resolves first, then the others clockwise (FAQ ruling on Summoning Season). The
  choices chain through named handlers whose ``ctx`` is plain data.
- Deck-building text ("Limit 1 per plot deck", "House X only", "up to 2 copies") is the
  deck validator's business, not the engine's.
"""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HANDLERS,
    SCRIPTS,
    Ctx,
    add_lasting,
    allowed,
    controller,
    crests,
    handler,
    icons,
    register,
    strength,
    value,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import facts
from gameplay.engine.state import GameState, shuffle_zone

KEEP = 3  # Fleeing to the Wall, Wildfire Assault: "up to 3"
DECREE_HAND = 4  # Rule by Decree: "until he has 4 cards in hand"
TOURNEY_IMMUNITY = "immune to opponent's character abilities"

# --- small generic helpers ------------------------------------------------------------


def _is(state: GameState, ref: str, kind: str) -> bool:
    """A card in play of type ``kind`` (character, location, attachment)."""
    return ref in state.in_play and facts(state, ref).type == kind


def _in_play(state: GameState, kind: str, seat: int | None = None) -> list[str]:
    """Cards of type ``kind`` in play, in seat order (only ``seat``'s when given)."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if _is(state, r, kind)]


def _owner_first(state: GameState, seat: int) -> list[int]:
    """``seat``, then every other seat clockwise from its left."""
    return [seat, *state.clockwise_from_left(seat)[:-1]]


def _ref_order(ref: str) -> int:
    """Sort key of card ids (numbers say nothing about hidden positions: shuffle_zone)."""
    return int(ref[1:])


def _choose_opponent(state: GameState, ctx: Ctx, then: str, among: list[int] | None = None) -> None:
    """Resolve "choose an opponent": call handler ``then`` with ``ctx["choice"]`` the seat
    (a string); the plot's owner is asked only when there is more than one candidate."""
    options = state.opponents(ctx["seat"]) if among is None else among
    base = {k: v for k, v in ctx.items() if k != "choice"}
    if len(options) == 1:
        HANDLERS[then](state, {**base, "choice": str(options[0])}, [])
    elif options:
        choices = [str(s) for s in options]
        ask_choose(state, ctx["seat"], "choose_opponent", choices, then, ctx=base)


def _later(state: GameState, seat: int, then: str, ctx: Ctx, position: int = 0) -> None:
    """Run handler ``then`` when this step reaches the head of the queue (a select prompt
    with nothing to choose settles by itself), so its choices are computed then."""
    ask_select(state, seat, "resolve", [], then, ctx=ctx, position=position)


# --- core_181 Summoning Season / core_195 Building Season -------------------------------
# "When revealed, choose an opponent. Then, you and that opponent must each search your
# decks for a character (a location), reveal it, and put it into your hands. Then, shuffle
# your decks." The owner searches first; finding nothing is allowed.


def _season(state: GameState, ctx: Ctx, kind: str) -> None:
    _choose_opponent(state, {**ctx, "kind": kind}, "plot_season_opponent")


def _summoning_season(state: GameState, ctx: Ctx) -> None:
    _season(state, ctx, "character")


def _building_season(state: GameState, ctx: Ctx) -> None:
    _season(state, ctx, "location")


@handler("plot_season_opponent")
def _season_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seats = [ctx["seat"], int(ctx["choice"])]
    data = {k: v for k, v in ctx.items() if k != "choice"}
    _season_next(state, {**data, "seats": seats, "i": 0}, [])


@handler("plot_season_next")
def _season_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        seat = state.cards[ref].owner
        if ref in state.players[seat].deck:
            state.players[seat].deck.remove(ref)
            state.players[seat].hand.append(ref)
            state.emit("searched", seat=seat, card=ref, code=state.code(ref))
    kind = ctx["kind"]
    if ctx["i"] < len(ctx["seats"]):
        # Each searching player is asked, even with nothing to find: whether a player
        # is asked must not tell the others what their deck holds.
        seat = ctx["seats"][ctx["i"]]
        deck = state.players[seat].deck
        found = sorted((r for r in deck if facts(state, r).type == kind), key=_ref_order)
        data = {**ctx, "i": ctx["i"] + 1}
        purpose = f"search_{kind}"
        ask_select(state, seat, purpose, found, "plot_season_next", high=1, ctx=data, hidden=True)
        return
    for seat in ctx["seats"]:
        shuffle_zone(state, state.players[seat].deck)
        state.emit("deck_shuffled", seat=seat)


register("core_181", when_revealed=_summoning_season)


# --- core_182 Mutual Cause / core_189 Mutual Blackmail / core_196 Mutual Enemies --------
# "When revealed, if you have more than one opponent, choose an opponent. You and that
# opponent cannot declare Power (Intrigue, Military) challenges against one another this
# round." With a single opponent, it is that opponent.


def _mutual(ctype: str) -> Callable[[GameState, Ctx], None]:
    def when_revealed(state: GameState, ctx: Ctx) -> None:
        _choose_opponent(state, {**ctx, "ctype": ctype}, "plot_mutual")

    return when_revealed


@handler("plot_mutual")
def _mutual_forbid(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other, ctype = ctx["seat"], int(ctx["choice"]), ctx["ctype"]
    for a, d in ((seat, other), (other, seat)):
        add_lasting(state, "can_challenge", f"{a}>{d}:{ctype}", "round", ctx["source"], value=False)


register("core_182", when_revealed=_mutual("power"))


# --- core_183 Uneasy Truce --------------------------------------------------------------
# "In order to initiate a Military challenge, an attacker must give the defender 2 gold
# tokens from his or her gold pool." Any attacker; two revealed Truces add up.

TRUCE_GOLD = 2


def _uneasy_truce(state: GameState, source: str, subject: str, base: int) -> int:
    return base + TRUCE_GOLD if subject.endswith(":military") else base


register("core_183", passives={"challenge_gold": _uneasy_truce})


# --- core_184 Rains of Autumn -----------------------------------------------------------
# "Characters, locations, and attachments do not provide income bonuses this round."
# A negative income (a penalty) still applies.


def _rains_of_autumn(state: GameState, source: str, ref: str, base: int) -> int:
    return min(base, 0)


register("core_184", passives={"income_bonus": _rains_of_autumn})


# --- core_185 Good for the Gander -------------------------------------------------------
# "When revealed, copy the "when revealed" ability of an opponent's revealed plot card."
# "You" is the Gander player; the owner chooses when several can be copied. Another
# Gander, or a plot without a when-revealed ability, cannot be copied.

GANDER = "core_185"


def _good_for_the_gander(state: GameState, ctx: Ctx) -> None:
    plots = []
    for seat in state.opponents(ctx["seat"]):
        plot = state.players[seat].revealed_plot
        script = SCRIPTS.get(state.code(plot)) if plot else None
        if plot and state.code(plot) != GANDER and script and script.when_revealed:
            plots.append(plot)
    base = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(plots) == 1:
        _gander_copy(state, {**base, "choice": plots[0]}, [])
    elif plots:
        ask_choose(state, ctx["seat"], "copy_plot", plots, "plot_gander_copy", ctx=base)


@handler("plot_gander_copy")
def _gander_copy(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    plot = ctx["choice"]
    state.emit("plot_copied", seat=ctx["seat"], card=plot, code=state.code(plot))
    copied = SCRIPTS[state.code(plot)].when_revealed
    assert copied is not None
    copied(state, {"seat": ctx["seat"], "source": ctx["source"]})


register(GANDER, when_revealed=_good_for_the_gander)


# --- core_186 Tourney for the Hand ------------------------------------------------------
# "Each of your Knight characters gets +1 STR and is immune to opponent's character
# abilities."


def _your_knight(state: GameState, source: str, ref: str) -> bool:
    if not (_is(state, ref, "character") and _yours(state, source, ref)):
        return False
    return "Knight" in value(state, "traits", ref, set(facts(state, ref).traits))


def _tourney_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 1 if _your_knight(state, source, ref) else base


def _tourney_immune(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {TOURNEY_IMMUNITY} if _your_knight(state, source, ref) else base


register("core_186", passives={"strength": _tourney_strength, "immune": _tourney_immune})


# --- core_187 Fleeing to the Wall / core_191 Wildfire Assault ---------------------------
# "When revealed, each player chooses up to 3 locations (of his or her characters). All
# locations not chosen are discarded from play (characters not chosen are killed) (cannot
# be saved)." Each chooses among the cards he or she controls, the owner first; then all
# the others go at once.


def _keep(state: GameState, ctx: Ctx, kind: str) -> None:
    seat = ctx["seat"]
    data = {"source": ctx["source"], "seat": seat, "kind": kind, "i": 0, "kept": []}
    _keep_next(state, {**data, "seats": _owner_first(state, seat)}, [])


def _fleeing_to_the_wall(state: GameState, ctx: Ctx) -> None:
    _keep(state, ctx, "location")


def _wildfire_assault(state: GameState, ctx: Ctx) -> None:
    _keep(state, ctx, "character")


@handler("plot_keep_next")
def _keep_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    kept = [*ctx["kept"], *selected]
    kind = ctx["kind"]
    for i in range(ctx["i"], len(ctx["seats"])):
        found = _in_play(state, kind, ctx["seats"][i])
        if found:
            data = {**ctx, "i": i + 1, "kept": kept}
            purpose = f"keep_{kind}s"
            seat = ctx["seats"][i]
            ask_select(state, seat, purpose, found, "plot_keep_next", high=KEEP, ctx=data)
            return
    gone = [r for r in _in_play(state, kind) if r not in kept]
    if kind == "location":
        moves.discard_from_play(state, gone)
    else:
        moves.kill(state, gone, savable=False)


register("core_187", when_revealed=_fleeing_to_the_wall)


# --- core_188 Drunken Allegations -------------------------------------------------------
# "When revealed, choose an opponent. Then, you and that opponent must each choose and
# kneel a standing character." Any standing character in play; the owner first.


def _drunken_allegations(state: GameState, ctx: Ctx) -> None:
    _choose_opponent(state, ctx, "plot_drunken_opponent")


@handler("plot_drunken_opponent")
def _drunken_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {"source": ctx["source"], "seat": ctx["seat"], "i": 0}
    _drunken_next(state, {**data, "seats": [ctx["seat"], int(ctx["choice"])]}, [])


@handler("plot_drunken_next")
def _drunken_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            moves.kneel(state, ref)
            state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))
    i = ctx["i"]
    if i >= len(ctx["seats"]):
        return
    found = [r for r in _in_play(state, "character") if not state.in_play[r].knelt]
    data = {**ctx, "i": i + 1}
    seat = ctx["seats"][i]
    ask_select(state, seat, "kneel_character", found, "plot_drunken_next", low=1, high=1, ctx=data)


register("core_188", when_revealed=_drunken_allegations)
register("core_189", when_revealed=_mutual("intrigue"))


# --- core_190 Planning Ahead ------------------------------------------------------------
# "Skip the taxation phase this round." Only its owner keeps his or her gold.


def _planning_ahead(state: GameState, source: str, seat: int, base: bool) -> bool:
    return False if seat == controller(state, source) else base


register("core_190", passives={"pay_taxation": _planning_ahead})
register("core_191", when_revealed=_wildfire_assault)


# --- core_192 Hear Me Roar --------------------------------------------------------------
# "House Lannister only. Characters without an Intrigue icon get -1 STR." Anyone's.


def _hear_me_roar(state: GameState, source: str, ref: str, base: int) -> int:
    if _is(state, ref, "character") and "intrigue" not in icons(state, ref):
        return base - 1
    return base


register("core_192", passives={"strength": _hear_me_roar})


# --- core_193 Blockade ------------------------------------------------------------------
# "The income on each opponent's revealed plot card is reduced to 0."


def _blockade(state: GameState, source: str, seat: int, base: int) -> int:
    return 0 if seat in state.opponents(controller(state, source)) else base


register("core_193", passives={"plot_income": _blockade})


# --- core_194 The Power of Blood --------------------------------------------------------
# "[Noble] characters cannot be killed." Anyone's.


def _power_of_blood(state: GameState, source: str, ref: str, base: bool) -> bool:
    if _is(state, ref, "character") and "noble" in crests(state, ref):
        return False
    return base


register("core_194", passives={"can_be_killed": _power_of_blood})
register("core_195", when_revealed=_building_season)
register("core_196", when_revealed=_mutual("military"))


# --- core_197 Holding the Trident -------------------------------------------------------
# "While you control fewer characters than any opponent, each character you control gets
# +2 STR." Fewer than every opponent; kneeling characters count.


def _holding_the_trident(state: GameState, source: str, ref: str, base: int) -> int:
    if not (_is(state, ref, "character") and _yours(state, source, ref)):
        return base
    seat = controller(state, source)
    mine = len(_in_play(state, "character", seat))
    others = [len(_in_play(state, "character", s)) for s in state.opponents(seat)]
    return base + 2 if others and all(mine < n for n in others) else base


register("core_197", passives={"strength": _holding_the_trident})


def _yours(state: GameState, source: str, ref: str) -> bool:
    """Whether a card in play is controlled by the controller of ``source`` (a plot)."""
    return ref in state.in_play and state.in_play[ref].controller == controller(state, source)


def _calm_over_westeros(state: GameState, source: str, seat: int, base: int) -> int:
    return base + 1


register("core_198", passives={"event_gold": _calm_over_westeros})


# --- core_199 Snowed Under --------------------------------------------------------------
# "At the beginning of the standing phase, choose one kneeling character or location
# controlled by each player. Return all chosen cards to their owner's hands."

SNOW = "standing_begins"


def _snowed_under(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"source": ctx["source"], "seat": seat, "i": 0, "chosen": [], "moment": SNOW}
    data["seats"] = _owner_first(state, seat)
    _later(state, seat, "plot_snowed_next", data)


def _snow_candidates(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if state.in_play[r].knelt and facts(state, r).type in ("character", "location")
    ]


@handler("plot_snowed_next")
def _snowed_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *selected]
    for i in range(ctx["i"], len(ctx["seats"])):
        found = _snow_candidates(state, ctx["seats"][i])
        if found:
            data = {**ctx, "i": i + 1, "chosen": chosen}
            purpose = "return_to_hand"
            ask_select(
                state, ctx["seat"], purpose, found, "plot_snowed_next", low=1, high=1, ctx=data
            )
            return
    # All at once, each offered the saves (a duplicate saves a unique card from being
    # returned to its owner's hand).
    moves.return_to_hand(state, [r for r in chosen if r in state.in_play])


register("core_199", forced={SNOW: _snowed_under})


# --- core_200 The Power of Arms ---------------------------------------------------------
# "[War] characters you control get +2 STR."


def _power_of_arms(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 2 if _yours(state, source, ref) and "war" in crests(state, ref) else base


register("core_200", passives={"strength": _power_of_arms})


# --- core_201 Valar Morghulis -----------------------------------------------------------
# "When revealed, kill all characters in play." (Duplicates may save them.)


def _valar_morghulis(state: GameState, ctx: Ctx) -> None:
    moves.kill(state, _in_play(state, "character"))


register("core_201", when_revealed=_valar_morghulis)


# --- core_202 Condemned by the Realm ----------------------------------------------------
# "When revealed, choose an opponent. Then, that opponent must choose and kill a
# character he or she does not control, if able."


def _condemned(state: GameState, ctx: Ctx) -> None:
    _choose_opponent(state, ctx, "plot_condemned_opponent")


@handler("plot_condemned_opponent")
def _condemned_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = int(ctx["choice"])
    found = [
        r
        for r in _in_play(state, "character")
        if controller(state, r) != seat and allowed(state, "can_be_killed", r)
    ]
    ask_select(state, seat, "condemned_kill", found, "plot_condemned_kill", low=1, high=1)


@handler("plot_condemned_kill")
def _condemned_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.kill(state, selected)


register("core_202", when_revealed=_condemned)


# --- core_203 Counting Favors -----------------------------------------------------------
# "When revealed, choose an opponent. Then, you and that opponent each draw three cards."


def _counting_favors(state: GameState, ctx: Ctx) -> None:
    _choose_opponent(state, ctx, "plot_counting_favors")


@handler("plot_counting_favors")
def _counting_favors_draw(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for seat in (ctx["seat"], int(ctx["choice"])):
        moves.effect_draw(state, seat, 3)


register("core_203", when_revealed=_counting_favors)


# --- core_204 Power and Wealth ----------------------------------------------------------
# "Each character you control gets +1 STR for each attachment on it."


def _power_and_wealth(state: GameState, source: str, ref: str, base: int) -> int:
    if not _yours(state, source, ref):
        return base
    return base + sum(1 for record in state.in_play.values() if record.attached_to == ref)


register("core_204", passives={"strength": _power_and_wealth})


# --- core_205 Mad King's Legacy ---------------------------------------------------------
# "House Targaryen only. When revealed, choose and discard an attachment from play, if
# able." Any player's attachment.


def _mad_kings_legacy(state: GameState, ctx: Ctx) -> None:
    found = _in_play(state, "attachment")
    ask_select(state, ctx["seat"], "discard_attachment", found, "plot_mad_king", low=1, high=1)


@handler("plot_mad_king")
def _mad_king_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard(state, selected)  # saves may answer (the text does not forbid them)


register("core_205", when_revealed=_mad_kings_legacy)


# --- core_206 Rule by Decree ------------------------------------------------------------
# "Cannot be cancelled. When revealed, the player with the most cards in hand chooses and
# discards cards from his hand until he has 4 cards in hand." Only a player with strictly
# more cards than every other player; on a tie for the most nobody discards.


def _rule_by_decree(state: GameState, ctx: Ctx) -> None:
    sizes = [len(p.hand) for p in state.players]
    most = max(sizes)
    if sizes.count(most) != 1 or most <= DECREE_HAND:
        state.emit("rule_by_decree", seat=None, sizes=sizes)
        return
    seat = sizes.index(most)
    count = most - DECREE_HAND
    hand = state.players[seat].hand
    ask_select(state, seat, "decree_discard", hand, "plot_decree", low=count, high=count)


@handler("plot_decree")
def _decree_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        moves.discard_from_hand(state, state.cards[ref].owner, [ref])


register("core_206", when_revealed=_rule_by_decree)


# --- core_207 Noose and Swordpoint ------------------------------------------------------
# "Characters with STR 2 or lower cannot stand during the standing phase."


def _noose_and_swordpoint(state: GameState, source: str, ref: str, base: bool) -> bool:
    if state.phase == "standing" and _is(state, ref, "character") and strength(state, ref) <= 2:
        return False
    return base


register("core_207", passives={"can_stand": _noose_and_swordpoint})


# --- core_208 Herding the Masses --------------------------------------------------------
# "Non-unique characters cannot be declared as defenders."


def _herding_the_masses(state: GameState, source: str, ref: str, base: bool) -> bool:
    if _is(state, ref, "character") and not facts(state, ref).unique:
        return False
    return base


register("core_208", passives={"can_defend": _herding_the_masses})
