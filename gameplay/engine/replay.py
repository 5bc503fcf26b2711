"""Replays: a game from its config and action log, and golden replays that pin the rules down.

A golden replay is ``fixtures/replays/<name>.json``::

    {"bot": "random", "bot_seed": 1,
     "config": {"players": [{"house", "deck": [codes], "agenda"}], "seed", "variant",
                "round_limit"},
     "actions": ["p0:setup:place:c3,c9", ...],
     "digest": "<GameState.digest() after the last action>",
     "outcome": {"winner": ..., "reason": ...}}

``check`` replays every file and fails on any difference; after a deliberate rules change,
``rerecord`` writes the new digests (and, where a recorded action is no longer legal, plays
the game again from scratch with the recorded bots and seed)::

    python -m gameplay.engine.replay record --name joust-random-1 --variant joust --seed 1
    python -m gameplay.engine.replay check
    python -m gameplay.engine.replay rerecord
"""

from __future__ import annotations

import argparse
import contextlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, asdict, dataclass, fields, is_dataclass
from pathlib import Path
from typing import Any

from gameplay.engine.abilities import only_scripts
from gameplay.engine.actions import Action
from gameplay.engine.card_facts import default_cards_dir
from gameplay.engine.game import GameConfig, apply_in_place, new_game, outcome
from gameplay.engine.state import GameState

FORMAT_KEYS = ("config", "actions", "digest", "outcome")
RERECORD_HINT = "if the rules change is deliberate, run `python -m gameplay.engine.replay rerecord`"


class ReplayError(ValueError):
    """An action of a replay that cannot be applied; names its index, text and the reason."""

    def __init__(self, index: int, action: str, reason: str) -> None:
        super().__init__(f"Action {index} ({action!r}) cannot be applied: {reason}")
        self.index, self.action, self.reason = index, action, reason


def replays_dir() -> Path:
    """The repository's ``fixtures/replays`` folder."""
    return default_cards_dir().parent / "replays"


# --- configs as plain data -------------------------------------------------------------


def config_to_dict(config: GameConfig) -> dict[str, Any]:
    """Plain JSON data that :meth:`GameConfig.from_dict` reads back to an equal config."""
    data: dict[str, Any] = {
        "players": [
            {"house": p.house, "deck": list(p.deck), "agenda": p.agenda} for p in config.players
        ],
        "seed": config.seed,
        "variant": config.variant,
        "round_limit": config.round_limit,
    }
    # Any further field (cards_dir, and whatever a variant adds) only when it is not the
    # default, so that files stay small and readable by an engine without that field.
    for field in fields(GameConfig):
        if field.name in data or field.name == "players":
            continue
        value = _plain(getattr(config, field.name))
        if field.default is not MISSING:
            default = field.default
        elif field.default_factory is not MISSING:
            default = field.default_factory()
        else:
            default = MISSING
        if value != _plain(default):
            data[field.name] = value
    return data


def _plain(value: Any) -> Any:
    """The value as JSON gives it back (dataclasses as dicts, tuples as lists, keys as
    strings), so that it compares equal to what a replay file holds."""
    if is_dataclass(value) and not isinstance(value, type):
        value = asdict(value)
    return json.loads(json.dumps(value))


def config_from_dict(data: Mapping[str, Any]) -> GameConfig:
    """The :class:`GameConfig` of :func:`config_to_dict` data."""
    return GameConfig.from_dict(data)


# --- replaying -------------------------------------------------------------------------


def replay(config: GameConfig | Mapping[str, Any], actions: Iterable[Action | str]) -> GameState:
    """The state after ``new_game(config)`` and each action in order.

    Raises :class:`ReplayError` naming the first action that does not parse, is illegal or
    makes the engine fail (the original exception is its ``__cause__``); a config that
    cannot start a game raises :class:`~gameplay.engine.game.ConfigError` as ``new_game``
    does.
    """
    if not isinstance(config, GameConfig):
        config = config_from_dict(config)
    state = new_game(config)
    for index, action in enumerate(actions):
        try:
            apply_in_place(state, action)  # the replay's own state, played on in place
        except ValueError as exc:  # IllegalAction and ActionParseError are ValueErrors
            raise ReplayError(index, str(action), str(exc)) from exc
        except Exception as exc:  # an engine bug: still say where the replay broke
            reason = f"the engine raised {type(exc).__name__}: {exc}"
            raise ReplayError(index, str(action), reason) from exc
    return state


