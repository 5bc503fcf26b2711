"""The decklist pages: browse and its filters, a list, publish, like, favourite, copy,
comments, and what each refuses."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from accounts import ratelimit
from cards.models import Card, OwnedProduct, Product
from decklists import services as svc
from decklists.models import CommentReport, Decklist, DecklistComment, DecklistLike
from decks import services as deck_svc
from decks.models import Deck
from tests.decks.test_deck_services import legal_core_entries

pytestmark = pytest.mark.django_db


def body(response) -> str:
    return response.content.decode()


def browse(client, **params) -> str:
    response = client.get(reverse("decklists:browse"), params)
    assert response.status_code == 200
    return body(response)


def publish(user, house: str, title: str) -> Decklist:
    deck = deck_svc.deck_create(
        owner=user, name=title, house=house, entries=legal_core_entries(house)
    )
    return svc.decklist_publish(deck=deck, user=user, title=title, description="")


@pytest.fixture
def lannister(other) -> Decklist:
    return publish(other, "Lannister", "Gold and claws")


# Publish ---------------------------------------------------------------------------------


def test_the_owner_publishes_from_the_deck_page(client, owner, deck):
    client.force_login(owner)
    page = body(client.get(reverse("deckbuilder:deck_detail", args=[deck.pk])))
    assert reverse("decklists:publish", args=[deck.pk]) in page
    response = client.post(
        reverse("decklists:publish", args=[deck.pk]),
        {"title": "Winter rush", "description": "Kneel *everything*."},
    )
    decklist = Decklist.objects.get()
    assert response.status_code == 302 and response["Location"] == decklist.get_absolute_url()
    page = body(client.get(decklist.get_absolute_url()))
    assert "Winter rush" in page and "<em>everything</em>" in page and "Joust: legal" in page


def test_publishing_an_illegal_deck_says_why_and_keeps_what_was_typed(client, owner):
    deck = deck_svc.deck_create(owner=owner, name="Thin", house="Stark", entries={"core_2": 1})
    client.force_login(owner)
    response = client.post(
        reverse("decklists:publish", args=[deck.pk]), {"title": "My words", "description": "kept"}
    )
    page = body(response)
    assert response.status_code == 200 and "not legal for Joust" in page
    assert 'value="My words"' in page and ">kept</textarea>" in page
    assert not Decklist.objects.exists()


def test_nobody_publishes_someone_elses_deck(client, other, deck):
    client.force_login(other)
    response = client.post(reverse("decklists:publish", args=[deck.pk]), {"title": "Stolen"})
    assert response.status_code == 404 and not Decklist.objects.exists()


# Safety against script injection -----------------------------------------------------------

PAYLOADS = [
    "<script>alert('x')</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    '<a href="javascript:alert(1)">a</a>',
    "<svg/onload=alert(1)>",
    "![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    '<iframe src="https://evil.example"></iframe>',
    "<style>body{display:none}</style>",
    '[x](https://ok.example "t" onmouseover="alert(1)")',
]


class _Dangers(HTMLParser):
    """Every element or attribute in a piece of HTML that could run script."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "iframe", "svg", "style", "img", "object", "embed"):
            self.found.append(tag)
        for name, value in attrs:
            address = (value or "").strip().lower()
            if name.startswith("on") or address.startswith(("javascript:", "data:", "vbscript:")):
                self.found.append(f"{tag} {name}={value}")


def dangerous(html: str) -> list[str]:
    parser = _Dangers()
    parser.feed(html)
    return parser.found


def test_the_danger_finder_finds_what_it_looks_for():
    assert dangerous('<p onclick="x">a</p><a href=" JavaScript:x">b</a><script></script>') == [
        "p onclick=x",
        "a href= JavaScript:x",
        "script",
    ]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_no_payload_survives_in_the_description_title_or_a_comment(
    client, owner, other, deck, payload
):
    decklist = svc.decklist_publish(deck=deck, user=owner, title=payload[:120], description=payload)
    svc.comment_add(decklist=decklist, user=other, body=payload)
    for page in (body(client.get(decklist.get_absolute_url())), browse(client)):
        main = page[page.index("<main>") : page.index("</main>")]  # the page's own part
        assert dangerous(main) == []


def test_a_safe_link_in_a_description_keeps_working_without_passing_rank(deck, owner):
    decklist = svc.decklist_publish(
        deck=deck, user=owner, title="L", description="[rules](https://example.org/faq)"
    )
    assert (
        '<a href="https://example.org/faq" rel="nofollow ugc noopener">rules</a>'
        in decklist.description_html
    )


# Browse ------------------------------------------------------------------------------------


