"""The engine's entry points: :func:`new_game`, :func:`legal_actions`, :func:`apply`,
:func:`outcome`.

A match is fully defined by its :class:`GameConfig` (decklists and seed) and its action log.
:func:`apply` works on a copy and returns it, so an illegal action changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gameplay.engine import (
    challenges,
    epic,
    from_pile,
    house_card,
    influence,
    moves,
    mulligan,
    prompts,
    scripts,  # noqa: F401 - importing registers every card script
    table,
    uses,
    windows,
)
from gameplay.engine.abilities import (
    EFFECTS,
    ability_label,
    allowed,
    as_acting,
    enters_knelt,
    handler,
    total_power,
)
from gameplay.engine.actions import Action
from gameplay.engine.checks import choose_winner
from gameplay.engine.legal import (
    CHALLENGE_KINDS,
    HOUSE,
    MARSHAL_KINDS,
    closing,
    gifts,
    house_attachment,
    lapse_play_next,
    legal_actions,
    listed_legal,
    must_play,
    only_pass,
)
from gameplay.engine.numbers import whole_number
from gameplay.engine.rules import (
    check_duplicate,
    check_marshal,
    check_setup,
    facts,
    gold_cost,
    plot_choices,
    pool,
    use_reductions,
)
from gameplay.engine.state import GameState, InPlay, Player, initial_rng
from gameplay.engine.steps import (  # noqa: F401 - RulesLoop is part of this module's API
    RulesLoop,
    checked,
    plot_skipped,
    run,
    setup_steps,
    waiting_seats,
)

# variant -> (fewest, most) players
VARIANTS = {"joust": (2, 2), "melee": (3, 4), "teams": (4, 4)}
HOUSES = ("Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral")
# The action kinds each decision step accepts (in a window, marshalling and challenges
# only for the seat whose turn it is: _turn_problem).
STEP_KINDS = {
    "setup_place": {"setup:place"},
    "choose_plots": {"plot:choose"},
    "first_player": {"first_player"},
    "prompt": {"select", "done", "choose"},
    "window": {"use", "pass", "give", *MARSHAL_KINDS, *CHALLENGE_KINDS},
    "choose_winner": {"choose"},
}


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message says why."""


class ConfigError(ValueError):
    """A game configuration that cannot start a game; the message names the problem."""


@dataclass(frozen=True)
class PlayerConfig:
    """One seat: House name, agenda code (or None) and every deck card code (plots too)."""

    house: str
    deck: tuple[str, ...]
    agenda: str | None = None


@dataclass(frozen=True)
class GameConfig:
    """How to start a match. ``round_limit``: the game is a draw after that many rounds."""

    players: tuple[PlayerConfig, ...]
    seed: int = 0
    variant: str = "joust"
    round_limit: int = 10
    cards_dir: str = ""
    littlefinger: bool = False
    # Table actions and requests (gameplay/engine/table.py); a match may turn them off.
    table_actions: bool = True
    # The tournament mulligan before setup placement (mulligan.py); off by default.
    mulligan: bool = False

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        """Build from plain data (``players`` as dicts with house, deck, agenda)."""
        players = tuple(
            PlayerConfig(p["house"], tuple(p["deck"]), p.get("agenda")) for p in data["players"]
        )
        rest = {k: v for k, v in data.items() if k != "players"}
        return cls(players=players, **rest)


def table_problem(variant: str, players: int, littlefinger: bool, round_limit: int) -> str | None:
    """What is wrong with a table's settings before any deck is dealt, or None: a match
    waiting for players is checked with this."""
    if variant not in VARIANTS:
        return f"Unknown variant {variant!r}; known: {', '.join(VARIANTS)}."
    low, high = VARIANTS[variant]
    if not low <= players <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        return f"{variant} needs {wanted} players, not {players}."
    if littlefinger and variant != "melee":
        return "The Littlefinger variant is played with titles, in melee."
    if round_limit < 1:
        return "round_limit must be at least 1."
    return None


