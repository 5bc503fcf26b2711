"""The Content-Security-Policy in Chromium: our pages run under it (htmx works), and a
violation is seen, so that the other browser tests would fail on one
(tests/browser/conftest.py)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser import conftest


def test_an_inline_script_is_refused_and_reported(page, live_server, card_pool):
    page.goto(f"{live_server.url}/cards/help/")
    # The console message comes asynchronously: wait for it (a loaded machine may be slow).
    with page.expect_console_message(lambda message: "Content Security Policy" in message.text):
        page.evaluate(
            """() => {
                const script = document.createElement("script");
                script.textContent = "window.injected = true;";
                document.head.appendChild(script);
            }"""
        )
    assert page.evaluate("window.injected === undefined")
    assert any("Content Security Policy" in v for v in conftest.CSP_VIOLATIONS)
    conftest.CSP_VIOLATIONS.clear()  # expected here


def test_htmx_search_runs_under_the_policy(page, live_server, card_pool):
    page.goto(f"{live_server.url}/cards/")
    page.fill("input[name=q]", "Eddard")
    expect(page.locator("#results")).to_contain_text("Eddard Stark")
    assert conftest.CSP_VIOLATIONS == []


PASSWORD = "winter-is-coming"


def logged_in_page(browser, live_server, username: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".site-header")).to_contain_text(username)
    return context, page


def test_what_moved_out_of_inline_handlers_still_works(browser, live_server, card_pool):
    """The deck's Print button and the chat box that empties once a line is sent: both
    were inline JavaScript (onclick=, hx-on), now static/js/site.js."""
    from django.contrib.auth.models import User

    from decks import services as deck_services
    from gameplay.services import SeatSpec, core_deck, match_create
    from tests.decks.test_deck_services import legal_core_entries

    ned = User.objects.create_user("ned", password=PASSWORD)
    robb = User.objects.create_user("robb", password=PASSWORD)
    deck = deck_services.deck_create(
        owner=ned, name="Winter", house="Stark", entries=legal_core_entries()
    )
    match = match_create(
        creator=ned,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ned),
            SeatSpec(core_deck("core-lannister"), user=robb),
        ],
        seed=5,
    )
    context, page = logged_in_page(browser, live_server, "ned")
    try:
        page.goto(f"{live_server.url}/decks/{deck.pk}/print/")
        page.evaluate("window.print = () => { window.printed = true; }")
        page.click("button[data-print]")
        assert page.evaluate("window.printed === true")

        page.goto(f"{live_server.url}/play/{match.pk}/")
        page.fill("#chat input[name=text]", "Winter is coming")
        page.click("#chat button[type=submit]")
        expect(page.locator("#chat .chat-lines")).to_contain_text("Winter is coming")
        expect(page.locator("#chat input[name=text]")).to_have_value("")
    finally:
        context.close()


def test_the_api_docs_and_the_admin_run_under_the_policy(page, live_server, card_pool):
    page.goto(f"{live_server.url}/api/docs/")
    expect(page.locator("body")).to_contain_text("Maester API")
    expect(page.locator("body")).to_contain_text("/api/cards/")
    page.goto(f"{live_server.url}/api/cards/?q=stark")  # DRF's browsable API
    expect(page.locator("body")).to_contain_text("Card List")
    page.goto(f"{live_server.url}/admin/login/")
    expect(page.locator("#id_username")).to_be_visible()
    page.wait_for_timeout(300)
    assert conftest.CSP_VIOLATIONS == []
