"""Loading the fixtures into the database: complete, idempotent, updating in place."""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from cards.models import Card, Product
from cards.services import DEFAULT_FIXTURES, FixtureError, cards_load

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture_copy(tmp_path) -> Path:
    target = tmp_path / "cards"
    shutil.copytree(DEFAULT_FIXTURES, target)
    return target


def _edit(directory: Path, filename: str, edit) -> None:
    path = directory / filename
    data = json.loads(path.read_text(encoding="utf-8"))
    edit(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def test_the_whole_pool_is_loaded():
    assert Card.objects.count() == 1988
    assert Product.objects.count() == 79
    ice = Card.objects.get(code="core_1")
    assert ice.product.name == "Core"
    assert ice.traits == ["Item", "Weapon"]
    assert ice.name_key == "ice"
    assert Card.objects.filter(houses__icontains="|martell|").count() == 230


def test_loading_twice_changes_nothing():
    before = list(Card.objects.order_by("code").values())
    report = cards_load()
    assert not report.changed
    assert report.cards_unchanged == 1988
    assert list(Card.objects.order_by("code").values()) == before


def test_a_changed_card_is_updated_not_duplicated(fixture_copy):
    def edit(data):
        data["cards"][0]["strength"] = 9
        data["cards"][0]["traits"] = ["Knight"]

    _edit(fixture_copy, "01-core.json", edit)
    report = cards_load(directory=fixture_copy)
    assert (report.cards_created, report.cards_updated) == (0, 1)
    ice = Card.objects.get(code="core_1")
    assert (ice.strength, ice.traits) == (9, ["Knight"])
    assert Card.objects.count() == 1988


def test_a_new_card_is_created_and_a_missing_one_kept_and_reported(fixture_copy):
    def edit(data):
        removed = data["cards"].pop()
        added = dict(removed, code="core_999", number=999, name="Test Card")
        data["cards"].append(added)

    _edit(fixture_copy, "01-core.json", edit)
    report = cards_load(directory=fixture_copy)
    assert report.cards_created == 1
    assert report.stale_codes == ["core_214"]
    assert Card.objects.filter(code__in=["core_999", "core_214"]).count() == 2
    assert Card.objects.get(code="core_999").name_key == "test card"


def test_a_changed_product_is_updated(fixture_copy):
    _edit(fixture_copy, "01-core.json", lambda d: d["product"].update(name="Core Set"))
    report = cards_load(directory=fixture_copy)
    assert report.products_updated == 1
    assert Product.objects.get(code="core").name == "Core Set"


def test_bad_fixture_folders_are_refused_with_a_reason(tmp_path):
    with pytest.raises(FixtureError, match="no card fixtures"):
        cards_load(directory=tmp_path)
    (tmp_path / "01-core.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(FixtureError, match=r"01-core\.json"):
        cards_load(directory=tmp_path)
    (tmp_path / "01-core.json").write_text('{"version": 99}', encoding="utf-8")
    with pytest.raises(FixtureError, match="not a version"):
        cards_load(directory=tmp_path)


def test_load_cards_command_reports_and_rejects(tmp_path):
    out = StringIO()
    call_command("load_cards", stdout=out)
    assert "0 created, 0 updated, 1988 unchanged" in out.getvalue()
    with pytest.raises(CommandError, match="no card fixtures"):
        call_command("load_cards", path=str(tmp_path))


def test_import_then_load_round_trip(tmp_path):
    raw = json.loads((DEFAULT_FIXTURES / "01-core.json").read_text(encoding="utf-8"))
    first = raw["cards"][0]
    community = [
        {
            "id": "zz_1",
            "set": "Test Pack",
            "number": 1,
            "name": "Test\u2019s Knight",
            "card_type": "Character",
            "quantity": 3,
            "limit": 3,
            "legality_joust": "Legal",
            "legality_melee": "Restricted",
            "illustrator": None,
            "house": ["Stark", "Lannister"],
            "legal_in_houses": ["Stark"],
            "unique": False,
            "rules_text": "Deadly.\nA test.",
            "flavor_text": None,
            "erratas": [],
            "faqs": [],
            "duplicate_id": None,
            "cost": 3,
            "icons": ["Military (Naval)"],
            "crest": ["War"],
            "traits": ["Knight"],
            "strength": 3,
            "income": None,
            "initiative": None,
            "claim": None,
            "influence": None,
        }
    ]
    source = tmp_path / "agot1.json"
    source.write_text(json.dumps(community), encoding="utf-8")
    out_dir = tmp_path / "fixtures"
    call_command("import_cards", str(source), out=str(out_dir), stdout=StringIO())
    assert [p.name for p in out_dir.glob("*.json")] == ["01-test-pack.json"]
    call_command("load_cards", path=str(out_dir), stdout=StringIO())
    card = Card.objects.get(code="zz_1")
    assert card.houses == ["Stark", "Lannister"]
    assert card.naval_icons == ["military"]
    assert card.keywords == ["deadly"]
    assert card.name_key == "test's knight"
    assert card.legality_melee == "restricted"
    assert first["code"] == "core_1"  # the real fixtures were not touched


def test_import_cards_names_an_unreadable_file(tmp_path):
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_cards", str(tmp_path / "missing.json"), out=str(tmp_path))
    bad = tmp_path / "bad.json"
    bad.write_text('{"a": 1}', encoding="utf-8")
    with pytest.raises(CommandError, match="JSON array"):
        call_command("import_cards", str(bad), out=str(tmp_path))
