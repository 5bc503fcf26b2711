"""Check a decklist file: exit 0 when valid, 1 when not, 2 when the file cannot be read."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from decks.check import UnreadableDeck, deck_check
from decks.validation import FORMATS


class Command(BaseCommand):
    help = "Validate a text or JSON decklist for a format and print the verdict."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a text decklist or a JSON deck ('-' reads stdin)")
        parser.add_argument("--format", default="joust", choices=sorted(FORMATS))
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

    def handle(self, *args, **options):
        file, fmt, as_json = options["file"], options["format"], options["json"]
        try:
            content = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            self._fail(f"Cannot read {file}: {error}", as_json)
        try:
            result = deck_check(content, fmt)
        except UnreadableDeck as error:
            self._fail(str(error), as_json)
        if as_json:
            self.stdout.write(_dumps(result.to_dict()))
        else:
            self._print(result, fmt)
        sys.exit(0 if result.valid else 1)

    def _print(self, result, fmt: str) -> None:
        label = FORMATS[fmt].label
        verdict = "is legal" if result.valid else "is NOT legal"
        name = f"{result.name}: " if result.name else ""
        self.stdout.write(
            f"{name}{result.deck.house or 'no House'}, {result.plot_count} plots, "
            f"{result.deck_count} cards in the House deck. The deck {verdict} for {label}."
        )
        for problem in result.problems:
            self.stdout.write(f"  problem: {problem['message']}")
        for warning in result.warnings:
            self.stdout.write(f"  warning: {warning['message']}")
        for note in result.notes:
            self.stdout.write(f"  note: {note['message']}")

    def _fail(self, message: str, as_json: bool) -> None:
        if as_json:
            payload = {"valid": False, "error": message, "problems": [], "warnings": []}
            self.stdout.write(_dumps(payload))
        else:
            self.stderr.write(message)
        sys.exit(2)


def _dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
