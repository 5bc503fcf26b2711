"""Rules timing: a queue of steps, each a JSON dict ``{"name": ..., **args}``.

Automatic steps run as soon as they reach the head of the queue; decision steps
(:data:`DECISIONS`) stop the queue until the seats they wait for act. A round is scheduled
as a list of steps (:func:`round_steps`), so a half-played round serializes as data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import challenges, epic, from_pile, leaving, moves, title_steps, titles
from gameplay.engine.abilities import (
    PASSIVE_CODES,
    SCRIPTS,
    allowed,
    as_acting,
    end_lasting,
    fire_forced,
    handler,
    in_game,
    run_delayed,
    run_forced,
    strength,
    total_power,
    value,
)
from gameplay.engine.checks import (
    acts_key,
    check_victory,
    check_zero_strength,
)
from gameplay.engine.prompts import ask_select, settle
from gameplay.engine.rules import (
    DRAW_PHASE_CARDS,
    HAND_SIZE,
    can_take,
    facts,
    income,
    initiative,
    plot_choices,
)
from gameplay.engine.state import GameState, InPlay, draw, shuffle_zone
from gameplay.engine.triggers import (
    BEFORE_PLOTS_FROM_HAND,
    codes_by_zone,
    hand_triggers_in,
    open_response_window,
)
from gameplay.engine.uses import RESOLVED_STEP, ability_resolved_step
from gameplay.engine.windows import (
    action_window,
    resolve_ability,
    trigger,
    triggers_in_use,
    turn_window,
    window_seat,
)

Step = dict[str, Any]
DECISIONS = frozenset(
    {
        "setup_place",
        "choose_plots",
        "first_player",
        "prompt",
        "window",
        "choose_winner",
    }
)


def setup_steps() -> list[Step]:
    """Game setup after decks are built: shuffle and draw, place, reveal, draw back up."""
    return [
        {"name": "begin_phase", "phase": "setup"},
        {"name": "setup_deal"},
        {"name": "setup_place"},
        {"name": "setup_reveal"},
        {"name": "start_round"},
    ]


def round_steps(from_phase: str = "plot") -> list[Step]:
    """The steps of a round from the start of ``from_phase`` to the next round. Every
    phase has an action window (the first player "always has the option to take the
    first action of each phase"): after the plots, the draw, dominance and standing; in
    taxation before the gold returns; marshalling and challenges are turn windows."""

    def window(point: str) -> Step:
        return {"name": "phase_window", "point": point}

    phases: list[tuple[str, list[Step]]] = [
        (
            "plot",
            [
                {"name": "begin_phase", "phase": "plot"},
                {"name": "choose_plots"},
                {"name": "plot_actions_before_reveal"},
                {"name": "reveal_plots"},
                {"name": "initiative"},
                {"name": "when_revealed"},
                {"name": "recycle_plots"},
                {"name": "select_titles"},
                window("plot"),
            ],
        ),
        (
            "draw",
            [{"name": "begin_phase", "phase": "draw"}, {"name": "draw_phase"}, window("draw")],
        ),
        (
            "marshalling",
            [{"name": "begin_phase", "phase": "marshalling"}, {"name": "marshal_turns"}],
        ),
        (
            "challenges",
            [{"name": "begin_phase", "phase": "challenges"}, {"name": "challenges_phase"}],
        ),
        (
            "dominance",
            [
                {"name": "begin_phase", "phase": "dominance"},
                {"name": "dominance"},
                window("dominance"),
            ],
        ),
        (
            "standing",
            [
                {"name": "begin_phase", "phase": "standing"},
                {"name": "standing"},
                window("standing"),
            ],
        ),
        (
            "taxation",
            [
                {"name": "begin_phase", "phase": "taxation"},
                window("taxation"),
                {"name": "taxation"},
            ],
        ),
    ]
    names = [name for name, _ in phases]
    steps: list[Step] = []
    for _, part in phases[names.index(from_phase) :]:
        steps += [dict(s) for s in part]
    return [*steps, {"name": "return_titles"}, {"name": "start_round"}]


def _begin_phase(state: GameState, step: Step) -> None:
    # "At the end of the phase" effects of the phase before; what they schedule (a card
    # leaving play, with its saves) resolves before the new phase begins.
    before = len(state.queue)
    fire_forced(state, f"{state.phase}_ends")  # "At the end of the X phase" (agendas)
    run_delayed(state, "phase_ends")
    state.queue.insert(len(state.queue) - before, {"name": "enter_phase", "phase": step["phase"]})


PHASE_BEGAN = "phase_began"


def _enter_phase(state: GameState, step: Step) -> None:
    end_lasting(state, "phase")
    state.phase = step["phase"]
    state.emit("phase", phase=step["phase"])
    # An action window before plots are chosen, only while a card allows it (Moon Boy's
    # "Plot:" ability about the plot an opponent chooses this phase); after the forced
    # effects of the phase's beginning (inserted first, so it comes after them).
    # Also in every game holding a card played from a hand there
    # (triggers.BEFORE_PLOTS_FROM_HAND: In the Hands of the Qohorik).
    if step["phase"] == "plot" and (
        value(state, "actions_before_plots", None, False) or in_game(state, BEFORE_PLOTS_FROM_HAND)
    ):
        action_window(state, "before_plots", event={"moment": "before_plots"})
    # "After the <phase> phase begins" responses (Deep Den): the trigger ``phase_began``
    # (``phase``), after the forced effects of the beginning; opened only while a card in
    # play answers it.
    began = codes_by_zone().get(("play", PHASE_BEGAN))
    if began and any(state.cards[r].code in began for r in state.in_play):
        open_response_window(state, PHASE_BEGAN, {"phase": step["phase"]})
    fire_forced(state, f"{step['phase']}_begins")
    # "At the beginning of the next phase, ..." (City Watch): delayed effects waiting for
    # ``phase_begins`` (added with ``until="play"``, so the phase change does not drop them).
    run_delayed(state, "phase_begins")


def _phase_window(state: GameState, step: Step) -> None:
    action_window(state, step.get("point", state.phase))


def _plot_actions_before_reveal(state: GameState, step: Step) -> None:
    # An action window after plots are chosen, before they are revealed, only while a
    # card allows it (Dragonstone Port: "Players may take actions after plot cards are
    # chosen ... but before they are revealed").
    if value(state, "actions_before_reveal", None, False):
        action_window(state, "before_reveal", event={"moment": "before_reveal"})


def _setup_deal(state: GameState, step: Step) -> None:
    for player in state.players:
        shuffle_zone(state, player.deck)
        # "Draw 6 cards for your setup hand" (House of Dreams): the ``setup_hand`` query.
        draw(state, player.seat, value(state, "setup_hand", player.seat, HAND_SIZE))


def _setup_reveal(state: GameState, step: Step) -> None:
    attachments = []
    for player in state.players:
        for ref in player.setup_cards:
            if facts(state, ref).type == "attachment":
                attachments.append((player.seat, ref))
                continue
            state.in_play[ref] = InPlay(controller=player.seat)
            player.in_play.append(ref)
            state.emit("setup_revealed", seat=player.seat, card=ref, code=state.code(ref))
        player.setup_cards = [ref for seat, ref in attachments if seat == player.seat]
    # Setup attachments go on a character after the reveal, in turn order; the placement
    # check made sure one of the player's placed characters can take each of them.
    prompts: list[dict[str, Any]] = [{"name": "setup_draw"}]
    for seat in reversed(state.turn_order()):
        for _, ref in reversed([a for a in attachments if a[0] == seat]):
            prompts.insert(0, {"name": "setup_attach", "seat": seat, "card": ref})
    state.queue[0:0] = prompts


def _setup_attach(state: GameState, step: Step) -> None:
    seat, ref = step["seat"], step["card"]
    card = facts(state, ref)
    targets = [
        r
        for r in state.players[seat].in_play
        if not state.in_play[r].attached_to and can_take(facts(state, r), card)
    ]
    ask_select(
        state,
        seat,
        "setup_attach",
        targets,
        "setup_attached",
        low=1,
        high=1,
        ctx={"card": ref, "seat": seat},
    )


@handler("setup_attached")
def _setup_attached(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    player = state.players[seat]
    player.setup_cards.remove(ref)
    if not selected:  # no character can take it any more: back to hand
        player.hand.append(ref)
        return
    state.in_play[ref] = InPlay(controller=seat, attached_to=selected[0])
    player.in_play.append(ref)
    state.emit("setup_revealed", seat=seat, card=ref, code=state.code(ref), target=selected[0])


def _setup_draw(state: GameState, step: Step) -> None:
    for player in state.players:
        draw(state, player.seat, HAND_SIZE - len(player.hand))


def _start_round(state: GameState, step: Step) -> None:
    if state.round >= state.round_limit:
        state.result = {"winner": None, "reason": "round_limit"}
        state.emit("game_over", reason="round_limit")
        state.queue.clear()
        return
    run_delayed(state, "phase_ends")
    run_delayed(state, "round_ends")
    state.round += 1
    end_lasting(state, "round")
    state.used = []
    for player in state.players:
        player.limited_played = False
        player.limited_response_used = False
        player.effect_draws = 0
    state.emit("round", number=state.round)
    state.queue[0:0] = round_steps("plot")


def _reveal_plots(state: GameState, step: Step) -> None:
    queued = len(state.queue)
    for player in state.players:
        ref = player.chosen_plot
        if ref is None:
            continue
        if player.revealed_plot:
            player.used_plots.append(player.revealed_plot)
            _to_used_pile(state, player.seat, player.revealed_plot)
        # From the plot deck, or from the used pile (Moon Boy: rules.plot_choices).
        (player.plot_deck if ref in player.plot_deck else player.used_plots).remove(ref)
        player.revealed_plot, player.chosen_plot = ref, None
        state.emit("plot_revealed", seat=player.seat, card=ref, code=state.code(ref))
    # "Each time you reveal a plot card" (Golden Tooth Mines) and responses to reveals,
    # after the initiative and "when revealed" steps that follow (and after the steps the
    # old plots moving to the used piles queued: their forced effects and responses).
    after = 3 + len(state.queue) - queued
    for seat in reversed(state.turn_order()):
        plot = state.players[seat].revealed_plot
        if plot is not None and not plot_skipped(state, seat):
            event = {"card": plot, "seat": seat}
            trigger(state, "plot_revealed", event, first=seat, position=after)
    # "After an opponent reveals a plot card, ... cancel the revealing of that plot"
    # (Counterplot): a response window per revealed plot before initiative, only in a game
    # with a card that answers it.
    if in_game(state, _answering(PLOT_REVEALING)):
        for seat in reversed(state.turn_order()):
            plot = state.players[seat].revealed_plot
            if plot is not None and not plot_skipped(state, seat):
                event = {"card": plot, "seat": seat}
                open_response_window(state, PLOT_REVEALING, event, first=seat)


PLOT_REVEALING = "plot_revealing"


def _answering(name: str) -> set[str]:
    """The codes with an ability answering the trigger ``name`` from any zone."""
    return {c for (_, answers), codes in codes_by_zone().items() if answers == name for c in codes}


def cancel_plot_reveal(state: GameState, seat: int, plot: str) -> None:
    """ "Cancel the revealing of that plot and move it to its owner's used pile" (in the
    ``plot_revealing`` window, before initiative and "when revealed" effects): the plot
    goes to the used pile and the responses still queued for its reveal are dropped. The
    caller then has a new plot revealed (:func:`reveal_replacement`)."""
    player = state.players[seat]
    if player.revealed_plot != plot:
        return
    state.queue[:] = [step for step in state.queue if not _about_reveal(step, plot)]
    player.revealed_plot = None
    player.used_plots.append(plot)
    state.emit("plot_reveal_cancelled", seat=seat, card=plot, code=state.code(plot))
    _to_used_pile(state, seat, plot)


def _about_reveal(step: Step, plot: str) -> bool:
    trigger_name = step.get("trigger") if step.get("name") == "window" else step.get("moment")
    return (
        step.get("name") in ("window", "forced")
        and trigger_name in ("plot_revealed", PLOT_REVEALING)
        and (step.get("event") or {}).get("card") == plot
    )


def reveal_replacement(state: GameState, seat: int, ref: str) -> None:
    """The plot ``ref`` from ``seat``'s plot deck is revealed in place of a plot whose
    revealing was canceled (:func:`cancel_plot_reveal`), before initiative: its "when
    revealed" effect resolves with the others (the ``when_revealed`` step still to come),
    and its reveal is answered as the others are."""
    player = state.players[seat]
    if ref not in player.plot_deck or player.revealed_plot is not None:
        return
    player.plot_deck.remove(ref)
    player.revealed_plot = ref
    state.emit("plot_revealed", seat=seat, card=ref, code=state.code(ref), new=True)
    later = next((i for i, s in enumerate(state.queue) if s.get("name") == "recycle_plots"), 0)
    trigger(state, "plot_revealed", {"card": ref, "seat": seat}, first=seat, position=later + 1)
    if in_game(state, _answering(PLOT_REVEALING)):
        open_response_window(state, PLOT_REVEALING, {"card": ref, "seat": seat}, first=seat)


def plot_skipped(state: GameState, seat: int) -> bool:
    """Whether ``seat`` reveals no new plot in this round's plot phase (The Art of
    Seduction: a ``skip_plot`` effect naming this round); its revealed plot stays."""
    return any(
        e["query"] == "skip_plot" and e["subject"] == seat and e.get("round") == state.round
        for e in state.effects
    )


def _when_revealed(state: GameState, step: Step) -> None:
    # "When revealed" effects resolve in the first player's order.
    steps = []
    for seat in state.turn_order():
        if plot_skipped(state, seat):
            continue  # its plot stays revealed: not revealed again
        plot = state.players[seat].revealed_plot
        script = SCRIPTS.get(state.code(plot)) if plot else None
        if script is not None and script.when_revealed is not None:
            steps.append({"name": "reveal_effect", "seat": seat, "plot": plot})
    state.queue[0:0] = steps


WHEN_REVEALED_PENDING = "when_revealed_pending"


def _reveal_effect(state: GameState, step: Step) -> None:
    plot = step["plot"]
    if state.players[step["seat"]].revealed_plot != plot:
        return
    if step.get("cancelled"):  # vocabulary.plots.cancel_when_revealed (Old Bear Mormont)
        state.emit(
            "when_revealed_cancelled",
            seat=step["seat"],
            card=plot,
            code=state.code(plot),
            by=step["cancelled"],
        )
        return
    # "Cancel the 'when revealed' effects of a plot card": a response window before the
    # effect resolves, only while some card answers ``when_revealed_pending``.
    if not step.get("asked") and WHEN_REVEALED_PENDING in triggers_in_use():
        state.queue.insert(0, {**step, "asked": True})
        event = {"card": plot, "seat": step["seat"]}
        trigger(state, WHEN_REVEALED_PENDING, event, first=step["seat"])
        return
    script = SCRIPTS[state.code(plot)]
    assert script.when_revealed is not None
    state.emit("when_revealed", seat=step["seat"], card=plot, code=state.code(plot))
    ctx = {"seat": step["seat"], "source": plot}
    as_acting(state, step["seat"], script.when_revealed, state, ctx)


def reveal_new_plot(state: GameState, seat: int, ref: str) -> None:
    """ "Reveal a new plot card" (Bran Stark, Lords of the Narrow Sea): ``ref`` from the
    seat's plot deck (or its used pile: "choose a Castle plot card in your used pile. Reveal
    it as your new plot card", Alayne Stone w_71) replaces its revealed plot (which goes to
    the used pile); its "when revealed" effect resolves, then plots are recycled if the deck
    is empty. Initiative and the first player are not determined again."""
    player = state.players[seat]
    pile = player.plot_deck if ref in player.plot_deck else player.used_plots
    pile.remove(ref)
    if player.revealed_plot:
        player.used_plots.append(player.revealed_plot)
        _to_used_pile(state, seat, player.revealed_plot)
    player.revealed_plot = ref
    state.emit("plot_revealed", seat=seat, card=ref, code=state.code(ref), new=True)
    steps: list[Step] = []
    script = SCRIPTS.get(state.code(ref))
    if script is not None and script.when_revealed is not None:
        steps.append({"name": "reveal_effect", "seat": seat, "plot": ref})
    state.queue[0:0] = [*steps, {"name": "recycle_plots"}]
    event = {"card": ref, "seat": seat}
    trigger(state, "plot_revealed", event, first=seat, position=len(steps) + 1)


PLOT_TO_USED_PILE = "plot_to_used_pile"


def _to_used_pile(state: GameState, seat: int, plot: str) -> None:
    """Forced effects of a plot moving to its owner's used pile (Defiance: prized 1). The
    event names the plot as its ``card`` too, so its own text is found in the used pile
    (a prized plot: vocabulary.prized; a Castle plot: vocabulary.castles). Then a response
    window ("After a Castle plot card is placed in your used pile": Bronze Yohn Royce,
    Robert Arryn), only in a game with a card that answers it."""
    event = {"plot": plot, "card": plot, "seat": seat}
    # "... until a new plot is placed in your used pile" (Taken Captive, w_39): delayed
    # effects waiting for the seat's next plot (abilities.add_delayed, until "play").
    run_delayed(state, PLOT_TO_USED_PILE, seat)
    if in_game(state, _answering(PLOT_TO_USED_PILE)):
        open_response_window(state, PLOT_TO_USED_PILE, event, first=seat)
    fire_forced(state, PLOT_TO_USED_PILE, event)


def _recycle_plots(state: GameState, step: Step) -> None:
    # "If this was the last card in your plot deck, return all your previously played plots
    # (except the one just revealed) to your plot deck after your revealed plot has taken
    # effect." The plot deck is open to its owner, so no shuffle and no new ids.
    for player in state.players:
        if not player.plot_deck and player.used_plots:
            player.plot_deck, player.used_plots = player.used_plots, []
            state.emit("plots_returned", seat=player.seat, count=len(player.plot_deck))


def _initiative(state: GameState, step: Step) -> None:
    totals = [initiative(state, p.seat) for p in state.players]
    best = max(totals)
    tied = [s for s, t in enumerate(totals) if t == best]
    if len(tied) > 1:
        least = min(total_power(state, s) for s in tied)
        tied = [s for s in tied if total_power(state, s) == least]
    winner = tied[0] if len(tied) == 1 else tied[state.random_below(len(tied))]
    decided = {"name": "initiative_decided", "seat": winner, "totals": totals}
    decided["random"] = len(tied) > 1
    if WOULD_WIN_INITIATIVE not in hand_triggers_in(state):
        _initiative_decided(state, decided)
        return
    # "If an opponent would win initiative, cancel the determination ... You win initiative
    # instead" (Ahead of the Tide): a response window before the winner is settled; a
    # response changes the pending step's seat (:func:`take_initiative`). Only in games
    # whose decks hold a card that answers it (an event: from a hand).
    state.queue.insert(0, decided)
    trigger(state, WOULD_WIN_INITIATIVE, {"seat": winner}, first=winner)


WOULD_WIN_INITIATIVE = "would_win_initiative"


def initiative_pending(state: GameState) -> Step | None:
    """The initiative winner not yet settled (during the ``would_win_initiative`` window)."""
    return next((s for s in state.queue if s["name"] == "initiative_decided"), None)


def take_initiative(state: GameState, seat: int, source: str) -> None:
    """ "Cancel the determination of initiative winner. ``seat`` wins initiative instead"."""
    pending = initiative_pending(state)
    if pending is not None and pending["seat"] != seat:
        state.emit("initiative_taken", seat=seat, source=source, was=pending["seat"])
        pending["seat"] = seat


def _initiative_decided(state: GameState, step: Step) -> None:
    winner = step["seat"]
    state.emit("initiative", seat=winner, totals=step["totals"], random=step["random"])
    state.queue.insert(0, {"name": "first_player", "seat": winner})
    # "After a player wins initiative": forced effects, then responses (Drowned Fanatic).
    trigger(state, "initiative_won", {"seat": winner}, first=winner)


def _draw_phase(state: GameState, step: Step) -> None:
    for seat in state.turn_order():
        if not allowed(state, "can_draw", seat):  # "You cannot draw cards" (kr_103)
            continue
        count = DRAW_PHASE_CARDS + titles.draw_bonus(state, seat)
        draw(state, seat, value(state, "draw_phase_cards", seat, count))


def _marshal_turns(state: GameState, step: Step) -> None:
    turns: list[Step] = []
    for seat in state.turn_order():
        turns += [{"name": "collect_income", "seat": seat}, turn_window(state, "marshal", seat)]
    state.queue[0:0] = turns


def _collect_income(state: GameState, step: Step) -> None:
    seat = step["seat"]
    amount = income(state, seat)
    state.players[seat].gold += amount
    state.emit("income", seat=seat, gold=amount)
    # "After you count income" (The Wealth of the Rock).
    trigger(state, "income_counted", {"seat": seat, "gold": amount}, first=seat)


def dominance_total(state: GameState, seat: int) -> int:
    """Standing STR of the seat's characters plus the gold in its pool."""
    total = state.players[seat].gold
    for ref in state.players[seat].in_play:
        if facts(state, ref).type == "character" and not state.in_play[ref].knelt:
            total += strength(state, ref)
    return value(state, "dominance", seat, total)


