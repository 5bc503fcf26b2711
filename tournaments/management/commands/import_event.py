"""Restore an event from its JSON export, as a new event of an existing account."""

from __future__ import annotations

import sys
from pathlib import Path

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError

from tournaments.exports.services import DuplicateImport, event_import, import_notes, read_export
from tournaments.services import EventError


class Command(BaseCommand):
    help = "Import an event export (from export_event or the site) as a new event."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the .json export, - for stdin")
        parser.add_argument(
            "--organizer", required=True, help="username of the account that will organize it"
        )
        parser.add_argument(
            "--allow-duplicate",
            action="store_true",
            help="import even if an event of the same name and date is already on the site",
        )

    def handle(self, *args, path, organizer, allow_duplicate=False, **options):
        user = User.objects.filter(username=organizer).first()
        if user is None:
            raise CommandError(f"No account is named {organizer!r}; create it first.")
        try:
            raw = sys.stdin.buffer.read() if path == "-" else Path(path).read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror or exc}") from None
        try:
            event = event_import(
                data=read_export(raw), organizer=user, allow_duplicate=allow_duplicate
            )
        except DuplicateImport as exc:
            raise CommandError(f"{path}: {exc} (--allow-duplicate imports it anyway)") from None
        except EventError as exc:
            if not exc.problems:
                raise CommandError(f"{path}: {exc}") from None
            listed = "".join(f"\n  - {problem}" for problem in exc.problems)
            raise CommandError(f"{path}: nothing was imported:{listed}") from None
        for note in import_notes(event):
            self.stderr.write(f"warning: {note}")
        self.stdout.write(
            f"Imported {event.name} as event {event.pk} "
            f"({event.entrants.count()} entrants, {event.round_set.count()} rounds)."
        )
