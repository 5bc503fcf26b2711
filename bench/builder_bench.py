"""The deck builder's add-a-card round trip, server side.

    python bench/builder_bench.py [--repeat N]

A logged-in owner's htmx POST of "+1" (then "-1", so the deck stays the same size) on a card of
a legal 60-card Core deck, from the deck list and from a page of search results, through
Django's test client with production settings: the service
write, a new version, re-validation and the re-rendered deck region. Server time only.
"""

from __future__ import annotations

import argparse
import datetime
import json

from _setup import ROOT, django_with_cards, machine, summary, timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=100)
    args = parser.parse_args()
    vendor = django_with_cards()

    from django.contrib.auth.models import User
    from django.test import Client

    from decks.check import read_deck
    from decks.services import deck_create

    user, _ = User.objects.get_or_create(username="bench-builder")
    text = (ROOT / "fixtures" / "decks" / "core-stark.txt").read_text(encoding="utf-8")
    spec = read_deck(text)[0]
    deck = deck_create(owner=user, name="Bench", house="Stark", entries=dict(spec.entries))
    card = next(code for code, n in spec.entries.items() if n == 2)
    client = Client()
    client.force_login(user)
    url = f"/decks/{deck.pk}/cards/"
    step = {"delta": 1}

    def round_trip(**search):
        data = {"card": card, "delta": step["delta"], **search}
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.status_code
        step["delta"] = -step["delta"]

    def builder_page():
        assert client.get(f"/decks/{deck.pk}/edit/").status_code == 200

    report = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "database": vendor,
        "add_a_card_round_trip": summary(timed(round_trip, args.repeat)),
        # From a search result: the reply also re-renders the results' counts (20 rows).
        "add_a_card_from_search_results": summary(
            timed(lambda: round_trip(q="h:stark", page="1"), args.repeat)
        ),
        "builder_page": summary(timed(builder_page, max(20, args.repeat // 5))),
    }
    deck.delete()
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
