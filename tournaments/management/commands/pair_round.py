"""Pair one round from JSON: the same code as the organizer's site (pair_round_json)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from tournaments.pairing import PairingError, pair_round_json


class Command(BaseCommand):
    help = (
        'Pair a round from JSON {"format", "round", "seed", "entrants": [...]}; '
        'prints {"tables": [...], "byes": [...]} (explanations with --explain).'
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", required=True, dest="path", help="input file, - for stdin")
        parser.add_argument("--explain", action="store_true", help="include the explanations")

    def handle(self, *args, path, explain, **options):
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            self._fail(f"cannot read {path}: {exc.strerror or exc}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            self._fail(f"{path}: not valid JSON: {exc}")
        try:
            result = pair_round_json(data)
        except PairingError as exc:
            self._fail(f"{path}: {exc}")
        out = {"tables": result["tables"], "byes": result["byes"]}
        if explain:
            out["explanations"] = result["explanations"]
            out["method"] = result["method"]
        self.stdout.write(json.dumps(out))

    def _fail(self, message: str) -> None:
        self.stderr.write(f"pair_round: {message}")
        sys.exit(2)
