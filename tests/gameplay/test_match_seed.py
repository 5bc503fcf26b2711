"""A match's seed: 128 bits from the system's secure generator, carried whole by the
engine's generator, stored exactly, secret while the match runs, and replays as before
(small seeds give exactly the streams they always gave)."""

from __future__ import annotations

import hashlib
import json
import re

import orjson
import pytest
from django.test import Client
from django.urls import reverse

from gameplay.engine.game import GameConfig, legal_actions, new_game
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng, seed_state
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import initial_rng
from gameplay.models import Match
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_act,
    match_bot_move,
    match_chat,
    match_create,
    match_replay,
    match_state,
)
from gameplay.services.play import SEED_BITS

BIG = (1 << 128) | 0x0123456789ABCDEF_FEDCBA9876543210


def splitmix64(state: int, count: int) -> list[int]:
    """The generator as it always was (the reference for small seeds)."""
    mask, out = (1 << 64) - 1, []
    for _ in range(count):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


@pytest.mark.parametrize("seed", [0, 1, 7, 2**48 - 1, 2**63, 2**64 - 1, -5])
def test_a_seed_of_up_to_64_bits_gives_exactly_the_stream_it_always_gave(seed):
    old = int.from_bytes(hashlib.sha256(f"maester:{seed}".encode()).digest()[:8], "big")
    assert initial_rng(seed) == old == seed_state(str(seed))
    rng = Rng(old)
    assert [rng.next() for _ in range(5)] == splitmix64(old, 5)
    direct = Rng(seed)  # a bot's generator is seeded directly
    assert [direct.next() for _ in range(3)] == splitmix64(seed & (2**64 - 1), 3)


def test_every_bit_of_a_large_seed_counts():
    # Two seeds that agree on their low 64 bits: folded into 64 bits, they were one.
    low = BIG & (2**64 - 1)
    assert Rng(BIG).next() != Rng(low).next()
    assert Rng(BIG).next() != Rng(BIG ^ (1 << 100)).next()
    state = initial_rng(BIG)
    assert isinstance(state, str) and state != initial_rng(BIG ^ (1 << 127))
    key, _, count = state.partition(":")
    assert len(bytes.fromhex(key)) * 8 == 256 and count == "0"
    # The state travels through JSON (orjson writes no integer beyond 64 bits) and on.
    rng = Rng(state)
    first = [rng.below(1000) for _ in range(20)]
    again = Rng(orjson.loads(orjson.dumps(state)))
    assert [again.below(1000) for _ in range(20)] == first
    assert Rng(rng.state).next() == rng.next()
    assert len(set(first)) > 10  # not a constant


def test_a_large_seed_deals_as_its_decimal_text_and_differs_from_its_low_bits():
    decks = (load_deck("core-stark"), load_deck("core-lannister"))
    big = new_game(GameConfig(players=decks, seed=str(BIG)))
    same = new_game(GameConfig(players=decks, seed=str(BIG)))
    low = new_game(GameConfig(players=decks, seed=BIG & (2**64 - 1)))
    assert big.digest() == same.digest()
    assert big.players[0].deck != low.players[0].deck
    orjson.dumps(big.to_plain())  # storable


@pytest.mark.django_db
def test_a_new_match_gets_128_bits_from_the_secure_generator(monkeypatch):
    import secrets

    asked = []
    real = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda k: asked.append(k) or real(k))
    seats = [SeatSpec(core_deck("core-stark"), bot="random"), SeatSpec()]
    seeds = [match_create(creator=None, variant="joust", seats=seats).seed for _ in range(3)]
    assert asked == [SEED_BITS] * 3 and SEED_BITS >= 128
    assert all(seed.bit_length() == SEED_BITS + 1 for seed in seeds)  # beyond 64 bits
    assert len(set(seeds)) == 3


@pytest.mark.django_db
def test_a_128_bit_seed_is_stored_exactly_and_the_match_replays(django_user_model):
    ann = django_user_model.objects.create_user("ann")
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ann),
            SeatSpec(core_deck("core-lannister"), bot="random"),
        ],
        seed=BIG,
    )
    stored = Match.objects.get(pk=match.pk)
    assert stored.seed == BIG and Match.objects.filter(seed=BIG).count() == 1
    state = match_state(stored)
    assert state.seed == str(BIG) and isinstance(state.rng, str)
    for _ in range(6):  # moves of the person and the bot, in turn
        stored = Match.objects.get(pk=match.pk)
        if 1 in stored.waiting:
            assert match_bot_move(match_id=match.pk, version=stored.version)
        elif 0 in stored.waiting:
            action = str(legal_actions(match_state(stored), 0)[0])
            match_act(match_id=match.pk, user=ann, action=action, version=stored.version)
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 6
    assert match_replay(stored).digest() == match_state(stored).digest()


@pytest.mark.django_db
def test_the_seed_is_shown_to_nobody_while_the_match_runs(django_user_model):
    ann, bob = (django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob"))
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ann),
            SeatSpec(core_deck("core-lannister"), user=bob),
        ],
    )
    match_chat(match_id=match.pk, user=ann, text="good luck")
    match = Match.objects.get(pk=match.pk)
    state = match_state(match)
    secrets_ = {str(match.seed), f"{match.seed:x}", f"{match.seed:X}", state.rng.split(":")[0]}
    secrets_ |= {str(match.seed)[i : i + 12] for i in range(0, 28, 4)}  # any long piece
    secrets_ |= {state.rng.split(":")[0][i : i + 16] for i in range(0, 48, 8)}

    def check(text: str, where: str) -> None:
        for secret in secrets_:
            assert secret not in text, f"{where} shows the seed ({secret})"

    pages = {
        "lobby": ("play:lobby", []),
        "board": ("play:match", [match.pk]),
        "replay": ("play:replay", [match.pk]),
    }
    for who in (ann, bob, None):
        client = Client()
        if who is not None:
            client.force_login(who)
        for name, (route, args) in pages.items():
            response = client.get(reverse(route, args=args), follow=True)
            check(response.content.decode(), f"{name} for {who}")
        poll = client.get(reverse("play:poll", args=[match.pk]), {"v": 0, "c": 0})
        check(poll.content.decode(), f"the poll for {who}")
    for seat in (0, 1, None):  # every view of the engine a page or a bot is given
        check(json.dumps(observe(state, seat)), f"observe({seat})")
    seat = match.waiting[0]
    player = Client()
    player.force_login((ann, bob)[seat])
    seen = player.post(
        reverse("play:act", args=[match.pk]),
        {"action": str(legal_actions(state, seat)[0]), "version": 0},
        HTTP_HX_REQUEST="true",
    )
    assert Match.objects.get(pk=match.pk).version == 1
    check(seen.content.decode(), "the answer to an action")
    assert re.search(r"\d{30,}", seen.content.decode()) is None
