"""Conversion of the community card file into Maester's own card fixtures.

Pure: plain data in, plain data out (no Django), so the importer's rules are tested without a
database. ``convert_pool(raw_cards)`` returns one fixture dict per product, in pool order.

>>> parse_keywords("Stealth. Deadly. No attachments.\\nResponse: ...")
['stealth', 'deadly', 'no attachments']
>>> fold_name("Chella, Daughter of Cheyk") == fold_name("chella,  daughter of cheyk")
True
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter, OrderedDict
from typing import Any

FIXTURE_VERSION = 1

# Keywords that stand alone as a sentence of a card's first line.
PLAIN_KEYWORDS = {
    "stealth",
    "deadly",
    "renown",
    "limited",
    "no attachments",
    "setup",
    "ambush",
    "infamy",
    "intimidate",
    "stalwart",
    "vengeful",
    "vigilant",
    "deathbound",
    "melee",
    "joust",
}
# Keywords that carry a value: "Prized 2.", "Immune to events.", "No attachments except Weapon."
VALUE_KEYWORDS = [
    re.compile(r"^prized \d+$"),
    re.compile(r"^immune to .+$"),
    re.compile(r"^no attachments except .+$"),
]
_SENTENCE = re.compile(r"[^.]+")
# A sentence that restricts deck building or attachment, not a keyword: "House Stark only",
# "Maester character only", "Limit 1 per deck".
_RESTRICTION = re.compile(r"(house \w+ only|[\w' ]+ only|limit \d+ per (deck|plot deck))")

_TYPES = {"Character", "Location", "Attachment", "Event", "Plot", "Agenda", "House"}
_LEGALITY = {"Legal": "legal", "Restricted": "restricted", "Banned": "banned"}
_ICON = re.compile(r"^(Military|Intrigue|Power)( \(Naval\))?$")


class CardDataError(ValueError):
    """The raw file breaks an assumption the conversion relies on."""


def slugify(text: str) -> str:
    """Product name to a URL code: ``"The Raven's Song"`` -> ``"the-ravens-song"``."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"['’]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def fold_name(name: str) -> str:
    """Fold a card name for matching: case, accents, typographic quotes and spacing."""
    text = name.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"\s+", " ", text).strip().lower()


def parse_keywords(rules_text: str | None) -> list[str]:
    """Keywords of a card: the keyword sentences of its first line (and of the lines after
    it while they hold only keywords and restrictions), lowercase, in order.

    Sentences that are not keywords ("House Stark only.", "Maester character only.") are
    skipped, and a missing space after a period ("Renown.Asha ...") still splits.
    """
    if not rules_text:
        return []
    found: list[str] = []
    for number, line in enumerate(rules_text.split("\n")):
        keywords, text = [], False
        for match in _SENTENCE.finditer(line):
            sentence = re.sub(r"\s+", " ", match.group().strip()).lower()
            if sentence in PLAIN_KEYWORDS or any(p.match(sentence) for p in VALUE_KEYWORDS):
                keywords.append(sentence)
            elif sentence and not _RESTRICTION.fullmatch(sentence):
                text = True
        # The first line's keywords always count; a later line's only while every line
        # before it held nothing but keywords and deck-building restrictions ("House
        # Targaryen only.\nDeathbound.").
        if number == 0 or not text:
            found += [k for k in keywords if k not in found]
        if text:
            break
    return found


def _icons(raw: list[str], card_id: str) -> tuple[list[str], list[str]]:
    icons: list[str] = []
    naval: list[str] = []
    for entry in raw or []:
        m = _ICON.match(entry)
        if not m:
            raise CardDataError(f"{card_id}: unknown icon {entry!r}")
        icon = m.group(1).lower()
        icons.append(icon)
        if m.group(2):
            naval.append(icon)
    order = ["military", "intrigue", "power"]
    return sorted(set(icons), key=order.index), sorted(set(naval), key=order.index)


