"""Convert the community card file into the project's fixtures (fixtures/cards/)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.cardpool import CardDataError, convert_pool, fixture_filename
from cards.services import DEFAULT_FIXTURES


class Command(BaseCommand):
    help = (
        "Convert agot1.json (the community card pool) into fixtures/cards/, one file per product."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="path to agot1.json")
        parser.add_argument("--out", default=str(DEFAULT_FIXTURES), help="output folder")

    def handle(self, *args, path, out, **options):
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CommandError(f"cannot read {path}: {exc}") from exc
        if not isinstance(raw, list):
            raise CommandError(f"{path}: expected a JSON array of cards")
        try:
            fixtures = convert_pool(raw)
        except (CardDataError, KeyError, TypeError) as exc:
            raise CommandError(f"{path}: {exc!r}") from exc
        out_dir = Path(out)
        out_dir.mkdir(parents=True, exist_ok=True)
        written = set()
        for fixture in fixtures:
            name = fixture_filename(fixture)
            text = json.dumps(fixture, ensure_ascii=False, indent=1) + "\n"
            (out_dir / name).write_text(text, encoding="utf-8")
            written.add(name)
        # Drop fixtures of products that no longer exist (only our own NN-name.json files).
        for old in out_dir.glob("[0-9][0-9]-*.json"):
            if old.name not in written:
                old.unlink()
        cards = sum(len(f["cards"]) for f in fixtures)
        self.stdout.write(f"Wrote {len(fixtures)} products, {cards} cards to {out_dir}")
