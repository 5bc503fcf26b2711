"""The ability vocabulary: how card text talks to the rules without reaching into them.

A card whose text needs code registers a :class:`Script` under its card code
(``register``). A script declares:

- **passives**: functions folded into a *query* (``strength``, ``icons``, ``claim``,
  ``can_defend`` ...). The engine asks :func:`value` for every derived number or permission,
  so a passive never edits the state; it only answers.
- **abilities**: triggered abilities (:class:`Ability`): actions playable in named phases
  ("Challenges:", "Any Phase:"), responses to engine triggers, saves and cancels. Each has
  costs (:class:`Cost`), an optional target rule, a condition and an effect.
- **when_revealed**: the effect of a plot when it is revealed.

Lasting effects ("until the end of the phase, that character gets +2 STR") are data in
``state.effects`` (:func:`add_lasting`), folded into the same queries and dropped when their
duration ends. Effects that must ask a player something push a prompt step whose
continuation is a handler registered by name (:func:`handler`), so a half-resolved
effect serializes like everything else.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gameplay.engine.cards import CardFacts, load_cards
from gameplay.engine.state import GameState

Ctx = dict[str, Any]
PassiveFn = Callable[[GameState, str, Any, Any], Any]
Handler = Callable[[GameState, dict[str, Any], list[str]], None]

NUMERIC = frozenset(
    {
        "strength",
        "plot_income",
        "income_bonus",
        "income",
        "initiative",
        "claim",
        "draw_phase_cards",
        "challenge_gold",
        "event_gold",
        "dominance",
    }
)
SETS = frozenset({"icons", "keywords", "immune", "traits", "crests"})
# Anything else is a permission: True unless a passive or lasting effect says otherwise.

DURATIONS = ("challenge", "phase", "round", "play")


@dataclass(frozen=True)
class Cost:
    """A cost paid before an ability resolves: ``kneel_self``, ``gold`` (amount),
    ``influence`` (amount, by kneeling cards with influence), ``discard_self`` (events)."""

    kind: str
    amount: int = 0


KNEEL_SELF = Cost("kneel_self")


@dataclass(frozen=True)
class Ability:
    """A triggered ability.

    ``kind``: ``action`` (used in ``phases``; "any" for Any Phase), ``response`` (after the
    engine trigger ``trigger``), ``save`` (when a card would leave play) or ``cancel``.
    ``targets(state, ctx)`` lists candidate target refs (one is chosen) or is None;
    ``condition(state, ctx)`` must hold; ``effect(state, ctx)`` resolves it (``ctx`` has
    ``source``, ``seat``, ``target`` and, for responses, ``event``).
    """

    kind: str
    effect: Callable[[GameState, Ctx], None]
    phases: tuple[str, ...] = ("any",)
    trigger: str | None = None
    costs: tuple[Cost, ...] = ()
    targets: Callable[[GameState, Ctx], list[str]] | None = None
    condition: Callable[[GameState, Ctx], bool] | None = None
    once_per_round: bool = False
    limited_response: bool = False
    from_hand: bool = False


@dataclass
class Script:
    """Everything a card's text adds to the rules (see the module docstring)."""

    passives: dict[str, list[PassiveFn]] = field(default_factory=dict)
    abilities: list[Ability] = field(default_factory=list)
    when_revealed: Callable[[GameState, Ctx], None] | None = None
    # Forced effects at engine moments ("standing_begins", "round_ends" ...), not choices.
    forced: dict[str, list[Callable[[GameState, Ctx], None]]] = field(default_factory=dict)


_POOLS: dict[str, Mapping[str, CardFacts]] = {}


def pool(state: GameState) -> Mapping[str, CardFacts]:
    """The card facts the state's cards refer to."""
    found = _POOLS.get(state.card_source)
    if found is None:
        found = _POOLS[state.card_source] = load_cards(state.card_source or None)
    return found


def facts(state: GameState, ref: str) -> CardFacts:
    """The printed facts of a card instance."""
    return pool(state)[state.cards[ref].code]


SCRIPTS: dict[str, Script] = {}
# query -> codes with a passive for it: most queries have none, so value() skips the scan.
PASSIVE_CODES: dict[str, set[str]] = {}
HANDLERS: dict[str, Handler] = {}
EFFECTS: dict[str, Callable[[GameState, Ctx], None]] = {}


