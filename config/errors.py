"""Error answers that must work when nothing else does: no database, no cache, no user.

The templates (``templates/errors/``) extend a base of their own that reads nothing from
the request (``base.html`` shows the logged-in user, which needs the database), and they
are rendered without a request context. Requests for ``/api/`` get JSON instead.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.views import defaults

# The database could not be reached or gave up (connection lost, server restarting,
# a statement or lock timeout, a deadlock): nothing the request wrote was committed.
DATABASE_UNAVAILABLE = (OperationalError, InterfaceError)
NOT_SAVED = "Your last action was not saved; please try again in a moment."
RETRY_AFTER_SECONDS = 30


def wants_json(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def error_response(
    request: HttpRequest, status: int, template: str, message: str, **context: object
) -> HttpResponse:
    if wants_json(request):
        return JsonResponse({"detail": message}, status=status)
    html = loader.get_template(template).render({"message": message, **context})
    return HttpResponse(html, status=status)


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: a 503 that says nothing was saved when the database is out of
    reach, else a plain 500 page. Called while the exception is being handled."""
    error = sys.exc_info()[1]
    if isinstance(error, DATABASE_UNAVAILABLE):
        response = error_response(request, 503, "errors/503.html", NOT_SAVED)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    else:
        message = "Something went wrong on our side, and we have been told. Please try again."
        response = error_response(request, 500, "errors/500.html", message)
    response["Cache-Control"] = "no-store"
    return response


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler404``: Django's page, or JSON under ``/api/`` (a client of the API reads
    JSON whatever the address it got wrong)."""
    if wants_json(request):
        found = getattr(exception, "args", None)
        said = str(found[0]) if found and isinstance(found[0], str) else ""
        message = said or f"No such address in the API: {request.path}. See /api/docs/."
        return JsonResponse({"detail": message}, status=404)
    return defaults.page_not_found(request, exception)  # type: ignore[arg-type]


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """``handler400``: Django's answer to a request it could not read."""
    message = "The request could not be understood. Check the address and try again."
    return error_response(request, 400, "errors/400.html", message)


class MethodNotAllowedPage:
    """A page, not Django's empty 405, for an address opened the wrong way (a form's
    address typed in or bookmarked, most often): it says what the address is for."""

    def __init__(self, get_response):  # type: ignore[no-untyped-def]
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or response.streaming or response.content:
            return response
        allowed = response.get("Allow", "")
        if allowed.strip().upper() == "POST":
            message = (
                "This address takes a form's answer only: open the page with the form "
                "and send it from there."
            )
        else:
            message = f"This address cannot be opened with {request.method}."
        page = error_response(request, 405, "errors/405.html", message)
        if allowed:
            page["Allow"] = allowed
        return page