def new_game(config: GameConfig | Mapping[str, Any]) -> GameState:
    """Start a match and run setup up to the first decision (setup placement)."""
    if not isinstance(config, GameConfig):
        config = GameConfig.from_dict(config)
    problem = table_problem(
        config.variant, len(config.players), config.littlefinger, config.round_limit
    )
    if problem:
        raise ConfigError(problem)
    state = GameState(
        players=[],
        variant=config.variant,
        seed=config.seed,
        rng=initial_rng(config.seed),
        round_limit=config.round_limit,
        card_source=config.cards_dir,
        littlefinger=config.littlefinger,
    )
    if not config.table_actions:
        state.table["off"] = True
    cards = pool(state)
    for seat, spec in enumerate(config.players):
        if spec.house not in HOUSES:
            raise ConfigError(f"Seat {seat}: {spec.house!r} is not a House; use one of {HOUSES}.")
        # Two-on-two: partners sit across the table, so seats 0 and 2 play seats 1 and 3.
        team = seat % 2 if config.variant == "teams" else None
        player = Player(seat=seat, house=spec.house, agenda=spec.agenda, team=team)
        for code in spec.deck:
            card = cards.get(code)
            if card is None:
                raise ConfigError(f"Seat {seat}: no card has the code {code!r}.")
            if card.type == "plot":
                player.plot_deck.append(state.new_card(code, seat))
            elif card.type in ("character", "location", "attachment", "event"):
                player.deck.append(state.new_card(code, seat))
            else:
                raise ConfigError(f"Seat {seat}: {card.name} ({card.type}) cannot be in a deck.")
        if not player.plot_deck:
            raise ConfigError(f"Seat {seat}: the deck has no plot cards.")
        state.players.append(player)
    for player in state.players:
        # The agenda is a card instance in no zone (abilities.agenda_cards): its text
        # plays through the same passives, forced effects and abilities as other cards.
        if player.agenda:
            agenda = cards.get(player.agenda)
            if agenda is None or agenda.type != "agenda":
                raise ConfigError(f"Seat {player.seat}: {player.agenda!r} is not an agenda.")
            state.new_card(player.agenda, player.seat)
    # Rulebook, Game Setup step 3: "Randomly determine which player will be the first player."
    state.first_player = state.random_below(len(state.players))
    state.emit("first_player", seat=state.first_player, random=True)
    if config.variant == "melee":
        from gameplay.engine.titles import TITLES

        state.title_pool = list(TITLES)
    state.queue = setup_steps()
    if config.mulligan:
        mulligan.schedule(state)
    run(state)
    return state


def auto_pass(state: GameState, seats: Sequence[int] | None = None) -> GameState:
    """Pass for ``seats`` (default: every seat) as long as the decision at hand is one
    where the waiting seat can only pass (:func:`only_pass`); returns the state reached
    (the given one when nobody could only pass)."""
    while True:
        waiting = waiting_seats(state)
        if len(waiting) != 1 or (seats is not None and waiting[0] not in seats):
            return state
        if not only_pass(state, waiting[0]):
            return state
        state = apply(state, Action(waiting[0], "pass"))