def _dominance(state: GameState, step: Step) -> None:
    totals = [dominance_total(state, p.seat) for p in state.players]
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    winner = winners[0] if len(winners) == 1 else None
    # "You automatically win dominance (cannot be canceled)" (The Iron Throne): the query
    # ``dominance_winner`` (subject None, base the seat with the highest total or None).
    automatic = False
    if "dominance_winner" in PASSIVE_CODES:
        automatic = value(state, "dominance_winner", None, None) is not None
        winner = value(state, "dominance_winner", None, winner)
    if winner is not None and not automatic and WOULD_WIN_DOMINANCE in hand_triggers_in(state):
        # "If an opponent would win dominance, cancel the determination of dominance winner.
        # You win dominance instead." (Compelled by the King): a response window before the
        # winner is settled; a response sets the ``dominance_award`` step's ``seat``. Only in
        # games whose decks hold a card that answers it.
        state.queue.insert(0, {"name": "dominance_award", "seat": winner, "totals": totals})
        trigger(state, WOULD_WIN_DOMINANCE, {"seat": winner}, first=winner)
        return
    _award_dominance(state, winner, totals)


WOULD_WIN_DOMINANCE = "would_win_dominance"


def _award_dominance(state: GameState, winner: int | None, totals: list[int]) -> None:
    state.emit("dominance", totals=totals, seat=winner)
    if winner is not None:
        moves.gain_power(state, winner, 1, "dominance")
        trigger(state, "dominance_won", {"seat": winner}, first=winner)


