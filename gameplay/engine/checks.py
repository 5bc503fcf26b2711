"""The checks made after every step and every answered decision: victory (a side reaching
its power total ends the game at once) and "killed if its STR is 0".
"""

from __future__ import annotations

from functools import partial

from gameplay.engine import moves, seasons
from gameplay.engine.abilities import (
    PASSIVE_CODES,
    REGISTRY,
    allowed,
    in_game,
    live_queries,
    quiet,
    strength,
    total_power,
    value,
)
from gameplay.engine.leaving import may_leave
from gameplay.engine.rules import facts
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play, return_to_shadows

WIN_POWER = 15
TEAM_WIN_POWER = 30


def _scores(state: GameState) -> tuple[dict[int, int], int]:
    """Power per side (a seat, or a team in two-on-two) and the power that wins."""
    # With no passive of the game's cards and no lasting effect for it, a seat's total power
    # is the power it has (abilities.total_power), asked of no query.
    count = state.total_power if quiet(state, "total_power") else partial(total_power, state)
    if state.variant == "teams":
        scores: dict[int, int] = {}
        for player in state.players:
            team = player.team if player.team is not None else player.seat
            scores[team] = scores.get(team, 0) + count(player.seat)
        return scores, TEAM_WIN_POWER
    return {p.seat: count(p.seat) for p in state.players}, WIN_POWER


def win_power(state: GameState, side: int, target: int) -> int:
    """The power a side needs to win: ``target`` after the ``power_to_win`` query on each
    seat of the side (agendas: a Treaty, The North's "2 additional power"); in two-on-two
    the changes of both partners add up."""
    if "power_to_win" not in PASSIVE_CODES:
        return target
    if state.variant != "teams":
        return value(state, "power_to_win", side, target)
    members = [p.seat for p in state.players if p.team == side]
    return target + sum(value(state, "power_to_win", s, WIN_POWER) - WIN_POWER for s in members)


def check_victory(state: GameState) -> bool:
    """End the game as soon as a side reaches its power total; when several do at once,
    the first player chooses the winner. Whether it did either."""
    if state.result is not None or (state.queue and state.queue[0]["name"] == "choose_winner"):
        return False
    # Power is counted again only when something it reads may have changed: every change
    # of power, of the cards in play and of lasting effects is logged or adds an effect, so
    # the log length, effect count and cards in play tell (the key of the passive cache,
    # abilities._passive_sources); a copy keeps the mark (state.CARRIED_CACHES).
    key = (len(state.log), len(state.effects), len(state.in_play))
    if state.__dict__.get("_victory_checked") == (key, None):
        return False
    state.__dict__["_victory_checked"] = (key, None)
    scores, target = _scores(state)
    fixed = quiet(state, "power_to_win")  # then every side needs ``target`` (win_power)
    winners = [
        side
        for side, power in scores.items()
        if power >= (target if fixed else win_power(state, side, target))
    ]
    if winners and "can_win" in PASSIVE_CODES:  # "You cannot win the game if ...": a seat
        winners = [side for side in winners if allowed(state, "can_win", side)]
    if len(winners) == 1:
        _declare_winner(state, winners[0])
    elif winners:
        state.queue[:] = [{"name": "choose_winner", "seat": state.first_player, "sides": winners}]
        state.emit("simultaneous_win", sides=winners)
    return bool(winners)


def _declare_winner(state: GameState, side: int, chosen_by: int | None = None) -> None:
    key = "team" if state.variant == "teams" else "winner"
    state.result = {key: side, "reason": "power"}
    if chosen_by is not None:
        state.result["chosen_by"] = chosen_by
    if state.variant == "teams":
        state.result["winners"] = [p.seat for p in state.players if p.team == side]
    state.emit("game_over", reason="power", side=side)
    state.queue.clear()


def choose_winner(state: GameState, side: int) -> None:
    """The first player's choice on a simultaneous win."""
    state.queue.clear()
    _declare_winner(state, side, chosen_by=state.first_player)


def check_discard_now(state: GameState) -> None:
    """ "If <condition>, discard X from play" (Gilly while it is Winter, Cat o' the Canals
    while you control Arya Stark): a card in play whose ``discard_now`` passive answers True
    is discarded from play (cannot be saved: the condition would discard it again at once).
    Checked with "killed if its STR is 0"; only cards with such a passive are looked at."""
    refs = _in_play_with(state, "discard_now")
    if not refs:
        return
    pending = {r for step in state.queue if step["name"] == "leave_now" for r in step["cards"]}
    found = [
        ref
        for ref in refs
        if ref in state.in_play
        and ref not in pending
        and value(state, "discard_now", ref, False)
        and may_leave(state, "discard", ref)
    ]
    if found:
        moves.discard_from_play(state, found)


# The passives of the "If <condition>, <do X> now" checks below: in a game where no card
# has one of them, none of those checks has anything to look at.
NOW_QUERIES = frozenset(
    {"discard_now", "return_now", "kneel_now", "control_now", "shadows_now", "agenda_now"}
    | {"power_off_now"}
)


