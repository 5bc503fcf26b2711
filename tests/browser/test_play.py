"""Matches in a real browser: two people in two browser contexts play a joust from the
match's creation through setup, a plot phase, marshalling and a challenge, each seeing the
other's moves live; two people act in each other's turns (an Ambush during the first
player's marshalling, a would-be attacker knelt before a challenge) while the site passes
for them elsewhere, by their passing preferences; a melee with two people and two bots
reaches the title choice; a spectator sees the board but no hand."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from gameplay.models import Match
from gameplay.services import match_state
from tests.browser.settle import wait_for_the_server

PASSWORD = "little-birds-77"


@pytest.fixture(autouse=True)
def bots_in_process():
    """Bots move in-process here, as on a site without a broker: the live server has no
    Celery worker beside it (the broker path has its own test)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def contexts(browser):
    """Browser contexts opened by a test, closed when it ends, pass or fail: a page left
    open would go on polling the live server after the test's data is gone; then the
    requests they had sent are let end (tests/browser/settle.py)."""
    opened = []

    def open_context(**options):
        context = browser.new_context(**({"viewport": {"width": 1280, "height": 1000}} | options))
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()
    wait_for_the_server()


def log_in(contexts, live_server, username: str, **options):
    if not User.objects.filter(username=username).exists():
        User.objects.create_user(username, password=PASSWORD)
    context = contexts(**options)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".site-header")).to_contain_text(username)
    return page


def create_match(page, live_server, variant: str, seats: list[tuple[str, str, str]]) -> Match:
    page.goto(f"{live_server.url}/play/new/")
    page.select_option("#id_variant", variant)
    for number, (who, name, deck) in enumerate(seats):
        page.select_option(f"#id_seat{number}_who", who)
        if name:
            page.fill(f"#id_seat{number}_user", name)
        if deck:
            page.select_option(f"#id_seat{number}_deck", deck)
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    # Its stylesheets too: before they load, the board's DOM is there but not its layout
    # (unstyled tiles wrap as inline boxes, which overlap).
    page.wait_for_load_state("load")
    return Match.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


def stark_lannister(people, seed: int) -> Match:
    """A joust of people[0] (Core Stark) and people[1] (Core Lannister), made through the
    service (no page): the tests that start past the match's creation."""
    from gameplay.services import SeatSpec, core_deck, match_create

    return match_create(
        creator=people[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=people[0]),
            SeatSpec(core_deck("core-lannister"), user=people[1]),
        ],
        seed=seed,
    )


def join(page, match: Match, deck: str) -> None:
    page.goto(page.url.split("/play/")[0] + f"/play/{match.pk}/")
    page.select_option("#id_deck", deck)
    page.click(".join-form button[type=submit]")


# The decision a test player takes: the first button of the most interesting kind.
PREFERENCE = [
    ":challenge:military",
    ":challenge:power",
    ":challenge:intrigue",
    ":select:",
    ":plot:choose:",
    ":first_player=",
    ":choose=",
    ":marshal:play:",
    ":done",
    ":pass",
]


# One read of the prompt as it is now: the live poll may replace it between two reads.
READ_PROMPT = """() => ({
    seen: document.querySelector('#seen').value,
    setup: document.querySelector('#prompt form.setup-form') !== null,
    pick: document.querySelector('#prompt form.pick-form') !== null,
    actions: [...document.querySelectorAll('#prompt form.actions button[name=action]')]
        .map(button => button.value),
})"""


SEEN = "document.querySelector('#seen').value"


