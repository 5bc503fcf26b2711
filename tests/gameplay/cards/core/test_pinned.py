"""The Core card tests run with only the Core Set's scripts registered (conftest.py,
PINNED_TO_CORE): what they check must not move as later products are written."""

from __future__ import annotations

from gameplay.engine.abilities import SCRIPTS
from tests.gameplay.conftest import pinned_to_core


def test_a_core_card_test_has_the_core_scripts_only(request):
    assert "core_scripts_only" in request.fixturenames
    assert SCRIPTS and all(code.startswith("core_") for code in SCRIPTS)


def test_the_core_package_is_pinned_and_the_other_products_are_not():
    assert pinned_to_core(__name__) and __name__.startswith("tests.gameplay.cards.core.")
    assert pinned_to_core("tests.gameplay.test_windows")
    assert not pinned_to_core("tests.gameplay.cards.kings_of_the_sea.test_cards")
    assert not pinned_to_core("tests.gameplay.cards.core_sequel.test_cards")
    assert not pinned_to_core("tests.gameplay.test_challenges")
