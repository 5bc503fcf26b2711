"""Settings read the environment, and production refuses the development key."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.urls import reverse

from tests.conftest import require_service

ROOT = Path(__file__).resolve().parents[2]


def _load_settings(**env: str) -> subprocess.CompletedProcess:
    clean = {
        k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "DATABASE_URL"}
    }
    clean.update(env)
    code = (
        "import config.settings as s, json; "
        "print(json.dumps([s.DEBUG, s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_production_refuses_to_start_without_a_secret_key():
    result = _load_settings()
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_refuses_the_development_key():
    result = _load_settings(SECRET_KEY=settings_module_dev_key())
    assert result.returncode != 0
    assert "development key is refused" in result.stderr


def test_development_runs_on_sqlite_with_in_process_tasks():
    result = _load_settings(DEBUG="1", CELERY_BROKER_URL="")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == '[true, "django.db.backends.sqlite3", true]'


def test_database_and_broker_urls_select_real_services():
    result = _load_settings(
        SECRET_KEY="a-real-secret",
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/maester",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == '[false, "django.db.backends.postgresql", false]'


def settings_module_dev_key() -> str:
    from config.settings import DEV_SECRET_KEY

    return DEV_SECRET_KEY


@pytest.mark.django_db
def test_the_suite_runs_on_the_database_it_was_given():
    url = require_service("DATABASE_URL")
    expected = "postgresql" if url.startswith("postgres") else url.split(":", 1)[0]
    assert connection.vendor == expected
    assert settings.DATABASES["default"]["ENGINE"].endswith(expected)


# HTTPS, HSTS and mail, from the environment ------------------------------------------------

HTTPS_CHECK = """
import json
import django
django.setup()
from django.conf import settings
from django.test import Client

plain = Client().get("/cards/help/")
secure = Client().get("/cards/help/", HTTP_X_FORWARDED_PROTO="https")
print(json.dumps({
    "redirect": [plain.status_code, plain.get("Location")],
    "secure": [secure.status_code, secure.get("Strict-Transport-Security")],
}))
"""


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "DATABASE_URL"}}
    clean.update({"SECRET_KEY": "a-real-secret", "ALLOWED_HOSTS": "testserver", **env})
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True
    )


def test_over_https_plain_http_is_redirected_and_hsts_sent():
    result = _run(HTTPS_CHECK, DJANGO_SETTINGS_MODULE="config.settings_test", HTTPS="1")
    assert result.returncode == 0, result.stderr[-2000:]
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    assert answers["redirect"] == [301, "https://testserver/cards/help/"]
    assert answers["secure"] == [200, "max-age=31536000"]


def test_hsts_can_be_tuned_and_is_off_without_https():
    result = _run(
        HTTPS_CHECK,
        DJANGO_SETTINGS_MODULE="config.settings_test",
        HTTPS="1",
        HSTS_SECONDS="600",
        HSTS_INCLUDE_SUBDOMAINS="1",
        HSTS_PRELOAD="1",
    )
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    assert answers["secure"] == [200, "max-age=600; includeSubDomains; preload"]
    result = _run(HTTPS_CHECK, DJANGO_SETTINGS_MODULE="config.settings_test")
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    assert answers["redirect"] == [200, None]
    assert answers["secure"] == [200, None]


MAIL_SETTINGS = """
import json
import config.settings as s
print(json.dumps([s.EMAIL_BACKEND, s.EMAIL_HOST, s.EMAIL_PORT, s.EMAIL_HOST_USER,
                  s.EMAIL_HOST_PASSWORD, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.DEFAULT_FROM_EMAIL]))
"""


def test_smtp_settings_come_from_the_environment():
    result = _run(
        MAIL_SETTINGS,
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="maester",
        EMAIL_HOST_PASSWORD="mail-secret",
        EMAIL_USE_TLS="1",
        DEFAULT_FROM_EMAIL="Maester <no-reply@example.org>",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout) == [
        "django.core.mail.backends.smtp.EmailBackend",
        "smtp.example.org",
        2525,
        "maester",
        "mail-secret",
        True,
        False,
        "Maester <no-reply@example.org>",
    ]
    ssl = json.loads(_run(MAIL_SETTINGS, EMAIL_HOST="smtp.example.org", EMAIL_USE_SSL="1").stdout)
    assert ssl[2] == 465 and ssl[5:7] == [False, True]
    console = json.loads(_run(MAIL_SETTINGS).stdout)
    assert console[0] == "django.core.mail.backends.console.EmailBackend"


class FakeSMTPServer(threading.Thread):
    """Just enough of an SMTP server to receive one mail (what Django's SMTP backend
    says, without TLS or a login)."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.port = self.listener.getsockname()[1]
        self.messages: list[str] = []

    def run(self) -> None:
        connection, _ = self.listener.accept()
        with connection, connection.makefile("rwb") as stream:

            def say(line: str) -> None:
                stream.write(f"{line}\r\n".encode())
                stream.flush()

            say("220 fake ESMTP")
            while line := stream.readline().decode():
                command = line.strip().upper()
                if command.startswith(("EHLO", "HELO")):
                    say("250 fake")
                elif command == "DATA":
                    say("354 go on")
                    lines = []
                    while (data := stream.readline().decode()) not in {".\r\n", ""}:
                        lines.append(data)
                    self.messages.append("".join(lines))
                    say("250 queued")
                elif command == "QUIT":
                    say("221 bye")
                    return
                else:
                    say("250 ok")


@pytest.mark.django_db
def test_password_reset_mail_goes_out_by_smtp(client, settings):
    from django.contrib.auth.models import User

    server = FakeSMTPServer()
    server.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    User.objects.create_user("sansa", password="lemon-cakes-42", email="sansa@example.org")

    page = client.get(reverse("password_reset"))
    assert "Reset your password" in page.content.decode()
    response = client.post(reverse("password_reset"), {"email": "sansa@example.org"})
    assert response.status_code == 302
    assert "Check your mail" in client.get(response["Location"]).content.decode()
    server.join(timeout=10)
    (message,) = server.messages
    assert "Subject: Your Maester password" in message
    assert "sansa@example.org" in message
    assert re.search(r"http://testserver/accounts/reset/[\w-]+/[\w-]+/", message)
