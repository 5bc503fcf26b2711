"""Password guessing and sign-ups are limited (accounts/ratelimit.py): failed log-ins per
account from one address, per account from everywhere and per address, through the log-in
page, the admin's and the API's HTTP Basic authentication, exactly even for requests at the
same moment; refused attempts cost no password hash; strangers' failures do not close an
account to its owner on an address it logged in from; sign-ups and password-reset mail per
address. The address is REMOTE_ADDR unless a trusted proxy's header is configured."""

from __future__ import annotations

import base64
import re
import threading
import time

import pytest
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import User
from django.core import mail
from django.db import connection
from django.test import Client
from rest_framework.test import APIClient

from accounts import ratelimit
from accounts.models import KnownAddress
from accounts.ratelimit import (
    ACCOUNT_AND_ADDRESS_LIMITED,
    ACCOUNT_LIMITED,
    ADDRESS_LIMITED,
    LOGIN_FAILURES_PER_ACCOUNT,
    LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS,
    LOGIN_FAILURES_PER_ADDRESS,
    PASSWORD_RESETS_PER_ADDRESS,
    SIGNUPS_PER_ADDRESS,
    client_address,
)

pytestmark = pytest.mark.django_db

PASSWORD = "winter-is-coming"
LIMITED = "Too many failed log-ins"
PAIR = LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS  # one account from one address
HOME = "198.51.100.7"  # where ned logs in from


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
    fail(client, "ned", PAIR)
    hashes.clear()
    response = log_in(client, "ned", PASSWORD)  # even the right password: it might be a guess
    assert response.status_code == 429
    assert LIMITED in response.content.decode()
    assert "_auth_user_id" not in client.session
    assert hashes == []  # refused before any password is hashed


def test_names_that_differ_in_case_count_together(client, ned):
    fail(client, "ned", PAIR - 1, REMOTE_ADDR="203.0.113.5")
    fail(client, "NED", 1, REMOTE_ADDR="203.0.113.5")
    assert log_in(client, "Ned", PASSWORD, REMOTE_ADDR="203.0.113.5").status_code == 429


def test_a_stranger_failing_on_an_account_does_not_close_it_to_its_owner(ned):
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=HOME).status_code == 302
    stranger = Client()
    fail(stranger, "ned", PAIR, REMOTE_ADDR="203.0.113.5")
    assert log_in(stranger, "ned", PASSWORD, REMOTE_ADDR="203.0.113.5").status_code == 429
    # Its owner, at home and on an address never used before, still logs in.
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=HOME).status_code == 302
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR="192.0.2.44").status_code == 302


def guesses_from_many_addresses(username: str, total: int) -> None:
    """``total`` failures on one account, from as many addresses as the limit per account
    and address needs (a botnet)."""
    for n in range(total):
        address = f"203.0.{n // PAIR}.{n % PAIR + 1}"
        response = log_in(Client(), username, f"guess-{n}", REMOTE_ADDR=address)
        assert response.status_code == 200, n


def test_many_addresses_guessing_close_the_account_but_not_where_its_owner_logs_in(ned, hashes):
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=HOME).status_code == 302
    guesses_from_many_addresses("ned", LOGIN_FAILURES_PER_ACCOUNT)
    hashes.clear()
    # One more guess from a new address: refused unheard, even with the right password.
    refused = log_in(Client(), "NED", PASSWORD, REMOTE_ADDR="192.0.2.44")
    assert refused.status_code == 429
    assert ACCOUNT_LIMITED in refused.content.decode()
    assert hashes == []
    # While the strangers keep failing, its owner logs in from home.
    owner = Client()
    response = log_in(owner, "ned", PASSWORD, REMOTE_ADDR=HOME)
    assert response.status_code == 302
    assert owner.session["_auth_user_id"] == str(ned.pk)
    # Typing errors at home still count only against home.
    fail(Client(), "ned", 1, REMOTE_ADDR=HOME)
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=HOME).status_code == 302


def test_other_accounts_still_log_in(ned):
    User.objects.create_user("arya", password="needle-water-dance")
    guesses_from_many_addresses("ned", LOGIN_FAILURES_PER_ACCOUNT)
    response = log_in(Client(), "arya", "needle-water-dance", REMOTE_ADDR="192.0.2.44")
    assert response.status_code == 302


def test_a_known_address_is_known_to_its_account_only(ned):
    User.objects.create_user("arya", password="needle-water-dance")
    assert log_in(Client(), "arya", "needle-water-dance", REMOTE_ADDR=HOME).status_code == 302
    guesses_from_many_addresses("ned", LOGIN_FAILURES_PER_ACCOUNT)
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=HOME).status_code == 429


def test_an_address_is_kept_as_a_keyed_digest(ned):
    log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=HOME)
    (known,) = KnownAddress.objects.filter(user=ned)
    assert HOME not in known.address
    assert known.address == ratelimit.address_digest(HOME)


def test_the_refusals_do_not_tell_whether_an_account_exists(ned):
    def refusal(username: str, address: str) -> str:
        response = log_in(Client(), username, PASSWORD, REMOTE_ADDR=address)
        assert response.status_code == 429
        return re.search(r"Too many failed log-ins[^<]*", response.content.decode()).group(0)

    for username in ("ned", "nobody"):
        fail(Client(), username, PAIR, REMOTE_ADDR="192.0.2.1")
    assert refusal("ned", "192.0.2.1") == refusal("nobody", "192.0.2.1")
    assert refusal("ned", "192.0.2.1").strip() == ACCOUNT_AND_ADDRESS_LIMITED
    for username in ("ned", "nobody"):
        guesses_from_many_addresses(username, LOGIN_FAILURES_PER_ACCOUNT - PAIR)
    assert refusal("ned", "192.0.2.2") == refusal("nobody", "192.0.2.2")
    assert refusal("ned", "192.0.2.2").strip() == ACCOUNT_LIMITED


