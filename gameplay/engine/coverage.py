"""Card coverage: per product, which cards' text needs code, has a script and is tested.

python -m gameplay.engine.coverage [--product core] [--all-missing] [--json] [--require core]

A card *needs code* when its rules text still says something after removing what the
engine handles generically (:func:`remaining_text`): keywords (Stealth, Renown, Deadly ...,
No attachments [except ...], Immune to ...), deck-building lines (House X only, Limit N per
[plot] deck, up to N copies in your plot deck) and printed bonuses ([+1 Income]). It is
*implemented* when its code is in :data:`~gameplay.engine.abilities.SCRIPTS` (every copy
and reprint has its own code) and *tested* when the code (or, for a card printed once in the
product, its name), quoted, appears in a test module
``tests/gameplay/test_<product>_*.py`` (``-`` in a product code read as ``_``). Without a
tests folder (an installed copy), tested is unknown (``null`` in ``--json``).

One summary line per product, in product order; the cards still missing are listed for the
products named by ``--product`` (or all, ``--all-missing``). ``--require P`` exits with 1
unless product ``P`` is fully implemented and (known to be) tested.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import gameplay.engine.game  # noqa: F401 - importing registers every card script
from gameplay.engine.abilities import SCRIPTS
from gameplay.engine.cards import default_cards_dir

KEYWORDS = "stealth|renown|deadly|intimidate|vigilant|vengeful|stalwart|deathbound|infamy"
_GENERIC = re.compile(
    rf"""(?:{KEYWORDS}|limited|setup|ambush
    | no\ attachments(?:\ except\ .+)?
    | immune\ to\ .+
    | house\ \w+(?:\ or\ (?:house\ )?\w+)*\ only
    | limit\ \d+\ per\ (?:plot\ )?deck
    | you\ may\ have\ up\ to\ \w+\ copies\ of\ .+\ in\ your\ plot\ deck
    | \[[+-]\d+\ (?:income|influence|initiative|gold)\])""",
    re.IGNORECASE | re.VERBOSE,
)
# Sentences end at ". " (or a period glued to the next sentence, "Renown.Any Phase: ...").
_SENTENCE_END = re.compile(r"(?<=\.)(?:\s+|(?=[A-Z\[]))|(?<=\])\s+")
MISSING_WIDTH = 100


def _generic(sentence: str) -> bool:
    words = sentence.strip().strip("()").strip().rstrip(". ")
    return not words or _GENERIC.fullmatch(words) is not None


def remaining_text(text: str) -> str:
    """The rules text without the sentences the engine handles generically (lines kept).

    >>> remaining_text("Deadly. No attachments.\\nDominance: Draw 1 card.")
    'Dominance: Draw 1 card.'
    """
    lines = []
    for line in (text or "").splitlines():
        kept = [s.strip() for s in _SENTENCE_END.split(line.strip()) if not _generic(s)]
        if kept:
            lines.append(" ".join(kept))
    return "\n".join(lines)


def needs_code(text: str) -> bool:
    """Whether card text says anything the engine does not handle generically.

    >>> needs_code("Stealth. Deadly. No attachments."), needs_code("Limited.\\n[+1 Income]")
    (False, False)
    """
    return bool(remaining_text(text))


@dataclass(frozen=True)
class Missing:
    """A card that needs code and lacks a script (``not implemented``) or a test."""

    code: str
    name: str
    reason: str
    text: str


@dataclass
class ProductCoverage:
    """The coverage of one product; ``tested`` is None when no tests folder was found."""

    code: str
    name: str
    needs_code: int = 0
    implemented: int = 0
    tested: int | None = 0
    missing: list[Missing] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every card that needs code is implemented and known to be tested."""
        return self.implemented == self.needs_code and self.tested == self.needs_code


def default_tests_dir() -> Path:
    """The repository's ``tests/gameplay`` folder (found relative to this file)."""
    return Path(__file__).resolve().parents[2] / "tests" / "gameplay"