def register(
    code: str,
    *abilities: Ability,
    passives: dict[str, PassiveFn | list[PassiveFn]] | None = None,
    when_revealed: Callable[[GameState, Ctx], None] | None = None,
    forced: dict[str, Callable[[GameState, Ctx], None]] | None = None,
) -> Script:
    """Register (or extend) the script of a card code."""
    script = SCRIPTS.setdefault(code, Script())
    script.abilities.extend(abilities)
    for query, fns in (passives or {}).items():
        fns = fns if isinstance(fns, list) else [fns]
        script.passives.setdefault(query, []).extend(fns)
        PASSIVE_CODES.setdefault(query, set()).add(code)
    if when_revealed is not None:
        script.when_revealed = when_revealed
    for moment, fn in (forced or {}).items():
        script.forced.setdefault(moment, []).append(fn)
    return script


def fire_forced(state: GameState, moment: str) -> None:
    """Schedule the forced effects of active sources at ``moment`` as steps, in turn order
    of their controllers (the first player orders simultaneous passive effects). As steps,
    an effect that asks a question is answered before the next effect starts."""
    order = state.turn_order()
    found = []
    for ref in sources(state):
        script = SCRIPTS.get(state.cards[ref].code)
        if script is not None and moment in script.forced:
            for index in range(len(script.forced[moment])):
                found.append((order.index(controller(state, ref)), ref, index))
    found.sort(key=lambda item: item[0])
    steps = [{"name": "forced", "moment": moment, "source": r, "index": i} for _, r, i in found]
    state.queue[0:0] = steps


def run_forced(state: GameState, step: dict[str, Any]) -> None:
    """The ``forced`` step: one forced effect, if its source is still active."""
    ref = step["source"]
    if ref not in state.cards or ref not in set(sources(state)):
        return
    fn = SCRIPTS[state.cards[ref].code].forced[step["moment"]][step["index"]]
    fn(state, {"source": ref, "seat": controller(state, ref)})


def handler(name: str) -> Callable[[Handler], Handler]:
    """Register a prompt continuation under ``name`` (the name is what steps store)."""

    def wrap(fn: Handler) -> Handler:
        if name in HANDLERS and HANDLERS[name] is not fn:
            raise ValueError(f"Two handlers are named {name!r}.")
        HANDLERS[name] = fn
        return fn

    return wrap


def controller(state: GameState, ref: str) -> int:
    """Who controls a card in play (a plot: its owner)."""
    record = state.in_play.get(ref)
    return record.controller if record is not None else state.cards[ref].owner


def sources(state: GameState) -> Iterator[str]:
    """Cards whose passive text is active: revealed plots and cards in play."""
    for player in state.players:
        if player.revealed_plot:
            yield player.revealed_plot
        yield from player.in_play


def value(state: GameState, query: str, subject: Any, base: Any) -> Any:
    """``base`` after every passive of an active source and every lasting effect."""
    codes = PASSIVE_CODES.get(query)
    if codes:
        cards = state.cards
        for ref in sources(state):
            code = cards[ref].code
            if code in codes:
                for fn in SCRIPTS[code].passives[query]:
                    base = fn(state, ref, subject, base)
    for effect in state.effects:
        if effect["query"] == query and effect["subject"] == subject:
            if query in NUMERIC:
                base += effect["amount"]
            elif query in SETS:
                base = (base | set(effect.get("add", ()))) - set(effect.get("remove", ()))
            else:
                base = base and effect["value"]
    return base


def allowed(state: GameState, query: str, subject: Any) -> bool:
    """A permission query (``can_defend``, ``can_be_killed`` ...): True unless forbidden."""
    return bool(value(state, query, subject, True))


def add_lasting(
    state: GameState, query: str, subject: Any, until: str, source: str | None = None, **data: Any
) -> None:
    """Add a lasting effect (``amount`` for numbers, ``add``/``remove`` lists for sets,
    ``value`` for permissions) lasting ``until`` the end of the challenge, phase or round,
    or while the subject stays in play (``play``)."""
    if until not in DURATIONS:
        raise ValueError(f"until must be one of {DURATIONS}")
    state.effects.append(
        {"query": query, "subject": subject, "until": until, "source": source, **data}
    )
    state.emit("lasting_effect", query=query, subject=subject, until=until, source=source, **data)


