"""The whole game state as plain data that serializes to JSON and back unchanged.

Every physical card is an instance with an id (``c<n>``) in :attr:`GameState.cards`; zones
are lists of ids (a deck's top is index 0). Cards in play also have an :class:`InPlay`
record (kneel state, power, what they are attached to, duplicates under them). Ids of a
shuffled zone are renewed at every shuffle (:func:`shuffle_zone`), so an id seen before a
hidden shuffle says nothing about a card after it.
"""

from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from gameplay.engine.rng import Rng, seed_state


@dataclass(frozen=True)
class Card:
    """A physical card: what it is and who brought it to the game."""

    code: str
    owner: int


@dataclass
class InPlay:
    """The in-play state of a card (character, location or attachment)."""

    controller: int
    knelt: bool = False
    power: int = 0
    attached_to: str | None = None
    duplicates: list[str] = field(default_factory=list)
    # Gold tokens placed on the card (Tywin Lannister), spendable by its controller.
    gold: int = 0


@dataclass
class Player:
    """One seat: House, agenda, zones, gold and per-round flags."""

    seat: int
    house: str
    agenda: str | None = None
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    plot_deck: list[str] = field(default_factory=list)
    used_plots: list[str] = field(default_factory=list)
    revealed_plot: str | None = None
    chosen_plot: str | None = None
    setup_cards: list[str] = field(default_factory=list)
    setup_done: bool = False
    in_play: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    # Cards removed from the game (public, out of every other zone).
    removed: list[str] = field(default_factory=list)
    # Cards in Shadows (face down, out of play: only their owner sees them).
    shadows: list[str] = field(default_factory=list)
    # Black Sails' Hold (out of play, only its owner sees it) and the cards placed on the
    # agenda (The Maester's Path's Chains: out of play, public).
    hold: list[str] = field(default_factory=list)
    on_agenda: list[str] = field(default_factory=list)
    # A card of the game made this seat's only agenda ("instead attach him to your House
    # card as your only agenda": The Kindly Man); None while the agenda is the one the seat
    # started with (``agenda``, its code). Public; out of every zone.
    agenda_card: str | None = None
    gold: int = 0
    power: int = 0
    limited_played: bool = False
    # Challenge types (military/intrigue/power) this seat initiated this phase.
    challenges_done: list[str] = field(default_factory=list)
    # Cards drawn by effects this round (the draw cap is 3).
    effect_draws: int = 0
    limited_response_used: bool = False
    title: str | None = None
    team: int | None = None
    # Titles held besides ``title`` this round ("select a second Title ... and use both
    # Titles this round": I Fight to Win); left out of the digest while empty.
    extra_titles: list[str] = field(default_factory=list)
    # Cards attached face down to a card in play ("attach that character facedown to The
    # Brave Companions"): out of play, only their owner sees them; the card's script says
    # what they lie under. Left out of the digest while empty.
    facedown: list[str] = field(default_factory=list)


