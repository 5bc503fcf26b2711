"""The pair_round management command: JSON in, JSON out, exit code 2 on bad input."""

from __future__ import annotations

import io
import json
import sys

import pytest
from django.core.management import call_command

EVENT = {
    "format": "joust",
    "round": 2,
    "seed": 9,
    "entrants": [
        {"id": "a", "points": 3, "opponents": ["b"]},
        {"id": "b", "points": 0, "opponents": ["a"]},
        {"id": "c", "points": 3, "opponents": ["d"]},
        {"id": "d", "points": 0, "opponents": ["c"]},
        {"id": "e", "points": 0, "opponents": []},
        {"id": "f", "points": 0, "dropped": True},
    ],
}


def _run(*args, stdin=None):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command("pair_round", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as exc:
        code = exc.code
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def test_valid_input_pairs_every_active_entrant_once(tmp_path):
    path = tmp_path / "round.json"
    path.write_text(json.dumps(EVENT), encoding="utf-8")
    code, out, _ = _run("--json", str(path))
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"tables", "byes"}
    seated = [x for t in result["tables"] for x in t] + result["byes"]
    assert sorted(seated) == ["a", "b", "c", "d", "e"]


def test_dash_reads_stdin_and_explain_adds_explanations():
    code, out, _ = _run("--json", "-", "--explain", stdin=json.dumps(EVENT))
    assert code == 0
    result = json.loads(out)
    assert len(result["explanations"]) == len(result["tables"]) + len(result["byes"])
    assert result["explanations"][-1]["codes"][0].startswith("bye_")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps({**EVENT, "format": "chess"}), "unknown format 'chess'"),
        (json.dumps({**EVENT, "entrants": EVENT["entrants"] * 2}), "duplicate entrant id"),
        (json.dumps({**EVENT, "entrants": [{"id": "a", "byes": -1}]}), "negative"),
        (json.dumps({**EVENT, "entrants": [{"id": "a", "opponents": 3}]}), "must be a list"),
        (json.dumps({**EVENT, "entrants": [{"id": "a"}]}), "at least 2 active"),
    ],
)
def test_bad_input_exits_2_with_the_reason(text, message):
    code, out, err = _run("--json", "-", stdin=text)
    assert code == 2
    assert message in err
    assert out == ""


def test_a_missing_file_exits_2(tmp_path):
    code, _, err = _run("--json", str(tmp_path / "nope.json"))
    assert code == 2 and "cannot read" in err
