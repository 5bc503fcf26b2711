"""Password guessing and sign-ups are limited (accounts/ratelimit.py): failed log-ins per
account and per address, through the log-in page, the admin's and the API's HTTP Basic
authentication; refused attempts cost no password hash; sign-ups and password-reset mail
per address. The address is REMOTE_ADDR unless a trusted proxy's header is configured."""

from __future__ import annotations

import base64
import re

import pytest
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from rest_framework.test import APIClient

from accounts import ratelimit
from accounts.ratelimit import (
    LOGIN_FAILURES_PER_ACCOUNT,
    LOGIN_FAILURES_PER_ADDRESS,
    PASSWORD_RESETS_PER_ADDRESS,
    SIGNUPS_PER_ADDRESS,
    client_address,
)

pytestmark = pytest.mark.django_db

PASSWORD = "winter-is-coming"
LIMITED = "Too many failed log-ins"


@pytest.fixture
def ned() -> User:
    return User.objects.create_user("ned", password=PASSWORD, email="ned@example.org")


@pytest.fixture
def hashes(monkeypatch) -> list[str]:
    """Every password hash computed (a check, or the dummy hash Django computes for an
    unknown user so that the answer takes as long)."""
    calls: list[str] = []
    check, set_ = AbstractBaseUser.check_password, AbstractBaseUser.set_password

    def counted_check(self, raw):
        calls.append("check")
        return check(self, raw)

    def counted_set(self, raw):
        calls.append("set")
        return set_(self, raw)

    monkeypatch.setattr(AbstractBaseUser, "check_password", counted_check)
    monkeypatch.setattr(AbstractBaseUser, "set_password", counted_set)
    return calls


def log_in(client, username: str, password: str, **extra):
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def fail(client, username: str, times: int, **extra) -> None:
    for _ in range(times):
        response = log_in(client, username, "wrong-guess", **extra)
        assert response.status_code == 200
        assert "correct username and password" in response.content.decode()


# The log-in page -------------------------------------------------------------------------


def test_an_account_is_closed_to_guesses_after_too_many_failures(client, ned, hashes):
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT)
    hashes.clear()
    response = log_in(client, "ned", PASSWORD)  # even the right password: it might be a guess
    assert response.status_code == 429
    assert LIMITED in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert hashes == []  # refused before any password is hashed


def test_the_account_limit_holds_from_any_address(client, ned):
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT, REMOTE_ADDR="203.0.113.5")
    response = log_in(Client(), "NED", "another-guess", REMOTE_ADDR="198.51.100.7")
    assert response.status_code == 429


def test_other_accounts_still_log_in(client, ned):
    User.objects.create_user("arya", password="needle-water-dance")
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT, REMOTE_ADDR="203.0.113.5")
    response = log_in(Client(), "arya", "needle-water-dance", REMOTE_ADDR="198.51.100.7")
    assert response.status_code == 302


def test_an_address_is_closed_after_too_many_failures_on_any_accounts(client, ned, hashes):
    for n in range(LOGIN_FAILURES_PER_ADDRESS):
        log_in(client, f"nobody-{n}", "guess", REMOTE_ADDR="203.0.113.9")
    hashes.clear()
    response = log_in(client, "ned", PASSWORD, REMOTE_ADDR="203.0.113.9")
    assert response.status_code == 429 and LIMITED in response.content.decode()
    assert hashes == []
    # Another address is not held.
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR="198.51.100.7").status_code == 302


def test_a_forged_forwarded_for_header_does_not_escape_the_address_limit(client, ned):
    for n in range(LOGIN_FAILURES_PER_ADDRESS):
        log_in(
            client,
            f"nobody-{n}",
            "guess",
            REMOTE_ADDR="203.0.113.9",
            HTTP_X_FORWARDED_FOR=f"10.0.{n}.1",
        )
    response = log_in(
        client, "ned", PASSWORD, REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="10.9.9.9"
    )
    assert response.status_code == 429