def pinned(config: GameConfig) -> contextlib.AbstractContextManager[None]:
    """How a golden replay is played and checked: with only the scripts of the cards' own
    products registered (their code prefix, ``core``, ``kotse`` ...: the Core Set's always),
    so that it pins the rules of what it plays and does not move as other products are
    written (who is asked in a response window depends on every registered card)."""
    codes = [code for p in config.players for code in (*p.deck, *([p.agenda] if p.agenda else []))]
    prefixes = {"core", *(code.partition("_")[0] for code in codes)}
    return only_scripts(lambda code: code.partition("_")[0] in prefixes)


def record(
    config: GameConfig,
    bot: str | Sequence[str] = "random",
    bot_seed: int = 0,
    max_decisions: int = 10_000,
) -> dict[str, Any]:
    """Play a game with bots (``"random"``, ``"greedy"`` or a comma list, one per seat in
    turn) and return it as golden-replay data."""
    from gameplay.engine.simulate import play_game  # simulate reads decks; keep it lazy

    bot_text = bot if isinstance(bot, str) else ",".join(bot)
    with pinned(config):
        state, actions = play_game(config, bot_text, bot_seed, max_decisions)
    return {
        "bot": bot_text,
        "bot_seed": bot_seed,
        "config": config_to_dict(config),
        "digest": state.digest(),
        "outcome": _plain(outcome(state)),
        "rounds": state.round,
        "decisions": state.decisions,
        "actions": [str(a) for a in actions],
    }


def check(data: Mapping[str, Any]) -> list[str]:
    """The problems of golden-replay data (empty when it replays to the recorded digest)."""
    missing = [key for key in FORMAT_KEYS if key not in data]
    if missing:
        return [f"missing keys: {', '.join(missing)}"]
    try:
        config = config_from_dict(data["config"])
        with pinned(config):
            state = replay(config, data["actions"])
    except ReplayError as exc:
        return [f"{exc} ({RERECORD_HINT})"]
    except (ValueError, KeyError, TypeError) as exc:  # ConfigError and malformed configs
        return [f"the config does not start a game: {type(exc).__name__}: {exc}"]
    problems = []
    if _plain(outcome(state)) != data["outcome"]:
        problems.append(f"outcome {outcome(state)} != recorded {data['outcome']}")
    if state.digest() != data["digest"]:
        problems.append(
            f"digest {state.digest()[:12]} != recorded {str(data['digest'])[:12]} ({RERECORD_HINT})"
        )
    return problems


@dataclass(frozen=True)
class Rerecorded:
    """What :func:`rerecord` did: the new data and a one-line account of the change."""

    data: dict[str, Any]
    changed: bool
    how: str


def rerecord(data: Mapping[str, Any], max_decisions: int = 10_000) -> Rerecorded:
    """New golden-replay data for the current rules.

    The recorded actions are kept when they all stay legal and the game still ends (or
    still does not) where it did; then only the digest and outcome are renewed. Otherwise
    the game is played again from scratch by the recorded bots and bot seed.
    Raises ``ValueError`` (with the reason) when the config no longer starts a game.
    """
    config = config_from_dict(data["config"])
    new = dict(data)
    why = ""
    try:
        with pinned(config):
            state = replay(config, data["actions"])
    except ReplayError as exc:
        why = str(exc)
    else:
        if (outcome(state) is None) != (data.get("outcome") is None):
            why = f"the recorded actions now end with outcome {outcome(state)}"
    if why:
        if "bot" not in data or "bot_seed" not in data:
            raise ValueError(f"{why}; no bot and bot_seed recorded to play it again.")
        fresh = record(config, data["bot"], data["bot_seed"], max_decisions)
        new.update(fresh)
        new["config"] = data["config"]  # keep the file's own spelling of the config
        return Rerecorded(new, True, f"played again by the bots ({why})")
    new["digest"], new["outcome"] = state.digest(), _plain(outcome(state))
    new["rounds"], new["decisions"] = state.round, state.decisions
    if new["digest"] == data.get("digest") and new["outcome"] == data.get("outcome"):
        return Rerecorded(new, False, "unchanged")
    return Rerecorded(
        new, True, f"digest {str(data.get('digest'))[:12]} -> {new['digest'][:12]}, same actions"
    )


