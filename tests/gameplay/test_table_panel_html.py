"""The Table panel's forms (templates/gameplay/_table.html), written by the board's template
tags: every value escaped, every form with its CSRF field and version, ids and codes as
match.js reads them."""

from __future__ import annotations

from html.parser import HTMLParser

from django.template.loader import render_to_string
from django.test import RequestFactory


class _Forms(HTMLParser):
    """Each form's hidden fields and buttons, and each disclosure's id and data-code."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self.details: list[dict] = []
        self.options: list[tuple[str, str]] = []
        self._button: dict | None = None
        self._option: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append({"action": a.get("action"), "hidden": {}, "buttons": []})
        elif tag == "input" and a.get("type") == "hidden":
            self.forms[-1]["hidden"][a["name"]] = a["value"]
        elif tag == "button":
            self._button = {"name": a["name"], "value": a["value"], "label": ""}
            self.forms[-1]["buttons"].append(self._button)
        elif tag == "details" and a.get("id", "").startswith(("table-card-", "table-target-")):
            self.details.append({"id": a["id"], "code": a.get("data-code")})
        elif tag == "option":
            self._option = a["value"]

    def handle_data(self, data):
        if self._button is not None:
            self._button["label"] += data
        if self._option is not None:
            self.options.append((self._option, data))

    def handle_endtag(self, tag):
        if tag == "button":
            self._button = None
        if tag == "option":
            self._option = None


def _render(table: dict) -> _Forms:
    request = RequestFactory().get("/")
    html = render_to_string(
        "gameplay/_table.html",
        {"table": table, "urls": {"act": "/play/7/act/?a=1&b=2"}, "match": {"version": 41}},
        request=request,
    )
    parsed = _Forms()
    parsed.feed(html)
    return parsed


TRICKY = 'Ser "Quote" <b>&</b>'


def test_every_form_carries_its_fields_and_escaped_buttons():
    table = {
        "seat": 1,
        "answers": [],
        "player": [{"action": "p1:table:draw=1", "label": "Draw 1"}],
        "cards": [
            {
                "ref": "c3",
                "code": "core_3",
                "name": TRICKY,
                "zone": "in hand",
                "actions": [{"action": "p1:table:reveal:c3", "label": f"Reveal {TRICKY}"}],
            }
        ],
        "targets": [
            {
                "ref": "c9",
                "code": "core_9",
                "name": "Lady",
                "owner": "Ann (Stark)",
                "verbs": [{"verb": "kill", "label": "Kill"}],
            },
            {
                "ref": "",
                "code": "",
                "name": "Ann (Stark)",
                "verbs": [{"verb": "gold_0", "label": "Take 1 gold"}],
            },
        ],
        "sources": [{"ref": "c4", "name": TRICKY}],
        "refs": frozenset(),
        "menu": True,
    }
    parsed = _render(table)
    assert len(parsed.forms) == 4
    for form in parsed.forms:
        assert form["action"] == "/play/7/act/?a=1&b=2"
        assert form["hidden"]["version"] == "41"
        assert len(form["hidden"]["csrfmiddlewaretoken"]) > 30
    player, card, lady, seat = parsed.forms
    assert player["buttons"] == [{"name": "action", "value": "p1:table:draw=1", "label": "Draw 1"}]
    assert card["buttons"][0]["label"] == f"Reveal {TRICKY}"  # escaped, read back whole
    assert lady["hidden"] | {"csrfmiddlewaretoken": ""} == {
        "csrfmiddlewaretoken": "",
        "version": "41",
        "kind": "table:request",
        "seat": "1",
        "target": "c9",
    }
    assert lady["buttons"] == [{"name": "verb", "value": "kill", "label": "Kill"}]
    assert seat["hidden"]["target"] == "" and seat["buttons"][0]["value"] == "gold_0"
    assert parsed.details == [
        {"id": "table-card-c3", "code": "core_3"},
        {"id": "table-target-c9", "code": "core_9"},
        {"id": "table-target-seat-2", "code": None},
    ]
    # The "For" list in each request form: no card, then the sources.
    assert parsed.options == [("", "no card named"), ("c4", TRICKY)] * 2


def test_no_source_list_without_sources():
    table = {
        "seat": 0,
        "answers": [],
        "player": [],
        "cards": [],
        "targets": [{"ref": "c9", "code": "core_9", "name": "Lady", "owner": "Bob", "verbs": []}],
        "sources": [],
        "refs": frozenset(),
        "menu": True,
    }
    parsed = _render(table)
    assert parsed.options == [] and len(parsed.forms) == 2
