"""The card coverage report: which text needs code (on real card texts), the counts of a
tiny product against a throwaway script and tests folder, and the command line."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from gameplay.engine import abilities
from gameplay.engine import coverage as coverage_module
from gameplay.engine.card_facts import default_cards_dir, load_cards
from gameplay.engine.coverage import (
    Missing,
    NotAutomated,
    agenda_coverage,
    coverage,
    deck_automation,
    main,
    missing_line,
    needs_code,
    player_automation,
    plays_automatically,
    product_test_files,
    remaining_text,
    summary_line,
)
from gameplay.engine.game import PlayerConfig
from gameplay.engine.simulate import load_deck

REPO = Path(__file__).resolve().parents[2]


@cache
def text(code: str) -> str:
    """The printed rules text of a real card."""
    for path in default_cards_dir().glob("*.json"):
        for card in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            if card["code"] == code:
                return card["rules_text"]
    raise KeyError(code)


# --- the classifier ------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        "core_16",  # No attachments.
        "core_19",  # House Stark only. No attachments.
        "core_29",  # Limited.\n[+1 Income]
        "core_51",  # Stealth. Deadly. No attachments.
        "core_52",  # [+2 Income]
        "core_76",  # Renown. Immune to opponent's character abilities.
        "core_122",  # Deadly. Immune to character abilities.
        "core_138",  # [+1 Income]\n[+1 Influence]
        "kotst_18",  # [+1 Initiative]\n[+1 Influence]
        "acoa_71",  # No attachments except Siege.
    ],
)
def test_generic_text_needs_no_code(code: str) -> None:
    assert text(code)
    assert remaining_text(text(code)) == ""
    assert not needs_code(text(code))


@pytest.mark.parametrize(
    ("code", "left"),
    [
        # A keyword line before real text: only the keywords go.
        (
            "core_11",
            "While you control at least 1 House Stark Lord character, Shaggydog gets +3 STR "
            "and is immune to events.",
        ),
        # Deck-building lines of plots, then a real effect.
        ("core_194", "[Noble] characters cannot be killed."),
        ("core_200", "[War] characters you control get +2 STR."),
        ("core_201", "When revealed, kill all characters in play."),
        # A period glued to the next sentence; "Limited" without its period.
        ("kotse_2", "Asha Greyjoy cannot be saved."),
        (
            "qod_35",
            "Marhalling: Kneel to lower the cost of the next Targaryen character you play "
            "this phase by 2.",
        ),
        # A bracketed deck limit in the middle of a line.
        (
            "kr_79",
            "Increase the size of your plot deck by 1.\nWhen revealed, choose and reveal a new "
            "plot card if you control 2 or more Night's Watch or Wildling characters. "
            "(Cannot be canceled.)",
        ),
        # A variable bonus is not a printed value: it stays.
        ("lotr_23", "X is the number of Clansman characters you control.\n[+X Gold]"),
    ],
)
def test_remaining_text_keeps_only_real_text(code: str, left: str) -> None:
    assert remaining_text(text(code)) == left
    assert needs_code(text(code))


def test_attachment_restrictions_and_mid_line_keywords_are_not_deck_building() -> None:
    # "House Stark character only." restricts what Ice attaches to: not a deck-building line.
    assert remaining_text(text("core_1")).startswith("House Stark character only.\nChallenges:")
    assert remaining_text("Vigilant. House Baratheon character only.") == (
        "House Baratheon character only."
    )
    assert remaining_text("House Targaryen Only.\nHouse Stark or House Baratheon only.") == ""
    assert remaining_text("Immune to opponent’s events.\nLimit 1 per deck.") == ""
    assert remaining_text("Limit 1 per round.") == "Limit 1 per round."
    assert not needs_code("")


def test_doctests() -> None:
    failed, attempted = doctest.testmod(coverage_module)
    assert failed == 0 and attempted >= 6


def test_whole_core_set_classification() -> None:
    cards = json.loads((default_cards_dir() / "01-core.json").read_text(encoding="utf-8"))
    need = {c["code"] for c in cards["cards"] if needs_code(c["rules_text"])}
    assert len(need) == 181
    # Every copy counts on its own; houses and blank characters need nothing.
    assert {"core_26", "core_27", "core_13", "core_163", "core_181"} <= need
    assert not need & {"core_18", "core_118", "core_209", "core_143", "core_30"}


# --- the report on a tiny product ----------------------------------------------------


def _product(path: Path, code: str, name: str, order: int, cards: list[tuple]) -> None:
    rows = [{"code": c, "name": n, "card_type": "character", "rules_text": t} for c, n, t in cards]
    product = {"code": code, "name": name, "order": order}
    path.write_text(json.dumps({"version": 1, "product": product, "cards": rows}), "utf-8")


@pytest.fixture
def registered() -> Iterator[None]:
    """Throwaway scripts for zz_1 and yy_1; the global registry is as before afterwards."""
    scripts, passives = (
        dict(abilities.SCRIPTS),
        {q: set(c) for q, c in abilities.PASSIVE_CODES.items()},
    )
    for code in ("zz_1", "yy_1"):
        abilities.register(code, passives={"zz_query": lambda state, ref, subject, base: base})
    yield
    for code in ("zz_1", "yy_1"):
        del abilities.SCRIPTS[code]
    del abilities.PASSIVE_CODES["zz_query"]
    assert scripts == abilities.SCRIPTS
    assert passives == abilities.PASSIVE_CODES


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """Product zz (order 2; file sorts first): zz_1 scripted, zz_2 keywords only, zz_3 no
    script. Product yy (order 1): yy_1 scripted and tested, yy_2 blank."""
    folder = tmp_path / "cards"
    folder.mkdir()
    _product(
        folder / "01-zed.json",
        "zz",
        "Zed",
        2,
        [
            ("zz_1", "Zed One", "Deadly.\nDominance: Draw 1 card."),
            ("zz_2", "Zed Two", "Stealth. No attachments.\n[+1 Income]"),
            ("zz_3", "Zed Three", "Challenges: Kneel Zed Three to stand a character."),
        ],
    )
    why = [("yy_1", "Why", "Renown.\nWhy gets +1 STR."), ("yy_2", "Y", "")]
    _product(folder / "02-why.json", "yy", "Why", 1, why)
    return folder


def _write(tests: Path, name: str, text: str) -> None:
    """Write the test module ``name`` (a path under the tests folder), folders and all."""
    path = tests / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, "utf-8")


@pytest.fixture
def tests(tmp_path: Path) -> Path:
    """A tests folder laid out as tests/gameplay: a product's card tests in cards/<product>/."""
    folder = tmp_path / "tests"
    folder.mkdir()
    _write(folder, "cards/zz/test_cards.py", 'CARDS = ["zz_1", "zz_3"]\n')
    _write(folder, "cards/yy/test_cards.py", "CARD = 'yy_1'\n")
    _write(folder, "test_other.py", 'CARDS = ["zz_2"]\n')
    return folder


