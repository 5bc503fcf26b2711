"""Deck validation and decklist reading, in-process.

    python bench/deck_bench.py [--repeat N]

Validates each Core Set starter deck (60 cards, 7 plots) with the one validator, reads its text
decklist, and checks it the way the API does (read + validate). No database for the first two:
the card facts come from the fixtures, as the pure modules take them.
"""

from __future__ import annotations

import argparse
import datetime
import json

from _setup import ROOT, machine, summary, timed

from decks.decklist import NameIndex, parse_decklist
from decks.validation import cards_from_fixtures, validate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    fixtures = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "fixtures" / "cards").glob("*.json"))
    ]
    cards = cards_from_fixtures(fixtures)
    index = NameIndex.from_fixtures(fixtures)
    texts = {
        p.stem: p.read_text(encoding="utf-8")
        for p in sorted((ROOT / "fixtures" / "decks").glob("*.txt"))
    }
    decks = {name: parse_decklist(text, index).deck for name, text in texts.items()}

    validation: list[float] = []
    for deck in decks.values():
        assert validate(deck, "joust", cards).valid
        validation += timed(lambda d=deck: validate(d, "joust", cards), args.repeat)
    reading: list[float] = []
    for text in texts.values():
        reading += timed(lambda t=text: parse_decklist(t, index), max(50, args.repeat // 20))

    report = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "decks": list(decks),
        "validate_60_card_deck": summary(validation),
        "read_text_decklist": summary(reading),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
