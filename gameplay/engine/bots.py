"""Bots: they see only :func:`observe` and :func:`legal_actions`, never the state itself.

Both bots are deterministic given their seed and what they are shown: all their randomness
comes from their own :class:`~gameplay.engine.rng.Rng`.

>>> from gameplay.engine.actions import Action
>>> GreedyBot(1).choose({"seat": 0}, [Action(0, "pass"), Action(0, "first_player", choice="0")])
Action(seat=0, kind='first_player', cards=(), choice='0')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from gameplay.engine.actions import Action
from gameplay.engine.card_facts import CardFacts, load_cards
from gameplay.engine.numbers import whole_number
from gameplay.engine.rng import Rng
from gameplay.engine.rules import SETUP_GOLD

T = TypeVar("T")
View = Mapping[str, Any]
CHALLENGE_KINDS = ("challenge:military", "challenge:intrigue", "challenge:power")
# The prompts of the tournament mulligan (mulligan.py) and Obara Sand's additional one.
MULLIGANS = ("mulligan", "obara_mulligan")


class Bot(Protocol):
    """What the simulation, the replays and the benchmarks need of a bot."""

    def choose(self, view: View, actions: Sequence[Action]) -> Action: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (which must not be empty); ``view`` is the seat's observation."""
        if not actions:
            raise ValueError("RandomBot.choose needs at least one legal action.")
        return actions[self._rng.below(len(actions))]


