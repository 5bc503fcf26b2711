"""The script check (tests/gameplay/script_check.py) tells a card whose test needs its script
from one whose test would pass whatever the card did, and from one no test builds."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

from gameplay.engine.abilities import SCRIPTS
from gameplay.engine.coverage import AGENDAS, product_card_codes, product_test_files

ROOT = Path(__file__).resolve().parents[2]


def check(product: str, tests: list[Path]) -> dict:
    """The tool as a maintainer runs it (its own pytest run, in a process of its own)."""
    out = tests[0].parent / "result.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tests.gameplay.script_check",
            product,
            "--json",
            str(out),
            "--tests",
            *map(str, tests),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.exists(), done.stdout[-2000:] + done.stderr[-2000:]
    return json.loads(out.read_text())[0] | {"exit": done.returncode}


# Two scripted Core cards: Eddard Stark (core_5) and Catelyn Stark (core_6).
TESTS = """
from gameplay.engine.abilities import SCRIPTS
from tests.gameplay.scenario import build


def test_that_needs_eddards_script():
    build(players=[{"hand": ["Eddard Stark"]}, {}])
    assert "core_5" in SCRIPTS


def test_that_passes_whatever_catelyn_does():
    state = build(players=[{"hand": ["Catelyn Stark"]}, {}])
    assert len(state.players) == 2
"""


def test_the_check_finds_the_needed_the_surviving_and_the_untested(tmp_path):
    assert {"core_5", "core_6"} <= set(SCRIPTS)
    path = tmp_path / "test_probe_cards.py"
    path.write_text(textwrap.dedent(TESTS), encoding="utf-8")
    result = check("core", [path])
    assert result["failing_tests"] == []
    assert result["needed"] == ["core_5"]  # Eddard Stark's script, and no other
    # Catelyn Stark survives, and so do the scripted plots every scenario deals.
    assert "core_6" in result["survivors"] and "core_5" not in result["survivors"]
    # Every other scripted Core card is untested by this file, and said so.
    assert "core_4" in result["untested"] and "core_5" not in result["untested"]
    assert "core_6" not in result["untested"]
    assert result["exit"] == 1


def test_a_failing_test_counts_for_nothing(tmp_path):
    path = tmp_path / "test_probe_failing.py"
    path.write_text(
        "from tests.gameplay.scenario import build\n\n\n"
        "def test_broken():\n"
        '    build(players=[{"hand": ["Eddard Stark"]}, {}])\n'
        "    assert False\n",
        encoding="utf-8",
    )
    result = check("core", [path])
    assert [n.split("::")[-1] for n in result["failing_tests"]] == ["test_broken"]
    assert result["needed"] == [] and result["reruns"] == 0


def test_products_and_agendas_have_their_cards_and_test_files():
    core = product_card_codes("core")
    assert "core_5" in core and not any(c.startswith("kots_") for c in core)
    agendas = product_card_codes(AGENDAS)
    assert len(agendas) == 33  # every agenda of the pool, from many products
    assert len({code.split("_")[0] for code in agendas}) > 5
    assert not agendas & core  # the Core Set has no agenda
    core_files, agenda_files = product_test_files("core"), product_test_files(AGENDAS)
    assert core_files and all(p.parent.name == "core" for p in core_files)
    assert agenda_files and all(p.parent.name == "agendas" for p in agenda_files)
