from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_sign_up_creates_the_user_and_logs_them_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "arya",
            "email": "",
            "password1": "needle-water-dance",
            "password2": "needle-water-dance",
        },
    )
    assert response.status_code == 302
    user = User.objects.get(username="arya")
    assert user.check_password("needle-water-dance")
    assert client.session["_auth_user_id"] == str(user.pk)


def test_sign_up_with_mismatched_passwords_says_why(client):
    response = client.post(
        reverse("signup"),
        {"username": "arya", "password1": "needle-water-dance", "password2": "other-water-dance"},
    )
    assert response.status_code == 200
    assert "password fields didn" in response.content.decode()
    assert not User.objects.filter(username="arya").exists()


def test_sign_up_refuses_a_taken_name(client):
    User.objects.create_user("arya", password="x-needle-123")
    response = client.post(
        reverse("signup"),
        {"username": "arya", "password1": "needle-water-dance", "password2": "needle-water-dance"},
    )
    assert "already exists" in response.content.decode()
    assert User.objects.filter(username="arya").count() == 1


def test_log_in_and_out(client):
    User.objects.create_user("sansa", password="lemon-cakes-42")
    bad = client.post(reverse("login"), {"username": "sansa", "password": "wrong"})
    assert bad.status_code == 200 and "_auth_user_id" not in client.session
    assert "correct username and password" in bad.content.decode()
    good = client.post(reverse("login"), {"username": "sansa", "password": "lemon-cakes-42"})
    assert good.status_code == 302 and "_auth_user_id" in client.session
    assert client.post(reverse("logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_change_password_needs_a_login_and_the_old_password(client):
    user = User.objects.create_user("bran", password="three-eyed-raven")
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    client.force_login(user)
    wrong = client.post(
        reverse("password_change"),
        {
            "old_password": "nope",
            "new_password1": "greenseer-2026",
            "new_password2": "greenseer-2026",
        },
    )
    assert wrong.status_code == 200
    ok = client.post(
        reverse("password_change"),
        {
            "old_password": "three-eyed-raven",
            "new_password1": "greenseer-2026",
            "new_password2": "greenseer-2026",
        },
    )
    assert ok.status_code == 302
    user.refresh_from_db()
    assert user.check_password("greenseer-2026")


def test_pages_show_the_right_account_links(client):
    anonymous = client.get(reverse("login")).content.decode()
    assert reverse("signup") in anonymous
    client.force_login(User.objects.create_user("jon", password="ghost-wolf-99"))
    logged_in = client.get(reverse("password_change")).content.decode()
    assert "jon" in logged_in and reverse("logout") in logged_in
