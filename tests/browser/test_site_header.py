"""Pages on a phone: every header link on screen, nothing wider than a 390 px screen."""

from __future__ import annotations

import pytest


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/cards/?q=ned",
        "/cards/help/",
        "/products/core/",
        "/events/",
        "/play/",
        "/accounts/login/",
    ],
)
def test_the_header_and_the_page_fit_a_phone(live_server, card_pool, phone, path):
    phone.goto(live_server.url + path)
    widths = phone.evaluate(
        """() => ({
            page: document.documentElement.scrollWidth,
            header: document.querySelector('.site-header').scrollWidth,
            links: [...document.querySelectorAll('.site-header a')].map(
                a => a.getBoundingClientRect().right),
        })"""
    )
    assert widths["page"] <= 390 and widths["header"] <= 390, widths
    assert max(widths["links"]) <= 390, widths