def test_counts_of_a_tiny_product(registered: None, cards: Path, tests: Path) -> None:
    yy, zz = coverage(cards, tests)
    assert (yy.code, yy.needs_code, yy.implemented, yy.tested, yy.missing) == ("yy", 1, 1, 1, [])
    assert (zz.code, zz.name, zz.needs_code, zz.implemented, zz.tested) == ("zz", "Zed", 2, 1, 1)
    text = "Challenges: Kneel Zed Three to stand a character."
    assert zz.missing == [Missing("zz_3", "Zed Three", "not implemented", text)]
    assert yy.complete and not zz.complete
    assert summary_line(zz) == "zz  Zed  1/2 implemented (50%), 1 tested (50%)"


def test_tested_means_quoted_in_a_test_module_of_the_product(
    registered: None, cards: Path, tests: Path
) -> None:
    # "zz_10" is not "zz_1", and neither another product's test module, test_other.py, a
    # module of the folder not named test_*.py nor a flat test_zz_*.py (the old layout) tests
    # product zz.
    _write(tests, "cards/zz/test_cards.py", 'CARDS = ["zz_10", zz_1]\n')
    _write(tests, "cards/yy/test_cards.py", "CARDS = ['yy_1', 'zz_1']\n")
    _write(tests, "test_other.py", 'CARDS = ["zz_1"]\n')
    _write(tests, "cards/zz/helpers.py", 'CARDS = ["zz_1"]\n')
    _write(tests, "test_zz_cards.py", 'CARDS = ["zz_1"]\n')
    assert product_test_files("zz", tests) == [tests / "cards" / "zz" / "test_cards.py"]
    _, zz = coverage(cards, tests)
    assert zz.tested == 0
    assert [(m.code, m.reason) for m in zz.missing] == [
        ("zz_1", "not tested"),
        ("zz_3", "not implemented"),
    ]
    assert zz.missing[0].text == "Dominance: Draw 1 card."


