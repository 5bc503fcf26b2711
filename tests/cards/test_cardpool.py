"""The conversion of the community card file into fixtures (pure, no database)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest

from cards.cardpool import (
    CardDataError,
    convert_card,
    convert_pool,
    fixture_filename,
    fold_name,
    parse_keywords,
    slugify,
)

ROOT = Path(__file__).resolve().parents[2]
RAW_POOL = ROOT.parent / "shared" / "carddata" / "agot1.json"
FIXTURES = ROOT / "fixtures" / "cards"
ALL = ["Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral"]

RAW = {
    "id": "core_9",
    "full_image_url": "/images/cards/full/core_9.webp",
    "preview_image_url": "/images/cards/preview/core_9.jpg",
    "name": "Sansa Stark",
    "card_type": "Character",
    "set": "Core",
    "number": 9,
    "quantity": 1,
    "limit": 3,
    "legality_joust": "Restricted",
    "legality_melee": "Banned",
    "illustrator": "Natascha Roeosli",
    "house": ["Stark"],
    "legal_in_houses": ["Stark"],
    "unique": True,
    "rules_text": "House Stark only. Stealth.\nResponse: After a player plays an attachment.",
    "flavor_text": "A lady.",
    "erratas": [{"line": 1, "start": 0, "end": 8}],
    "faqs": ["A ruling."],
    "duplicate_id": None,
    "cost": 2,
    "icons": ["Intrigue", "Power (Naval)"],
    "crest": ["Noble"],
    "traits": ["Lady"],
    "strength": 2,
    "income": None,
    "initiative": None,
    "claim": None,
    "influence": 1,
}


def raw(**changes):
    record = copy.deepcopy(RAW)
    record.update(changes)
    return record


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Stealth. Deadly. No attachments.\nResponse: draw.",
            ["stealth", "deadly", "no attachments"],
        ),
        ("House Targaryen only. Ambush.", ["ambush"]),
        ("Renown.Asha Greyjoy cannot be saved.", ["renown"]),
        ("Prized 2. Stealth.", ["prized 2", "stealth"]),
        ("No attachments except Weapon.", ["no attachments except weapon"]),
        ("Immune to events.", ["immune to events"]),
        ("Limited", ["limited"]),
        ("Setup. Maester character only.", ["setup"]),
        ("Challenges: Kneel to win.\nStealth.", []),
        # Keywords on the lines after deck-building restrictions (Forever Burning).
        ("House Targaryen only.\nDeathbound.\nAny Phase: x.", ["deathbound"]),
        (
            "House Targaryen only.\nNo attachments. Deadly.\nIf y.\nStealth.",
            ["no attachments", "deadly"],
        ),
        ("House Stark only.\nResponse: draw.\nStealth.", []),
        ("Attached character gains deadly.", []),
        ("", []),
        (None, []),
    ],
)
def test_keywords_come_from_the_first_lines_only(text, expected):
    assert parse_keywords(text) == expected


def test_fold_name_ignores_case_accents_quotes_and_spacing():
    assert fold_name("Lord Eddard\u2019s  Chambers") == "lord eddard's chambers"
    assert fold_name("Jaqen H\u2019ghar") == fold_name("jaqen h'ghar")
    assert fold_name("Daenerys") != fold_name("Daenerys Targaryen")


def test_slugify_product_names():
    assert slugify("The Raven's Song") == "the-ravens-song"
    assert slugify("Rituals of R'hllor") == "rituals-of-rhllor"
    assert slugify("Core") == "core"


def test_convert_card_maps_every_field():
    card = convert_card(raw(), position=9, kind="core")
    assert card == {
        "code": "core_9",
        "number": 9,
        "position": 9,
        "quantity": 1,
        "name": "Sansa Stark",
        "card_type": "character",
        "houses": ["Stark"],
        "legal_houses": ["Stark"],
        "unique": True,
        "cost": 2,
        "strength": 2,
        "icons": ["intrigue", "power"],
        "naval_icons": ["power"],
        "crests": ["noble"],
        "traits": ["Lady"],
        "keywords": ["stealth"],
        "rules_text": RAW["rules_text"],
        "flavor_text": "A lady.",
        "illustrator": "Natascha Roeosli",
        "income": None,
        "initiative": None,
        "claim": None,
        "influence": 1,
        "deck_limit": 3,
        "legality_joust": "restricted",
        "legality_melee": "banned",
        "errata": [{"line": 1, "start": 0, "end": 8}],
        "rulings": ["A ruling."],
        "printing_of": "",
    }
    # The image URLs of the community site are useless here and are not kept.
    assert not any("image" in key for key in card)


def test_null_texts_become_empty_and_null_numbers_stay_null():
    card = convert_card(
        raw(rules_text=None, flavor_text=None, illustrator=None, cost=None, strength=None),
        position=1,
        kind="core",
    )
    assert (card["rules_text"], card["flavor_text"], card["illustrator"]) == ("", "", "")
    assert card["keywords"] == []
    assert card["cost"] is None and card["strength"] is None


def test_printing_of_points_to_the_first_printing_but_not_to_itself():
    assert convert_card(raw(duplicate_id="core_9"), 1, "core")["printing_of"] == ""
    assert convert_card(raw(duplicate_id="core_8"), 1, "core")["printing_of"] == "core_8"


def test_stray_chapter_pack_quantities_are_corrected_to_three():
    assert convert_card(raw(quantity=24), 1, "chapter_pack")["quantity"] == 3
    assert convert_card(raw(quantity=0), 1, "chapter_pack")["quantity"] == 3
    assert convert_card(raw(quantity=2), 1, "chapter_pack")["quantity"] == 2
    # The Core Set really holds five Crossroads entries of quantity 5.
    assert convert_card(raw(quantity=5), 1, "core")["quantity"] == 5


def test_unknown_icon_or_type_is_an_error_naming_the_card():
    with pytest.raises(CardDataError, match=r"core_9.*Diplomacy"):
        convert_card(raw(icons=["Diplomacy"]), 1, "core")
    with pytest.raises(CardDataError, match=r"core_9.*Treachery"):
        convert_card(raw(card_type="Treachery"), 1, "core")


def test_convert_pool_groups_by_product_and_tells_kinds_apart():
    pool = [
        raw(id="core_1", set="Core"),
        raw(id="core_2", set="Core"),
        raw(id="low_1", set="Lords of Winter"),
        raw(id="kr_1", set="The Kingsroad"),
        raw(id="kr_21", set="The Road North"),
    ]
    fixtures = convert_pool(pool)
    assert [f["product"]["name"] for f in fixtures] == [
        "Core",
        "Lords of Winter",
        "The Kingsroad",
        "The Road North",
    ]
    assert [f["product"]["kind"] for f in fixtures] == [
        "core",
        "deluxe",
        "chapter_pack",
        "chapter_pack",
    ]
    assert [f["product"]["order"] for f in fixtures] == [1, 2, 3, 4]
    assert fixtures[0]["product"]["card_count"] == 2
    assert [c["position"] for f in fixtures for c in f["cards"]] == [1, 2, 3, 4, 5]
    assert fixture_filename(fixtures[2]) == "03-the-kingsroad.json"


def test_convert_pool_refuses_repeated_ids():
    with pytest.raises(CardDataError, match="core_1"):
        convert_pool([raw(id="core_1"), raw(id="core_1")])


def _committed_fixtures():
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(FIXTURES.glob("*.json"))]


def test_committed_fixtures_hold_the_whole_pool():
    fixtures = _committed_fixtures()
    cards = [c for f in fixtures for c in f["cards"]]
    assert len(fixtures) == 79
    assert len(cards) == 1988
    assert len({c["code"] for c in cards}) == 1988
    core = fixtures[0]
    assert core["product"]["name"] == "Core" and core["product"]["card_count"] == 214
    by_code = {c["code"]: c for c in cards}
    # "House Stark character only." restricts the attachment's target, not the deck.
    assert by_code["core_1"]["legal_houses"] == ALL
    assert by_code["core_9"]["legal_houses"] == ["Stark"]
    assert sorted(
        c["code"] for c in cards if c["card_type"] == "character" and c["cost"] is None
    ) == [
        "w_1",
        "w_68",
    ]
    assert sum(1 for c in cards if c["rules_text"] == "") == 16


def test_committed_fixtures_match_a_fresh_conversion_of_the_community_file():
    if not RAW_POOL.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{RAW_POOL} is missing in CI")
        pytest.skip("../shared/carddata/agot1.json is not beside this clone")
    raw_pool = json.loads(RAW_POOL.read_text(encoding="utf-8"))
    fresh = convert_pool(raw_pool)
    assert fresh == _committed_fixtures()
    # Every raw field a player or a rule needs survived the conversion.
    by_code = {c["code"]: c for f in fresh for c in f["cards"]}
    for record in raw_pool:
        card = by_code[record["id"]]
        assert card["name"] == record["name"].strip()
        assert card["cost"] == record["cost"] and card["strength"] == record["strength"]
        assert card["traits"] == [t.strip() for t in record["traits"] if t.strip()]
        assert card["deck_limit"] == record["limit"]
        assert card["rulings"] == record["faqs"]
        assert len(card["icons"]) == len(record["icons"])
