"""Card coverage: per product, which cards' text needs code, has a script and is tested.

python -m gameplay.engine.coverage [--product core] [--all-missing] [--json] [--require core]
python -m gameplay.engine.coverage --deck fixtures/decks/kings-of-the-sea-greyjoy.txt [--json]

A card *needs code* when its rules text still says something after removing what the
engine handles generically (:func:`remaining_text`): keywords (Stealth, Renown, Deadly ...,
No attachments [except ...], Immune to ...), deck-building lines (House X only, Limit N per
[plot] deck, up to N copies in your plot deck) and printed bonuses ([+1 Income]). It is
*implemented* when its code is in :data:`~gameplay.engine.abilities.SCRIPTS` (every copy
and reprint has its own code) and *tested* when the code (or, for a card printed once in the
product, its name), quoted, appears in one of its test modules
(:func:`product_test_files`: ``tests/gameplay/cards/<product>/test_*.py``, ``-`` in a product
code read as ``_``). Without a tests folder (an installed copy), tested is unknown (``null``
in ``--json``).

A card *plays automatically* (:func:`plays_automatically`) when its text needs no code or
it has a script; the others are played with the table actions. ``--deck FILE`` (a deck file
as ``simulate --decks`` reads them, ``fixtures/decks/*.txt``, or the name of one) prints how
many of a deck's cards play automatically, counting copies, over the draw deck, the plot deck
and the agenda (not the House card), then one line per card that does not; it exits 0.

One summary line per product, in product order, and a last line for every agenda of the
pool (``agendas``; an agenda is tested in its product's files or in
``tests/gameplay/cards/agendas/test_*.py``);
the cards still missing are listed for the products named by ``--product`` (or all,
``--all-missing``). ``--require P`` exits with 1
unless product ``P`` is fully implemented and (known to be) tested.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

import gameplay.engine.game  # noqa: F401 - importing registers every card script
from gameplay.engine.abilities import SCRIPTS
from gameplay.engine.card_facts import default_cards_dir, load_cards
from gameplay.engine.game import PlayerConfig

KEYWORDS = (
    "stealth|renown|deadly|intimidate|vigilant|vengeful|stalwart|deathbound|infamy|melee|joust"
)
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


# What a card not played by its text says in its hover text and preview on the board.
NOT_AUTOMATED = "text not automated: use table actions"


def plays_automatically(code: str, text: str | None = None) -> bool:
    """Whether the engine plays the card ``code`` by its text: the text needs no code
    (:func:`needs_code`) or the code has a script. ``text`` is the card's rules text (default:
    the fixtures'); a code the fixtures do not know, with no text given, does not. Whether
    the text needs code is cached per code (and text); whether it has a script is asked of
    the registry each time (``abilities.only_scripts`` changes it).

    >>> plays_automatically("core_51"), plays_automatically("core_201")  # keywords; a script
    (True, True)
    >>> plays_automatically("nope_1"), plays_automatically("nope_1", "Stealth.")
    (False, True)
    """
    needs = _text_needs_code(code, text)
    return needs is False or (needs is True and code in SCRIPTS)


@cache
def _text_needs_code(code: str, text: str | None) -> bool | None:
    """Whether the text of ``code`` (or ``text``) needs code; None for a code the fixtures
    do not know, given no text."""
    if text is None:
        card = load_cards().get(code)
        if card is None:
            return None
        text = card.text
    return needs_code(text)


class NotAutomated(NamedTuple):
    """A card of a deck that does not play automatically: its name, a code (the first of its
    printings in the deck) and how many copies the deck holds (of every printing)."""

    name: str
    code: str
    copies: int


@dataclass(frozen=True)
class DeckAutomation:
    """How much of a deck the engine plays by its text. ``total`` counts every copy of the
    draw deck, the plot deck and the agenda (not the House card), ``automated`` those that
    play automatically; ``not_automated`` holds the others once each, as (name, code, copies),
    by name."""

    automated: int
    total: int
    not_automated: tuple[NotAutomated, ...] = ()

    @property
    def complete(self) -> bool:
        """Every card of the deck plays automatically."""
        return self.automated == self.total

    @property
    def names(self) -> list[str]:
        """The names of the cards that do not play automatically."""
        return [card.name for card in self.not_automated]

    def sentence(self) -> str:
        """``57 of 60 cards play automatically; not yet: X, Y, Z``.

        >>> DeckAutomation(2, 3, (NotAutomated("The Stag and Rose", "w_103", 1),)).sentence()
        '2 of 3 cards play automatically; not yet: The Stag and Rose'
        """
        if not self.total:
            return "No cards to play yet"
        if self.complete:
            return (
                "The card plays automatically"
                if self.total == 1
                else (f"All {self.total} cards play automatically")
            )
        figure = f"{self.automated} of {self.total} card{'' if self.total == 1 else 's'}"
        verb = "plays" if self.total == 1 else "play"
        return f"{figure} {verb} automatically; not yet: {', '.join(self.names)}"


def deck_automation(cards: Mapping[str, int] | Iterable[str]) -> DeckAutomation:
    """The :class:`DeckAutomation` of a deck given as card code -> copies, or as codes (one per
    copy): the draw deck, the plots and the agenda, by the caller's choice (the House card is
    no card of the deck here). Names come from the fixtures (an unknown code stands for its
    own name, and does not play automatically).

    >>> deck_automation({"core_51": 3, "w_103": 2}).sentence()  # w_103: The Blue Is Calling
    'All 5 cards play automatically'
    >>> from gameplay.engine.abilities import only_scripts
    >>> with only_scripts(lambda code: code != "w_103"):  # its script taken away
    ...     deck_automation({"core_51": 3, "w_103": 2}).sentence()
    '3 of 5 cards play automatically; not yet: The Stag and Rose'
    """
    counts = Counter(dict(cards)) if isinstance(cards, Mapping) else Counter(cards)
    known = load_cards()
    automated, total, missing = 0, 0, dict[str, NotAutomated]()
    for code, count in counts.items():
        if count <= 0:
            continue
        total += count
        if plays_automatically(code):
            automated += count
            continue
        name = known[code].name if code in known else code
        first = missing.get(name, NotAutomated(name, code, 0))
        missing[name] = first._replace(copies=first.copies + count)
    rows = sorted(missing.values(), key=lambda row: (row.name.casefold(), row.code))
    return DeckAutomation(automated, total, tuple(rows))


def player_automation(player: PlayerConfig) -> DeckAutomation:
    """The :class:`DeckAutomation` of a seat's deck: its cards (plots too) and its agenda."""
    return deck_automation([*player.deck, *([player.agenda] if player.agenda else [])])


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


