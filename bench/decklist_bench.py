"""Reading decklists, hostile and normal, through the one reader (``parse_decklist``).

    python bench/decklist_bench.py [--repeat N] [--hostile-repeat N] [--api]

Issue 15: one anonymous ``POST /api/decks/validate/`` of 10,000 unknown lines (140 KB, under
the body limit) held a worker past gunicorn's timeout. This times, in-process with the name
index built once from the fixtures (no database, as the pure reader takes it):

- *normal*: each Core Set starter decklist (``fixtures/decks/``), and one with three typos;
- *10,000 unknown lines*: the worst-case body of the issue (140 KB);
- *unknown lines at the line cap*: the largest list the reader still reads line by line, every
  line a distinct name that is no card;
- *one long line*: a 1,500-character line with a run of spaces (backtracking in the line
  patterns made its cost grow with the cube of its length).

A list the reader refuses (too many lines) counts as read: the refusal is the answer.

With ``--api``, the normal decklist and the 10,000 lines are also sent to
``POST /api/decks/validate/`` through Django's test client (production settings on a SQLite
file under ``bench/results/``, request rates off): the whole request, reading and validating.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import random

from _setup import ROOT, machine, summary, timed

from decks.decklist import DecklistError, NameIndex, parse_decklist

SYLLABLES = (
    "ka",
    "lo",
    "ve",
    "mi",
    "dra",
    "zu",
    "th",
    "qo",
    "rin",
    "el",
    "wy",
    "fen",
    "gor",
    "bac",
    "ul",
)


def unknown_lines(count: int, seed: int = 15) -> str:
    """``count`` distinct names that are no card, about 14 characters a line."""
    rng = random.Random(seed)
    lines = []
    for number in range(count):
        word = "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()
        lines.append(f"{word} {number:05d}")
    return "\n".join(lines)


def read(text: str, index: NameIndex) -> None:
    # Refused whole (DecklistError): the new reader's answer to an oversized list.
    with contextlib.suppress(DecklistError):
        parse_decklist(text, index)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=200, help="runs of each normal decklist")
    parser.add_argument("--hostile-repeat", type=int, default=20, help="runs of hostile bodies")
    parser.add_argument(
        "--cap", type=int, default=500, help="lines of the 'at the line cap' body (the cap)"
    )
    parser.add_argument("--api", action="store_true", help="also time the validate endpoint")
    args = parser.parse_args()
    fixtures = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "fixtures" / "cards").glob("*.json"))
    ]
    index = NameIndex.from_fixtures(fixtures)
    decklists = ROOT / "fixtures" / "decks"
    texts = [p.read_text(encoding="utf-8") for p in sorted(decklists.glob("*.txt"))]
    stark = (decklists / "core-stark.txt").read_text(encoding="utf-8")
    typos = stark.replace("Eddard Stark", "Edard Stark").replace("Direwolf", "Direwolff")
    typos = typos.replace("Winterfell Kennels", "Winterfel Kennels")
    worst = unknown_lines(10_000)
    at_cap = unknown_lines(args.cap)
    long_line = "3x Eddard" + " " * 1_500 + "Stark?"

    normal: list[float] = []
    for text in texts:
        normal += timed(lambda t=text: read(t, index), args.repeat)
    report = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "normal_decklist": summary(normal),
        "decklist_with_3_typos": summary(timed(lambda: read(typos, index), args.repeat)),
        "10000_unknown_lines": {
            "bytes": len(worst.encode()),
            **summary(timed(lambda: read(worst, index), args.hostile_repeat)),
        },
        f"{args.cap}_unknown_lines": summary(
            timed(lambda: read(at_cap, index), args.hostile_repeat)
        ),
        "one_1500_character_line": summary(
            timed(lambda: read(long_line, index), args.hostile_repeat)
        ),
    }
    if args.api:
        report |= api_report(texts, worst, args)
    print(json.dumps(report, indent=2))


def api_report(texts: list[str], worst: str, args: argparse.Namespace) -> dict:
    from _setup import django_with_cards

    django_with_cards()
    from django.conf import settings
    from django.test import Client, override_settings

    no_rates = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {"anon": None, "user": None}}
    override_settings(REST_FRAMEWORK=no_rates).enable()
    client = Client()

    def validate(text: str, status: int) -> None:
        response = client.post(
            "/api/decks/validate/", {"decklist": text}, content_type="application/json"
        )
        assert response.status_code == status, response.content[:200]

    normal: list[float] = []
    for text in texts:
        normal += timed(lambda t=text: validate(t, 200), max(10, args.repeat // 4))
    return {
        "api_validate_normal_decklist": summary(normal),
        "api_validate_10000_unknown_lines": summary(
            timed(lambda: validate(worst, 400), args.hostile_repeat)
        ),
    }


if __name__ == "__main__":
    main()