def tested_codes(tests_dir: Path, product: str) -> set[str]:
    """Every quoted string in ``tests_dir/test_<product>_*.py`` (card codes and names)."""
    found: set[str] = set()
    for path in sorted(tests_dir.glob(f"test_{product.replace('-', '_')}_*.py")):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'"([^"\n]+)"', text))
        found.update(re.findall(r"'([^'\n]+)'", text))
    return found


def coverage(
    cards_dir: str | Path | None = None,
    tests_dir: str | Path | None = None,
    scripts: Mapping[str, Any] = SCRIPTS,
) -> list[ProductCoverage]:
    """The coverage of every product in ``cards_dir`` (default: the repo fixtures), in
    product order, against ``tests_dir`` (default: the repo's tests/gameplay)."""
    tests = Path(tests_dir) if tests_dir is not None else default_tests_dir()
    known = tests.is_dir()
    paths = sorted(Path(cards_dir or default_cards_dir()).glob("*.json"))
    fixtures = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    report = []
    for fixture in sorted(fixtures, key=lambda f: f["product"].get("order", 0)):
        product = fixture["product"]
        quoted = tested_codes(tests, product["code"]) if known else set()
        result, tested = ProductCoverage(product["code"], product["name"]), 0
        names = Counter(card["name"] for card in fixture["cards"])
        for card in fixture["cards"]:
            text = remaining_text(card.get("rules_text") or "")
            code, name = card["code"], card["name"]
            result.needs_code += bool(text)
            if text and code not in scripts:
                result.missing.append(Missing(code, name, "not implemented", text))
            elif text:
                result.implemented += 1
                # The quoted code, or the quoted name of a card printed once in the product.
                found = code in quoted or (names[name] == 1 and name in quoted)
                tested += found
                if known and not found:
                    result.missing.append(Missing(code, name, "not tested", text))
        result.tested = tested if known else None
        report.append(result)
    return report


def _percent(count: int, total: int) -> str:
    return f"{100 * count // total if total else 100}%"


def summary_line(product: ProductCoverage) -> str:
    """``core  Core  173/173 implemented (100%), 173 tested (100%)``."""
    total = product.needs_code
    tested = (
        "tested unknown (no tests folder)"
        if product.tested is None
        else f"{product.tested} tested ({_percent(product.tested, total)})"
    )
    return (
        f"{product.code}  {product.name}  {product.implemented}/"
        f"{total} implemented ({_percent(product.implemented, total)}), {tested}"
    )


def missing_line(card: Missing) -> str:
    """``  missing core_13 Bran Stark: Plot: ...`` (``untested`` when only a test lacks)."""
    word = "missing" if card.reason == "not implemented" else "untested"
    line = f"  {word} {card.code} {card.name}: {' '.join(card.text.split())}"
    return line if len(line) <= MISSING_WIDTH else line[: MISSING_WIDTH - 1] + "…"


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--product", action="append", default=[], metavar="CODE")
    parser.add_argument("--all-missing", action="store_true", help="list every product's gaps")
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--require", action="append", default=[], metavar="CODE")
    parser.add_argument("--cards", type=Path, help="card fixtures folder (default: the repo's)")
    parser.add_argument("--tests", type=Path, help="tests folder (default: tests/gameplay)")
    args = parser.parse_args(argv)
    report = coverage(args.cards, args.tests)
    by_code = {product.code: product for product in report}
    unknown = [code for code in (*args.product, *args.require) if code not in by_code]
    if unknown:
        parser.error(f"unknown product {', '.join(unknown)}; known: {', '.join(by_code)}")
    if args.json:
        print(json.dumps([asdict(product) for product in report], ensure_ascii=False))
    else:
        for product in report:
            print(summary_line(product))
            if args.all_missing or product.code in args.product:
                for card in product.missing:
                    print(missing_line(card))
    failed = [code for code in args.require if not by_code[code].complete]
    for code in failed:
        print(f"coverage: {code} is not fully implemented and tested", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
