"""Load fixtures/cards/ into the database; running it twice changes nothing."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards.services import DEFAULT_FIXTURES, FixtureError, cards_load


class Command(BaseCommand):
    help = "Load the card fixtures idempotently (new cards created, changed cards updated)."

    def add_arguments(self, parser):
        parser.add_argument("--path", default=str(DEFAULT_FIXTURES), help="fixtures folder")

    def handle(self, *args, path, **options):
        try:
            report = cards_load(directory=Path(path))
        except FixtureError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(
            f"Products: {report.products_created} created, {report.products_updated} updated. "
            f"Cards: {report.cards_created} created, {report.cards_updated} updated, "
            f"{report.cards_unchanged} unchanged."
        )
        if report.stale_codes:
            self.stdout.write(
                f"{len(report.stale_codes)} cards are no longer in the fixtures and were kept: "
                + ", ".join(report.stale_codes[:20])
            )
