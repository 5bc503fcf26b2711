"""The game log in words (gameplay/eventlog.py): every event the engine emits has words,
real games read without a fallback or a raw ref, and odd events never raise."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from gameplay import eventlog
from gameplay.engine.rules import pool
from gameplay.engine.simulate import deck_rotation, game_config, play_game
from gameplay.eventlog import QUIET, TEXTS, event_text, generic_text, ref_codes, text_key

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "gameplay" / "engine"
# The first argument of every ``.emit(`` call: a string literal or a variable.
EMIT = re.compile(r"\.emit\(\s*([^\s,)]+)")
# Calls that emit a variable rather than a literal, and every name it can hold (read off
# the code around them): challenges._declare_side emits the side declared; leaving.leave_now
# emits "not_killed"/"not_discarded" for a card that may not leave, else "killed" or
# "discarded_from_play" (leaving.LEAVE). A new call of this kind fails
# test_dynamic_emits_are_listed.
DYNAMIC = {
    ("challenges.py", "side"): {"attackers", "defenders"},
    ("leaving.py", "name"): {"not_killed", "not_discarded"},
    ("leaving.py", "event_name"): {"killed", "discarded_from_play"},
}

NAMES = {"c1": "Eddard Stark", "c2": "Robb Stark", "c3": "Catelyn Stark", "c4": "Ice"}
NAMES |= {"c5": "Eddard Stark", "c6": "Bronn"}  # c5: a duplicate of c1
CODES = {"core_5": "Eddard Stark", "core_39": "Tyrion Lannister", "core_181": "Summoning Season"}
SEATS = ["Ann (Stark)", "Bob (Lannister)", "Cat (Baratheon)", "Dan (Targaryen)"]


def _text(event: dict, **namers) -> str | None:
    return event_text(
        event, card=NAMES.__getitem__, code=CODES.__getitem__, seat=SEATS.__getitem__, **namers
    )


def _emits() -> tuple[set[str], set[tuple[str, str]]]:
    """Event kinds emitted as literals, and (file, variable) of the other emit calls."""
    literal, dynamic = set(), set()
    for path in sorted(ENGINE.rglob("*.py")):
        for arg in EMIT.findall(path.read_text(encoding="utf-8")):
            if arg[0] in "\"'":
                literal.add(arg.strip("\"'"))
            else:
                dynamic.add((path.name, arg))
    return literal, dynamic


def test_the_scan_finds_literal_and_multiline_emits():
    literal, _ = _emits()
    # One-line calls, multi-line calls and calls in the card scripts.
    assert {"income", "challenge_resolved", "marshalled", "left_play", "knelt"} <= literal
    assert {"attachment_moved", "lasting_effect", "title_used"} <= literal
    assert len(literal) > 60


def test_dynamic_emits_are_listed():
    _, dynamic = _emits()
    assert dynamic == set(DYNAMIC)
    for (name, _), kinds in DYNAMIC.items():
        source = next(ENGINE.rglob(name)).read_text(encoding="utf-8")
        assert all(f'"{kind}"' in source for kind in kinds)


def test_every_emitted_event_has_words():
    literal, _ = _emits()
    kinds = literal | set().union(*DYNAMIC.values())
    assert sorted(k for k in kinds if k not in TEXTS and k not in QUIET) == []


def test_every_variant_belongs_to_a_known_event():
    literal, _ = _emits()
    kinds = literal | set().union(*DYNAMIC.values())
    for key in (*TEXTS, *QUIET):
        kind = key.partition("/")[0]
        assert kind in kinds, key
        assert kind in TEXTS, f"{key} has no default sentence"


@pytest.mark.parametrize(
    ("event", "expected"),
    [
        ({"event": "round", "round": 3, "number": 3}, "Round 3 begins."),
        ({"event": "phase", "phase": "marshalling"}, "The marshalling phase begins."),
        ({"event": "income", "seat": 0, "gold": 5}, "Ann (Stark) collects 5 gold income."),
        ({"event": "draw", "seat": 1, "count": 1}, "Bob (Lannister) draws 1 card."),
        (
            {"event": "knelt", "card": "c9", "code": "core_39", "seat": 1},
            "Tyrion Lannister kneels.",
        ),
        (
            {"event": "marshalled", "seat": 0, "card": "c4", "code": "core_5", "gold": 7},
            "Ann (Stark) marshals Eddard Stark for 7 gold.",
        ),
        (
            {"event": "marshalled", "seat": 0, "card": "c4", "gold": 2, "target": "c2"},
            "Ann (Stark) marshals Ice onto Robb Stark for 2 gold.",
        ),
        (
            {"event": "challenge", "seat": 1, "type": "intrigue", "defender": 0},
            "Bob (Lannister) initiates an intrigue challenge against Ann (Stark).",
        ),
        (
            {"event": "attackers", "seat": 0, "cards": ["c1", "c2", "c3"]},
            "Ann (Stark) attacks with Eddard Stark, Robb Stark and Catelyn Stark.",
        ),
        ({"event": "defenders", "seat": 1, "cards": []}, "Bob (Lannister) declares no defenders."),
        (
            {
                "event": "challenge_resolved",
                "type": "military",
                "attacker": 0,
                "defender": 1,
                "strength": [5, 2],
                "winner": 0,
                "unopposed": False,
            },
            "Ann (Stark) wins the military challenge against Bob (Lannister) by 3 STR (5 to 2).",
        ),
        (
            {
                "event": "challenge_resolved",
                "type": "power",
                "attacker": 0,
                "defender": 1,
                "strength": [3, 4],
                "winner": 1,
                "unopposed": False,
            },
            "Bob (Lannister) wins the power challenge defending against Ann (Stark) "
            "by 1 STR (3 to 4).",
        ),
        (
            {
                "event": "challenge_resolved",
                "type": "power",
                "attacker": 0,
                "defender": 1,
                "strength": [0, 0],
                "winner": None,
                "unopposed": False,
            },
            "Nobody wins Ann (Stark)'s power challenge against Bob (Lannister) (0 to 0 STR).",
        ),
        (
            {"event": "claim", "seat": 0, "target": 1, "type": "military", "amount": 2},
            "Military claim: Bob (Lannister) must kill 2 characters.",
        ),
        (
            {"event": "claim", "seat": 0, "target": 1, "type": "intrigue", "amount": 0},
            "Ann (Stark)'s claim is 0: Bob (Lannister) loses nothing.",
        ),
        (
            {"event": "power", "seat": 0, "amount": 1, "card": "c3", "reason": "renown"},
            "Catelyn Stark gains 1 power for Renown.",
        ),
        (
            {"event": "power", "seat": 1, "amount": 1, "reason": "dominance"},
            "Bob (Lannister) gains 1 power for winning dominance.",
        ),
        (
            {"event": "power", "seat": 0, "amount": -2, "card": "c3", "reason": "the_old_way"},
            "Catelyn Stark loses 2 power (The Old Way).",
        ),
        (
            {"event": "power", "seat": 1, "amount": -1, "reason": "prized"},
            "Bob (Lannister) loses 1 power (Prized).",
        ),
        (
            {"event": "to_deck_bottom", "seat": 1, "card": "c9", "code": "core_39"},
            "Tyrion Lannister goes to the bottom of Bob (Lannister)'s deck.",
        ),
        (
            {"event": "power", "seat": 2, "amount": 1, "reason": "lords_of_the_narrow_sea"},
            "Cat (Baratheon) gains 1 power (Lords of the Narrow Sea).",
        ),
        (
            {"event": "power_moved", "seat": 0, "amount": 2, "reason": "claim", "source": 1},
            "Ann (Stark) takes 2 power from Bob (Lannister) (power claim).",
        ),
        (
            {
                "event": "left_play",
                "card": "c1",
                "code": "core_5",
                "to": "dead",
                "power": 2,
                "seat": 0,
            },
            "Eddard Stark leaves play for Ann (Stark)'s dead pile, returning 2 power to the pool.",
        ),
        (
            {"event": "title", "seat": 2, "title": "crown_regent"},
            "Cat (Baratheon) chooses the Crown Regent title.",
        ),
        (
            {"event": "redirected", "seat": 0, "title": "lord_commander", "old": 1, "new": 3},
            "Dan (Targaryen) takes over Ann (Stark)'s challenge against Bob (Lannister) "
            "as Lord Commander.",
        ),
        (
            {
                "event": "revealed",
                "seat": 0,
                "cards": ["c7"],
                "codes": ["core_5"],
                "reason": "search",
            },
            "Ann (Stark) searches their deck and reveals Eddard Stark.",
        ),
        (
            {
                "event": "lasting_effect",
                "query": "strength",
                "subject": "c2",
                "until": "phase",
                "source": "c1",
                "amount": 2,
            },
            "Robb Stark gets +2 STR until the end of the phase (Eddard Stark).",
        ),
        (
            {
                "event": "lasting_effect",
                "query": "can_challenge",
                "subject": "0>1:power",
                "until": "round",
                "source": "c1",
                "value": False,
            },
            "Ann (Stark) cannot initiate power challenges against Bob (Lannister) "
            "until the end of the round (Eddard Stark).",
        ),
        (
            {"event": "stood_all", "cards": ["c1", "c2"]},
            "Eddard Stark and Robb Stark stand.",
        ),
        ({"event": "stood_all", "cards": ["c1"]}, "Eddard Stark stands."),
        (
            {
                "event": "lasting_effect",
                "query": "challenge_toll",
                "subject": "1:military",
                "until": "phase",
                "source": "c6",
                "to": 0,
                "amount": 1,
            },
            "Bob (Lannister) must pay Ann (Stark) 1 gold for each military challenge "
            "until the end of the phase (Bronn).",
        ),
        (
            {"event": "saved", "card": "c1", "code": "core_5", "by": "c5"},
            "Eddard Stark is saved by discarding a duplicate.",
        ),
        ({"event": "saved", "card": "c2", "by": "c6"}, "Robb Stark is saved by Bronn."),
        (
            {"event": "gold_paid", "seat": 1, "gold": 2, "reason": "left_play"},
            "2 gold on a card of Bob (Lannister) returns to the treasury.",
        ),
        ({"event": "game_over", "reason": "power", "side": 1}, "Bob (Lannister) wins the game."),
        (
            {"event": "game_over", "reason": "round_limit"},
            "The round limit is reached: the game ends without a winner.",
        ),
    ],
)
def test_sentences(event, expected):
    assert _text(event) == expected


def test_quiet_lasting_effects_have_no_sentence():
    event = {"event": "lasting_effect", "query": "on_house", "subject": "c4", "until": "play"}
    assert text_key(event) in QUIET
    assert _text(event) is None


def test_a_team_wins_under_its_own_name():
    event = {"event": "game_over", "reason": "power", "side": 1}
    assert (
        _text(event, side=["Ann and Cat", "Bob and Dan"].__getitem__)
        == "Bob and Dan wins the game."
    )


def test_unknown_events_read_as_their_name():
    assert _text({"event": "brand_new_thing", "seat": 1}) == "Bob (Lannister): brand new thing."
    assert _text({"event": "brand_new_thing"}) == "Brand new thing."
    assert _text({}) == "Something happens."
    unknown = {"event": "lasting_effect", "query": "new_rule", "subject": 0, "until": "round"}
    assert _text(unknown) == "Lasting effect (new rule) on Ann (Stark) until the end of the round."


BAD_FIELDS = {
    "seat": "x",
    "card": 12,
    "code": None,
    "cards": "c1",
    "codes": [None],
    "strength": None,
    "winner": "nobody",
    "amount": "3",
    "count": [],
    "totals": {},
    "subject": "1>x:",
    "sides": 7,
    "power": "lots",
    "target": ["c1"],
    "title": 5,
    "reason": 3,
}


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_missing_or_odd_fields_do_not_raise(key):
    kind, _, condition = key.partition("/")
    field, _, value = condition.partition("=")
    for event in ({"event": kind}, {"event": kind, **BAD_FIELDS}):
        if field:  # reach the variant too
            event = {**event, field: int(value) if value.isdigit() else value or None}
        text = _text(event)
        assert text is None or ("None" not in text and "{" not in text), (key, text)


def test_namers_that_fail_leave_placeholders():
    def broken(value):
        raise KeyError(value)

    event = {"event": "stealth", "card": "c99", "target": "c98"}
    assert event_text(event, card=broken, code=broken, seat=broken) == (
        "A card uses Stealth to bypass a card."
    )


def test_ref_codes_reads_cards_and_revealed_lists():
    log = [
        {"event": "killed", "card": "c1", "code": "core_5"},
        {"event": "revealed", "cards": ["c2", "c3"], "codes": ["core_39", "core_181"]},
        {"event": "stood", "card": "c4"},
    ]
    assert ref_codes(log) == {"c1": "core_5", "c2": "core_39", "c3": "core_181"}


# --- real games ------------------------------------------------------------------------

GAMES = [("joust", 2, seed) for seed in range(4)] + [
    ("melee", 3, 1),
    ("melee", 4, 2),
    ("melee", 4, 5),
    ("teams", 4, 0),
    ("teams", 4, 3),
]
RAW_REF = re.compile(r"\bc\d+\b")


@cache
def _game(variant: str, players: int, seed: int):
    config = game_config(deck_rotation(seed, players), seed, variant)
    state, _ = play_game(config, "greedy,random", seed)
    return state


@pytest.mark.parametrize(("variant", "players", "seed"), GAMES)
def test_real_games_read_without_fallback(variant, players, seed):
    state = _game(variant, players, seed)
    cards = pool(state)
    # The log keeps the code of refs a shuffle has renewed since (state.cards forgot them).
    codes = {ref: card.code for ref, card in state.cards.items()} | ref_codes(state.log)
    misses: list[object] = []

    def card(ref: str) -> str:
        if ref not in codes:
            misses.append(ref)
        return cards[codes[ref]].name

    def code(value: str) -> str:
        return cards[value].name

    def seat(n: int) -> str:
        return f"{SEATS[n].split()[0]} ({state.players[n].house})"

    def side(n: int) -> str:
        return f"Team {n + 1}" if variant == "teams" else seat(n)

    assert state.log
    for event in state.log:
        key = text_key(event)
        assert key is not None, f"no words for {event}"
        text = event_text(event, card=card, code=code, seat=seat, side=side)
        if key in QUIET:
            assert text is None
            continue
        assert text and text != generic_text(event, seat=seat), event
        assert not text.startswith("Lasting effect"), event  # a query without words
        assert "None" not in text and "{" not in text and "}" not in text, text
        assert not RAW_REF.search(text), text
        assert not text.startswith(("A card", "A player")), (event, text)
    assert misses == []


def test_real_games_cover_most_events():
    seen = {e["event"] for game in GAMES for e in _game(*game).log}
    assert len(seen) > 50
    assert {"challenge_resolved", "claim", "title", "redirected", "game_over"} <= seen


def test_the_module_is_pure():
    tree = ast.parse(Path(eventlog.__file__).read_text(encoding="utf-8"))
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert not [name for name in imported if name and name.split(".")[0] in ("django", "decks")]


def test_a_card_put_into_play_under_anothers_control_names_both():
    base = {"event": "put_into_play", "seat": 0, "card": "c1", "code": "core_5"}
    assert _text(base) == "Ann (Stark) puts Eddard Stark into play."
    assert _text(base | {"by": 2}) == (
        "Cat (Baratheon) puts Eddard Stark into play under Ann (Stark)'s control."
    )
    assert _text(base | {"by": 1, "target": "c6"}) == (
        "Bob (Lannister) puts Eddard Stark into play under Ann (Stark)'s control attached to Bronn."
    )
