"""Shared tournament test data: an organizer, players, and the Core starter decklists."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"


def decklist(name: str) -> str:
    return (DECKS / f"{name}.txt").read_text(encoding="utf-8")


@pytest.fixture
def organizer() -> User:
    return User.objects.create_user("varys", password="little-birds-77")


@pytest.fixture
def player() -> User:
    return User.objects.create_user("arya", password="needle-water-dance")


@pytest.fixture
def event(organizer):
    from tournaments.services import event_create

    return event_create(organizer=organizer, name="Store Joust", date=datetime.date(2026, 11, 28))
