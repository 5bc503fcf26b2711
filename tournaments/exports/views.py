"""Export pages: standings as CSV, the whole event as JSON, and importing an event back.

Thin views: they read the request, call one selector or service of ``tournaments.exports.services``
and render. A file a user gets wrong comes back on the form with every problem listed
(status 400), never as a server error.
"""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods

from tournaments.exports.services import (
    MAX_FILE_BYTES,
    DuplicateImport,
    event_export,
    event_import,
    import_notes,
    read_export,
    standings_csv,
)
from tournaments.models import Event
from tournaments.services import EventError, can_manage


class EventImportForm(forms.Form):
    file = forms.FileField(
        label="Event export (.json)",
        error_messages={"required": "Choose the .json file of an event export."},
    )
    allow_duplicate = forms.BooleanField(
        required=False,
        label="Import it even if it matches an event already on the site (a second copy)",
    )


def _filename(event: Event, suffix: str) -> str:
    slug = slugify(event.name) or f"event-{event.pk}"
    return f"{slug}-{event.date.isoformat()}{suffix}"


def _attachment(response: HttpResponse, filename: str) -> HttpResponse:
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@require_GET
def event_standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    response = HttpResponse(standings_csv(event), content_type="text/csv; charset=utf-8")
    return _attachment(response, _filename(event, "-standings.csv"))


@require_GET
def event_export_json(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole event, every decklist included (published or not): organizers only."""
    event = get_object_or_404(Event, pk=pk)
    if not can_manage(event, request.user):
        raise PermissionDenied("Only the organizers of this event may export it.")
    body = json.dumps(event_export(event), indent=2, ensure_ascii=False)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    patch_cache_control(response, private=True, no_store=True)
    return _attachment(response, _filename(event, ".json"))


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def event_import_view(request: HttpRequest) -> HttpResponse:
    """Restore an event from its JSON export, as a new event organized by the user."""
    if request.method != "POST":
        return render(request, "tournaments/event_import.html", {"form": EventImportForm()})
    form = EventImportForm(request.POST, request.FILES)
    problems: list[str] = []
    error = ""
    matches: list[Event] = []
    status = 400
    if form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            if upload.size > MAX_FILE_BYTES:
                raise EventError(
                    f"The file is too large; an event export is at most "
                    f"{MAX_FILE_BYTES // 1024 // 1024} MB."
                )
            event = event_import(
                data=read_export(upload.read()),
                organizer=request.user,
                allow_duplicate=form.cleaned_data["allow_duplicate"],
            )
        except DuplicateImport as exc:
            error, matches, status = str(exc), exc.matches, 409
        except EventError as exc:
            error, problems = str(exc), exc.problems
        else:
            messages.success(
                request, f"Imported {event.name} with {event.entrants.count()} entrants."
            )
            for note in import_notes(event):
                messages.warning(request, note)
            return redirect(event.get_absolute_url())
    context = {"form": form, "error": error, "problems": problems, "matches": matches}
    return render(request, "tournaments/event_import.html", context, status=status)