def _why_illegal(state: GameState, action: Action) -> str | None:
    seat = action.seat
    if state.result is not None:
        return "The game is over."
    if seat >= len(state.players):
        return f"There is no seat {seat}."
    if table.is_table(action):  # any seat, whoever decides now (table.py)
        return table.table_problem(state, action)
    if listed_legal(state, action):  # just listed by legal_actions for this decision
        return None
    waiting = waiting_seats(state)
    step = state.queue[0]["name"]
    if seat not in waiting:
        return f"Seat {seat} has no decision now (waiting for {waiting} at step {step})."
    if action.kind not in STEP_KINDS[step]:
        return f"{action.kind} is not allowed at step {step}; allowed: {sorted(STEP_KINDS[step])}."
    if step == "window":
        problem = None if _granted(state, action) else _turn_problem(state.queue[0], action)
        if problem:
            return problem
        if action.kind == "pass" and state.effects and must_play(state, seat):
            return "You must play the card you drew (Val) now: it can be played."
    if action.kind == "setup:place":
        return check_setup(state, seat, action.cards)
    if action.kind == "plot:choose":
        plot = action.cards[0]
        if plot in plot_choices(state, seat):
            return None
        if plot in state.players[seat].plot_deck:  # Moon Boy: from the used pile this time
            return f"{plot}: your plot must come from your used plot pile this time."
        return f"{plot} is not in your plot deck."
    if action.kind == "first_player":
        ok = whole_number(action.choice, high=len(state.players) - 1) is not None
        if ok and not allowed(state, "can_be_first_player", (seat, int(action.choice))):
            return "You must choose an opponent as the first player."  # Retaliation!
        return None if ok else f"{action.choice[:12]!r} is not a seat."
    if action.kind == "marshal:play" and influence.marshal_influence(action.choice):
        if action.choice in influence.marshal_influence_choices(state, seat, action.cards):
            return None  # part of the cost in influence (Plaza of Purification)
        return f"{action.choice!r}: you cannot pay that much of its cost in influence now."
    if action.kind == "marshal:play":
        if action.choice and action.choice not in house_card.choices(state, action.cards[0], seat):
            return (
                f"{action.choice!r}: only the Chambers and the cards that say so may be played"
                " onto a House card (=house, or =house_<seat> where a card allows another's)."
            )
        ref = action.cards[0]
        onto_house = ref in state.cards and house_attachment(state, ref)
        attachment = onto_house and facts(state, ref).type == "attachment"
        if attachment and len(action.cards) == 1 and not action.choice:
            return "Name the card to attach it to (or =house onto your House card)."
        return check_marshal(state, seat, action.cards)
    if action.kind == "marshal:duplicate":
        return check_duplicate(state, seat, action.cards)
    if action.kind == "marshal:shadow":
        return uses.shadow_marshal_problem(state, seat, action.cards[0])
    if action.kind in CHALLENGE_KINDS:
        defender = whole_number(action.choice)
        if defender is None:
            return f"{action.choice[:12]!r} is not a seat."
        ctype = action.kind.split(":")[1]
        if _granted(state, action):  # "initiate a ... challenge as your next action"
            return None
        if state.queue[0].get("point") == epic.EPIC:  # an epic phase: a single challenge
            return epic.challenge_problem(state, seat, ctype, defender)
        return challenges.challenge_problem(state, seat, ctype, defender)
    if action.kind == "pass":
        return None
    if action.kind == "give" and action not in gifts(state, seat):
        if not state.littlefinger:
            return "Gold can be given to other players only in the Littlefinger variant."
        if state.phase == "marshalling":
            return "Gold cannot be given during the marshalling phase."
        return f"{action.choice!r} is not a seat and an amount of gold you have (like '1_2')."
    if action not in legal_actions(state, seat):
        return _why_not_listed(state, action)
    return None


# Taking one of these in an action window is a player action ("as your next player
# action": challenges.action_taken); a pass, a gift of gold and a response are not.
TAKEN = {"use", *MARSHAL_KINDS, *CHALLENGE_KINDS}


def _action_taken(state: GameState, action: Action) -> None:
    head = state.queue[0] if state.queue else {}
    if head.get("name") == "window" and head.get("kind") == "action":
        challenges.action_taken(state, action.seat)


def _granted(state: GameState, action: Action) -> bool:
    """Whether ``action`` initiates a challenge a card granted its seat (challenges.granted:
    in any action window between challenges; it comes before the turn's own challenge)."""
    if action.kind not in CHALLENGE_KINDS or not state.effects:
        return False
    defender = whole_number(action.choice)
    ctype = action.kind.split(":")[1]
    return (
        defender is not None
        and challenges.granted_problem(state, action.seat, ctype, defender) is None
    )


def _turn_problem(window: dict[str, Any], action: Action) -> str | None:
    """Marshalling and initiating challenges belong to the seat whose turn it is."""
    if action.kind in MARSHAL_KINDS:
        if window["point"] != "marshal":
            return "Cards are marshalled only in a marshalling turn."
        if window.get("turn") != action.seat:
            return "You may marshal cards only in your own marshalling turn."
    if action.kind in CHALLENGE_KINDS:
        if window["point"] not in ("before_challenge", epic.EPIC):
            return "Challenges are initiated only before or between challenges, in a turn."
        if window.get("turn") != action.seat:
            return "You may initiate challenges only in your own challenges turn."
        if window["point"] == "before_challenge" and not closing(window):
            return (
                "A challenge is initiated once every other player has passed: they may "
                "still take actions before it."
            )
    return None