def _product_kinds(raw_cards: list[dict[str, Any]]) -> dict[str, str]:
    """Core Set, deluxe expansion (a cycle code used by one product) or chapter pack."""
    products_per_cycle: dict[str, set[str]] = {}
    for card in raw_cards:
        products_per_cycle.setdefault(cycle_code(card["id"]), set()).add(card["set"])
    kinds = {}
    for card in raw_cards:
        name = card["set"]
        if name == "Core":
            kinds[name] = "core"
        elif len(products_per_cycle[cycle_code(card["id"])]) == 1:
            kinds[name] = "deluxe"
        else:
            kinds[name] = "chapter_pack"
    return kinds


def cycle_code(card_id: str) -> str:
    return card_id.rsplit("_", 1)[0]


def convert_card(raw: dict[str, Any], position: int, kind: str) -> dict[str, Any]:
    card_id = raw["id"]
    if raw["card_type"] not in _TYPES:
        raise CardDataError(f"{card_id}: unknown card type {raw['card_type']!r}")
    icons, naval = _icons(raw.get("icons") or [], card_id)
    quantity = raw["quantity"]
    # Every chapter pack holds three copies of each of its 20 cards; two records carry a
    # stray number (24, 0) in place of that quantity.
    if kind == "chapter_pack" and quantity not in (1, 2, 3):
        quantity = 3
    duplicate_id = raw.get("duplicate_id")
    return {
        "code": card_id,
        "number": raw["number"],
        "position": position,
        "quantity": quantity,
        "name": raw["name"].strip(),
        "card_type": raw["card_type"].lower(),
        "houses": list(raw["house"] or ["Neutral"]),
        "legal_houses": list(raw["legal_in_houses"] or []),
        "unique": bool(raw["unique"]),
        "cost": raw["cost"],
        "strength": raw["strength"],
        "icons": icons,
        "naval_icons": naval,
        "crests": [c.lower() for c in raw.get("crest") or []],
        "traits": [t.strip() for t in raw.get("traits") or [] if t.strip()],
        "keywords": parse_keywords(raw["rules_text"]),
        "rules_text": raw["rules_text"] or "",
        "flavor_text": raw["flavor_text"] or "",
        "illustrator": raw["illustrator"] or "",
        "income": raw["income"],
        "initiative": raw["initiative"],
        "claim": raw["claim"],
        "influence": raw["influence"],
        "deck_limit": raw["limit"],
        "legality_joust": _LEGALITY[raw["legality_joust"]],
        "legality_melee": _LEGALITY[raw["legality_melee"]],
        "errata": [dict(e) for e in raw.get("erratas") or []],
        "rulings": list(raw.get("faqs") or []),
        "printing_of": duplicate_id if duplicate_id and duplicate_id != card_id else "",
    }


def convert_pool(raw_cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Convert the whole raw pool into one fixture per product, products in pool order."""
    ids = Counter(card["id"] for card in raw_cards)
    repeated = [card_id for card_id, n in ids.items() if n > 1]
    if repeated:
        raise CardDataError(f"card ids appear twice: {', '.join(sorted(repeated))}")
    kinds = _product_kinds(raw_cards)
    products: OrderedDict[str, dict[str, Any]] = OrderedDict()
    for position, raw in enumerate(raw_cards, start=1):
        name = raw["set"]
        if name not in products:
            products[name] = {
                "version": FIXTURE_VERSION,
                "product": {
                    "code": slugify(name),
                    "name": name,
                    "order": len(products) + 1,
                    "kind": kinds[name],
                    "cycle_code": cycle_code(raw["id"]),
                },
                "cards": [],
            }
        products[name]["cards"].append(convert_card(raw, position, kinds[name]))
    for fixture in products.values():
        fixture["product"]["card_count"] = len(fixture["cards"])
    return list(products.values())


def fixture_filename(fixture: dict[str, Any]) -> str:
    product = fixture["product"]
    return f"{product['order']:02d}-{product['code']}.json"
