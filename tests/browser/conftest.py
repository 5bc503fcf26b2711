"""Browser tests: real Chromium (Debian's package) driven by Playwright against a live server.

The browser is found at ``MAESTER_CHROMIUM`` or ``/usr/bin/chromium``; without one these tests
skip locally and fail in CI (``.ci/run`` installs it). Playwright's own browser download is never
used: it cannot work on this network.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import IN_CI

# Playwright's sync API runs an event loop in this thread; the test body still talks to the
# database synchronously, which Django would otherwise refuse inside a running loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    path = os.environ.get("MAESTER_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        message = "Chromium is not installed (apt-get install chromium, or set MAESTER_CHROMIUM)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return path


# What Chromium refused under the Content-Security-Policy (config/security.py) during the
# current test; a test that leaves any fails (``no_csp_violations``).
CSP_VIOLATIONS: list[str] = []


def _watch_console(message) -> None:
    text = message.text
    if message.type == "error" and ("Content Security Policy" in text or "evalDisallowed" in text):
        CSP_VIOLATIONS.append(f"{message.location.get('url', '')}: {text}")


class WatchedBrowser:
    """The browser, whose every new context reports CSP violations from its console."""

    def __init__(self, browser) -> None:
        self._browser = browser

    def __getattr__(self, name: str):
        return getattr(self._browser, name)

    def new_context(self, *args, **kwargs):
        context = self._browser.new_context(*args, **kwargs)
        context.on("console", _watch_console)
        return context


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield WatchedBrowser(chromium)
        chromium.close()


@pytest.fixture(autouse=True)
def no_csp_violations():
    """Fail a test whose pages did something the Content-Security-Policy blocked (an inline
    script or style, an event-handler attribute, a script from elsewhere): the feature
    would be broken on the real site."""
    CSP_VIOLATIONS.clear()
    yield
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    if found:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(found))


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def asgi_server(transactional_db, settings):
    """The site under its ASGI server (tests/asgi_server.py), pushing through this process
    (no Redis: one process)."""
    from tests.asgi_server import AsgiServer

    settings.PUSH_REDIS_URL = ""
    server = AsgiServer().start()
    yield server
    server.stop()
    from gameplay import viewstream

    viewstream.close_reader()  # a spectator's stream read on it


@pytest.fixture
def card_pool(transactional_db):
    """Live-server tests run outside a rolled-back transaction: load the cards for real."""
    from cards.selectors import clear_card_caches
    from cards.services import cards_load

    cards_load()
    clear_card_caches()
    yield
    clear_card_caches()