def decide(page, picks: bool = True) -> bool:
    """Take one decision on this page if it has one; True when it acted, False when there
    was nothing to decide or the prompt changed under the click (the caller looks again)."""
    now = page.evaluate(READ_PROMPT)
    seen = now["seen"]
    if now["setup"]:
        target = page.locator("#prompt form.setup-form button[type=submit]")  # empty is legal
    elif now["pick"] and not picks:
        return False  # the caller makes this choice itself
    elif now["pick"]:  # attackers or defenders: the first tile ticked, then Done
        form = page.locator("#prompt form.pick-form")
        boxes = form.locator("input[name=card]")
        if boxes.count() and not form.locator("input[name=card]:checked").count():
            try:
                boxes.first.check(timeout=2_000)
            except PlaywrightError:
                return False  # replaced under the click: look again
        target = form.locator("button[type=submit]")
    elif now["actions"]:
        values = now["actions"]
        choice = next(
            (v for kind in PREFERENCE for v in values if kind in v and not v.endswith("=house")),
            values[0],
        )
        target = page.locator(f"#prompt button[value='{choice}']").first
    else:
        return False
    try:
        target.click(timeout=2_000)
    except PlaywrightError:
        if page.evaluate(READ_PROMPT)["seen"] == seen:
            raise  # the page did not move on, yet its button could not be clicked
        return False
    finally:
        # The pointer moves on, as a person's does: a card's hover preview opened under it
        # as the prompt was redrawn would cover the next decision's buttons.
        page.mouse.move(0, 0)
    page.wait_for_function(
        "seen => document.querySelector('#seen').value !== seen"
        " || document.querySelector('#flash').textContent.trim() !== ''",
        arg=seen,
        timeout=10_000,
    )
    flash = page.locator("#flash").text_content().strip()
    assert not flash, f"the action was refused: {flash}"
    return True


def prompt_title(page) -> str:
    """The prompt's title now ("" when this page has nothing to decide); never waits."""
    return " ".join(page.locator("#prompt h2").all_text_contents())


def play_until(pages, done, limit: int = 200) -> None:
    for _ in range(limit):
        if done():
            return
        acted = any(decide(page) for page in pages)
        if not acted:
            pages[0].wait_for_timeout(300)
    raise AssertionError("the match did not get there")


@pytest.mark.usefixtures("card_pool")
def test_two_people_play_a_joust_through_a_challenge(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    bob = log_in(contexts, live_server, "bob")
    match = create_match(
        ann, live_server, "joust", [("me", "", "core:core-stark"), ("invite", "bob", "")]
    )
    expect(ann.locator("#seats")).to_contain_text("Waiting for players")
    join(bob, match, "core:core-lannister")
    # Ann's open page notices the start by itself and loads the board.
    expect(ann.locator("#my-hand .gcard")).to_have_count(7, timeout=10_000)
    # Setup is placed in turn, the first player (drawn at random) first, face down.
    first = match_state(Match.objects.get(pk=match.pk)).first_player
    placing, waiting = (ann, bob) if first == 0 else (bob, ann)
    expect(placing.locator("#prompt h2")).to_contain_text("Setup")
    expect(waiting.locator("#prompt")).to_contain_text("Nothing to decide now")
    # A board in a background tab shows in its title that its player must decide.
    expect(placing).to_have_title(re.compile(r"^● Your move · "))
    expect(waiting).not_to_have_title(re.compile(r"^● Your move · "))
    placing.locator("#prompt form.setup-form button[type=submit]").click()
    expect(waiting.locator("#prompt h2")).to_contain_text("Setup", timeout=10_000)

    play_until([ann, bob], lambda: "Plot" in prompt_title(ann))
    play_until(
        [ann, bob], lambda: match_state(Match.objects.get(pk=match.pk)).phase == "marshalling"
    )
    # Both boards show the other player's revealed plot without a reload.
    from gameplay.engine.abilities import facts

    state = match_state(Match.objects.get(pk=match.pk))
    for page, other in ((ann, 1), (bob, 0)):
        plot = facts(state, state.players[other].revealed_plot).name
        expect(page.locator(f"#player-{other} .plots")).to_contain_text(f"Plot: {plot}")

    def challenged() -> bool:
        state = match_state(Match.objects.get(pk=match.pk))
        return state.challenge is not None and bool(state.challenge["attackers"])

    play_until([ann, bob], challenged)
    # The challenge in progress is on both boards, with both sides' strength.
    for page in (ann, bob):
        expect(page.locator("#challenge")).to_contain_text("challenge", timeout=5_000)
        expect(page.locator("#challenge")).to_contain_text("STR")
    state = match_state(Match.objects.get(pk=match.pk))
    assert state.phase == "challenges"
    # The log in words is the same for both players.
    expect(bob.locator("#log")).to_contain_text("initiates")
    expect(ann.locator("#log")).to_contain_text("initiates")
    # A long match does not grow the page without end: the log keeps its newest lines.
    ann.evaluate("document.getElementById('log-lines').dataset.keep = '3'")
    seen = ann.evaluate(SEEN)
    play_until([ann, bob], lambda: ann.evaluate(SEEN) != seen)
    expect(ann.locator("#log-lines li")).to_have_count(3)
    # The title marks a decision exactly when the page has one to take (a pass the server
    # is about to make for the player, data-auto, is not one: static/js/match.js). The
    # title follows an update a moment after the prompt: wait for them to agree rather than
    # read both at one instant (which failed now and then).
    for page in (ann, bob):
        page.wait_for_function(
            "() => document.title.startsWith('● Your move') === ("
            "!!document.querySelector('#prompt form')"
            " && document.getElementById('prompt').dataset.auto !== '1')",
            timeout=5_000,
        )


def position_match(ann_user, bob_user) -> Match:
    """A joust of ann (Lannister, the first player) and bob (Targaryen), put through the
    services at the start of ann's marshalling turn (the position is built directly:
    tests/gameplay/scenario.py). Ann holds Lannisport Steward and The Lion's Will (core_162)
    with 4 gold; bob holds Flame-Kissed (core_103, Ambush) and has Brown Ben Plumm and two
    Crossroads (core_138) to pay the Ambush with influence."""
    from gameplay.engine.game import to_act
    from gameplay.services import SeatSpec, core_deck, match_create
    from gameplay.services.play import bot_turn, state_text
    from tests.gameplay.scenario import build

    state = build(
        players=[
            {
                "house": "Lannister",
                "hand": ["Lannisport Steward", "core_162"],
                "gold": 4,
                "revealed_plot": "Summoning Season",
            },
            {
                "house": "Targaryen",
                "hand": ["core_103"],
                "in_play": ["Brown Ben Plumm", "core_138", "core_138"],
                "revealed_plot": "Summoning Season",
            },
        ],
        auto_pass=False,
    )
    match = match_create(
        creator=ann_user,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-lannister"), user=ann_user),
            SeatSpec(core_deck("core-targaryen"), user=bob_user),
        ],
    )
    match.state = state_text(state)
    match.waiting = list(to_act(state))
    bot_turn(match, set(), state)
    match.save()
    return match


