"""Site-wide guards of every request: NUL bytes refused, and the Content-Security-Policy.

``RejectNulBytesMiddleware`` answers 400 to a request whose path, query string or form
fields hold a NUL character (raw or ``%00``): no page has a use for one, and PostgreSQL
refuses it in text, so that every view that looks a value up would otherwise fail with a
500. Uploaded files are not looked at (they may be binary).

``ContentSecurityPolicyMiddleware`` sends a policy that lets a page run scripts from the
site's own static files only, plus any inline ``<script>`` carrying the request's nonce
(``{{ csp_nonce }}`` in templates, from the ``csp_nonce`` context processor); styles come
from the site's files only (no ``style=`` attributes, no ``<style>`` elements), and no
other site may frame a page. Django's admin and the API's pages (DRF's browsable API and
Redoc) set inline styles, so ``/admin/`` and ``/api/`` allow those, and Redoc's worker and
logo.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from config.errors import error_response

NUL_MESSAGE = (
    "The request contains a NUL character (\\0, or %00 in an address), which no page of "
    "this site accepts: remove it and try again."
)


def has_nul_byte(request: HttpRequest) -> bool:
    if "\x00" in request.path_info or "\x00" in request.path:
        return True
    # Query strings are decoded by %XX escapes only: a NUL is a raw one or %00.
    query = request.META.get("QUERY_STRING", "")
    if "\x00" in query or "%00" in query:
        return True
    if request.method == "POST":
        return any(
            "\x00" in key or any("\x00" in value for value in values)
            for key, values in request.POST.lists()
        )
    return False


class RejectNulBytesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if has_nul_byte(request):
            return error_response(request, 400, "errors/400.html", NUL_MESSAGE)
        return self.get_response(request)


HEADER = "Content-Security-Policy"
POLICY = {
    "default-src": "'self'",
    "script-src": "'self' 'nonce-{nonce}'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "font-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
# Pages of Django's admin and of the API (DRF's browsable API, Redoc) set inline styles;
# Redoc runs a worker from a blob and shows its maker's logo from their site.
THIRD_PARTY_PAGES = ("/admin/", "/api/")
THIRD_PARTY_POLICY = {
    **POLICY,
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data: https://cdn.redoc.ly",
    "worker-src": "'self' blob:",
}


def policy_for(path: str, nonce: str) -> str:
    policy = THIRD_PARTY_POLICY if path.startswith(THIRD_PARTY_PAGES) else POLICY
    return "; ".join(f"{name} {value}" for name, value in policy.items()).format(nonce=nonce)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.csp_nonce = secrets.token_urlsafe(16)
        response = self.get_response(request)
        # Django's debug pages for errors (DEBUG on) are styled and scripted inline.
        technical = settings.DEBUG and response.status_code in {404, 500}
        if HEADER not in response and not technical:
            response[HEADER] = policy_for(request.path, request.csp_nonce)
        return response


def csp_nonce(request: HttpRequest) -> dict[str, str]:
    """Context processor: ``{{ csp_nonce }}`` for an inline script a template must have."""
    return {"csp_nonce": getattr(request, "csp_nonce", "")}
