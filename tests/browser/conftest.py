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


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def card_pool(transactional_db):
    """Live-server tests run outside a rolled-back transaction: load the cards for real."""
    from decks.selectors import clear_card_caches
    from decks.services import cards_load

    cards_load()
    clear_card_caches()
    yield
    clear_card_caches()