def _in_play_with(state: GameState, query: str) -> list[str]:
    """The cards in play whose script has a passive for ``query`` (none: nothing to check),
    looked for again only when the log or the cards in play changed (a card entering or
    leaving play is logged)."""
    live = live_queries(state)
    if query not in live:
        return []
    # Every such query's cards at once, in one pass over the cards in play.
    key = (len(state.log), len(state.in_play), live)
    cached = state.__dict__.get("_now_cards")
    if cached is None or cached[0] != key:
        wanted = [(q, PASSIVE_CODES[q]) for q in sorted(NOW_QUERIES) if q in live]
        found: dict[str, list[str]] = {q: [] for q, _ in wanted}
        for ref in state.in_play:
            code = state.cards[ref].code
            for q, codes in wanted:
                if code in codes:
                    found[q].append(ref)
        cached = state.__dict__["_now_cards"] = (key, found)
    return cached[1].get(query, [])


def check_return_now(state: GameState) -> None:
    """ "If <condition>, return X to its owner's hand" (The Long Winter while it is Summer):
    a card in play whose ``return_now`` passive answers True returns to its owner's hand
    (cannot be saved: the condition would return it again at once). Checked with "killed
    if its STR is 0"; only cards with such a passive are looked at."""
    refs = _in_play_with(state, "return_now")
    if not refs:
        return
    pending = {r for step in state.queue if step["name"] == "leave_now" for r in step["cards"]}
    found = [
        ref
        for ref in refs
        if ref in state.in_play and ref not in pending and value(state, "return_now", ref, False)
    ]
    if found:
        moves.return_to_hand(state, found, savable=False)


def check_agenda_now(state: GameState) -> None:
    """ "If <condition>, unattach X and return him to play" (Griff, btns_57): a character
    that is its player's only agenda (``Player.agenda_card``) and whose ``agenda_now``
    passive answers True leaves the House card and is put into play under that player's
    control; the player then runs no agenda (the one it replaced was removed from the
    game). Only while a card of the game has such a passive."""
    if "agenda_now" not in live_queries(state):
        return
    codes = PASSIVE_CODES["agenda_now"]
    for player in state.players:
        ref = player.agenda_card
        if ref is None or state.cards[ref].code not in codes:
            continue
        if value(state, "agenda_now", ref, False):
            player.agenda, player.agenda_card = None, None
            state.emit("agenda_returned", seat=player.seat, card=ref, code=state.code(ref))
            put_into_play(state, player.seat, ref)


def check_kneel_now(state: GameState) -> None:
    """ "If <condition>, kneel X" (Fishwhiskers: "If you do not control a Warship location,
    kneel Fishwhiskers"): a standing card in play whose ``kneel_now`` passive answers True
    kneels (``knelt``). Checked with "killed if its STR is 0"; only cards with such a
    passive are looked at."""
    for ref in _in_play_with(state, "kneel_now"):
        record = state.in_play.get(ref)
        if record is not None and not record.knelt and value(state, "kneel_now", ref, False):
            moves.kneel(state, ref)
            state.emit("knelt", card=ref, code=state.code(ref), seat=record.controller)


def check_power_off_now(state: GameState) -> None:
    """ "If <condition>, discard all power from X" (Ser Garlan Tyrell, kr_22: while it is
    Summer): a card in play with power whose ``power_off_now`` passive answers True loses
    all its power to the pool (event ``power``, reason ``power_off_now``). Checked with
    "killed if its STR is 0"; only cards with such a passive are looked at."""
    for ref in _in_play_with(state, "power_off_now"):
        record = state.in_play.get(ref)
        if record is None or record.power <= 0:
            continue
        if value(state, "power_off_now", ref, False):
            lost, record.power = record.power, 0
            state.emit(
                "power", seat=record.controller, amount=-lost, card=ref, reason="power_off_now"
            )


def check_shadows_now(state: GameState) -> None:
    """ "If <condition>, return X to Shadows" (Jaqen H'ghar: "If that duplicate leaves play,
    return Jaqen H'ghar to Shadows"): a card in play whose ``shadows_now`` passive answers
    True returns to its owner's Shadows (``uses.return_to_shadows``: cannot be saved, not out
    again this round). Only cards with such a passive are looked at."""
    for ref in _in_play_with(state, "shadows_now"):
        if ref in state.in_play and value(state, "shadows_now", ref, False):
            return_to_shadows(state, ref)


def check_control_now(state: GameState) -> None:
    """ "During <a time>, <a player> gains control of X" (Steelshanks' Reserves: the active
    player during the challenges phase): a card in play whose ``control_now`` passive (base
    None) names a seat other than its controller passes to that seat, the first time with
    a ``control_home`` effect recording who controlled it; once the passive names no seat
    again, control returns to that player. Only cards with such a passive are looked at."""
    for ref in _in_play_with(state, "control_now"):
        record = state.in_play.get(ref)
        if record is None:
            continue
        wanted = value(state, "control_now", ref, None)
        home = next(
            (e for e in state.effects if e["query"] == "control_home" and e["subject"] == ref),
            None,
        )
        if wanted is None and home is not None:
            state.effects.remove(home)
            if home["seat"] != record.controller:
                moves.take_control(state, ref, home["seat"])
        elif wanted is not None and wanted != record.controller:
            if home is None:
                state.effects.append(
                    {
                        "query": "control_home",
                        "subject": ref,
                        "until": "play",
                        "source": ref,
                        "seat": record.controller,
                    }
                )
            moves.take_control(state, ref, wanted)