def test_an_address_is_closed_after_too_many_failures_on_any_accounts(client, ned, hashes):
    for n in range(LOGIN_FAILURES_PER_ADDRESS):
        log_in(client, f"nobody-{n}", "guess", REMOTE_ADDR="203.0.113.9")
    hashes.clear()
    response = log_in(client, "ned", PASSWORD, REMOTE_ADDR="203.0.113.9")
    assert response.status_code == 429 and LIMITED in response.content.decode()
    assert hashes == []
    assert ADDRESS_LIMITED in response.content.decode()
    # Another address is not held.
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR="198.51.100.7").status_code == 302


def test_one_address_shared_by_many_still_lets_its_own_accounts_in(ned):
    """Behind a proxy without CLIENT_IP_HEADER every visitor has the proxy's address: a
    stranger spraying guesses there closes it to new accounts, not to those that logged in
    from it."""
    shared = "10.0.0.2"
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=shared).status_code == 302
    User.objects.create_user("arya", password="needle-water-dance")
    for n in range(LOGIN_FAILURES_PER_ADDRESS):
        log_in(Client(), f"nobody-{n}", "guess", REMOTE_ADDR=shared)
    assert log_in(Client(), "nobody-x", "guess", REMOTE_ADDR=shared).status_code == 429
    refused = log_in(Client(), "arya", "needle-water-dance", REMOTE_ADDR=shared)
    assert refused.status_code == 429
    assert log_in(Client(), "ned", PASSWORD, REMOTE_ADDR=shared).status_code == 302


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
    fail(client, "ned", PAIR)
    response = client.post("/admin/login/", {"username": "ned", "password": PASSWORD})
    assert response.status_code == 200  # the admin's own page, with the message
    assert LIMITED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_password_reset_by_mail_opens_the_account_again(client, ned):
    fail(client, "ned", PAIR)
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


def test_a_password_reset_lets_its_owner_in_from_a_new_address(ned):
    guesses_from_many_addresses("ned", LOGIN_FAILURES_PER_ACCOUNT)
    owner = Client(REMOTE_ADDR="192.0.2.44")
    assert log_in(owner, "ned", PASSWORD).status_code == 429
    owner.post("/accounts/password_reset/", {"email": "ned@example.org"})
    link = re.search(r"https?://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    form = owner.get(link, follow=True)
    new = "the-north-remembers"
    owner.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert log_in(owner, "ned", new).status_code == 302
    # The strangers go on, and the address it was reset from stays open to its owner.
    guesses_from_many_addresses("ned", LOGIN_FAILURES_PER_ACCOUNT)
    assert log_in(Client(), "ned", new, REMOTE_ADDR="192.0.2.99").status_code == 429
    assert log_in(owner, "ned", new).status_code == 302


# The API's HTTP Basic authentication ------------------------------------------------------


def basic(username: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{username}:{password}".encode()).decode()


def test_http_basic_guesses_are_limited_with_a_clear_answer(ned, hashes):
    client = APIClient()
    for _ in range(PAIR):
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
    fail(client, "ned", PAIR)
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
    for _ in range(PAIR * 2):
        assert log_in(Client(), "ned", PASSWORD).status_code == 302


def test_without_a_reachable_cache_log_ins_still_work(client, ned, settings, rf):
    settings.CACHES = {
        "default": {"BACKEND": "config.cache.RedisCache", "LOCATION": dead_redis_url()}
    }
    fail(client, "ned", PAIR + 1)  # nothing counted, nothing refused
    assert log_in(client, "ned", PASSWORD).status_code == 302
    ratelimit.forget_login_failures(rf.post("/"), ned)  # no error either


def dead_redis_url() -> str:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/8"


# Guesses at the same moment ------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_guesses_at_the_same_moment_get_exactly_the_limit(shared_cache, monkeypatch):
    """Many guesses sent at once from one address, through the log-in page, each checking
    its password as slowly as a real hash does: exactly the limit are checked, the others
    refused (a count read before the check and written after it let 13 of 10 through)."""
    User.objects.create_user("ned", password=PASSWORD)
    checked: list[str] = []
    check = AbstractBaseUser.check_password

    def slow_check(self, raw):
        checked.append(raw)
        time.sleep(0.05)  # PBKDF2 takes this long or longer; the tests' MD5 does not
        return check(self, raw)

    monkeypatch.setattr(AbstractBaseUser, "check_password", slow_check)
    guesses = 3 * PAIR
    start = threading.Barrier(guesses)
    statuses: list[int] = []
    errors: list[BaseException] = []

    def guess(n: int) -> None:
        try:
            client = Client(REMOTE_ADDR="203.0.113.5")
            start.wait()
            statuses.append(log_in(client, "ned", f"guess-{n}").status_code)
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(guesses)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(checked) == PAIR
    assert sorted(statuses) == [200] * PAIR + [429] * (guesses - PAIR)
    # The refused guesses counted for nothing: the window holds exactly the limit.
    account = ratelimit._account("ned")
    assert shared_cache.get(ratelimit._pair_key(account, "203.0.113.5")) == PAIR
    assert shared_cache.get(ratelimit._account_key(account)) == PAIR