AGENDAS = "agendas"


def product_test_files(product: str, tests_dir: Path | None = None) -> list[Path]:
    """The test modules of a product's cards: ``cards/<product>/test_*.py`` of the tests
    folder (``-`` in the product code read as ``_``); for :data:`AGENDAS`, those of
    ``cards/agendas/``."""
    tests = tests_dir if tests_dir is not None else default_tests_dir()
    return sorted(tests.glob(f"cards/{product.replace('-', '_')}/test_*.py"))


def _quoted(paths: Iterable[Path]) -> set[str]:
    found: set[str] = set()
    for path in paths:
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'"([^"\n]+)"', text))
        found.update(re.findall(r"'([^'\n]+)'", text))
    return found


def tested_codes(tests_dir: Path, product: str) -> set[str]:
    """Every quoted string in ``tests_dir/cards/<product>/test_*.py`` (card codes and
    names)."""
    return _quoted(product_test_files(product, tests_dir))


def tested_agenda_codes(tests_dir: Path) -> set[str]:
    """Every quoted string in ``tests_dir/cards/agendas/test_*.py``: the agendas of every
    product are tested there (as well as in their product's files)."""
    return _quoted(product_test_files(AGENDAS, tests_dir))


def product_card_codes(product: str, cards_dir: str | Path | None = None) -> set[str]:
    """The codes of a product's cards but its agendas, or of every agenda of the pool for
    :data:`AGENDAS` (an agenda is checked with the others: its tests are in
    ``cards/agendas/``)."""
    codes: set[str] = set()
    for fixture in _fixtures(cards_dir):
        for card in fixture["cards"]:
            agenda = card.get("card_type") == "agenda"
            ours = not agenda and fixture["product"]["code"] == product
            if agenda if product == AGENDAS else ours:
                codes.add(card["code"])
    return codes


def _fixtures(cards_dir: str | Path | None) -> list[dict[str, Any]]:
    paths = sorted(Path(cards_dir or default_cards_dir()).glob("*.json"))
    fixtures = [json.loads(path.read_text(encoding="utf-8")) for path in paths]
    return sorted(fixtures, key=lambda f: f["product"].get("order", 0))


def _count(
    result: ProductCoverage,
    cards: Sequence[Mapping[str, Any]],
    quoted: set[str],
    known: bool,
    scripts: Mapping[str, Any],
) -> int:
    """Add ``cards`` to ``result`` (needs code, implemented, missing); how many are tested:
    the quoted code, or the quoted name of a card printed once among ``cards``."""
    tested = 0
    names = Counter(card["name"] for card in cards)
    for card in cards:
        text = remaining_text(card.get("rules_text") or "")
        code, name = card["code"], card["name"]
        result.needs_code += bool(text)
        if text and code not in scripts:
            result.missing.append(Missing(code, name, "not implemented", text))
        elif text:
            result.implemented += 1
            found = code in quoted or (names[name] == 1 and name in quoted)
            tested += found
            if known and not found:
                result.missing.append(Missing(code, name, "not tested", text))
    return tested