def _dominance_award(state: GameState, step: Step) -> None:
    _award_dominance(state, step["seat"], step["totals"])


def _standing(state: GameState, step: Step) -> None:
    stood = []
    for ref, record in state.in_play.items():
        if record.knelt and allowed(state, "can_stand", ref):
            record.knelt = False
            stood.append(ref)
    if stood:
        state.emit("stood_all", cards=stood)
        trigger(state, "stood", {"cards": stood})


GOLD_RETURNED = "gold_returned"  # a player returned gold to the treasury in taxation


def _taxation(state: GameState, step: Step) -> None:
    returned = []
    for player in state.players:
        if not allowed(state, "pay_taxation", player.seat):
            continue
        if player.gold:
            state.emit("taxed", seat=player.seat, gold=player.gold)
            returned.append({"seat": player.seat, "gold": player.gold})
        player.gold = 0
    # "After an opponent returns gold to the treasury during the taxation phase" (Merchant's
    # Widow, btns_25): one trigger per player who returned gold, in seat order.
    for event in reversed(returned):
        trigger(state, GOLD_RETURNED, event, first=event["seat"])


AUTOMATIC: dict[str, Callable[[GameState, Step], None]] = {
    "begin_phase": _begin_phase,
    "enter_phase": _enter_phase,
    "setup_deal": _setup_deal,
    "setup_reveal": _setup_reveal,
    "setup_attach": _setup_attach,
    "setup_draw": _setup_draw,
    "start_round": _start_round,
    "reveal_plots": _reveal_plots,
    "recycle_plots": _recycle_plots,
    "initiative": _initiative,
    "initiative_decided": _initiative_decided,
    "draw_phase": _draw_phase,
    "marshal_turns": _marshal_turns,
    "collect_income": _collect_income,
    "dominance": _dominance,
    "dominance_award": _dominance_award,
    "standing": _standing,
    "taxation": _taxation,
    "phase_window": _phase_window,
    "when_revealed": _when_revealed,
    "reveal_effect": _reveal_effect,
    "leave_now": moves.leave_now,
    leaving.SHUFFLE_STEP: leaving.shuffle_deck_step,  # The Hound (atoc_64)
    "plot_actions_before_reveal": _plot_actions_before_reveal,
    "resolve_ability": resolve_ability,
    RESOLVED_STEP: ability_resolved_step,  # Maester's Tower (HtS)
    "forced": run_forced,
    from_pile.STEP: from_pile.shuffle_step,  # Robert Baratheon (KotS)
    **challenges.STEPS,
    **title_steps.STEPS,
    **epic.STEPS,
}


