"""The search bot: determinized playouts over the engine, from what its seat may know.

A decision with more than one legal action is decided by flat Monte Carlo over
*determinizations*: each playout first builds a whole :class:`GameState` from the state by
:func:`determinize`, which replaces everything hidden from the seat (every card in a zone of
a player that its view does not show: the other seats' hands, decks, plot decks, chosen
plots, face-down setup cards, Shadows and Holds, duplicates lying face down under a card in
play, its own deck order; and the game's random generator) with samples from a public prior:
the cards each opponent has shown, filled up with its House's cards and the neutral ones of
the Core Set and of every product its shown cards come from (as many copies of each as a
deck may hold). The hidden zones are read from the state's zones, not listed by hand, so
that a zone added later cannot be forgotten. Each candidate action is then applied to that
same world, the rest of the round is played by greedy bots for every seat
(:class:`~gameplay.engine.bots.GreedyBot`, its own seed per playout), and the world is
scored by :func:`evaluate` (power first, then cards in play, in hand and gold).
The action with the best mean score is chosen; the greedy choice wins ties.

:func:`determinize` is the only door through which the bot reads the state, so that its
decisions depend only on ``observe(state, seat)`` and its own seed: a test swaps the other
seats' hidden cards, zone by zone, and sees the same decisions (tests/gameplay/
test_search_bot.py, tests/gameplay/test_bot_hidden_zones.py).

The budget is a number of determinizations per decision (``playouts``, deterministic, so
that games are reproducible) with a wall-clock cap (``max_seconds``) that stops early on a
slow machine. A decision with one legal action costs nothing.
"""

from __future__ import annotations

import time
import traceback
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import cast

from gameplay.engine.actions import Action
from gameplay.engine.bots import GreedyBot, View
from gameplay.engine.card_facts import CardFacts, load_cards
from gameplay.engine.game import IllegalAction, apply, legal_actions, perform, to_act
from gameplay.engine.moves import FACE_DOWN
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.state import CARRIED_CACHES, GameState, Player

DEFAULT_PLAYOUTS = 8
DEFAULT_SECONDS = 1.0
DEFAULT_CANDIDATES = 4
# Playouts stop at the end of the round, or of the next one for a decision made this late.
LATE_PHASES = ("dominance", "standing", "taxation")
MAX_PLAYOUT_DECISIONS = 400
# Caches whose content may have been computed from hidden cards: a world starts without
# any of those a copy keeps (its hidden cards get other faces, the same ids and counts).
_CACHES = CARRIED_CACHES
# The zones of a player that hold plots (face down until revealed): their hidden cards are
# sampled from the plots of the prior, those of every other zone from its other cards.
PLOT_ZONES = frozenset({"plot_deck"})
# The guesses of an opponent's hidden cards: its House's cards and the neutral ones of the
# products its shown cards come from, and of the Core Set, which every deck of the edition
# is built on before any card says more (_prior).
BASE_PRODUCTS = frozenset({"core"})
GUESSED_TYPES = frozenset({"character", "location", "attachment", "event", "plot"})