# --- files -----------------------------------------------------------------------------


def load(path: Path) -> dict[str, Any]:
    """Read one golden-replay file."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def dump(data: Mapping[str, Any]) -> str:
    """The file text: one key per line, one action per line, each deck on one line."""
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "actions":
            inner = ",\n".join(f"  {json.dumps(a)}" for a in value)
            text = f"[\n{inner}\n ]" if value else "[]"
        elif key == "config":
            text = _dump_config(value)
        else:
            text = json.dumps(value, sort_keys=True)
        lines.append(f" {json.dumps(key)}: {text}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dump_config(config: Mapping[str, Any]) -> str:
    parts = []
    for key, value in config.items():
        if key == "players":
            players = ",\n".join(f"   {json.dumps(p)}" for p in value)
            parts.append(f'  "players": [\n{players}\n  ]')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(parts) + "\n }"


def files(folder: Path, names: Sequence[str] = ()) -> list[Path]:
    """The replay files in ``folder`` (all, or the given names)."""
    if names:
        return [folder / (n if n.endswith(".json") else f"{n}.json") for n in names]
    return sorted(folder.glob("*.json"))


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point: ``record``, ``check`` and ``rerecord``."""
    from gameplay.engine.simulate import DEFAULT_PLAYERS, deck_rotation, game_config

    parser = argparse.ArgumentParser(
        prog="python -m gameplay.engine.replay",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--dir", type=Path, default=None, help="default: fixtures/replays")
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="play a game with bots and write it")
    rec.add_argument("--name", required=True)
    rec.add_argument("--variant", default="joust")
    rec.add_argument("--seed", type=int, required=True, help="the game seed")
    rec.add_argument("--bot", default="random", help="random, greedy or greedy,random")
    rec.add_argument("--bot-seed", type=int, help="default: the game seed")
    rec.add_argument("--players", type=int, help="default: 2 for joust, 4 for melee/teams")
    rec.add_argument("--decks", help="deck names, comma-separated (default: Core, by seed)")
    rec.add_argument("--round-limit", type=int, default=10)
    rec.add_argument("--force", action="store_true", help="overwrite an existing file")
    for name, text in (("check", "check every file"), ("rerecord", "renew every file")):
        sub = commands.add_parser(name, help=text)
        sub.add_argument("names", nargs="*", help="file names (default: all)")
    args = parser.parse_args(argv)
    folder: Path = args.dir or replays_dir()

    if args.command == "record":
        players = args.players or DEFAULT_PLAYERS.get(args.variant, 2)
        if args.decks:
            decks = tuple(d.strip() for d in args.decks.split(",") if d.strip())
        else:
            decks = deck_rotation(args.seed, players)
        path = folder / f"{args.name}.json"
        if path.exists() and not args.force:
            parser.error(f"{path} exists; pass --force to overwrite it")
        bot_seed = args.seed if args.bot_seed is None else args.bot_seed
        try:
            config = game_config(decks, args.seed, args.variant, args.round_limit)
            data = {"decks": list(decks), **record(config, args.bot, bot_seed)}
        except (ValueError, OSError) as exc:
            parser.error(f"{type(exc).__name__}: {exc}")
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(dump(data), encoding="utf-8")
        print(f"{path.name}: {len(data['actions'])} actions, outcome {data['outcome']}")
        return 0

    paths = files(folder, args.names)
    if not paths:
        print(f"No replay files in {folder}.")
        return 1
    failed = 0
    for path in paths:
        try:
            data = load(path)
        except (OSError, ValueError) as exc:
            print(f"{path.name}: cannot read: {exc}")
            failed += 1
            continue
        if args.command == "check":
            problems = check(data)
            failed += bool(problems)
            print(f"{path.name}: " + ("; ".join(problems) if problems else "ok"))
            continue
        try:
            result = rerecord(data)
        except Exception as exc:  # report it and go on with the other files
            print(f"{path.name}: NOT re-recorded: {type(exc).__name__}: {exc}")
            failed += 1
            continue
        if result.changed:
            path.write_text(dump(result.data), encoding="utf-8")
        print(f"{path.name}: {result.how}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