def _settled(state: GameState) -> bool:
    """Settle the head decision step if it has no real choice; True when a decision waits."""
    step = state.queue[0]
    name = step["name"]
    if name == "prompt":
        return not settle(state)
    if name == "window":
        return window_seat(state) is not None
    if name == "choose_plots" and state.effects:
        random_plots(state)
    if name == "choose_plots" and not waiting_seats(state):
        state.queue.pop(0)  # every plot is chosen already (at random: War of Five Kings)
        return False
    return True


# "That player must choose his or her next plot card this phase at random" (In the Hands of
# the Qohorik): a lasting ``random_plot`` effect (subject the seat, until the phase) makes the
# seat's plot be chosen for it at random among rules.plot_choices when the plots are chosen
# (it is not asked); used up by that choice, as a ``plot_from_used`` effect is.
RANDOM_PLOT = "random_plot"


def choose_plot_at_random(state: GameState, seat: int) -> bool:
    """Choose ``seat``'s plot for it at random among the plots it may choose this phase
    (``rules.plot_choices``), unless it has one or skips its plot; the log says a plot was
    chosen at random, never which. Whether one was chosen. In the Hands of the Qohorik
    (through :func:`random_plots`), Sky Cell."""
    player = state.players[seat]
    choices = plot_choices(state, seat)
    if player.chosen_plot is not None or plot_skipped(state, seat) or not choices:
        return False
    player.chosen_plot = choices[state.random_below(len(choices))]
    state.emit("plot_chosen", seat=seat, random=True)
    return True