@dataclass
class GameState:
    """A match at one moment. ``queue`` holds the remaining rules steps (dicts, see steps)."""

    players: list[Player]
    variant: str = "joust"
    seed: int | str = 0  # a seed beyond 64 bits as its decimal text (JSON-safe)
    rng: int | str = 0  # the generator's state (gameplay.engine.rng)
    round: int = 0
    round_limit: int = 10
    phase: str = "setup"
    first_player: int = 0
    next_id: int = 1
    card_source: str = ""
    cards: dict[str, Card] = field(default_factory=dict)
    in_play: dict[str, InPlay] = field(default_factory=dict)
    queue: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    decisions: int = 0
    result: dict[str, Any] | None = None
    # Lasting effects: dicts ``{"query", "subject", "amount" or "value", "until", ...}``
    # (see abilities.py); they are data so a half-resolved effect serializes.
    effects: list[dict[str, Any]] = field(default_factory=list)
    # The challenge being resolved (see challenges.py), else None.
    challenge: dict[str, Any] | None = None
    # Once-per-round uses ("ability:<ref>:<i>", "title:<name>", "opposes:<seat>").
    used: list[str] = field(default_factory=list)
    # Titles still in the pool this round (melee), in the rulebook's order.
    title_pool: list[str] = field(default_factory=list)
    littlefinger: bool = False
    # Table actions (table.py): pending requests, looks, whether they are off. Empty until
    # one is used, and then left out of the digest while empty (golden replays keep theirs).
    table: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-compatible data; :meth:`from_json` gives back an equal state."""
        return asdict(self)

    def to_plain(self) -> dict[str, Any]:
        """The same data as :meth:`to_json`, sharing this state's lists and dicts instead
        of copying them: for serializing at once (``json.dumps``), never to keep or edit.
        Several times faster than ``asdict``, which copies every nested value."""

        def plain(obj: Any, names: tuple[str, ...]) -> dict[str, Any]:
            return {name: getattr(obj, name) for name in names}

        out = plain(self, _FIELDS["state"])
        out["players"] = [plain(p, _FIELDS["player"]) for p in self.players]
        out["cards"] = {ref: plain(c, _FIELDS["card"]) for ref, c in self.cards.items()}
        out["in_play"] = {ref: plain(r, _FIELDS["in_play"]) for ref, r in self.in_play.items()}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any], *, owned: bool = False) -> GameState:
        """Rebuild a state from :meth:`to_json` output (or its ``json.loads``). With
        ``owned`` the caller hands ``data`` over (fresh from ``json.loads``) and it is used
        as it is instead of copied first: a stored match loads several times faster."""
        if not owned:
            data = copy.deepcopy(data)
        data["players"] = [Player(**p) for p in data["players"]]
        data["cards"] = {k: Card(**v) for k, v in data["cards"].items()}
        data["in_play"] = {k: InPlay(**v) for k, v in data["in_play"].items()}
        return cls(**data)

    def copy(self) -> GameState:
        """A deep, independent copy (by hand: every field is a list, dict or scalar).

        Built without the dataclasses' ``__init__`` (a copy is made for every action, and
        the generated ``__init__`` with its defaults costs more than the copying itself)."""
        new_player = Player.__new__
        players = []
        for p in self.players:
            player = new_player(Player)
            data = p.__dict__.copy()
            for name in _PLAYER_LISTS:
                data[name] = data[name].copy()
            player.__dict__ = data
            players.append(player)
        new_record = InPlay.__new__
        in_play = {}
        for ref, r in self.in_play.items():
            record = new_record(InPlay)
            data = r.__dict__.copy()
            data["duplicates"] = data["duplicates"].copy()
            record.__dict__ = data
            in_play[ref] = record
        mine = vars(self)
        new = GameState.__new__(GameState)
        new.__dict__ = {k: mine[k] for k in _FIELDS["state"]}  # scalars and shared values
        new.__dict__.update(
            players=players,
            in_play=in_play,
            cards=dict(self.cards),  # Card is frozen, so copies share them
            # Only the steps the engine changes in place are copied (SHARED_STEPS).
            queue=[
                step if step["name"] in SHARED_STEPS else _step_copy(step) for step in self.queue
            ],
            log=self.log[:],  # events are never changed once emitted
            result=dict(self.result) if self.result else None,
            effects=[dict(effect) for effect in self.effects],
            challenge=clone(self.challenge),
            used=self.used[:],
            title_pool=self.title_pool[:],
            table=clone(self.table),
        )
        _carry_caches(mine, new)
        return new

    def moved_on(self, head: dict[str, Any]) -> GameState:
        """This state with ``head`` in place of its head step and one more decision, sharing
        every other list and dict with it: a pass that only moves a window on to the next
        seat changes nothing else (``game.apply``). Safe because the engine never edits a
        state it has returned (``apply`` edits its own copy); code that edits a state by
        hand (a test setting a position up) must do it before playing from it."""
        mine = vars(self)
        new = GameState.__new__(GameState)
        new.__dict__ = {k: mine[k] for k in _FIELDS["state"]}
        new.queue = [head, *self.queue[1:]]
        new.decisions = self.decisions + 1
        _carry_caches(mine, new)
        checked = mine.get("_checked")  # the checks' mark (steps.checked): nothing they read
        if checked is not None:  # has changed
            new.__dict__["_checked"] = checked
        return new

    def digest(self) -> str:
        """A stable hash of the whole state (golden replays compare these)."""
        data = self.to_plain()
        if not data["table"]:
            del data["table"]  # a state from before table actions digests as it did
        for player in data["players"]:
            zones = ("shadows", "hold", "on_agenda", "extra_titles", "agenda_card", "facedown")
            for zone in zones:
                if not player.get(zone):
                    player.pop(zone, None)  # likewise before Shadows, the Hold, cards on agendas
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    # --- small helpers used by the rules ---------------------------------------------

    def emit(self, event: str, **data: Any) -> None:
        """Append a structured event (codes and numbers, never prose) to the log."""
        self.log.append({"event": event, "round": self.round, **data})

    def new_card(self, code: str, owner: int) -> str:
        """Create a card instance and return its id."""
        ref = f"c{self.next_id}"
        self.next_id += 1
        self.cards[ref] = Card(code, owner)
        return ref

    def code(self, ref: str) -> str:
        """The printed card code of an instance."""
        return self.cards[ref].code

    def turn_order(self) -> list[int]:
        """Seats from the first player, clockwise."""
        n = len(self.players)
        return [(self.first_player + i) % n for i in range(n)]

    def opponents(self, seat: int) -> list[int]:
        """Seats that are ``seat``'s opponents, clockwise from its left (partners are not)."""
        n = len(self.players)
        team = self.players[seat].team
        others = [(seat + i) % n for i in range(1, n)]
        return [s for s in others if team is None or self.players[s].team != team]

    def clockwise_from_left(self, seat: int) -> list[int]:
        """Every seat clockwise starting left of ``seat`` and ending with ``seat``."""
        n = len(self.players)
        return [(seat + i) % n for i in range(1, n + 1)]

    def total_power(self, seat: int) -> int:
        """Power on the House card plus power on cards the seat controls."""
        player = self.players[seat]
        in_play = self.in_play
        total = player.power
        for ref in player.in_play:  # a loop: read after every step (checks.check_victory)
            total += in_play[ref].power
        return total

    def random_below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` from the state's generator."""
        rng = Rng(self.rng)
        value = rng.below(n)
        self.rng = rng.state
        return value


# The list fields of a player (each copy gets its own lists; the rest are scalars).
_PLAYER_LISTS = tuple(f.name for f in fields(Player) if f.default_factory is list)

# Field names in declaration order (the order ``asdict`` writes them in).
_FIELDS = {
    "state": tuple(f.name for f in fields(GameState)),
    "player": tuple(f.name for f in fields(Player)),
    "card": tuple(f.name for f in fields(Card)),
    "in_play": tuple(f.name for f in fields(InPlay)),
}


# Automatic steps that are never changed in place once queued (they are only read, then
# popped): copies of a state share them. Windows, prompts, removals (saves are recorded on
# them) and abilities being resolved (a cancel marks them) are changed, so each copy gets
# its own; a new kind of step that is changed in place must not be listed here.
SHARED_STEPS = frozenset(
    {
        "begin_phase",
        "enter_phase",
        "phase_window",
        "choose_plots",
        "plot_actions_before_reveal",
        "reveal_plots",
        "initiative",
        "when_revealed",
        "reveal_effect",
        "recycle_plots",
        "select_titles",
        "draw_phase",
        "marshal_turns",
        "collect_income",
        "challenges_phase",
        "dominance",
        "standing",
        "taxation",
        "return_titles",
        "start_round",
        "forced",
        "crown_regent",
        "stealth",
        "challenge_window",
        "ask_defenders",
        "no_defenders",
        "resolve_challenge",
        "unopposed",
        "before_claim",
        "claim",
        "title_rewards",
        "renown",
        "deadly",
        "vigilant_vengeful",
        "challenge_responses",
        "end_challenge",
    }
)


# The caches a copy of a state keeps (see GameState.copy): each is ``(key, value)`` where the
# key is read from the state itself (lengths of the log, effects and cards in play, the
# registry's version...), never from which object it is, so it is as valid on a copy as on
# the original. Caches that may hold what a player cannot see are dropped by the search
# bot's determinized worlds (search.py). The transient ``_acting`` is never carried.
CARRIED_CACHES = (
    "_passive_cache",
    "_blank_cache",
    "_zero_sources",
    "_public_view",
    "_game_codes",
    "_live_queries",
    "_agenda_cards",
    "_hand_triggers",
    "_game_zones",
    "_usable_zones",
    "_season_watchers",
    "_victory_checked",
    "_checks_looked_at",
)


# The carried caches whose container is filled in place after it is made (one entry per
# query or per window kind, as they are asked): each copy gets its own. Every other carried
# cache is made whole and never changed afterwards (a new key makes a new one), so copies
# share it; a cache added to CARRIED_CACHES that is filled in place belongs here.
FILLED_CACHES = frozenset({"_passive_cache", "_usable_zones", "_public_view"})

_CONTAINERS = frozenset({dict, list})


def _carry_caches(mine: dict[str, Any], new: GameState) -> None:
    """Rule caches keyed by what they depend on (abilities.py, checks.py) stay valid for a
    copy until that key changes; a cache filled in place (FILLED_CACHES) is copied, so
    that what one state adds to it never shows in another."""
    into = new.__dict__
    for name in CARRIED_CACHES:
        cached = mine.get(name)
        if cached is not None:
            if name in FILLED_CACHES:
                found = cached[1]
                cached = (cached[0], type(found)(found))
            into[name] = cached


def _step_copy(step: dict[str, Any]) -> dict[str, Any]:
    """A copy of a queued step the engine may change in place. A window changes only its
    counters (``i``, ``passes``: scalars), its seat order and its ``responded`` list (both
    copied) and ``last`` (replaced, never edited); its ``event``, like the log's events, is
    never changed once the window is made, so copies share it (most of a window's size)."""
    if step["name"] != "window":
        return clone(step)
    new = dict(step)
    new["order"] = step["order"][:]
    responded = step.get("responded")
    if responded is not None:
        new["responded"] = responded[:]
    return new


def clone(data: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, scalars), faster than copy.deepcopy
    (scalars and tuples, which never change, are shared without a call each)."""
    kind = type(data)
    if kind is dict:
        return {k: clone(v) if type(v) in _CONTAINERS else v for k, v in data.items()}
    if kind is list:
        return [clone(v) if type(v) in _CONTAINERS else v for v in data]
    return data


def shuffle_zone(state: GameState, zone: list[str]) -> None:
    """Shuffle a hidden zone in place and give its cards fresh ids.

    Fresh ids are assigned before the shuffle, so an id tells nothing about a position.
    """
    renewed = []
    for ref in zone:
        card = state.cards.pop(ref)
        renewed.append(state.new_card(card.code, card.owner))
    rng = Rng(state.rng)
    rng.shuffle(renewed)
    state.rng = rng.state
    zone[:] = renewed


def draw(state: GameState, seat: int, count: int) -> int:
    """Draw up to ``count`` cards from the top of the deck (from the bottom while a
    ``draw_from_bottom`` lasting effect is on: Secret Hideout); returns how many were drawn."""
    player = state.players[seat]
    if any(e["query"] == "draw_from_bottom" for e in state.effects):
        drawn = player.deck[::-1][:count]  # the bottom card first
        del player.deck[len(player.deck) - len(drawn) :]
    else:
        drawn = player.deck[:count]
        del player.deck[: len(drawn)]
    player.hand.extend(drawn)
    if drawn:
        state.emit("draw", seat=seat, count=len(drawn))
    return len(drawn)


def initial_rng(seed: int | str) -> int | str:
    """The generator state for a seed (hashing spreads nearby seeds apart; a seed of more
    than 64 bits keeps all of them: :func:`gameplay.engine.rng.seed_state`)."""
    return seed_state(seed)
