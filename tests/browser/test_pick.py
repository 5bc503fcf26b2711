"""Attackers picked and changed before Done (issue 32), on a desktop with a mouse and on a
390 px phone by touch: the tiles ticked are shown as picked with their number and STR
added up, one is unticked and another ticked, and Done declares exactly the final
choice."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from gameplay.engine.abilities import strength
from gameplay.engine.rules import facts
from gameplay.models import Match
from gameplay.services import match_state
from tests.browser import test_play as play
from tests.browser.test_play import inside_viewport, log_in
from tests.gameplay.test_match_passing import people_match
from tests.gameplay.test_match_pick import _at_attackers

bots_in_process = play.bots_in_process
contexts = play.contexts

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.usefixtures("card_pool")
def test_attackers_are_picked_changed_and_declared(contexts, live_server, size):
    ann = log_in(contexts, live_server, "ann", **SIZES[size])
    User.objects.create_user("bob", password=play.PASSWORD)
    people = [User.objects.get(username="ann"), User.objects.get(username="bob")]
    match = people_match(people, _at_attackers())
    state = match_state(match)
    refs = {facts(state, r).name: r for r in state.queue[0]["candidates"]}
    eddard, robb, umber = refs["Eddard Stark"], refs["Robb Stark"], refs["Greatjon Umber"]
    ann.goto(f"{live_server.url}/play/{match.pk}/")
    form = ann.locator("#prompt form.pick-form")
    total = form.locator(".pick-total")
    expect(total).to_have_text("Attackers: 0, STR 0.")

    def tile(ref: str):
        return form.locator(f"label.pick-card:has(input[value='{ref}'])")

    def touch(ref: str) -> None:
        if size == "phone":
            tile(ref).tap()
        else:
            tile(ref).click()

    touch(eddard)
    # An update that draws the same prompt again (a poll sent before the page's own move
    # came back) keeps what is ticked.
    form.evaluate("el => el.dataset.old = '1'")
    ann.evaluate(
        r"""() => {
        const url = document.querySelector('#poller').getAttribute('hx-get')
            .replace(/v=\d+/, 'v=-1').replace(/k=[^&]*/, 'k=stale');
        const poller = document.querySelector('#poller');
        poller.setAttribute('hx-get', url);
        htmx.process(poller);
        htmx.trigger(poller, 'maester:look');
    }"""
    )
    expect(ann.locator("#prompt form.pick-form[data-old]")).to_have_count(0)  # drawn again
    expect(form.locator(f"input[value='{eddard}']")).to_be_checked()
    expect(total).to_have_text(f"Attackers: 1, STR {strength(state, eddard)}.")
    touch(robb)
    both = strength(state, eddard) + strength(state, robb)
    expect(total).to_have_text(f"Attackers: 2, STR {both}.")
    expect(tile(eddard)).to_have_class("pick-card picked")
    expect(tile(robb)).to_have_class("pick-card picked")
    touch(robb)  # changed: Robb unpicked, the Greatjon picked
    touch(umber)
    final = strength(state, eddard) + strength(state, umber)
    expect(total).to_have_text(f"Attackers: 2, STR {final}.")
    expect(tile(robb)).not_to_have_class("pick-card picked")
    # Nothing is declared before Done: the engine has no selection yet.
    assert match_state(Match.objects.get(pk=match.pk)).queue[0]["selected"] == []
    button = form.locator("button[type=submit]")
    inside_viewport(ann, button)
    if size == "phone":
        assert ann.evaluate("document.documentElement.scrollWidth") <= 390
        button.tap()
    else:
        button.click()
    expect(ann.locator("#challenge")).to_contain_text("Greatjon Umber", timeout=10_000)
    declared = match_state(Match.objects.get(pk=match.pk)).challenge["attackers"]
    assert sorted(declared) == sorted([eddard, umber])


@pytest.mark.usefixtures("card_pool")
def test_attackers_are_picked_by_keyboard(contexts, live_server):
    ann = log_in(contexts, live_server, "ann", **SIZES["desktop"])
    User.objects.create_user("bob", password=play.PASSWORD)
    people = [User.objects.get(username="ann"), User.objects.get(username="bob")]
    match = people_match(people, _at_attackers())
    state = match_state(match)
    first = state.queue[0]["candidates"][0]
    ann.goto(f"{live_server.url}/play/{match.pk}/")
    box = ann.locator(f"#prompt form.pick-form input[value='{first}']")
    box.focus()
    ann.keyboard.press("Space")
    expect(ann.locator("#prompt .pick-total")).to_contain_text("Attackers: 1,")
    ann.keyboard.press("Space")  # and unticked again
    expect(ann.locator("#prompt .pick-total")).to_contain_text("Attackers: 0,")
    ann.keyboard.press("Space")
    ann.locator("#prompt form.pick-form button[type=submit]").focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#challenge")).to_contain_text(facts(state, first).name, timeout=10_000)