class SearchBot:
    """Decides by determinized playouts (see the module docstring).

    ``playouts``: determinizations per decision (each candidate is played out in each);
    ``max_seconds``: the wall-clock cap per decision; ``candidates``: how many actions are
    searched at most (the greedy choice, the first action, pass/done, then others at random).
    """

    def __init__(
        self,
        seed: int,
        playouts: int = DEFAULT_PLAYOUTS,
        max_seconds: float = DEFAULT_SECONDS,
        candidates: int = DEFAULT_CANDIDATES,
        cards: Mapping[str, CardFacts] | None = None,
    ) -> None:
        self._rng = Rng(seed)
        self.playouts = playouts
        self.max_seconds = max_seconds
        self.candidates = candidates
        self._cards = cards if cards is not None else load_cards()
        self._greedy = GreedyBot(self._rng.next(), self._cards)
        # (seconds, playouts done) of each searched decision, for the arena's report.
        self.timings: list[tuple[float, int]] = []
        self.failures = 0  # playouts that raised (counted for the arena, never fatal)
        # What they raised and where ("KeyError at gameplay/engine/x.py:12" -> count), so
        # that an arena run says which engine path a guessed world broke.
        self.failure_kinds: Counter[str] = Counter()

    # --- the Bot protocol, for callers that hold only a view --------------------------

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        """Without the state there is nothing to search: the greedy choice."""
        return self._greedy.choose(view, actions)

    # --- the decision ----------------------------------------------------------------

    def choose_in(self, state: GameState, seat: int, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (``legal_actions(state, seat)``) for ``seat``. ``state`` is
        read only through :func:`determinize`."""
        if not actions:
            raise ValueError("SearchBot.choose_in needs at least one legal action.")
        if len(actions) == 1:
            return actions[0]
        start = time.perf_counter()
        rng = Rng(self._rng.next())
        # The view of the seat, from a world: equal to observe(state, seat) by construction.
        first = determinize(state, seat, rng)
        view = observe(first, seat)
        visible = visible_refs(view)
        prior = self._greedy.choose(view, actions)
        candidates = self._candidates(actions, prior, rng)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        done = counted = 0
        world: GameState | None = first
        while done < self.playouts:
            if world is None:
                world = determinize(state, seat, rng, visible)
            playout_seed = rng.next()
            scores = [self._playout(world, seat, action, playout_seed) for action in candidates]
            # A world where a candidate cannot be played (it hangs on a card the world
            # guessed differently) or the playout fails says nothing: it is left out.
            if None not in scores:
                totals = [t + cast(float, s) for t, s in zip(totals, scores, strict=True)]
                counted += 1
            world = None
            done += 1
            if time.perf_counter() - start > self.max_seconds:
                break
        self.timings.append((time.perf_counter() - start, done))
        if not counted:
            return prior
        best = max(range(len(candidates)), key=lambda i: (totals[i], i == 0))
        return candidates[best]

    def _candidates(self, actions: Sequence[Action], prior: Action, rng: Rng) -> list[Action]:
        chosen = [prior]
        for action in (actions[0], *(a for a in actions if a.kind in ("pass", "done"))):
            if action not in chosen:
                chosen.append(action)
        rest = [a for a in actions if a not in chosen]
        while rest and len(chosen) < self.candidates:
            chosen.append(rest.pop(rng.below(len(rest))))
        return chosen[: max(self.candidates, 1)]

    def _playout(self, world: GameState, seat: int, action: Action, seed: int) -> float | None:
        """The score of ``world`` after ``action`` and greedy play to the horizon; None
        when the action is not legal in this world or the playout fails."""
        try:
            state = own(apply(world, action), world)
        except IllegalAction:
            return None
        try:
            return self._rollout(world, state, seat, seed)
        except Exception as exc:  # an engine error in a guessed world must not lose the game
            self.failures += 1
            self.failure_kinds[failure_kind(exc)] += 1
            return None

    def _rollout(self, world: GameState, state: GameState, seat: int, seed: int) -> float:
        late = world.phase in LATE_PHASES or world.phase == "setup"
        stop_round = world.round + (1 if late else 0)
        bots = [GreedyBot(seed * 31 + s, self._cards) for s in range(len(state.players))]
        steps = 0
        while state.result is None and state.round <= stop_round:
            waiting = to_act(state)
            if not waiting or steps >= MAX_PLAYOUT_DECISIONS:
                break
            actor = waiting[0]
            options = legal_actions(state, actor)
            if not options:
                break
            if len(options) == 1:
                choice = options[0]
            else:
                choice = bots[actor].choose(observe(state, actor), options)
            # The playout's own world and an action just listed: neither copied nor checked.
            perform(state, choice)
            steps += 1
        return evaluate(state, seat, self._cards)


def own(state: GameState, world: GameState) -> GameState:
    """``state`` (what ``apply`` gave from ``world``) holding nothing of ``world``'s, so that
    a playout may play on it in place. A pass that only moves a window on, or a selection
    that changes nothing else, gives a state that shares every list and dict with the one
    it came from (``GameState.moved_on``): played on in place, it would change ``world``,
    and every later playout of the decision would start from that changed world (an Epic
    Battle card both next to its plot deck and in the discard pile, then gone: the arena's
    "KeyError at gameplay/engine/state.py:244" playout failures)."""
    return state.copy() if state.players is world.players else state


# --- scoring a world ---------------------------------------------------------------------


def evaluate(state: GameState, seat: int, cards: Mapping[str, CardFacts]) -> float:
    """How good ``state`` is for ``seat``: a win 100, a loss -100, else its side's power
    against the best opposing side's, plus a little for cards in play (their cost), in
    hand, and gold."""
    sides = _sides(state)
    mine = next(side for side in sides if seat in side)
    result = state.result
    if result is not None:
        won = result.get("winners")
        won = list(won) if won is not None else [result.get("winner")]
        if seat in won:
            return 100.0
        if any(s is not None for s in won):
            return -100.0
    scores = [_side_score(state, side, cards) for side in sides]
    own = _side_score(state, mine, cards)
    others = [score for side, score in zip(sides, scores, strict=True) if side is not mine]
    if not others:
        return own
    return own - (max(others) + sum(others) / len(others)) / 2


def _sides(state: GameState) -> list[tuple[int, ...]]:
    teams: dict[object, list[int]] = {}
    for player in state.players:
        key = player.team if player.team is not None else ("seat", player.seat)
        teams.setdefault(key, []).append(player.seat)
    return [tuple(seats) for seats in teams.values()]


def _side_score(state: GameState, side: Sequence[int], cards: Mapping[str, CardFacts]) -> float:
    score = 0.0
    for seat in side:
        player = state.players[seat]
        score += state.total_power(seat)
        for ref in player.in_play:
            facts = cards.get(state.code(ref))
            if facts is not None and facts.type != "plot":
                score += 0.2 * (facts.cost or 0) + 0.1 * (facts.strength or 0)
        score += 0.3 * len(player.hand) + 0.05 * player.gold
    return score / len(side)


# --- determinization: the only door to the state ---------------------------------------


def determinize(
    state: GameState, seat: int, rng: Rng, visible: frozenset[str] | None = None
) -> GameState:
    """A whole state that ``seat`` cannot tell from ``state``: a copy in which every card
    hidden from it is sampled again from a public prior, its own hidden cards (its deck)
    are dealt again among themselves, and the random generator is drawn from ``rng``. The
    result depends on ``state`` only through what ``observe(state, seat)`` shows (and the
    counts and ids of hidden zones, which are public), never on a hidden card's face or
    position. ``visible``: the card ids the seat's view shows (:func:`visible_refs`), which
    keep their faces (a prompt among the cards of a deck being searched, cards it looked
    at); computed when not given.

    Which cards are hidden is read from the state, not from a list of zones: every card id
    in a zone of a player (:func:`card_zones`: hand, deck, plot deck, setup cards, Shadows,
    The Hold, any zone added later) that the view does not show, and every duplicate lying
    face down under a card in play (``moves.FACE_DOWN``) that the view does not show, as a
    hidden card of its owner (its mark re-pointed at the id dealt to its place). A card in
    no zone (an agenda) is public by its code and kept."""
    if visible is None:
        visible = visible_refs(observe(state, seat))
    world = state.copy()
    for name in _CACHES:
        world.__dict__.pop(name, None)
    cards = load_cards(world.card_source or None)
    for player in world.players:
        groups = _hidden_groups(world, player, visible, rng)
        if player.seat == seat:
            # Its own hidden cards: it knows which they are, not where: their faces are
            # dealt again among their places.
            for refs in groups:
                codes = sorted(world.cards[r].code for r in refs)
                rng.shuffle(codes)
                _assign(world, refs, codes)
            continue
        _resample(world, player.seat, cards, rng, groups)
    world.rng = rng.next()
    return world


def card_zones(player: Player) -> list[str]:
    """The names of ``player``'s zones: every field that holds a list (of card ids; a list
    of anything else, ``challenges_done``, holds no card id and is never touched). Read
    from the dataclass, so that a zone added to :class:`Player` is re-sampled without a
    change here."""
    return [f.name for f in fields(player) if isinstance(getattr(player, f.name), list)]


def _hidden_groups(
    world: GameState, player: Player, visible: frozenset[str], rng: Rng
) -> tuple[list[str], list[str]]:
    """Deal ``player``'s hidden card ids again at random over the places they hold, plots
    among the plot zones and every other card among the other zones (which hidden id lies
    in the hand, the deck, Shadows or The Hold says nothing either), and re-point a field
    that names a hidden card (a plot chosen face down) at one of its group. Returns the
    hidden ids of each group (cards, plots), sorted, so that what follows cannot depend on
    where they were."""
    slots: tuple[list[tuple[list[str], int]], ...] = ([], [])
    for name in card_zones(player):
        zone = getattr(player, name)
        group = slots[1] if name in PLOT_ZONES else slots[0]
        group += [(zone, i) for i, ref in enumerate(zone) if _hidden(world, ref, visible)]
    # A duplicate lying face down under a card in play (Ser Davos Seaworth) that the seat
    # does not see is one more hidden card of its owner, dealt with the others.
    marks = _face_down_marks(world, player.seat, visible)
    slots[0].extend(slot for slot, _ in marks)
    groups: list[list[str]] = []
    for group in slots:
        refs = sorted((zone[i] for zone, i in group), key=_ref_key)
        dealt = list(refs)
        rng.shuffle(dealt)
        for (zone, i), ref in zip(group, dealt, strict=True):
            zone[i] = ref
        groups.append(refs)
    for (zone, i), mark in marks:
        mark["card"] = zone[i]  # the mark follows the id now lying face down
    cards, plots = groups
    for f in fields(player):
        ref = getattr(player, f.name)
        if isinstance(ref, str) and _hidden(world, ref, visible):
            # A plot chosen face down is still in the plot deck: any of its hidden ones.
            pool = plots if ref in plots else cards
            if pool:
                setattr(player, f.name, pool[rng.below(len(pool))])
    return cards, plots


def _face_down_marks(
    world: GameState, seat: int, visible: frozenset[str]
) -> list[tuple[tuple[list[str], int], dict]]:
    """The face-down duplicates of ``seat`` hidden from the viewer (``moves.FACE_DOWN``
    marks in ``world.effects``): each one's place (a host's duplicates, index) and mark."""
    found: list[tuple[tuple[list[str], int], dict]] = []
    for mark in world.effects:
        ref = mark.get("card")
        if (
            mark["query"] != FACE_DOWN
            or not isinstance(ref, str)
            or not _hidden(world, ref, visible)
        ):
            continue
        host = world.in_play.get(mark["subject"])
        if world.cards[ref].owner != seat or host is None or ref not in host.duplicates:
            continue
        found.append(((host.duplicates, host.duplicates.index(ref)), mark))
    return found


def _hidden(world: GameState, value: object, visible: frozenset[str]) -> bool:
    """Whether ``value`` is the id of a card (not a challenge type, a code, a title) that
    the seat does not see."""
    return isinstance(value, str) and value in world.cards and value not in visible


def visible_refs(view: object) -> frozenset[str]:
    """Every card id a view shows (``id`` fields, a prompt's candidates and named cards),
    and every id it names with its code: the log's ``card`` and ``code`` (``cards`` and
    ``codes``), which every seat reads. A card a player used from a hidden zone (a
    response from the hand, Greenseer's Raven) is named so while its ability resolves,
    and an id never changes its code (a shuffle gives new ids): guessing that card's face
    again would make a world in which it never was that card."""
    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            ref = node.get("id")
            if isinstance(ref, str):
                found.add(ref)
            cards = node.get("cards")
            if isinstance(cards, dict):
                found.update(k for k in cards if isinstance(k, str))
            named, code = node.get("card"), node.get("code")
            if isinstance(named, str) and isinstance(code, str):
                found.add(named)
            codes = node.get("codes")
            if isinstance(cards, list) and isinstance(codes, list):
                found.update(
                    r
                    for r, c in zip(cards, codes, strict=False)
                    if isinstance(r, str) and isinstance(c, str)
                )
            candidates = node.get("candidates")
            if isinstance(candidates, list):
                found.update(c for c in candidates if isinstance(c, str))
            for value in node.values():
                if isinstance(value, (dict, list)):
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                if isinstance(value, (dict, list)):
                    walk(value)

    walk(view)
    return frozenset(found)


def _ref_key(ref: str) -> int:
    return int(ref[1:])


def _assign(world: GameState, refs: Sequence[str], codes: Sequence[str]) -> None:
    for ref, code in zip(refs, codes, strict=True):
        old = world.cards[ref]
        world.cards[ref] = type(old)(code, old.owner)


def _resample(
    world: GameState,
    seat: int,
    cards: Mapping[str, CardFacts],
    rng: Rng,
    groups: tuple[list[str], list[str]],
) -> None:
    """Sample ``seat``'s hidden cards (as seen by another seat: ``groups``, its hidden
    cards and plots from :func:`_hidden_groups`) from its public prior."""
    hidden_deck, hidden_plots = groups
    hidden = set(hidden_deck) | set(hidden_plots)
    shown = Counter(
        card.code for ref, card in world.cards.items() if card.owner == seat and ref not in hidden
    )
    products = BASE_PRODUCTS | {
        cards[code].product for code in shown if code in cards and cards[code].product
    }
    deck_pool, plot_pool = _prior(world.players[seat].house, products, world.card_source or "")
    if not deck_pool and not plot_pool:  # cards without products (a test's own pool)
        seen = sorted(shown.elements())
        deck_pool = tuple(c for c in seen if c not in cards or cards[c].type != "plot")
        plot_pool = tuple(c for c in seen if c in cards and cards[c].type == "plot")
    for refs, pool in ((hidden_deck, deck_pool), (hidden_plots, plot_pool)):
        if not refs:
            continue
        remaining = list((Counter(pool) - shown).elements())
        codes: list[str] = []
        for _ in refs:
            if remaining:
                codes.append(remaining.pop(rng.below(len(remaining))))
            elif pool:
                codes.append(pool[rng.below(len(pool))])
        if len(codes) < len(refs):  # nothing to sample from: keep the seat's shown cards
            fill = sorted(shown.elements()) or [world.cards[refs[0]].code]
            codes += [fill[rng.below(len(fill))] for _ in range(len(refs) - len(codes))]
        _assign(world, refs, codes)


@lru_cache(maxsize=256)
def _prior(
    house: str, products: frozenset[str], source: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cards a seat of ``house`` may play from ``products``: its House's cards and the
    neutral ones, each as many times as a deck may hold it (cards, plots). Agendas are
    public and never guessed."""
    deck: list[str] = []
    plots: list[str] = []
    for facts in load_cards(source or None).values():
        if facts.product not in products or facts.type not in GUESSED_TYPES:
            continue
        if not (facts.neutral or house in facts.houses):
            continue
        (plots if facts.type == "plot" else deck).extend([facts.code] * facts.deck_limit)
    return tuple(deck), tuple(plots)


def failure_kind(exc: BaseException) -> str:
    """``"<exception type> at <file>:<line>"``: the innermost frame of the engine's own code
    the exception came through (the project-relative path), or its innermost frame."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "gameplay" in Path(f.filename).parts] or frames
    if not ours:
        return type(exc).__name__
    frame = ours[-1]
    parts = Path(frame.filename).parts
    where = "/".join(parts[parts.index("gameplay") :]) if "gameplay" in parts else frame.filename
    return f"{type(exc).__name__} at {where}:{frame.lineno}"