def test_each_filter_finds_the_list_and_leaves_out_the_others(client, decklist, lannister):
    def titles(**params) -> set[str]:
        page = browse(client, **params)
        return {t for t in ("Winter rush", "Gold and claws") if t in page}

    assert titles() == {"Winter rush", "Gold and claws"}
    assert titles(house="Stark") == {"Winter rush"}
    assert titles(house="Lannister") == {"Gold and claws"}
    assert titles(format="joust") == {"Winter rush", "Gold and claws"}
    stark_only = next(c for c in decklist.snapshot["cards"] if c not in lannister.snapshot["cards"])
    name = Card.objects.get(code=stark_only).name
    assert titles(card=f'"{name}"') == {"Winter rush"}
    assert titles(product="core") == {"Winter rush", "Gold and claws"}
    assert titles(product=Product.objects.exclude(code="core").first().code) == set()


def test_the_agenda_filter(client, owner, other):
    agenda = Card.objects.get(code="ator_21")  # Kings of Winter: a Core Stark list stays legal
    deck = deck_svc.deck_create(
        owner=owner,
        name="A",
        house="Stark",
        entries=legal_core_entries(),
        agenda_codes=[agenda.code],
    )
    svc.decklist_publish(deck=deck, user=owner, title="With agenda")
    publish(other, "Stark", "Plain")
    page = browse(client, agenda=agenda.code)
    assert "With agenda" in page and "Plain" not in page and "Kings of Winter" in page
    assert "Plain" in browse(client)
    assert "No agenda has the code" in browse(client, agenda="core_1")


def test_bad_filters_are_named_and_match_nothing(client, decklist):
    page = browse(client, house="Dorne", sort="best", colour="red")
    assert "Unknown House &#x27;Dorne&#x27;" in page
    assert "Unknown sort &#x27;best&#x27;" in page and "Unknown filter &#x27;colour&#x27;" in page
    assert "Winter rush" not in page
    assert "cannot be read" in browse(client, card='"unclosed')


def test_sorts_by_likes_and_copies(client, owner, other, decklist, lannister):
    svc.decklist_like(decklist=lannister, user=owner)
    page = browse(client, sort="likes")
    assert page.index("Gold and claws") < page.index("Winter rush")
    svc.decklist_copy(decklist=decklist, user=other)
    page = browse(client, sort="copies")
    assert page.index("Winter rush") < page.index("Gold and claws")
    page = browse(client, sort="newest")
    assert page.index("Gold and claws") < page.index("Winter rush")


def test_only_decks_i_can_build_from_my_packs(client, owner, decklist):
    client.force_login(owner)
    page = browse(client, owned="1")
    assert "Winter rush" not in page and "Record the packs you own" in page
    needed = decklist.products.get(product__code="core").copies
    core = Product.objects.get(code="core")
    OwnedProduct.objects.create(user=owner, product=core, copies=needed - 1 or 0)
    if needed > 1:
        assert "Winter rush" not in browse(client, owned="1")
    OwnedProduct.objects.filter(user=owner).update(copies=needed)
    assert "Winter rush" in browse(client, owned="1")


def test_an_unpublished_list_leaves_the_lists_and_its_link_still_answers(client, owner, decklist):
    svc.decklist_unpublish(decklist=decklist, user=owner)
    assert "Winter rush" not in browse(client)
    response = client.get(decklist.get_absolute_url())
    assert response.status_code == 200 and "unpublished this list" in body(response)
    assert client.get(reverse("decklists:detail", args=[decklist.pk + 999])).status_code == 404


def test_the_browse_page_pages(client, owner, deck):
    for n in range(26):
        svc.decklist_publish(deck=deck, user=owner, title=f"List {n:02}")
    first = browse(client)
    assert "List 25" in first and "List 01" not in first and "Page 1 of 2" in first
    assert "List 01" in browse(client, page="2")
    assert "List 25" in browse(client, page="x")  # a bad page number is the first page


# Likes, favourites, copies ------------------------------------------------------------------


def test_a_user_likes_once_and_can_take_it_back(client, other, decklist):
    client.force_login(other)
    url = reverse("decklists:like", args=[decklist.pk])
    client.post(url, {"on": "1"})
    client.post(url, {"on": "1"})
    decklist.refresh_from_db()
    assert decklist.like_count == 1 and DecklistLike.objects.count() == 1
    assert "♥ Liked (1)" in body(client.get(decklist.get_absolute_url()))
    client.post(url, {"on": "0"})
    decklist.refresh_from_db()
    assert decklist.like_count == 0


def test_liking_needs_an_account(client, decklist):
    response = client.post(reverse("decklists:like", args=[decklist.pk]))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert DecklistLike.objects.count() == 0


