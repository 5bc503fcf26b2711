"""Does every card's script have a test that needs it? Remove each card's script in turn and
run the tests that play that card: a card none of whose tests fails without its script is
reported as a survivor (its tests would pass whatever the card did).

    python -m tests.gameplay.script_check PRODUCT [PRODUCT ...] [--tests PATH ...] [--json FILE]

PRODUCT is a product code of the card fixtures (``core``, ``kings-of-the-sea``, ``agendas``
for every agenda of the pool). Its tests are the files coverage reads for it
(``gameplay.engine.coverage.product_test_files``) unless ``--tests`` names others.

How: pytest runs those tests once as usual (a failing test is reported and counts for
nothing), recording the card codes of every game a test builds (``GameState.new_card``).
Then, for each card of the product with a script among those codes, not yet shown to be
needed, the same test runs again, from fresh fixtures, with every script but that card's
registered (``abilities.only_scripts``); any failure or error shows the script is needed.
A card of the product that no test builds is reported as untested. Exit status 1 when a
card survives or is untested.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from _pytest.runner import runtestprotocol

from gameplay.engine import abilities
from gameplay.engine.coverage import product_card_codes, product_test_files
from gameplay.engine.state import GameState


@dataclass
class Result:
    """What the check found for one product."""

    product: str
    scripted: set[str] = field(default_factory=set)  # the product's cards with a script
    needed: set[str] = field(default_factory=set)  # a test failed without the script
    built: set[str] = field(default_factory=set)  # the product's cards some test builds
    failing: list[str] = field(default_factory=list)  # tests that fail as they are
    reruns: int = 0

    @property
    def survivors(self) -> list[str]:
        """Cards some test builds, none of whose tests fails without the script."""
        return sorted((self.scripted & self.built) - self.needed)

    @property
    def untested(self) -> list[str]:
        """Scripted cards of the product that no test builds."""
        return sorted(self.scripted - self.built)

    def as_json(self) -> dict[str, Any]:
        return {
            "product": self.product,
            "scripted": len(self.scripted),
            "needed": sorted(self.needed),
            "survivors": self.survivors,
            "untested": self.untested,
            "failing_tests": self.failing,
            "reruns": self.reruns,
        }


@contextmanager
def recording(codes: set[str]) -> Iterator[None]:
    """Within the block, the code of every card instance a game creates is added to
    ``codes`` (the tool's own instrument: the engine's behaviour is unchanged)."""
    original = GameState.new_card

    def new_card(self: GameState, code: str, owner: int) -> str:
        codes.add(code)
        return original(self, code, owner)

    GameState.new_card = new_card  # type: ignore[method-assign]
    try:
        yield
    finally:
        GameState.new_card = original  # type: ignore[method-assign]


class ScriptCheck:
    """The pytest plugin: runs each test as usual, then once per candidate card without
    that card's script."""

    def __init__(self, result: Result) -> None:
        self.result = result

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtest_protocol(self, item: pytest.Item, nextitem: pytest.Item | None) -> bool:
        codes: set[str] = set()
        item.ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
        with recording(codes):
            reports = runtestprotocol(item, nextitem=_parent_of(item), log=False)
        for report in reports:
            item.ihook.pytest_runtest_logreport(report=report)
        failed = any(r.failed for r in reports)
        if failed:
            self.result.failing.append(item.nodeid)
        else:
            built = codes & self.result.scripted
            self.result.built |= built
            for code in sorted(built - self.result.needed):
                self.result.reruns += 1
                with abilities.only_scripts(lambda c, gone=code: c != gone):
                    again = runtestprotocol(item, nextitem=_parent_of(item), log=False)
                if any(r.failed for r in again):
                    self.result.needed.add(code)
        # The last teardown, as pytest would (nextitem decides which fixtures end).
        runtestprotocol_teardown(item, nextitem)
        item.ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
        return True


def _parent_of(item: pytest.Item) -> Any:
    """What to keep set up between runs of one test: everything above the test itself, so
    that each run gets fresh function fixtures while module and session fixtures (the
    test database) stay."""
    return item.parent


def runtestprotocol_teardown(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    item.session._setupstate.teardown_exact(nextitem)


def check(product: str, tests: Sequence[str | Path] | None = None, quiet: bool = True) -> Result:
    """Run the check for ``product`` over ``tests`` (default: its coverage test files)."""
    result = Result(product, scripted=product_card_codes(product) & set(abilities.SCRIPTS))
    paths = [str(p) for p in (tests if tests is not None else product_test_files(product))]
    if not paths:
        return result
    args = [*paths, "-p", "no:cacheprovider", "-q" if quiet else "-v"]
    pytest.main(args, plugins=[ScriptCheck(result)])
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("products", nargs="+")
    parser.add_argument("--tests", nargs="*", help="test files (default: the product's)")
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    args = parser.parse_args(argv)
    results = [check(p, args.tests) for p in args.products]
    if args.json:
        args.json.write_text(json.dumps([r.as_json() for r in results], indent=2) + "\n")
    for r in results:
        print(
            f"{r.product}: {len(r.needed)} of {len(r.scripted)} scripted cards needed by a "
            f"test; survivors {r.survivors or 'none'}; untested {r.untested or 'none'}; "
            f"{len(r.failing)} failing tests; {r.reruns} reruns"
        )
    return 1 if any(r.survivors or r.untested or r.failing for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