def press(page, value: str) -> None:
    """Click the prompt's button for the action ``value`` and wait for the board to move
    on; the action must be accepted."""
    seen = page.evaluate(SEEN)
    page.evaluate("document.querySelector('#flash').textContent = ''")  # an older message
    page.locator(f"#prompt button[value='{value}']").click()
    page.wait_for_function(
        "seen => document.querySelector('#seen').value !== seen"
        " || document.querySelector('#flash').textContent.trim() !== ''",
        arg=seen,
        timeout=10_000,
    )
    assert not page.locator("#flash").text_content().strip(), "the action was refused"


@pytest.mark.usefixtures("card_pool")
def test_people_act_in_each_others_turns_and_pass_only_where_they_want(contexts, live_server):
    """Issue 16: during the first player's marshalling the other uses an Ambush card; before
    a challenge the defender kneels a would-be attacker with an Any Phase ability. Every
    other window passes by itself, by each player's passing preferences."""
    from gameplay.engine.abilities import facts
    from gameplay.models import MatchAction

    ann = log_in(contexts, live_server, "ann")
    bob = log_in(contexts, live_server, "bob")
    match = position_match(User.objects.get(username="ann"), User.objects.get(username="bob"))
    state = match_state(match)

    def ref(seat: int, zone: str, code: str) -> str:
        cards = getattr(state.players[seat], zone)
        return next(r for r in cards if state.code(r) == code or facts(state, r).name == code)

    steward = ref(0, "hand", "Lannisport Steward")
    lions_will = ref(0, "hand", "core_162")
    flame = ref(1, "hand", "core_103")
    plumm = ref(1, "in_play", "Brown Ben Plumm")
    for page in (ann, bob):
        page.goto(f"{live_server.url}/play/{match.pk}/")

    # Ann, by keyboard: opens the Passing control under her prompt and asks to be asked
    # only at her stops (before each challenge of an opponent is one by default).
    expect(ann.locator("#passing summary")).to_contain_text("when I have nothing playable")
    ann.locator("#passing summary").focus()
    ann.keyboard.press("Enter")
    ann.locator("#passing input[value=stops]").focus()
    ann.keyboard.press("Space")
    ann.locator("#passing button[type=submit]").focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#flash")).to_contain_text("Passing preferences saved.")
    expect(ann.locator("#passing summary")).to_contain_text("everywhere but at my stops")
    expect(ann.locator("#passing input[value=opponent_challenge]")).to_be_checked()

    # Ann's marshalling turn: she marshals the Steward.
    expect(ann.locator("#prompt h2")).to_contain_text("Marshalling: marshal cards")
    press(ann, f"p0:marshal:play:{steward}")
    # Bob, asked after her action, ambushes Flame-Kissed onto it (paid by kneeling his
    # two Crossroads): at 0 STR the Steward is killed.
    expect(bob.locator("#prompt h2")).to_contain_text("Marshalling (ann (Lannister)'s turn)")
    ambush = bob.locator(f"#prompt button[value='p1:use:{flame},{steward}=ambush']")
    expect(ambush).to_have_text("Ambush: Flame-Kissed onto Lannisport Steward")
    press(bob, f"p1:use:{flame},{steward}=ambush")
    for page in (ann, bob):
        expect(page.locator("#log")).to_contain_text("bob (Targaryen) ambushes with Flame-Kissed")
        expect(page.locator("#log")).to_contain_text("Lannisport Steward is killed.")
    # The turn comes back to ann (her Lion's Will could still be played: she is asked).
    expect(ann.locator("#prompt h2")).to_contain_text("Marshalling: marshal cards")
    press(ann, "p0:pass")
    # Bob's marshalling passes by itself for both (he has nothing left to play; ann asked
    # for her stops only), and so does the draw of the challenges up to ann's own turn.
    expect(ann.locator("#prompt h2")).to_contain_text("Challenges: initiate a challenge")
    press(ann, "p0:pass")
    # Bob's default stop, before each challenge of an opponent (he has nothing to play).
    expect(bob.locator("#prompt h2")).to_contain_text("Challenges (ann (Lannister)'s turn)")
    press(bob, "p1:pass")
    # Bob's challenges turn: ann, the first player and the defender to be, is asked first
    # (her stop) and kneels his only would-be attacker with The Lion's Will.
    expect(ann.locator("#prompt h2")).to_contain_text("Challenges (bob (Targaryen)'s turn)")
    press(ann, f"p0:use:{lions_will},{plumm}")
    expect(bob.locator("#player-1 .gcard.knelt", has_text="Brown Ben Plumm")).to_have_count(1)
    # Bob is asked (a card of his was chosen): he can initiate no challenge now.
    expect(bob.locator("#prompt h2")).to_contain_text("Challenges: initiate a challenge")
    assert bob.locator("#prompt button[value*=':challenge:']").count() == 0
    press(bob, "p1:pass")
    expect(ann.locator("#prompt h2")).to_contain_text("Challenges (bob (Targaryen)'s turn)")
    press(ann, "p0:pass")
    expect(ann.locator("#log")).to_contain_text("Brown Ben Plumm kneels.")

    state = match_state(Match.objects.get(pk=match.pk))
    assert state.phase != "challenges" or state.challenge is None
    assert not [e for e in state.log if e["event"] == "challenge_initiated"]
    # Everything else was passed for them, by their preferences: ann passed in bob's
    # marshalling although she held The Lion's Will.
    actions = MatchAction.objects.filter(match=match)
    clicked = list(actions.filter(automatic=False).values_list("seat", "text"))
    assert clicked == [
        (0, f"p0:marshal:play:{steward}"),
        (1, f"p1:use:{flame},{steward}=ambush"),
        (0, "p0:pass"),
        (0, "p0:pass"),
        (1, "p1:pass"),
        (0, f"p0:use:{lions_will},{plumm}"),
        (1, "p1:pass"),
        (0, "p0:pass"),
    ]
    assert actions.filter(automatic=True, seat=0).exists()
    assert actions.filter(automatic=True, seat=1).exists()

    # On a 390 px phone the Passing control opens within the screen, every choice too.
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.locator("#passing summary").click()
    expect(bob.locator("#passing input[value=all]")).to_be_visible()
    right = bob.evaluate(
        "Math.max(...[...document.querySelectorAll('#passing, #passing label, #passing button')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390, f"the Passing control reaches {right} px on a 390 px screen"


@pytest.mark.usefixtures("card_pool")
def test_a_melee_of_two_people_and_two_bots_reaches_the_title_choice(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    bob = log_in(contexts, live_server, "bob")
    match = create_match(
        ann,
        live_server,
        "melee",
        [
            ("me", "", "core:core-stark"),
            ("invite", "bob", ""),
            ("greedy", "", "core:core-baratheon"),
            ("random", "", "core:core-targaryen"),
        ],
    )
    join(bob, match, "core:core-lannister")
    # Setup is placed in turn from the first player (drawn at random): ann or bob first.
    # Both pages go to the started board by themselves (a navigation: read again).
    expect(bob.locator("#board")).to_be_visible(timeout=10_000)
    expect(ann.locator("#board")).to_be_visible(timeout=10_000)

    def setup_prompt() -> bool:
        try:
            return any("Setup" in prompt_title(p) for p in (ann, bob))
        except PlaywrightError:
            return False

    for _ in range(50):
        if setup_prompt():
            break
        bob.wait_for_timeout(200)
    assert setup_prompt(), "no setup prompt on either page"

    def title_choice() -> bool:
        return any("title" in prompt_title(p).lower() for p in (ann, bob))

    play_until([ann, bob], title_choice)
    chooser = ann if "title" in prompt_title(ann).lower() else bob
    buttons = chooser.locator("#prompt form.actions button[name=action]")
    from gameplay.engine.titles import TITLE

    labels = {t.label for t in TITLE.values()}
    offered = [buttons.nth(i).text_content() for i in range(buttons.count())]
    # The titles not yet taken, by name: six to the first chooser, fewer after bots chose.
    assert 2 <= len(offered) <= 6 and set(offered) <= labels


@pytest.mark.usefixtures("card_pool")
def test_a_spectator_sees_the_board_but_no_hand(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    match = create_match(
        ann,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    expect(ann.locator("#my-hand .gcard")).to_have_count(7)
    hand = [c.name for c in _hand_cards(match)]
    public = _public_names(match)

    watcher = contexts().new_page()
    watcher.goto(f"{live_server.url}/play/{match.pk}/")
    expect(watcher.locator("#board")).to_contain_text("ann (Stark)")
    expect(watcher.locator("#prompt")).to_contain_text("You are watching")
    assert watcher.locator("#my-hand").count() == 0
    assert watcher.locator("#prompt button").count() == 0
    text = watcher.content()
    for name in set(hand) - public:
        assert name not in text, f"the spectator's page shows {name}, a card in ann's hand"
    # Ann's setup decision appears for the spectator live.
    ann.locator("#prompt form.setup-form button[type=submit]").click()
    expect(watcher.locator("#log")).to_contain_text("ann (Stark) places", timeout=10_000)


def _hand_cards(match: Match):
    from gameplay.engine.abilities import facts

    state = match_state(Match.objects.get(pk=match.pk))
    return [facts(state, ref) for ref in state.players[0].hand]


def _public_names(match: Match) -> set[str]:
    """Names a spectator may legitimately see (the same card can be in both decks)."""
    from gameplay.engine.abilities import facts

    state = match_state(Match.objects.get(pk=match.pk))
    names = set()
    for player in state.players:
        for ref in [*player.in_play, *player.discard, *player.dead, *player.used_plots]:
            names.add(facts(state, ref).name)
    return names


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def inside_viewport(page, locator) -> None:
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] + 1
    assert box["y"] + box["height"] <= size["height"] + 1


@pytest.mark.usefixtures("card_pool")
def test_cards_on_the_board_and_in_the_prompt_open_their_text(contexts, live_server):
    """Every card shown on the board or named by a decision opens the builder's preview:
    by hover with a mouse; on a phone, by a tap on the card or on the decision's "Text"
    control (tapping the decision itself would take it)."""
    ann = log_in(contexts, live_server, "ann")
    match = create_match(
        ann,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    preview = ann.locator("#card-preview")
    hand = ann.locator("#my-hand .gcard").first
    expect(hand).to_have_attribute("data-card", re.compile(r".+"))
    name = hand.locator(".gname").text_content()
    hand.hover()
    expect(preview).to_be_visible()
    expect(preview).to_contain_text(name)
    # Leaving the card closes its preview (which may lie over the prompt below it).
    ann.mouse.move(1, 1)
    expect(preview).to_be_hidden()
    # A setup choice previews on hover, and its click still ticks the box.
    choice = ann.locator("#prompt .setup-form label.pick").first
    choice_name = choice.text_content().split("(")[0].strip()
    choice.hover()
    expect(preview).to_contain_text(choice_name)
    choice.click()
    expect(choice.locator("input")).to_be_checked()
    # Setup says its limit and keeps a running total of the gold ticked.
    expect(ann.locator("#setup-rule")).to_contain_text("Place up to 5 gold")
    gold = int(choice.locator("input").get_attribute("data-gold") or "0")
    # The first card of the shuffled hand may cost more than the limit on its own.
    over = " That is over the limit." if gold > 5 else ""
    expect(ann.locator("#setup-total")).to_have_text(f"Chosen: {gold} of 5 gold.{over}")
    boxes = ann.locator("#prompt .setup-form input[name=card]")
    for i in range(boxes.count()):
        boxes.nth(i).check()
    expect(ann.locator("#setup-total")).to_contain_text("over the limit")
    for i in range(boxes.count()):
        boxes.nth(i).uncheck()
    expect(ann.locator("#setup-total")).to_have_text("Chosen: 0 of 5 gold.")
    # Two copies of a unique card ticked together are named (the shuffled hand may hold
    # none: the first two boxes stand in for two copies of Eddard Stark, by their mark).
    for i in (0, 1):
        boxes.nth(i).evaluate(
            "box => { box.dataset.unique = 'Eddard Stark'; box.dataset.gold = '0'; }"
        )
        boxes.nth(i).check()
    expect(ann.locator("#setup-total")).to_have_text(
        "Chosen: 0 of 5 gold. Eddard Stark is unique: place one copy only."
    )
    boxes.nth(1).uncheck()
    expect(ann.locator("#setup-total")).to_have_text("Chosen: 0 of 5 gold.")
    boxes.nth(0).uncheck()

    # The same on a phone, 390 px wide: the page does not scroll sideways, a tap on the
    # choice's "Text" control opens the card without ticking it, inside the screen.
    phone = log_in(contexts, live_server, "ann", **PHONE)
    phone.goto(f"{live_server.url}/play/{match.pk}/")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 391, f"the board is {width} px wide on a 390 px phone"
    row = phone.locator("#prompt .setup-form .act").first
    row.locator(".card-info").tap()
    phone_preview = phone.locator("#card-preview")
    expect(phone_preview).to_be_visible()
    expect(phone_preview).to_contain_text(row.locator("label").text_content().split("(")[0].strip())
    inside_viewport(phone, phone_preview)
    expect(row.locator("input")).not_to_be_checked()
    phone.locator("h1").tap()
    expect(phone_preview).to_be_hidden()
    # A card of the board opens by a tap too.
    card = phone.locator("#my-hand .gcard").last
    card.scroll_into_view_if_needed()
    card.tap()
    expect(phone_preview).to_be_visible()
    expect(phone_preview).to_contain_text(card.locator(".gname").text_content())
    inside_viewport(phone, phone_preview)


LOG_END = """() => { const el = document.getElementById('log-lines');
    return el.scrollHeight - el.scrollTop - el.clientHeight; }"""
LOG_FULL = """() => { const el = document.getElementById('log-lines');
    return el.scrollHeight > el.clientHeight + 40; }"""


def _act_for_ann(match: Match) -> None:
    """One decision of ann's (seat 0), taken on the server: the pages see it by polling."""
    from gameplay.engine.game import legal_actions
    from gameplay.services import match_act

    match = Match.objects.get(pk=match.pk)
    if 0 not in match.waiting:
        return
    legal = legal_actions(match_state(match), 0)
    if legal:
        match_act(
            match_id=match.pk,
            user=match.seats.get(number=0).user,
            action=str(legal[0]),
            version=match.version,
        )


@pytest.mark.usefixtures("card_pool")
def test_the_log_keeps_the_newest_line_in_sight_unless_scrolled_up(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    match = create_match(
        ann,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    watcher = contexts().new_page()
    watcher.goto(f"{live_server.url}/play/{match.pk}/")
    for _ in range(60):  # play until the log is longer than its box
        if ann.evaluate(LOG_FULL) and watcher.evaluate(LOG_FULL):
            break
        _act_for_ann(match)
        ann.wait_for_timeout(700)
    assert ann.evaluate(LOG_FULL), "the log never filled its box"
    # Both the player and the spectator see the newest line, as lines arrive and on load.
    for page in (ann, watcher):
        page.wait_for_function(f"({LOG_END})() <= 24")
    ann.reload()
    ann.wait_for_function(f"({LOG_END})() <= 24")
    # A reader who scrolls up stays where they are while the game goes on...
    # The scroll and its event at once: a browser fires the event a frame later, and an
    # update swapped in meanwhile would take the log back to its end first.
    watcher.evaluate(
        "(() => { const el = document.getElementById('log-lines'); el.scrollTop = 0;"
        " el.dispatchEvent(new Event('scroll')); })()"
    )
    watcher.wait_for_timeout(200)
    count = watcher.locator("#log-lines li").count()
    for _ in range(30):
        _act_for_ann(match)
        ann.wait_for_timeout(500)
        if watcher.locator("#log-lines li").count() > count:
            break
    assert watcher.locator("#log-lines li").count() > count, "no new line arrived"
    watcher.wait_for_timeout(1500)  # a few more polls
    assert watcher.evaluate("document.getElementById('log-lines').scrollTop") == 0
    # ... and follows the newest lines again once back at the end.
    watcher.evaluate(
        "(() => { const el = document.getElementById('log-lines');"
        " el.scrollTop = el.scrollHeight; })()"
    )
    count = watcher.locator("#log-lines li").count()
    for _ in range(30):
        _act_for_ann(match)
        ann.wait_for_timeout(500)
        if watcher.locator("#log-lines li").count() > count:
            break
    watcher.wait_for_function(f"({LOG_END})() <= 24")


@pytest.mark.usefixtures("card_pool")
def test_the_end_of_a_match_shows_a_result_banner(contexts, live_server):
    """When the match ends, every open page (the player's and a spectator's phone, 390 px
    wide) shows a banner with the winner, the final power, replay and rematch; the prompt,
    with nothing left to decide, is gone."""
    ann = log_in(contexts, live_server, "ann")
    match = create_match(
        ann,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    watcher = contexts(**PHONE).new_page()
    watcher.goto(f"{live_server.url}/play/{match.pk}/")
    expect(watcher.locator("#board")).to_contain_text("ann (Stark)")
    expect(ann.locator("#prompt form").first).to_be_visible()
    assert ann.locator("#result-banner").count() == 0
    ann.once("dialog", lambda dialog: dialog.accept())
    ann.locator(".table-controls button", has_text="Concede").click()
    banner = ann.locator("#result-banner")
    expect(banner).to_be_visible(timeout=10_000)
    expect(banner).to_contain_text("wins by concession")
    expect(banner).to_contain_text("Final power:")
    expect(banner.locator("a", has_text="Replay")).to_be_visible()
    expect(banner.locator("button", has_text="Rematch")).to_be_visible()
    expect(ann.locator("#prompt")).to_be_hidden()
    # The spectator's phone sees it live, inside its width, without a rematch for them.
    phone_banner = watcher.locator("#result-banner")
    expect(phone_banner).to_be_visible(timeout=10_000)
    expect(phone_banner).to_contain_text("wins by concession")
    assert phone_banner.locator("button", has_text="Rematch").count() == 0
    box = phone_banner.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    expect(watcher.locator("#prompt")).to_be_hidden()


NO_OVERLAP = """(selector) => {
    const boxes = [...document.querySelectorAll(selector)].map(el => el.getBoundingClientRect());
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5
            && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) return [i, j];
    }
    return null;
}"""


@pytest.mark.usefixtures("card_pool")
def test_the_board_fits_a_390_px_phone_and_knelt_cards_keep_their_place(contexts, live_server):
    """At 390 px the board does not scroll sideways, its cards wrap without overlapping
    (knelt ones too), and the prompt's buttons stay inside the screen and reachable."""
    phone = log_in(contexts, live_server, "ann", **PHONE)
    create_match(
        phone,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    expect(phone.locator("#my-hand .gcard")).to_have_count(7)
    # Kneel every card of the hand (as the board draws a knelt card) to check the layout.
    phone.evaluate(
        "document.querySelectorAll('#my-hand .gcard').forEach(el => el.classList.add('knelt'))"
    )
    assert phone.evaluate(NO_OVERLAP, "#my-hand .gcard") is None
    assert phone.evaluate("document.documentElement.scrollWidth") <= 391
    for el in phone.locator("#my-hand .gcard, #prompt button, #prompt label").all():
        box = el.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391, box
    # The prompt is in reach without scrolling down past the board: it keeps to the
    # bottom of the screen.
    phone.evaluate("window.scrollTo(0, 0)")
    title = phone.locator("#prompt h2").bounding_box()
    assert title is not None and title["y"] >= 0 and title["y"] + title["height"] <= 844, title
    place = phone.locator("#prompt .setup-form button[type=submit]")
    place.scroll_into_view_if_needed()
    box = place.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    place.tap()
    expect(phone.locator("#log")).to_contain_text("ann (Stark) places", timeout=10_000)