class GreedyBot:
    """A simple greedy player reading only its view and printed card facts.

    Mulligan: keeps a hand with a character of printed cost 5 or less, else takes it.
    Setup: the placement with the most printed cost (then the most cards). Plots: the most
    income. Marshalling: the most expensive playable card (attachments onto its own
    characters), then duplicates, then pass. First player: itself. Challenges: declares one
    only where its standing characters with the icon outmuscle the defender's; attacks with
    its strongest characters until the attack beats every possible defence; defends with the
    fewest strongest characters that win, or not at all; kills its cheapest characters.
    Windows: Ambush with its most expensive card, answer a response window with one of its
    responses, otherwise pass (action abilities are left to the random bot).
    Anything else, and any decision whose view lacks a field it needs: uniformly random.
    Ties are broken at random too.
    """

    def __init__(self, seed: int, cards: Mapping[str, CardFacts] | None = None) -> None:
        self._rng = Rng(seed)
        self._cards = cards if cards is not None else load_cards()

    # --- the decision ----------------------------------------------------------------

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (which must not be empty); ``view`` is the seat's observation."""
        if not actions:
            raise ValueError("GreedyBot.choose needs at least one legal action.")
        kinds = {a.kind for a in actions}
        choice: Action | None = None
        try:
            if kinds == {"setup:place"}:
                choice = self._setup(view, actions)
            elif "plot:choose" in kinds:
                choice = self._plot(view, actions)
            elif "first_player" in kinds:
                choice = self._first_player(view, actions)
            elif (view.get("prompt") or {}).get("purpose") in MULLIGANS:
                choice = self._mulligan(view, actions)
            elif kinds & set(CHALLENGE_KINDS):
                choice = self._declare(view, actions)
            elif view.get("prompt") and kinds & {"select", "done"}:
                choice = self._prompt(view, actions)
            elif kinds & {"marshal:play", "marshal:duplicate"}:
                choice = self._marshal(view, actions)
            elif "pass" in kinds and kinds <= {"use", "pass", "give"}:
                choice = self._window(view, actions)
        except (KeyError, TypeError, ValueError, AttributeError):
            # A view without a field this bot reads (or of another shape): play randomly.
            choice = None
        if choice is None or choice not in actions:
            return self._random(actions)
        return choice

    # --- phases ----------------------------------------------------------------------

    def _setup(self, view: View, actions: Sequence[Action]) -> Action:
        codes = card_codes(view)
        return self._best(
            actions, lambda a: (sum(self._cost(codes[r]) for r in a.cards), len(a.cards))
        )

    def _mulligan(self, view: View, actions: Sequence[Action]) -> Action | None:
        """Keep, unless the hand has no character it could place in setup."""
        me = next(p for p in view["players"] if p["seat"] == view["seat"])
        facts = [self._facts(card["code"]) for card in me["hand"]]
        keep = any(f.type == "character" and (f.cost or 0) <= SETUP_GOLD for f in facts)
        options = [a for a in actions if a.kind == "choose"]
        return next((a for a in options if (a.choice == "keep") == keep), None)

    def _plot(self, view: View, actions: Sequence[Action]) -> Action:
        codes = card_codes(view)
        plots = [a for a in actions if a.kind == "plot:choose"]
        return self._best(plots, lambda a: self._facts(codes[a.cards[0]]).income or 0)

    def _first_player(self, view: View, actions: Sequence[Action]) -> Action | None:
        me = str(view["seat"])
        return next((a for a in actions if a.kind == "first_player" and a.choice == me), None)

    def _marshal(self, view: View, actions: Sequence[Action]) -> Action | None:
        codes = card_codes(view)
        mine = {c["id"] for c in in_play_cards(view) if c.get("controller") == view["seat"]}
        plays = [a for a in actions if a.kind == "marshal:play"]
        # An attachment onto someone else's character is a last resort (it may help them).
        own = [a for a in plays if len(a.cards) == 1 or a.cards[1] in mine]

        # The dearest card first; gold rather than influence (Plaza of Purification's
        # ``influence_N`` variants) when the card can be paid either way.
        def dearest(a: Action) -> tuple[int, bool]:
            return self._cost(codes[a.cards[0]]), not a.choice.startswith("influence_")

        if own:
            return self._best(own, dearest)
        duplicates = [a for a in actions if a.kind == "marshal:duplicate"]
        if duplicates:
            return self._best(duplicates, lambda a: 0)
        if plays:
            return self._best(plays, dearest)
        return next((a for a in actions if a.kind == "pass"), None)

    def _window(self, view: View, actions: Sequence[Action]) -> Action | None:
        passing = _find(actions, "pass")
        uses = [a for a in actions if a.kind == "use"]
        if not uses:
            return passing
        ambush = [a for a in uses if a.choice == "ambush"]
        if ambush:
            codes = card_codes(view)
            return self._best(ambush, lambda a: self._cost(codes[a.cards[0]]))
        point = view.get("point") or {}
        if point.get("kind") == "response":
            return self._best(uses, lambda a: 0)
        return passing

    def _declare(self, view: View, actions: Sequence[Action]) -> Action | None:
        me = view["seat"]
        cards = in_play_cards(view)
        margins: dict[Action, int] = {}
        for action in actions:
            defender = whole_number(action.choice)
            if action.kind not in CHALLENGE_KINDS or defender is None:
                continue
            icon = action.kind.split(":", 1)[1]
            mine = self._standing_strength(cards, me, icon)
            theirs = self._standing_strength(cards, defender, icon)
            if mine > theirs:
                margins[action] = mine - theirs
        if margins:
            return self._best(list(margins), margins.__getitem__)
        return next((a for a in actions if a.kind == "pass"), None)

    def _prompt(self, view: View, actions: Sequence[Action]) -> Action | None:
        prompt = view["prompt"]
        purpose = prompt["purpose"]
        if purpose == "attackers":
            return self._attackers(view, actions)
        if purpose in ("defenders", "support_defenders"):
            return self._defenders(view, actions)
        if "kill" in purpose:
            return self._kill(view, actions)
        return None

    def _attackers(self, view: View, actions: Sequence[Action]) -> Action | None:
        challenge = view["challenge"]
        cards = {c["id"]: c for c in in_play_cards(view)}
        defence = self._standing_strength(cards.values(), challenge["defender"], challenge["type"])
        attack = sum(self._strength(cards[r]) for r in _selected(view))
        selects = _selects(view, actions)
        done = _find(actions, "done")
        if done is not None and _selected(view) and attack >= defence:
            return done
        if selects:
            return self._best(selects, lambda a: self._strength(cards[a.cards[0]]))
        return done

    def _defenders(self, view: View, actions: Sequence[Action]) -> Action | None:
        challenge = view["challenge"]
        cards = {c["id"]: c for c in in_play_cards(view)}
        attack = challenge.get("attacker_strength")
        if attack is None:
            attack = sum(self._strength(cards[r]) for r in challenge["attackers"])
        defence = sum(self._strength(cards[r]) for r in _selected(view))
        done = _find(actions, "done")
        if defence > attack and done is not None:
            return done
        selects = _selects(view, actions)
        # The defender wins only with strictly more strength; the strongest first need the
        # fewest characters. If even all of them cannot win, do not defend at all.
        ranked = sorted((self._strength(cards[a.cards[0]]) for a in selects), reverse=True)
        if selects and defence + sum(ranked) > attack:
            return self._best(selects, lambda a: self._strength(cards[a.cards[0]]))
        return done

    def _kill(self, view: View, actions: Sequence[Action]) -> Action | None:
        prompt = view["prompt"]
        done = _find(actions, "done")
        if done is not None and len(_selected(view)) >= prompt.get("min", 1):
            return done
        selects = _selects(view, actions)
        if not selects:
            return done
        codes = card_codes(view)
        mine = [a for a in selects if _controller(view, a.cards[0]) == view["seat"]]
        return self._best(mine or selects, lambda a: -self._cost(codes[a.cards[0]]))

    # --- helpers ---------------------------------------------------------------------

    def _facts(self, code: str) -> CardFacts | _Unknown:
        return self._cards.get(code) or _UNKNOWN

    def _cost(self, code: str) -> int:
        return self._facts(code).cost or 0

    def _strength(self, card: Mapping[str, Any]) -> int:
        value = card.get("strength")
        if value is None:
            value = self._facts(card["code"]).strength
        return value or 0

    def _icons(self, card: Mapping[str, Any]) -> Iterable[str]:
        icons = card.get("icons")
        return icons if icons is not None else self._facts(card["code"]).icons

    def _is_character(self, card: Mapping[str, Any]) -> bool:
        if card.get("type"):  # its type in play, not the printed one (a Reserve, a Banner)
            return card["type"] == "character"
        facts = self._facts(card["code"])
        if facts is _UNKNOWN:
            return card.get("strength") is not None
        return facts.type == "character"

    def _standing_strength(self, cards: Iterable[Mapping[str, Any]], seat: int, icon: str) -> int:
        """The total strength of ``seat``'s standing characters with ``icon``."""
        return sum(
            self._strength(c)
            for c in cards
            if c.get("controller") == seat
            and not c["knelt"]
            and self._is_character(c)
            and icon in self._icons(c)
        )

    def _best(self, items: Sequence[T], key: Callable[[T], Any]) -> T:
        """The item with the greatest key; ties at random."""
        scored = [(key(item), item) for item in items]
        top = max(score for score, _ in scored)
        tied = [item for score, item in scored if score == top]
        return tied[0] if len(tied) == 1 else tied[self._rng.below(len(tied))]

    def _random(self, actions: Sequence[Action]) -> Action:
        return actions[self._rng.below(len(actions))]


