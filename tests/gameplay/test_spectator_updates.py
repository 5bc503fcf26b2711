"""A spectators' update is drawn once per version and shared (gameplay/views.py,
``_spectators_update``, by the polls and the spectators' streams): every spectator of a
match gets the same public view, so a featured table with many watchers costs one render a
move. Shared only between spectators, never with a seated player, never past the access
check, never for an open match or a match with a chess clock (its clocks are read as the
update is drawn)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from gameplay.engine.game import legal_actions, to_act
from gameplay.models import Match
from gameplay.services import match_act, match_state
from gameplay.views import spectators_key
from tests.gameplay.test_match_pages import (
    HTMX,
    assert_hides,
    client_for,
    joust,
    secret_names,
    secret_refs,
    url,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _poll(client: Client, match: Match, **query) -> object:
    asked = {"v": "0", "c": "0", "k": "", "s": "active", "e": "0", **query}
    return client.get(url("poll", match), asked, **HTMX)


def _move(match: Match, people) -> Match:
    """The seat that must decide makes its first legal move."""
    state = match_state(match)
    seat = to_act(state)[0]
    action = str(legal_actions(state, seat)[0])
    return match_act(match_id=match.pk, user=people[seat], action=action, version=match.version)


def _key(match: Match, chat: bool = False) -> str:
    """The shared update's key of a page at log position 0 (``chat``: whether the chat is
    sent, the page's chat version being behind)."""
    return spectators_key(match, chat, "0")


def _stored(match: Match) -> list[bytes]:
    """The shared updates the cache holds for ``match`` (pages at log position 0)."""
    kept = cache.get_many([_key(match, False), _key(match, True)]).values()
    return [drawn for drawn, _log_count in kept]


def test_spectators_share_one_drawing_of_a_version(people):
    match = _move(joust(people), people)
    anonymous, logged_in = Client(), client_for(people[2])
    first = _poll(anonymous, match)
    assert first.status_code == 200 and b'id="board"' in first.content
    assert _stored(match) == [first.content]
    # Another spectator, logged in, gets the very same bytes (no form, no token in it).
    second = _poll(logged_in, match)
    assert second.content == first.content
    assert b"csrfmiddlewaretoken" not in first.content
    # What is stored is what is served: a later spectator gets the stored drawing.
    cache.set(_key(match), (b"<p>stored</p>", 0))
    assert _poll(Client(), match).content == b"<p>stored</p>"
    # A new version is drawn anew.
    match = _move(match, people)
    third = _poll(anonymous, match)
    assert third.content not in (first.content, b"<p>stored</p>")
    assert f"v={match.version}".encode() in third.content


def test_the_shared_drawing_hides_every_seats_cards_and_is_never_a_players(people):
    match = _move(joust(people), people)
    spectator = _poll(Client(), match)
    for seat in (0, 1):
        assert_hides(spectator, secret_names(match, seat), secret_refs(match, seat))
    # A seated player polling the same version gets their own view, not the shared one,
    # and theirs is not stored for the spectators.
    ann = _poll(client_for(people[0]), match)
    assert ann.content != spectator.content and b'id="my-hand"' in ann.content
    assert _stored(match) == [spectator.content]
    cache.clear()
    ann_first = _poll(client_for(people[0]), match)
    assert b'id="my-hand"' in ann_first.content and _stored(match) == []
    assert b'id="my-hand"' not in _poll(Client(), match).content


def test_a_viewer_who_may_not_watch_never_gets_the_shared_drawing(people):
    match = _move(joust(people, is_public=False), people)
    # Ann plays: her own view, nothing shared. Cat may not watch a private match.
    _poll(client_for(people[0]), match)
    cache.set(_key(match), (b"<p>stored</p>", 0))
    refused = _poll(client_for(people[2]), match)
    assert refused.status_code == 403 and b"stored" not in refused.content


def test_no_sharing_with_a_chess_clock_or_a_prompt_key(people):
    clocked = _move(joust(people, clock_minutes=30), people)
    assert _poll(Client(), clocked).status_code == 200
    assert _stored(clocked) == []
    match = _move(joust(people), people)
    assert _poll(Client(), match, k="some-key").status_code == 200  # not a spectator's page
    assert _stored(match) == []
    assert _poll(Client(), match, e="x").status_code == 200  # an unreadable log position
    assert _stored(match) == []