def test_a_quoted_name_tests_a_card_printed_once_in_its_product(
    registered: None, cards: Path, tests: Path
) -> None:
    _write(tests, "cards/zz/test_more.py", 'NAME = "Zed One"\n')
    _write(tests, "cards/zz/test_cards.py", "")
    _, zz = coverage(cards, tests)
    assert zz.tested == 1
    # A name shared by two copies says nothing about which copy was tested.
    _product(cards / "01-zed.json", "zz", "Zed", 2, [("zz_1", "Zed One", "Dominance: x.")] * 2)
    _, zz = coverage(cards, tests)
    assert zz.tested == 0


def test_without_a_tests_folder_tested_is_unknown(
    registered: None, cards: Path, tmp_path: Path
) -> None:
    yy, zz = coverage(cards, tmp_path / "no-tests")
    assert yy.tested is None and zz.tested is None
    assert not yy.complete
    assert [m.code for m in zz.missing] == ["zz_3"]
    assert summary_line(yy).endswith("1/1 implemented (100%), tested unknown (no tests folder)")


def test_missing_lines_are_short() -> None:
    long = Missing("core_13", "Bran Stark", "not implemented", "Plot: Kneel Bran Stark. " * 10)
    line = missing_line(long)
    assert line.startswith("  missing core_13 Bran Stark: Plot: Kneel Bran Stark.")
    assert len(line) == 100 and line.endswith("…")
    assert missing_line(Missing("x_1", "X", "not tested", "A\nB")) == "  untested x_1 X: A B"


# --- the command line ----------------------------------------------------------------


