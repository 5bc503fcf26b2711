"""A person's page: ``/people/<username>/``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from decklists.selectors import decklists_by
from people import selectors as sel
from people import services as svc


@require_safe
def person(request: HttpRequest, username: str) -> HttpResponse:
    person = sel.person_or_404(username)
    own = request.user.is_authenticated and request.user.pk == person.pk
    shows = sel.shows_results(person)
    context = {
        "person": person,
        "own": own,
        "decklists": decklists_by(person)[:100],
        "shows_results": shows,
        "results": sel.results_of(person) if shows else [],
    }
    return render(request, "people/person.html", context)


@require_POST
@login_required
def person_settings(request: HttpRequest) -> HttpResponse:
    show = request.POST.get("show_results") == "1"
    svc.profile_set_show_results(user=request.user, show=show)
    if show:
        messages.success(request, "Your page now shows your tournament results.")
    else:
        messages.success(request, "Your page no longer shows your tournament results.")
    return redirect("people:person", request.user.username)