def _looked_at(state: GameState) -> tuple[bool, bool, bool, bool]:
    """Whether some card of the game has a passive of the "X now" checks (NOW_QUERIES);
    whether some card of the game watches the season (seasons.watchers); whether some has a
    ``dies_at_zero``, and a ``discarded_at_zero``, passive. Each reads only the game's card
    codes and the registry, so they are kept on the state with that key."""
    key = (len(state.cards), REGISTRY["version"])
    cached = state.__dict__.get("_checks_looked_at")
    if cached is None or cached[0] != key:
        now = not live_queries(state).isdisjoint(NOW_QUERIES)
        watching = in_game(state, seasons.watchers())
        dying = in_game(state, PASSIVE_CODES.get("dies_at_zero"))
        discarding = in_game(state, PASSIVE_CODES.get("discarded_at_zero"))
        cached = (key, (now, watching, dying, discarding))
        state.__dict__["_checks_looked_at"] = cached
    return cached[1]


def acts_key(state: GameState) -> tuple[int, int, int, int]:
    """What a check changes when it does anything: every act of one is logged, adds or
    drops a lasting effect, a card in play or a step."""
    return (len(state.log), len(state.effects), len(state.in_play), len(state.queue))


def check_zero_strength(state: GameState) -> bool:
    """ "Killed if its STR is 0" (Flame-Kissed, Drogon): a character with a ``dies_at_zero``
    passive or lasting effect is killed as soon as its STR is 0 (checked like victory,
    after every step and answered decision). With it, the "X now" checks and the season's
    change. Whether it changed anything."""
    now, watching, dying_cards, discarding_cards = _looked_at(state)
    before = acts_key(state) if now or watching else None
    if now:  # else none has anything to look at
        check_discard_now(state)  # cards that leave play while a condition holds (Gilly)
        check_return_now(state)  # cards that return to hand while a condition holds
        check_kneel_now(state)  # cards that kneel while a condition holds (Fishwhiskers)
        check_power_off_now(state)  # cards that lose their power while ... (Ser Garlan)
        check_control_now(state)  # control while a condition holds (Steelshanks' Reserves)
        check_shadows_now(state)  # back to Shadows while a condition holds (Jaqen H'ghar)
        check_agenda_now(state)  # a character agenda back into play (Griff)
    if watching:  # "after the season changes" (Demon's Dance)
        seasons.check_season_change(state)
    acted = before is not None and before != acts_key(state)
    # Only while such a card is in play or such an effect lasts (looked for again only
    # when cards in play, effects or the log changed).
    key = (len(state.log), len(state.effects), len(state.in_play))
    found = state.__dict__.get("_zero_sources")
    if found is None or found[0] != key:
        # The cards in play and revealed plots are looked at only in a game holding a card
        # with such a passive (_looked_at).
        codes = PASSIVE_CODES.get("dies_at_zero", ())
        dying = (dying_cards and any(state.cards[r].code in codes for r in state.in_play)) or any(
            e["query"] == "dies_at_zero" for e in state.effects
        )
        # "Discarded from play (cannot be saved) if their STR is 0" (Threat from the North).
        codes = PASSIVE_CODES.get("discarded_at_zero", ())
        discarding = (
            discarding_cards
            and (
                any(
                    p.revealed_plot and state.cards[p.revealed_plot].code in codes
                    for p in state.players
                )
                or any(state.cards[r].code in codes for r in state.in_play)  # Greyscale
            )
        ) or any(e["query"] == "discarded_at_zero" for e in state.effects)
        found = state.__dict__["_zero_sources"] = (key, (dying, discarding))
    dying, discarding = found[1]
    if not (dying or discarding):
        return acted
    pending = {
        r
        for step in state.queue
        if step["name"] == "leave_now" and step["how"] in ("kill", "discard")
        for r in step["cards"]
    }
    discarded = discarding and [
        ref
        for ref in state.in_play
        if ref not in pending
        and facts(state, ref).type == "character"
        and value(state, "discarded_at_zero", ref, False)
        and strength(state, ref) == 0
        and may_leave(state, "discard", ref)
    ]
    if discarded:
        state.emit("zero_strength", cards=discarded)
        moves.discard_from_play(state, discarded)
        pending |= set(discarded)
    doomed = dying and [
        ref
        for ref in state.in_play
        if ref not in pending
        and facts(state, ref).type == "character"
        and value(state, "dies_at_zero", ref, False)
        and strength(state, ref) == 0
        and may_leave(state, "kill", ref)
    ]
    if doomed:
        state.emit("zero_strength", cards=doomed)
        moves.kill(state, doomed)
    return acted or bool(discarded) or bool(doomed)