def _why_not_listed(state: GameState, action: Action) -> str:
    head = state.queue[0]
    if action.kind == "select":
        if action.cards[0] in head.get("selected", ()):
            return f"{action.cards[0]} is already selected."
        if len(head.get("selected", ())) >= head.get("max", 0):
            return f"At most {head.get('max')} may be selected; choose done."
        return f"{action.cards[0]} cannot be selected for {head.get('purpose')}."
    if action.kind == "done":
        if "weights" in head:
            return f"Select cards worth at least {head['need']} before done."
        return f"Select at least {head.get('min')} before done."
    if action.kind == "choose":
        options = head.get("options") or head.get("sides") or []
        return f"{action.choice!r} is not one of the options {options}."
    return (
        f"{action} cannot be used now (wrong phase or window, cost not payable, "
        "no legal target, or already used)."
    )


def apply(state: GameState, action: Action | str) -> GameState:
    """The state after ``action``; raises :class:`IllegalAction` (and changes nothing) if
    the rules do not allow it. The given state is never modified."""
    action = _checked_action(state, action)
    if action.kind == "pass":
        moved = windows.pass_on(state)
        if moved is not None:
            return moved
    elif action.kind == "select":
        moved = _select_on(state, action.cards[0])
        if moved is not None:
            return moved
    new = state.copy()
    perform(new, action)
    return new


def apply_in_place(state: GameState, action: Action | str) -> None:
    """Carry out ``action`` on ``state`` itself: what :func:`apply` gives, without copying
    the state first, for a caller that alone holds ``state`` and has no use for the state
    before the action (a game played to its end: the arena, simulations, replays, the
    benchmarks). Raises :class:`IllegalAction` as :func:`apply` does, with ``state``
    unchanged; a :class:`RulesLoop` leaves it half changed, to be thrown away.

    Never for a state :func:`apply` returned while the state it came from is still used:
    a pass or a selection may give a state sharing its lists with that one
    (``GameState.moved_on``), and changing one in place would change both."""
    perform(state, _checked_action(state, action))


def _checked_action(state: GameState, action: Action | str) -> Action:
    """``action`` (parsed if text) when the rules allow it now, else :class:`IllegalAction`."""
    if isinstance(action, str):
        action = Action.parse(action)
    problem = _why_illegal(state, action)
    if problem:
        raise IllegalAction(problem)
    return action


def _select_on(state: GameState, ref: str) -> GameState | None:
    """The state after selecting ``ref`` in the head prompt, when that selection changes
    nothing else: the prompt does not finish by itself with it (prompts.settles) and the
    checks made after every step would change nothing (steps.checked). Then the state is
    shared but for that prompt (``GameState.moved_on``), as for a pass that moves a window
    on; what ``perform`` would give. None otherwise."""
    head = state.queue[0]
    if head["name"] != "prompt" or not checked(state):
        return None
    step = {**head, "selected": [*head["selected"], ref]}
    if prompts.settles(step):
        return None
    return state.moved_on(step)


def perform(state: GameState, action: Action) -> None:
    """Carry out a legal ``action`` on ``state`` itself, with everything that follows it
    until the next decision: what :func:`apply` does to its copy (the search bot's
    playouts do it to a world of their own)."""
    if state.effects and action.kind in TAKEN and not _granted(state, action):
        _action_taken(state, action)
    _DO[action.kind](state, action)
    state.decisions += 1
    run(state, passed=action.kind == "pass")
    while lapse_play_next(state):  # a card Val drew and that cannot be played (legal.py)
        run(state)


def outcome(state: GameState) -> dict[str, Any] | None:
    """``None`` while the game goes on, else who won and how::

        {"winner": seat or None (a draw), "reason": "power" | "round_limit",
         "chosen_by": first player's seat when several reached the total at once,
         "final_power": [total power of each seat]}

    Two-on-two gives ``"team"`` and ``"winners"`` (both seats) instead of ``"winner"``.
    """
    if state.result is None:
        return None
    return {**state.result, "final_power": [total_power(state, p.seat) for p in state.players]}