def test_cli_json(registered: None, cards: Path, tests: Path, capsys) -> None:
    assert main(["--cards", str(cards), "--tests", str(tests), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["code"] for r in rows] == ["yy", "zz", "agendas"]  # no agenda here: an empty row
    assert rows[2]["needs_code"] == 0 and rows[2]["missing"] == []
    assert rows[1] == {
        "code": "zz",
        "name": "Zed",
        "needs_code": 2,
        "implemented": 1,
        "tested": 1,
        "missing": [
            {
                "code": "zz_3",
                "name": "Zed Three",
                "reason": "not implemented",
                "text": "Challenges: Kneel Zed Three to stand a character.",
            }
        ],
    }
    assert main(["--cards", str(cards), "--tests", str(cards / "none"), "--json"]) == 0
    assert [r["tested"] for r in json.loads(capsys.readouterr().out)] == [None, None, None]


def test_cli_lists_missing_cards_only_for_named_products(
    registered: None, cards: Path, tests: Path, capsys
) -> None:
    base = ["--cards", str(cards), "--tests", str(tests)]
    assert main(base) == 0
    summary = capsys.readouterr().out.splitlines()
    assert summary == [
        "yy  Why  1/1 implemented (100%), 1 tested (100%)",
        "zz  Zed  1/2 implemented (50%), 1 tested (50%)",
        "agendas  Every agenda of the pool  0/0 implemented (100%), 0 tested (100%)",
    ]
    missing = "  missing zz_3 Zed Three: Challenges: Kneel Zed Three to stand a character."
    # Each product's missing cards follow its line.
    assert main([*base, "--product", "zz"]) == 0
    assert capsys.readouterr().out.splitlines() == [*summary[:2], missing, summary[2]]
    assert main([*base, "--all-missing"]) == 0
    assert capsys.readouterr().out.splitlines() == [*summary[:2], missing, summary[2]]


def test_cli_require(registered: None, cards: Path, tests: Path, capsys) -> None:
    base = ["--cards", str(cards), "--tests", str(tests)]
    assert main([*base, "--require", "yy"]) == 0
    assert main([*base, "--require", "zz"]) == 1
    assert main([*base, "--require", "yy", "--require", "zz"]) == 1
    assert "zz is not fully implemented" in capsys.readouterr().err
    # Untested (unknown) is not complete either.
    assert main(["--cards", str(cards), "--tests", str(tests / "x"), "--require", "yy"]) == 1


def test_cli_unknown_product_is_a_usage_error(cards: Path, capsys) -> None:
    for option in ("--product", "--require"):
        with pytest.raises(SystemExit) as exit_:
            main(["--cards", str(cards), option, "nope"])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert "unknown product nope; known: yy, zz, agendas" in err and "Traceback" not in err


def test_module_runs_on_the_repository() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "gameplay.engine.coverage", "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout)
    assert rows[0]["code"] == "core" and rows[0]["needs_code"] == 181
    assert len(rows) == len(list(default_cards_dir().glob("*.json"))) + 1
    assert rows[-1]["code"] == "agendas" and rows[-1]["needs_code"] == 33
    not_implemented = {m["code"] for m in rows[0]["missing"] if m["reason"] == "not implemented"}
    assert "core_201" not in not_implemented  # Valar Morghulis has a script
    bad = subprocess.run(
        [sys.executable, "-m", "gameplay.engine.coverage", "--require", "nope"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "unknown product nope" in bad.stderr
    assert "Traceback" not in bad.stderr


# --- what plays automatically: cards, decks and the --deck command line ---------------


def test_a_card_plays_automatically_without_text_to_code_or_with_a_script(
    registered: None,
) -> None:
    assert plays_automatically("core_51")  # Stealth. Deadly. No attachments.
    assert plays_automatically("core_201") and "core_201" in abilities.SCRIPTS
    # Every card of the pool has a script now: one taken away plays by hand.
    assert plays_automatically("w_103") and "w_103" in abilities.SCRIPTS
    with abilities.only_scripts(lambda c: c != "w_103"):
        assert not plays_automatically("w_103") and "w_103" not in abilities.SCRIPTS
    # Text given (a card the fixtures do not hold): the same two tests.
    assert plays_automatically("zz_1", "Dominance: Draw 1 card.")  # registered above
    assert not plays_automatically("zz_9", "Dominance: Draw 1 card.")
    assert plays_automatically("zz_9", "Renown.\n[+1 Income]")
    assert not plays_automatically("zz_9")  # unknown, no text: nothing to play it by
    # Whether a script is registered is asked each time: taken away, the card is manual.
    with abilities.only_scripts(lambda c: c != "core_201"):
        assert not plays_automatically("core_201")
    assert plays_automatically("core_201")


@pytest.fixture
def two_cards_unscripted() -> Iterator[None]:
    """Ser Guyard Morrigen and The Stag and Rose without their scripts: cards played by hand
    (every card of the pool has a script now)."""
    with abilities.only_scripts(lambda c: c not in {"w_101", "w_103"}):
        yield


def test_a_deck_counts_every_copy_and_names_each_card_not_automated_once(
    two_cards_unscripted: None,
) -> None:
    # Two printings of one name count as one name; core_51 plays automatically.
    summary = deck_automation({"core_51": 3, "w_103": 2, "w_101": 1, "core_13": 0})
    assert (summary.automated, summary.total, summary.complete) == (3, 6, False)
    assert summary.not_automated == (
        NotAutomated("Ser Guyard Morrigen", "w_101", 1),
        NotAutomated("The Stag and Rose", "w_103", 2),
    )
    assert summary.sentence() == (
        "3 of 6 cards play automatically; not yet: Ser Guyard Morrigen, The Stag and Rose"
    )
    # Codes one per copy count the same; an unknown code is named by its code.
    assert deck_automation(["core_51", "core_51", "w_103", "w_103", "w_103", "w_101"]) == (
        deck_automation({"core_51": 2, "w_103": 3, "w_101": 1})
    )
    assert deck_automation(["nope_1"]).not_automated == (NotAutomated("nope_1", "nope_1", 1),)
    assert deck_automation({"core_51": 2}).sentence() == "All 2 cards play automatically"
    assert deck_automation({}).sentence() == "No cards to play yet"
    assert deck_automation({}).complete


def test_printings_of_one_name_are_listed_once_with_every_copy() -> None:
    """Two printings of a card whose text needs a script, without their scripts (every card
    of the pool plays once it is complete, so the test takes the scripts away)."""
    by_name: dict[str, list[str]] = {}
    for card in load_cards().values():
        if card.code in abilities.SCRIPTS:
            by_name.setdefault(card.name, []).append(card.code)
    name, printings = next((n, codes) for n, codes in by_name.items() if len(codes) >= 2)
    with abilities.only_scripts(lambda code: code not in printings):
        assert not plays_automatically(printings[0])
        summary = deck_automation({printings[0]: 2, printings[1]: 1})
    assert summary.not_automated == (NotAutomated(name, printings[0], 3),)


def test_a_seat_counts_its_plots_and_agenda() -> None:
    agenda = next(c.code for c in load_cards().values() if c.type == "agenda")
    deck = load_deck("core-stark")
    with_agenda = player_automation(PlayerConfig(deck.house, deck.deck, agenda))
    alone = player_automation(deck)
    assert alone.total == len(deck.deck) == 67 and alone.complete  # 60 cards and 7 plots
    assert with_agenda.total == 68
    assert with_agenda.automated == 67 + plays_automatically(agenda)


def test_cli_deck_prints_the_figure_and_lists_the_others(capsys) -> None:
    path = default_cards_dir().parent / "decks" / "kings-of-the-sea-greyjoy.txt"
    summary = player_automation(load_deck("kings-of-the-sea-greyjoy"))
    assert main(["--deck", str(path), "--deck", "core-stark"]) == 0
    lines = capsys.readouterr().out.splitlines()
    counted = "(copies of the draw deck, plots and agenda; the House card not counted)"
    figure = (
        f"All {summary.total}"  # the deck's cards are all scripted now (issue 18)
        if summary.automated == summary.total
        else f"{summary.automated} of {summary.total}"
    )
    assert lines[0] == f"kings-of-the-sea-greyjoy: {figure} cards play automatically {counted}"
    assert summary.total == 67  # Kings of the Sea cards are being scripted: no fixed figure
    listed = lines[1 : 1 + len(summary.not_automated)]
    for line, card in zip(listed, summary.not_automated, strict=True):
        assert line.startswith(f"  not automated {card.copies}x {card.code} {card.name}: ")
    assert all(line.startswith("  not automated ") and len(line) <= 100 for line in listed)
    assert lines[1 + len(listed) :] == [f"core-stark: All 67 cards play automatically {counted}"]
    assert main(["--deck", "core-stark", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [
        {"deck": "core-stark", "automated": 67, "total": 67, "not_automated": []}
    ]


def test_cli_deck_refuses_a_file_it_cannot_read(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("My deck\nHouse Stark\n2x No Such Card (Core)\n", encoding="utf-8")
    for value in (str(bad), str(tmp_path / "missing.txt")):
        with pytest.raises(SystemExit) as exit_:
            main(["--deck", value])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert f"cannot read the deck {value}" in err and "Traceback" not in err


def test_module_prints_a_deck_figure() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "gameplay.engine.coverage",
            "--deck",
            "fixtures/decks/core-stark.txt",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("core-stark: All 67 cards play automatically")


def test_every_agenda_is_one_row_and_tested_in_the_agendas_folder(tmp_path: Path) -> None:
    folder = tmp_path / "cards"
    folder.mkdir()
    for number, (code, agenda) in enumerate((("aa", "aa_1"), ("bb", "bb_9")), start=1):
        rows = [
            {
                "code": agenda,
                "name": f"Agenda {code}",
                "card_type": "agenda",
                "rules_text": "You need 2 additional power to win the game.",
            },
            {
                "code": f"{code}_2",
                "name": "Other",
                "card_type": "character",
                "rules_text": "Dominance: Draw 1 card.",
            },
        ]
        product = {"code": code, "name": code.upper(), "order": number}
        (folder / f"0{number}-{code}.json").write_text(
            json.dumps({"version": 1, "product": product, "cards": rows}), "utf-8"
        )
    tests = tmp_path / "tests"
    # aa_1 is tested in cards/agendas/ (not in its product's files), bb_9 nowhere; a
    # character quoted in the agendas' tests is not tested by them.
    _write(tests, "cards/agendas/test_late.py", 'CODES = ["aa_1", "bb_2"]\n')
    scripts = {"aa_1": object(), "bb_9": object(), "bb_2": object()}
    row = agenda_coverage(folder, tests, scripts)
    assert (row.code, row.needs_code, row.implemented, row.tested) == ("agendas", 2, 2, 1)
    assert [(m.code, m.reason) for m in row.missing] == [("bb_9", "not tested")]
    aa, bb = coverage(folder, tests, scripts)
    assert (aa.tested, bb.tested) == (1, 0)
    # The command prints it last and --require agendas asks for every one.
    assert main(["--cards", str(folder), "--tests", str(tests), "--require", "agendas"]) == 1