def effect(name: str) -> Callable[[Callable[[GameState, Ctx], None]], Callable]:
    """Register a named effect a delayed effect can run later (names serialize)."""

    def wrap(fn: Callable[[GameState, Ctx], None]) -> Callable[[GameState, Ctx], None]:
        EFFECTS[name] = fn
        return fn

    return wrap


def add_delayed(
    state: GameState, trigger: str, seat: int, name: str, source: str | None, **data: Any
) -> None:
    """ "If you win the challenge, ...": run effect ``name`` for ``seat`` when ``trigger``
    happens to that seat before the challenge ends (``challenge_won``)."""
    state.effects.append(
        {
            "query": f"delayed:{trigger}",
            "subject": seat,
            "until": "challenge",
            "source": source,
            "effect": name,
            "seat": seat,
            **data,
        }
    )


def run_delayed(state: GameState, trigger: str, seat: int) -> None:
    """Run (once) the delayed effects waiting for ``trigger`` to happen to ``seat``."""
    query = f"delayed:{trigger}"
    due = [e for e in state.effects if e["query"] == query and e["subject"] == seat]
    state.effects = [e for e in state.effects if not (e["query"] == query and e["subject"] == seat)]
    for entry in due:
        EFFECTS[entry["effect"]](state, entry)


def end_lasting(state: GameState, until: str) -> None:
    """Drop the lasting effects that end with the challenge, the phase or the round."""
    ends = {"challenge": ("challenge",), "phase": ("challenge", "phase")}
    ends["round"] = (*ends["phase"], "round")
    state.effects = [e for e in state.effects if e["until"] not in ends[until]]


def forget_card(state: GameState, ref: str) -> None:
    """Drop the lasting effects on a card that left play (it is a new card if it returns)."""
    state.effects = [e for e in state.effects if e["subject"] != ref]


# --- derived values of cards ---------------------------------------------------------


def strength(state: GameState, ref: str) -> int:
    """Current STR of a character: printed value after all modifiers, never below 0."""
    return max(0, value(state, "strength", ref, facts(state, ref).strength or 0))


def icons(state: GameState, ref: str) -> set[str]:
    """Current challenge icons of a character."""
    return value(state, "icons", ref, set(facts(state, ref).icons))


def keywords(state: GameState, ref: str) -> set[str]:
    """Current keywords (lower case) of a card."""
    return value(state, "keywords", ref, set(facts(state, ref).keywords))


_IMMUNITY_PARTS = {
    "events": {"event"},
    "character abilities": {"character"},
    "location abilities": {"location"},
    "location effects": {"location"},
    "attachments": {"attachment"},
    "plot card effects": {"plot"},
    "plot effects": {"plot"},
    "triggered effects": {"character", "location", "attachment", "event", "agenda", "plot"},
    "card effects": {"character", "location", "attachment", "event", "agenda", "plot"},
    "non-plot card effects": {"character", "location", "attachment", "event", "agenda"},
}


def immunities(words: set[str]) -> tuple[set[str], set[str]]:
    """Read immunity keywords: (kinds immune to from anyone, kinds immune to from
    opponents). ``"Immune to opponent's events and character abilities"`` gives
    ``(set(), {"event", "character"})``."""
    anyone: set[str] = set()
    theirs: set[str] = set()
    for word in words:
        text = word.lower().replace("\u2019", "'").strip().rstrip(".")
        if not text.startswith("immune to "):
            continue
        text = text[len("immune to ") :]
        bucket = anyone
        for prefix in ("opponent's ", "opponents' "):
            if text.startswith(prefix):
                text, bucket = text[len(prefix) :], theirs
        for part in text.split(" and "):
            bucket |= _IMMUNITY_PARTS.get(part.strip(), set())
    return anyone, theirs


def immune_to(state: GameState, ref: str, kind: str, seat: int) -> bool:
    """Whether ``ref`` ignores an effect of a card of type ``kind`` (``character``,
    ``event``, ``location``, ``attachment``, ``plot``, ``agenda``) controlled by ``seat``."""
    anyone, theirs = immunities(keywords(state, ref) | value(state, "immune", ref, set()))
    if kind in anyone:
        return True
    opponent = seat != controller(state, ref) and seat in state.opponents(controller(state, ref))
    return opponent and kind in theirs