def _do_setup(state: GameState, action: Action) -> None:
    player = state.players[action.seat]
    for ref in action.cards:
        player.hand.remove(ref)
    player.setup_cards = list(action.cards)
    player.setup_done = True
    state.emit("setup_placed", seat=action.seat, count=len(action.cards))
    if all(p.setup_done for p in state.players):
        state.queue.pop(0)


def _do_plot(state: GameState, action: Action) -> None:
    state.players[action.seat].chosen_plot = action.cards[0]
    state.emit("plot_chosen", seat=action.seat)
    # "The next time that opponent must choose a plot" (Moon Boy): used up by this choice.
    state.effects = [
        e for e in state.effects if e["query"] != "plot_from_used" or e["subject"] != action.seat
    ]
    if all(p.chosen_plot is not None or plot_skipped(state, p.seat) for p in state.players):
        state.queue.pop(0)


def _do_first_player(state: GameState, action: Action) -> None:
    state.first_player = int(action.choice)
    state.emit("first_player", seat=state.first_player, chosen_by=action.seat)
    state.queue.pop(0)


def _do_marshal(state: GameState, action: Action) -> None:
    # Playing a card is an action: each other seat may answer it (the turn window goes on).
    windows.window_used(state, action)
    paid_in_influence = influence.marshal_influence(action.choice)
    if paid_in_influence:  # part of the cost in influence (Plaza of Purification): paid first
        data = {"seat": action.seat, "then": MARSHAL_INFLUENCE, "cards": list(action.cards)}
        data["influence"] = paid_in_influence
        influence.ask_influence(state, action.seat, paid_in_influence, data)
        return
    _marshal(state, action.seat, tuple(action.cards), action.choice)


# The continuation of a marshal action whose ``influence_N`` part of the cost is paid.
MARSHAL_INFLUENCE = "marshal_influence_paid"


@handler(MARSHAL_INFLUENCE)
def _marshal_influence_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    _marshal(state, ctx["seat"], tuple(ctx["cards"]), None, ctx["influence"])


def _marshal(
    state: GameState,
    seat: int,
    cards: tuple[str, ...],
    choice: str | None,
    paid_in_influence: int = 0,
) -> None:
    """Marshal ``cards`` (the card, an attachment's host): its gold cost, less what was paid
    in influence, is paid; it enters play and ``entered_play`` and ``played`` trigger."""
    ref = cards[0]
    player = state.players[seat]
    host = cards[1] if len(cards) > 1 else None  # an attachment's host
    cost = max(0, (gold_cost(state, seat, ref, host) or 0) - paid_in_influence)
    if ref in player.hand:
        player.hand.remove(ref)
    else:  # from a discard pile, as if from the hand (from_pile)
        from_pile.take(state, seat, ref)
    from_pool = min(cost, player.gold)
    player.gold -= from_pool
    paid = from_pool
    if cost > from_pool:  # the rest from gold on cards (Tywin Lannister)
        paid += moves.spend_gold(state, seat, cost - from_pool, "marshal", announce=False)
    moves.gold_spent(state, seat, paid, "marshal")  # forced moment (Hungry Mob)
    # "That character comes into play knelt" (a reduction with ``knelt``: Mountain Camp).
    used = use_reductions(state, seat, ref)
    knelt = any(e.get("knelt") for e in used)
    knelt = knelt or enters_knelt(state, seat, ref)  # Ser Robert Strong
    player.limited_played |= facts(state, ref).limited
    target = host
    state.in_play[ref] = InPlay(controller=seat, attached_to=target, knelt=knelt)
    player.in_play.append(ref)
    house_of = house_card.seat_of_choice(state, seat, choice) if choice else None
    if house_of is not None:
        # A location on the House card stays a location for every rule (see RULINGS.md);
        # where it sits is recorded for the board (house_card.py).
        house_card.attach(state, ref, house_of)
        target = HOUSE
    where: dict[str, Any] = {"target": target}
    if house_of is not None and house_of != seat:  # another player's House card
        where = {"target": "other_house", "house_of": house_of}
    state.emit("marshalled", seat=seat, card=ref, code=state.code(ref), gold=from_pool, **where)
    event = {"card": ref, "seat": seat, "type": facts(state, ref).type, "target": target}
    windows.trigger(state, "entered_play", event, first=seat)
    windows.trigger(state, "played", event, first=seat)
    # "When you play that card, draw 1 card" (a reduction with ``then``: Vale Encampment).
    for reduction in used:
        if reduction.get("then"):
            data = {**reduction, "seat": seat, "card": ref}
            as_acting(state, seat, EFFECTS[reduction["then"]], state, data)


