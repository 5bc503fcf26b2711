"""A card played as one whose text the engine does not play, for the tests of table actions
(by hand): every card of the pool has a script now, so these tests leave one out.

Rainbow Guard Squire (w_3): a non-unique character whose text asks to kneel a card (the
cause a bot accepts a kneel request for: gameplay/engine/table_bots.py). The test modules
listed in ``MANUAL_EXAMPLE_MODULES`` run without its script (tests/gameplay/conftest.py)."""

from __future__ import annotations

MANUAL = "w_3"

MANUAL_EXAMPLE_MODULES = (
    "tests.gameplay.test_match_table_actions",
    "tests.gameplay.test_table_actions",
    "tests.gameplay.test_table_hidden",
)