def random_plots(state: GameState) -> None:
    """Choose at random the plot of each seat a ``random_plot`` effect names (the head is
    ``choose_plots``), using the effect up with any ``plot_from_used`` of the seat."""
    for seat in sorted({e["subject"] for e in state.effects if e["query"] == RANDOM_PLOT}):
        if choose_plot_at_random(state, seat):
            state.effects = [
                e
                for e in state.effects
                if e["query"] not in (RANDOM_PLOT, "plot_from_used") or e["subject"] != seat
            ]


# Automatic steps one call of :func:`run` may take before it gives up: a round of a
# 4-player melee takes a few hundred; only a loop of rules takes this many.
MAX_AUTOMATIC_STEPS = 50_000


class RulesLoop(RuntimeError):
    """The automatic steps did not reach a decision (:data:`MAX_AUTOMATIC_STEPS`): two
    rules answer each other without end. The state is left as it was when given up; a
    caller that copied it first (``game.apply``) keeps the state it had."""


def run(state: GameState, passed: bool = False) -> None:
    """Run automatic steps until a decision step is at the head or the game is over.
    ``passed``: the decision just made was a pass in a window, which changes nothing but
    the window's count of passes, so the checks made when that decision was reached still
    hold and are not made again (a pass is half of all decisions).

    When the checks made last changed nothing and nothing changed since, the decision
    reached is marked ``_checked`` (:func:`checked`): checks made again before anything
    changes would change nothing either."""
    # Whether the last checks changed nothing (False too when none were made).
    quiet = False
    if not passed:
        # a decision's own effect (a prompt answered) may have won it
        quiet = not check_zero_strength(state) | check_victory(state)
    taken = 0
    while state.queue and state.result is None:
        taken += 1
        if taken > MAX_AUTOMATIC_STEPS:
            head = state.queue[0]["name"]
            raise RulesLoop(
                f"The rules engine took {MAX_AUTOMATIC_STEPS} automatic steps without "
                f"reaching a decision (at step {head}, round {state.round}, {state.phase} phase)."
            )
        if state.queue[0]["name"] in DECISIONS:
            before = acts_key(state) if quiet else None
            if _settled(state):
                if before is not None and before == acts_key(state):
                    state.__dict__["_checked"] = before
                else:
                    state.__dict__.pop("_checked", None)
                return
            # a prompt that settled itself may have changed STR
            quiet = not check_zero_strength(state) | check_victory(state)
            continue
        # Pop first: a step schedules what follows it by inserting at the head.
        step = state.queue.pop(0)
        AUTOMATIC[step["name"]](state, step)
        quiet = not check_zero_strength(state) | check_victory(state)
    state.__dict__.pop("_checked", None)


def checked(state: GameState) -> bool:
    """Whether the checks made after every step would change nothing if made now: the
    state's decision was reached by checks that changed nothing (``run``), and nothing the
    checks read has changed since (a select in a prompt changes only that prompt's
    selection, which no check reads)."""
    return state.__dict__.get("_checked") == acts_key(state)


def waiting_seats(state: GameState) -> list[int]:
    """The seats the head decision step waits for (several when simultaneous)."""
    if state.result is not None or not state.queue:
        return []
    step = state.queue[0]
    if step["name"] == "setup_place":
        # The first player places first, then the others clockwise (rulebook, setup 6).
        return [s for s in state.turn_order() if not state.players[s].setup_done][:1]
    if step["name"] == "choose_plots":
        return [
            p.seat
            for p in state.players
            if p.chosen_plot is None and not plot_skipped(state, p.seat)
        ]
    if step["name"] == "window":
        return [step["order"][step["i"] % len(step["order"])]]
    if step["name"] in DECISIONS:
        return [step["seat"]]
    return []