def _do_duplicate(state: GameState, action: Action) -> None:
    windows.window_used(state, action)
    seat, (ref, target) = action.seat, action.cards
    state.players[seat].hand.remove(ref)
    state.in_play[target].duplicates.append(ref)
    state.emit("duplicate", seat=seat, card=ref, code=state.code(ref), target=target)


def _do_shadow(state: GameState, action: Action) -> None:
    windows.window_used(state, action)
    uses.marshal_into_shadows(state, action.seat, action.cards[0])


def _do_pass(state: GameState, action: Action) -> None:
    # No event: a pass by choice and a pass with nothing playable must look alike. When a
    # turn window closes, windows.window_seat logs that the turn is over.
    windows.window_passed(state)


def _do_challenge(state: GameState, action: Action) -> None:
    # The turn window stays in the queue behind the challenge, and opens again from the
    # first player once the challenge is over (the window between challenges).
    if _granted(state, action):  # a granted challenge, in any action window
        windows.restart(state)
        ctype, defender = action.kind.split(":")[1], int(action.choice)
        challenges.declare(state, action.seat, ctype, defender, grant=True)
        return
    if state.queue[0].get("point") == epic.EPIC:  # an epic turn ends with its challenge
        epic.declare(state, action.seat, action.kind.split(":")[1], int(action.choice))
        return
    windows.restart(state)
    challenges.declare(state, action.seat, action.kind.split(":")[1], int(action.choice))


def _do_select(state: GameState, action: Action) -> None:
    state.queue[0]["selected"].append(action.cards[0])


def _do_done(state: GameState, action: Action) -> None:
    prompts.finish(state, state.queue[0])


def _do_choose(state: GameState, action: Action) -> None:
    if state.queue[0]["name"] == "choose_winner":
        choose_winner(state, int(action.choice))
    else:
        prompts.choose(state, action.choice)


def _do_give(state: GameState, action: Action) -> None:
    to, _, gold = action.choice.partition("_")
    moves.give_gold(state, action.seat, int(to), int(gold))


def _do_use(state: GameState, action: Action) -> None:
    head = state.queue[0]
    window = head if head["name"] == "window" else None
    if window is not None:
        windows.window_used(state, action)
    windows.use(state, action, window)


_DO = {
    "setup:place": _do_setup,
    "plot:choose": _do_plot,
    "first_player": _do_first_player,
    "marshal:play": _do_marshal,
    "marshal:duplicate": _do_duplicate,
    "marshal:shadow": _do_shadow,
    "pass": _do_pass,
    "challenge:military": _do_challenge,
    "challenge:intrigue": _do_challenge,
    "challenge:power": _do_challenge,
    "select": _do_select,
    "done": _do_done,
    "choose": _do_choose,
    "use": _do_use,
    "give": _do_give,
    **dict.fromkeys(table.KINDS, table.apply_table),
}


def describe(state: GameState, action: Action | str) -> str:
    """The label a player sees for one of their legal actions: card names instead of
    refs and, for an ability, the card's text ("Winterfell Kennels: Any Phase: Kneel
    Winterfell Kennels and pay 1 gold to search ...")."""
    if isinstance(action, str):
        action = Action.parse(action)
    names = {r: facts(state, r).name for r in action.cards if r in state.cards}
    if (
        action.kind == "use"
        and action.cards[0] in state.cards
        and action.choice
        not in (
            "ambush",
            "shadow",
        )
    ):
        label = ability_label(state, action.cards[0], int(action.choice or 0))
        targets = [names.get(r, r) for r in action.cards[1:]]
        return label + (f" (target: {', '.join(targets)})" if targets else "")
    if action.kind == "choose" and action.choice in state.cards:
        names[action.choice] = facts(state, action.choice).name
    return action.label(names)


def to_act(state: GameState) -> Sequence[int]:
    """The seats that must act now (several during simultaneous choices)."""
    return waiting_seats(state)
