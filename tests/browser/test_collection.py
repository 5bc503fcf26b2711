"""My collection (issue 33) on a 390 px phone, by keyboard: every box at least 44 px tall and
on screen, the header's links too, a refused value kept as typed with its message, a good one
saved; the builder's "only cards I own" in one click."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from cards.selectors import collection_of

PASSWORD = "little-birds-77"


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def user(card_pool):
    return User.objects.create_user("varys", password=PASSWORD)


def log_in(page, live_server) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "varys")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator("header")).to_contain_text("varys")


def test_the_page_fits_a_phone_and_works_by_keyboard(live_server, phone, user):
    log_in(phone, live_server)
    phone.get_by_role("link", name="My collection").click()
    expect(phone.locator("h1")).to_have_text("My collection")
    phone.wait_for_load_state("load")  # the page's stylesheets too
    sizes = phone.evaluate(
        """() => ({
            page: document.documentElement.scrollWidth,
            header: [...document.querySelectorAll('.site-header a')].map(
                a => a.getBoundingClientRect().right),
            boxes: [...document.querySelectorAll('.collection-row input')].map(i => {
                const r = i.getBoundingClientRect();
                return [r.height, r.right];
            }),
        })"""
    )
    assert sizes["page"] <= 390 and max(sizes["header"]) <= 390, sizes
    assert len(sizes["boxes"]) == 79
    assert all(height >= 44 and right <= 390 for height, right in sizes["boxes"]), sizes["boxes"]

    # By keyboard: the label names the box; a refused value comes back as typed.
    core = phone.get_by_label("Core Set", exact=True)
    core.focus()
    phone.keyboard.press("Control+A")
    phone.keyboard.type("2")
    lords = phone.get_by_label("Lords of Winter")
    lords.focus()
    phone.keyboard.press("Control+A")
    phone.keyboard.type("120")
    phone.keyboard.press("Enter")  # submits the form; the browser refuses 120 above max 99
    assert collection_of(user) == {}
    # Past the browser's own check (as an old browser or a script would send it):
    phone.evaluate("document.getElementById('collection-form').noValidate = true")
    lords.focus()
    phone.keyboard.press("Enter")
    expect(phone.locator("#collection-problems")).to_contain_text(
        "The copies of Lords of Winter must be a whole number from 0 to 99, not 120."
    )
    expect(phone.get_by_label("Lords of Winter")).to_have_value("120")
    expect(phone.get_by_label("Core Set", exact=True)).to_have_value("2")
    assert collection_of(user) == {}
    phone.get_by_label("Lords of Winter").fill("1")
    phone.get_by_role("button", name="Save").click()
    expect(phone.locator(".messages")).to_contain_text("Saved")
    assert collection_of(user) == {"core": 2, "lords-of-winter": 1}