def test_behind_a_trusted_proxy_the_address_is_the_one_it_wrote(rf, settings):
    request = rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.9")
    assert client_address(request) == "10.0.0.2"  # no header is trusted unless configured
    settings.CLIENT_IP_HEADER = "X-Forwarded-For"
    assert client_address(request) == "203.0.113.9"  # the last: the one our proxy appended
    settings.CLIENT_IP_HEADER = "X-Real-IP"
    assert client_address(rf.get("/", HTTP_X_REAL_IP="203.0.113.10")) == "203.0.113.10"
    assert client_address(rf.get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"  # header missing


def test_ipv6_addresses_count_per_64_network(rf):
    one = rf.get("/", REMOTE_ADDR="2001:db8:1:2::1")
    two = rf.get("/", REMOTE_ADDR="2001:db8:1:2:ffff::9")
    other = rf.get("/", REMOTE_ADDR="2001:db8:1:3::1")
    assert client_address(one) == client_address(two) == "2001:db8:1:2::/64"
    assert client_address(other) != client_address(one)
    assert client_address(rf.get("/", REMOTE_ADDR="::ffff:203.0.113.9")) == "203.0.113.9"


def test_the_admin_log_in_says_so_too(client, ned):
    ned.is_staff = True
    ned.save()
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT)
    response = client.post("/admin/login/", {"username": "ned", "password": PASSWORD})
    assert response.status_code == 200  # the admin's own page, with the message
    assert LIMITED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_password_reset_by_mail_opens_the_account_again(client, ned):
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT)
    assert log_in(client, "ned", PASSWORD).status_code == 429
    client.post("/accounts/password_reset/", {"email": "ned@example.org"})
    link = re.search(r"https?://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert form.status_code == 200 and "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "the-north-remembers", "new_password2": "the-north-remembers"},
    )
    assert done.status_code == 302
    assert log_in(client, "ned", "the-north-remembers").status_code == 302


# The API's HTTP Basic authentication ------------------------------------------------------


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_http_basic_guesses_are_limited_with_a_clear_answer(ned, hashes):
    client = APIClient()
    for _ in range(LOGIN_FAILURES_PER_ACCOUNT):
        client.credentials(HTTP_AUTHORIZATION=basic("ned", "wrong-guess"))
        assert client.get("/api/decks/").status_code == 403
    hashes.clear()
    client.credentials(HTTP_AUTHORIZATION=basic("ned", PASSWORD))
    response = client.get("/api/decks/")
    assert response.status_code == 429
    assert LIMITED in response.json()["detail"]
    assert int(response["Retry-After"]) > 0
    assert hashes == []


def test_log_in_page_failures_count_for_the_api_too(client, ned):
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=basic("ned", PASSWORD))
    assert api.get("/api/decks/").status_code == 429


# Sign-ups and password-reset mail ---------------------------------------------------------


def sign_up(client, username: str, **extra):
    password = "needle-water-dance"
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": password, "password2": password},
        **extra,
    )


def test_sign_ups_per_address_are_limited(hashes):
    for n in range(SIGNUPS_PER_ADDRESS):
        assert sign_up(Client(), f"player-{n}", REMOTE_ADDR="203.0.113.20").status_code == 302
    hashes.clear()
    refused = sign_up(Client(), "one-more", REMOTE_ADDR="203.0.113.20")
    assert refused.status_code == 429
    assert "Too many accounts" in refused.content.decode()
    assert not User.objects.filter(username="one-more").exists()
    assert hashes == []
    assert sign_up(Client(), "one-more", REMOTE_ADDR="198.51.100.7").status_code == 302


def test_failed_sign_ups_do_not_count(client):
    for _ in range(SIGNUPS_PER_ADDRESS + 1):
        response = client.post(
            "/accounts/signup/", {"username": "x", "password1": "a", "password2": "b"}
        )
        assert response.status_code == 200
    assert sign_up(client, "arya").status_code == 302


def test_password_reset_mail_per_address_is_limited(client, ned):
    for _ in range(PASSWORD_RESETS_PER_ADDRESS):
        response = client.post("/accounts/password_reset/", {"email": "ned@example.org"})
        assert response.status_code == 302
    refused = client.post("/accounts/password_reset/", {"email": "ned@example.org"})
    assert refused.status_code == 429
    assert "Too many password resets" in refused.content.decode()
    assert len(mail.outbox) == PASSWORD_RESETS_PER_ADDRESS


def test_a_successful_log_in_is_not_counted(client, ned):
    for _ in range(LOGIN_FAILURES_PER_ACCOUNT * 2):
        assert log_in(Client(), "ned", PASSWORD).status_code == 302


def test_without_a_reachable_cache_log_ins_still_work(client, ned, settings):
    settings.CACHES = {
        "default": {"BACKEND": "config.cache.RedisCache", "LOCATION": dead_redis_url()}
    }
    fail(client, "ned", LOGIN_FAILURES_PER_ACCOUNT + 1)  # nothing counted, nothing refused
    assert log_in(client, "ned", PASSWORD).status_code == 302
    ratelimit.forget_login_failures("ned")  # no error either


def dead_redis_url() -> str:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/8"
