"""The logged-in user read from the shared cache (accounts/backends.py): no user query on
a page once cached, and every save or deletion of the user seen at once, so that a
password change or a deactivation still ends the other sessions."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

pytestmark = pytest.mark.django_db

PAGE = reverse("play:new")  # a page for logged-in people only: 200, else a redirect


@pytest.fixture
def user_cache(shared_cache, settings):
    settings.AUTH_USER_CACHE = True
    return shared_cache


@pytest.fixture
def arya(client):
    user = User.objects.create_user("arya", password="needle-water-dance")
    client.force_login(user)  # saves last_login: the cache starts empty
    return user


def user_queries(client) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        status = client.get(PAGE).status_code
    return status, sum('"auth_user"' in q["sql"] for q in queries.captured_queries)


def test_a_cached_user_costs_no_query(client, arya, user_cache):
    assert user_queries(client) == (200, 1)  # read once, then kept
    assert user_queries(client) == (200, 0)
    assert user_queries(client) == (200, 0)


def test_without_the_shared_cache_every_request_reads_the_user(client, arya, settings):
    settings.AUTH_USER_CACHE = False
    assert user_queries(client) == (200, 1)
    assert user_queries(client) == (200, 1)


def test_a_password_change_ends_the_other_sessions_at_once(client, arya, user_cache):
    assert user_queries(client)[0] == 200  # cached with the old password hash
    arya.set_password("a-new-secret-phrase")
    arya.save()
    status, _ = user_queries(client)
    assert status == 302  # the session's hash no longer matches: logged out


def test_a_deactivated_or_deleted_user_is_logged_out_at_once(client, arya, user_cache):
    assert user_queries(client)[0] == 200
    arya.is_active = False
    arya.save()
    assert user_queries(client)[0] == 302
    arya.is_active = True
    arya.save()
    client.force_login(arya)
    assert user_queries(client)[0] == 200
    arya.delete()
    assert user_queries(client)[0] == 302


def test_a_renamed_user_shows_the_new_name(client, arya, user_cache):
    client.get(PAGE)
    arya.username = "arya-stark"
    arya.save()
    assert "arya-stark" in client.get(PAGE).content.decode()


def test_signing_up_logs_in_through_the_cached_backend(client, user_cache):
    response = client.post(
        reverse("signup"),
        {"username": "sansa", "password1": "lemon-cakes-123", "password2": "lemon-cakes-123"},
    )
    assert response.status_code == 302
    assert client.session["_auth_user_backend"] == "accounts.backends.CachedModelBackend"
    assert user_queries(client)[0] == 200
