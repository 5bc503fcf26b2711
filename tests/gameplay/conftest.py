"""Fixtures of the engine tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gameplay.engine.abilities import core_only, only_scripts


@pytest.fixture
def core_scripts_only() -> Iterator[None]:
    """Only the Core Set's card scripts registered, for tests of the rules that count on
    which cards of the whole pool could answer a trigger (a response window asks every
    seat when any registered card answers it from a hand): what they check must not move
    as the pool's later products are written."""
    with only_scripts(core_only):
        yield


# Test modules that pin the Core Set's rules: the Core cards' own tests (every module of the
# package tests.gameplay.cards.core), the windows' (who is asked when) and the passing
# preferences' (when the server passes for a person), which must not move as later products
# are written.
PINNED_TO_CORE = (
    "tests.gameplay.cards.core.",
    "tests.gameplay.test_windows",
    "tests.gameplay.test_match_passing",
)


def pinned_to_core(module: str) -> bool:
    """Whether the test module named ``module`` (dotted) runs with the Core scripts only."""
    return module.startswith(PINNED_TO_CORE)


@pytest.fixture(autouse=True)
def _pinned_to_core(request: pytest.FixtureRequest) -> None:
    if pinned_to_core(request.module.__name__):
        request.getfixturevalue("core_scripts_only")


@pytest.fixture(autouse=True)
def _manual_example(request: pytest.FixtureRequest) -> Iterator[None]:
    """The table-action tests play their example card (tests/gameplay/manual_example.py)
    without its script, as a card the engine does not play."""
    from tests.gameplay.manual_example import MANUAL, MANUAL_EXAMPLE_MODULES

    if request.module.__name__ not in MANUAL_EXAMPLE_MODULES:
        yield
        return
    with only_scripts(lambda code: code != MANUAL):
        yield