class _Unknown:
    """Facts of a card code the pool does not know: nothing printed."""

    type = ""
    cost = None
    strength = None
    income = None
    icons: frozenset[str] = frozenset()


_UNKNOWN = _Unknown()

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bots(spec: str | Sequence[str], seats: int, seed: int) -> list[Bot]:
    """One bot per seat from ``"random"``, ``"greedy"`` or a list/comma list of them
    (seat ``i`` gets the ``i``-th, cycling); seat ``i``'s bot is seeded ``seed * 31 + i``."""
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else list(spec)
    unknown = [n for n in names if n not in BOTS]
    if not names or unknown:
        raise ValueError(f"Unknown bot {unknown or names!r}; known: {', '.join(BOTS)}.")
    return [BOTS[names[seat % len(names)]](seed * 31 + seat) for seat in range(seats)]


# --- reading a view --------------------------------------------------------------------


def in_play_cards(view: View) -> list[Mapping[str, Any]]:
    """Every in-play card dict of every player in ``view``."""
    return [card for player in view["players"] for card in player.get("in_play", ())]


def card_codes(view: View) -> dict[str, str]:
    """Card ref -> printed code for every card whose face ``view`` shows."""
    codes: dict[str, str] = {}

    def add(card: Mapping[str, Any] | None) -> None:
        if card and card.get("id") is not None:  # not a face-down duplicate
            codes[card["id"]] = card["code"]

    for player in view["players"]:
        for zone in ("hand", "plot_deck", "setup_cards", "used_plots", "discard", "dead"):
            for card in player.get(zone) or ():
                add(card)
        add(player.get("revealed_plot"))
        add(player.get("chosen_plot"))
        for card in player.get("in_play") or ():
            add(card)
            for duplicate in card.get("duplicates") or ():
                add(duplicate)
    return codes


def _controller(view: View, ref: str) -> int | None:
    return next((c.get("controller") for c in in_play_cards(view) if c["id"] == ref), None)


def _selected(view: View) -> list[str]:
    return list(view["prompt"].get("selected") or ())


def _selects(view: View, actions: Sequence[Action]) -> list[Action]:
    chosen = set(_selected(view))
    return [a for a in actions if a.kind == "select" and a.cards and a.cards[0] not in chosen]


def _find(actions: Sequence[Action], kind: str) -> Action | None:
    return next((a for a in actions if a.kind == kind), None)
