"""Print an event as its JSON export (the same document as the organizer's download)."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.exports.services import event_export
from tournaments.models import Event


class Command(BaseCommand):
    help = "Export an event (settings, entrants, decklists, rounds, results, standings) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int, help="the id of the event")
        parser.add_argument("--out", help="write to this file instead of printing")

    def handle(self, *args, event_id, out, **options):
        event = Event.objects.filter(pk=event_id).first()
        if event is None:
            raise CommandError(f"No event has the id {event_id}.")
        text = json.dumps(event_export(event), indent=2, ensure_ascii=False)
        if not out:
            self.stdout.write(text)
            return
        try:
            Path(out).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot write {out}: {exc.strerror or exc}") from None
        self.stderr.write(f"Wrote {event.name} (event {event.pk}) to {out}.")
