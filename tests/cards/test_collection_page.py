"""Packs I own, the page and its service (issue 33): /cards/collection/ lists every product
with a box each, saves whole numbers from 0 to 99, refuses anything else without saving and
without losing what was typed, and shows each user their own collection only."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from cards.models import OwnedProduct, Product
from cards.selectors import collection_of, products_needed
from cards.services import CollectionError, collection_set

pytestmark = pytest.mark.django_db
URL = "/cards/collection/"


def owned_rows(user) -> dict[str, int]:
    return dict(OwnedProduct.objects.filter(user=user).values_list("product__code", "copies"))


def box_value(html: str, code: str) -> str | None:
    """The value of the box of product ``code`` on the page (None without one)."""
    tag = re.search(rf'<input id="copies-{re.escape(code)}"[^>]*>', html)
    if tag is None:
        return None
    value = re.search(r'value="([^"]*)"', tag.group(0))
    return unescape(value.group(1)) if value else None


# The address ------------------------------------------------------------------------------


def test_the_page_is_named_in_the_card_pages_namespace():
    assert reverse("decks:collection") == URL


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login")) and "next=" in response["Location"]


def test_an_anonymous_post_saves_nothing(client):
    response = client.post(URL, {"copies-core": "2"})
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not OwnedProduct.objects.exists()


# The page ---------------------------------------------------------------------------------


def test_every_product_has_a_labelled_number_box_in_groups(client, owner):
    client.force_login(owner)
    response = client.get(URL)
    assert response.status_code == 200
    html = response.content.decode()
    products = list(Product.objects.order_by("order"))
    assert len(products) == 79
    for product in products:
        box = re.search(rf'<input id="copies-{product.code}"[^>]*>', html)
        assert box, product.code
        tag = box.group(0)
        assert f'name="copies-{product.code}"' in tag
        assert 'type="number"' in tag and 'min="0"' in tag and 'max="99"' in tag
        assert 'inputmode="numeric"' in tag
        assert f'<label for="copies-{product.code}">' in html
    # Core Set, deluxe expansions, then the chapter packs by cycle, in that order.
    legends = re.findall(r"<legend>([^<]+)</legend>", html)
    assert legends[:2] == ["Core Set", "Deluxe expansions"]
    assert all(legend.endswith("cycle") for legend in legends[2:]) and len(legends) > 3
    positions = [html.index(f'id="copies-{p.code}"') for p in products]
    assert positions == sorted(positions)
    assert '<label for="copies-core">Core Set</label>' in html
    assert 'type="submit">Save</button>' in html


def test_the_header_links_the_page_for_a_logged_in_user_only(client, owner):
    assert 'href="/cards/collection/"' not in client.get("/cards/help/").content.decode()
    client.force_login(owner)
    html = client.get("/cards/help/").content.decode()
    assert '<a href="/cards/collection/">My collection</a>' in html


# Saving -----------------------------------------------------------------------------------


def test_saving_records_the_counts_and_zero_removes_a_product(client, owner):
    client.force_login(owner)
    response = client.post(URL, {"copies-core": "2", "copies-lords-of-winter": "1"})
    assert response.status_code == 302 and response["Location"] == URL
    assert owned_rows(owner) == {"core": 2, "lords-of-winter": 1}
    html = client.get(URL).content.decode()
    assert box_value(html, "core") == "2" and box_value(html, "lords-of-winter") == "1"
    assert box_value(html, "kings-of-the-sea") == "0"
    assert "Saved" in html
    client.post(URL, {"copies-core": "3", "copies-lords-of-winter": "0"})
    assert owned_rows(owner) == {"core": 3}  # the row is gone, not kept at 0


def test_the_whole_form_saves_as_it_is_shown(client, owner):
    collection_set(user=owner, copies={"core": 1})
    client.force_login(owner)
    html = client.get(URL).content.decode()
    form = {
        f"copies-{code}": box_value(html, code)
        for code in Product.objects.values_list("code", flat=True)
    }
    form["copies-queen-of-dragons"] = "2"
    assert client.post(URL, form).status_code == 302
    assert owned_rows(owner) == {"core": 1, "queen-of-dragons": 2}


def test_an_empty_box_is_none_owned(owner):
    collection_set(user=owner, copies={"core": 2})
    assert collection_set(user=owner, copies={"core": "  "}) == {}


@pytest.mark.parametrize(
    ("value", "shown"),
    [("abc", "'abc'"), ("-1", "-1"), ("1000", "1000"), ("2.5", "'2.5'"), ("١٢", "'١٢'")],
)
def test_a_bad_value_saves_nothing_and_comes_back_as_typed(client, owner, value, shown):
    collection_set(user=owner, copies={"core": 1})
    client.force_login(owner)
    response = client.post(
        URL, {"copies-core": "3", "copies-lords-of-winter": value, "copies-queen-of-dragons": "1"}
    )
    assert response.status_code == 400
    html = unescape(response.content.decode())
    message = f"The copies of Lords of Winter must be a whole number from 0 to 99, not {shown}."
    assert message in html
    assert "Nothing was saved" in html
    assert owned_rows(owner) == {"core": 1}  # the good values were not saved either
    # What was typed stays in the form, the good values and the bad one.
    assert box_value(html, "lords-of-winter") == value
    assert box_value(html, "core") == "3" and box_value(html, "queen-of-dragons") == "1"
    # The refused box says so to a screen reader, and its message is tied to it.
    tag = re.search(r'<input id="copies-lords-of-winter"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in tag
    assert 'aria-describedby="copies-lords-of-winter-error"' in tag
    assert 'id="copies-lords-of-winter-error"' in html


def test_an_unknown_product_is_named_and_nothing_is_saved(client, owner):
    client.force_login(owner)
    response = client.post(URL, {"copies-core": "2", "copies-core-set-2": "1"})
    assert response.status_code == 400
    assert "There is no product 'core-set-2'." in unescape(response.content.decode())
    assert owned_rows(owner) == {}


def test_the_service_names_every_bad_value_and_saves_none(owner):
    with pytest.raises(CollectionError) as caught:
        collection_set(
            user=owner,
            copies={"core": "x", "nope": 1, "kings-of-the-sea": 100, "lords-of-winter": 2},
        )
    error = caught.value
    assert isinstance(error, ValueError)
    assert set(error.problems) == {"core", "nope", "kings-of-the-sea"}
    assert "The copies of Core Set must be a whole number from 0 to 99, not 'x'." in str(error)
    assert "There is no product 'nope'." in str(error)
    assert "Kings of the Sea" in error.problems["kings-of-the-sea"]
    assert str(error).startswith("Nothing was saved:")
    assert owned_rows(owner) == {}


def test_the_service_takes_numbers_and_many_unknown_codes_in_one_message(owner):
    assert collection_set(user=owner, copies={"core": 2, "lords-of-winter": 99}) == {
        "core": 2,
        "lords-of-winter": 99,
    }
    with pytest.raises(CollectionError) as caught:
        collection_set(user=owner, copies={f"bad-{n}": 1 for n in range(40)})
    assert "… and 35 more unknown products." in str(caught.value)
    with pytest.raises(CollectionError):
        collection_set(user=owner, copies={"core": True})


def test_the_service_refuses_an_anonymous_user():
    with pytest.raises(PermissionDenied):
        collection_set(user=AnonymousUser(), copies={"core": 1})
    assert not OwnedProduct.objects.exists()


def test_the_shortcuts(client, owner):
    collection_set(user=owner, copies={"core": 3})
    client.force_login(owner)
    assert client.post(URL, {"shortcut": "all"}).status_code == 302
    owned = owned_rows(owner)
    assert len(owned) == Product.objects.count() and owned["core"] == 3  # more kept
    assert set(owned.values()) == {1, 3}
    assert client.post(URL, {"shortcut": "clear"}).status_code == 302
    assert owned_rows(owner) == {}


# Privacy ----------------------------------------------------------------------------------


def test_each_user_sees_only_their_own_collection(client, owner, other):
    collection_set(user=owner, copies={"core": 7, "lords-of-winter": 2})
    collection_set(user=other, copies={"core": 1})
    client.force_login(other)
    html = client.get(URL).content.decode()
    assert box_value(html, "core") == "1"
    assert box_value(html, "lords-of-winter") == "0"
    assert "7" not in {box_value(html, p) for p in Product.objects.values_list("code", flat=True)}
    # Saving touches the poster's own collection only.
    client.post(URL, {"copies-core": "4"})
    assert owned_rows(owner) == {"core": 7, "lords-of-winter": 2}
    assert owned_rows(other) == {"core": 4}
    # There is no address for another user's collection.
    assert client.get(f"{URL}?user={owner.pk}").content.decode().count('value="7"') == 0


# Selectors --------------------------------------------------------------------------------


def test_collection_of(owner, other, django_assert_num_queries):
    collection_set(user=owner, copies={"lords-of-winter": 1, "core": 2})
    OwnedProduct.objects.filter(user=owner, product__code="core").update(copies=0)
    with django_assert_num_queries(1):
        assert collection_of(owner) == {"lords-of-winter": 1}  # a 0 row owns nothing
    assert collection_of(other) == {}
    assert collection_of(AnonymousUser()) == {}
    assert collection_of(None) == {}


def test_collection_of_is_in_product_order(owner):
    collection_set(user=owner, copies={"the-blue-is-calling": 1, "core": 1, "kings-of-the-sea": 1})
    assert list(collection_of(owner)) == ["core", "kings-of-the-sea", "the-blue-is-calling"]


@pytest.mark.parametrize(
    ("counts", "needed"),
    [
        ({"core_4": 1}, {"core": 1}),  # Ser Rodrik Cassel, once in a Core Set
        ({"core_4": 3}, {"core": 3}),
        ({"core_29": 3}, {"core": 1}),  # Great Keep, three in a Core Set
        ({"core_29": 2, "core_30": 1}, {"core": 1}),  # the Core Set's extra entries: one card
        ({"core_26": 2, "core_27": 1}, {"core": 2}),  # Northern Fiefdoms: 3 of 2 a set
        ({"low_30": 3}, {"lords-of-winter": 1}),  # its reprint: against Lords of Winter
        ({"core_29": 3, "low_1": 2, "core_4": 2}, {"core": 2, "lords-of-winter": 1}),
        ({"core_4": 0, "nobody_1": 3}, {}),
    ],
)
def test_products_needed_reads_the_card_data(counts, needed, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert products_needed(counts) == needed