def test_favourites_are_listed_for_their_owner_only(client, owner, other, decklist):
    client.force_login(other)
    client.post(reverse("decklists:favourite", args=[decklist.pk]), {"on": "1"})
    assert "Winter rush" in body(client.get(reverse("decklists:favourites")))
    client.force_login(owner)
    assert "Winter rush" not in body(client.get(reverse("decklists:favourites")))


def test_copy_makes_a_private_deck_with_a_link_back(client, other, decklist):
    client.force_login(other)
    response = client.post(reverse("decklists:copy", args=[decklist.pk]))
    deck = Deck.objects.get(owner=other)
    assert response["Location"] == reverse("deckbuilder:deck_detail", args=[deck.pk])
    assert not deck.is_public and deck.to_spec().entries == decklist.snapshot["cards"]
    page = body(client.get(response["Location"]))
    assert f'Copied from <a href="{decklist.get_absolute_url()}">Winter rush</a>' in page
    client.post(reverse("decklists:copy", args=[decklist.pk]))
    decklist.refresh_from_db()
    assert decklist.copy_count == 1 and Deck.objects.filter(owner=other).count() == 2


def test_an_unpublished_list_takes_no_like_copy_or_comment(client, owner, other, decklist):
    svc.decklist_unpublish(decklist=decklist, user=owner)
    client.force_login(other)
    for name in ("like", "copy", "comment_add"):
        response = client.post(reverse(f"decklists:{name}", args=[decklist.pk]), {"body": "hi"})
        assert response.status_code == 302
        assert "unpublished" in body(client.get(response["Location"]))
    decklist.refresh_from_db()
    assert (decklist.like_count, decklist.copy_count) == (0, 0)
    assert not DecklistComment.objects.exists() and not Deck.objects.filter(owner=other).exists()


# Comments ----------------------------------------------------------------------------------


def test_comment_remove_and_report(client, owner, other, decklist):
    client.force_login(other)
    client.post(reverse("decklists:comment_add", args=[decklist.pk]), {"body": "Nice *list*"})
    comment = DecklistComment.objects.get()
    assert "Nice *list*" in body(client.get(decklist.get_absolute_url()))
    # The commenter cannot report their own comment; the author reports it, then removes it.
    client.force_login(owner)
    client.post(reverse("decklists:comment_report", args=[comment.pk]), {"reason": "rude"})
    client.post(reverse("decklists:comment_report", args=[comment.pk]), {"reason": "again"})
    assert CommentReport.objects.get().reason == "rude"
    client.post(reverse("decklists:comment_remove", args=[comment.pk]))
    comment.refresh_from_db()
    decklist.refresh_from_db()
    assert comment.removed is not None and decklist.comment_count == 0
    assert "Nice *list*" not in body(client.get(decklist.get_absolute_url()))


def test_a_stranger_cannot_remove_a_comment(client, owner, other, decklist):
    from django.contrib.auth.models import User

    comment = svc.comment_add(decklist=decklist, user=owner, body="mine")
    stranger = User.objects.create_user("varys", password="little-birds-1")
    client.force_login(stranger)
    assert client.post(reverse("decklists:comment_remove", args=[comment.pk])).status_code == 403
    comment.refresh_from_db()
    assert comment.removed is None


@pytest.mark.parametrize(
    ("text", "message"), [("   ", "Write something"), ("x" * 2001, "keep it to 2000")]
)
def test_empty_and_long_comments_are_refused_with_a_reason(client, other, decklist, text, message):
    client.force_login(other)
    response = client.post(
        reverse("decklists:comment_add", args=[decklist.pk]), {"body": text}, follow=True
    )
    assert message in body(response) and not DecklistComment.objects.exists()


def test_comments_are_rate_limited(client, other, decklist):
    client.force_login(other)
    url = reverse("decklists:comment_add", args=[decklist.pk])
    for n in range(ratelimit.COMMENTS_PER_ACCOUNT):
        client.post(url, {"body": f"comment {n}"})
    response = client.post(url, {"body": "one too many"}, follow=True)
    assert ratelimit.COMMENT_LIMITED in body(response)
    assert DecklistComment.objects.count() == ratelimit.COMMENTS_PER_ACCOUNT


def test_the_list_exports_import_back(client, decklist):
    from decks.check import deck_check

    text = body(client.get(reverse("decklists:export_text", args=[decklist.pk])))
    data = client.get(reverse("decklists:export_json", args=[decklist.pk])).json()
    for exported in (text, data):
        result = deck_check(exported, "joust")
        assert result.valid and dict(result.deck.entries) == decklist.snapshot["cards"]
    assert data["name"] == "Winter rush"