def coverage(
    cards_dir: str | Path | None = None,
    tests_dir: str | Path | None = None,
    scripts: Mapping[str, Any] = SCRIPTS,
) -> list[ProductCoverage]:
    """The coverage of every product in ``cards_dir`` (default: the repo fixtures), in
    product order, against ``tests_dir`` (default: the repo's tests/gameplay). An agenda
    also counts as tested by its tests in ``cards/agendas/test_*.py``."""
    tests = Path(tests_dir) if tests_dir is not None else default_tests_dir()
    known = tests.is_dir()
    agenda_quoted = tested_agenda_codes(tests) if known else set()
    report = []
    for fixture in _fixtures(cards_dir):
        product = fixture["product"]
        quoted = tested_codes(tests, product["code"]) if known else set()
        result = ProductCoverage(product["code"], product["name"])
        cards = fixture["cards"]
        agendas = [card for card in cards if card["card_type"] == "agenda"]
        others = [card for card in cards if card["card_type"] != "agenda"]
        tested = _count(result, others, quoted, known, scripts)
        tested += _count(result, agendas, quoted | agenda_quoted, known, scripts)
        result.tested = tested if known else None
        report.append(result)
    return report


def agenda_coverage(
    cards_dir: str | Path | None = None,
    tests_dir: str | Path | None = None,
    scripts: Mapping[str, Any] = SCRIPTS,
) -> ProductCoverage:
    """Every agenda of the pool, whatever its product, as one row (code ``agendas``): an
    agenda is part of nearly every tournament deck, so the whole set is followed."""
    tests = Path(tests_dir) if tests_dir is not None else default_tests_dir()
    known = tests.is_dir()
    result = ProductCoverage(AGENDAS, "Every agenda of the pool")
    tested = 0
    for fixture in _fixtures(cards_dir):
        agendas = [card for card in fixture["cards"] if card["card_type"] == "agenda"]
        if agendas:
            quoted = tested_codes(tests, fixture["product"]["code"]) if known else set()
            quoted |= tested_agenda_codes(tests) if known else set()
            tested += _count(result, agendas, quoted, known, scripts)
    result.tested = tested if known else None
    return result


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


def read_deck_file(path: Path) -> PlayerConfig:
    """A deck file, read as ``simulate --decks`` reads ``fixtures/decks/*.txt`` (ValueError if
    it cannot be)."""
    from gameplay.engine.simulate import read_decklist

    return read_decklist(path.read_text(encoding="utf-8"), path.stem)


def _deck_path(value: str) -> Path:
    """A deck file: the path given, else ``fixtures/decks/<value>.txt`` (a deck's name)."""
    path = Path(value)
    fixture = default_cards_dir().parent / "decks" / f"{value}.txt"
    return fixture if not path.exists() and fixture.exists() else path


def deck_lines(name: str, summary: DeckAutomation) -> list[str]:
    """The ``--deck`` report: the figure, then each card that does not play automatically."""
    known = load_cards()
    lines = [
        f"{name}: {summary.sentence().partition(';')[0]} (copies of the draw deck, plots"
        " and agenda; the House card not counted)"
    ]
    for card_name, code, copies in summary.not_automated:
        text = remaining_text(known[code].text) if code in known else "(unknown card)"
        line = f"  not automated {copies}x {code} {card_name}: {' '.join(text.split())}"
        lines.append(line if len(line) <= MISSING_WIDTH else line[: MISSING_WIDTH - 1] + "…")
    return lines


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
    parser.add_argument(
        "--deck",
        action="append",
        default=[],
        metavar="FILE",
        help="a deck file (or a fixtures/decks name): how much of it plays automatically",
    )
    args = parser.parse_args(argv)
    if args.deck:
        return _main_decks(parser, args.deck, as_json=args.json)
    report = [*coverage(args.cards, args.tests), agenda_coverage(args.cards, args.tests)]
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


def _main_decks(parser: argparse.ArgumentParser, files: Sequence[str], as_json: bool) -> int:
    reports = []
    for value in files:
        path = _deck_path(value)
        try:
            player = read_deck_file(path)
        except (OSError, UnicodeDecodeError, ValueError) as error:
            parser.error(f"cannot read the deck {value}: {error}")
        reports.append((path.stem, player_automation(player)))
    if as_json:
        rows = [
            {
                "deck": name,
                "automated": summary.automated,
                "total": summary.total,
                "not_automated": [card._asdict() for card in summary.not_automated],
            }
            for name, summary in reports
        ]
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for name, summary in reports:
            print("\n".join(deck_lines(name, summary)))
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
