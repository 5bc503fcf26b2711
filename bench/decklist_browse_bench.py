"""The published decklists' page with thousands of lists, every filter (issue 33).

    python bench/decklist_browse_bench.py [--lists 10000] [--repeat 30]

Fills the benchmark database (bench/results/bench.sqlite3, or DATABASE_URL) with ``--lists``
published decklists made from the 86 decks of fixtures/decks (200 authors, random likes and
copies, one in twenty unpublished), once: a later run with the same count reuses them. Then
times whole requests to ``/decklists/`` through Django's test client (middleware, the
selector's queries, the template), logged in as a player with a collection, for each filter
alone, each sort, a deep page and all filters together; prints the medians as JSON.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
from collections import Counter

from _setup import ROOT, django_with_cards, machine, summary, timed

AUTHORS = 200


def _fill(count: int) -> None:
    from django.contrib.auth.models import User
    from django.db import transaction
    from django.utils import timezone

    from cards.models import Card, Product
    from cards.selectors import products_needed
    from decklists.models import Decklist, DecklistCard, DecklistProduct
    from decks.check import deck_check
    from decks.decklist import deck_to_json
    from gameplay.engine.coverage import deck_automation

    if Decklist.objects.count() == count:
        return
    Decklist.objects.all().delete()
    rng = random.Random(33)
    specs = []
    for path in sorted((ROOT / "fixtures" / "decks").glob("*.txt")):
        spec = deck_check(path.read_text(encoding="utf-8"), "joust").deck
        counts = {code: 1 for code in spec.agendas} | dict(spec.entries)
        automation = deck_automation([*spec.agendas, *Counter(spec.entries).elements()])
        specs.append((path.stem, spec, counts, products_needed(counts), automation))
    cards = dict(Card.objects.values_list("code", "pk"))
    products = dict(Product.objects.values_list("code", "pk"))
    authors = [User.objects.get_or_create(username=f"bench{n}")[0] for n in range(AUTHORS)]
    now = timezone.now()
    with transaction.atomic():
        for start in range(0, count, 1000):
            batch = []
            for n in range(start, min(count, start + 1000)):
                name, spec, counts, needed, automation = specs[n % len(specs)]
                batch.append(
                    Decklist(
                        author=authors[rng.randrange(AUTHORS)],
                        title=f"{name} #{n}",
                        house=spec.house,
                        format="joust",
                        joust_legal=rng.random() < 0.9,
                        melee_legal=rng.random() < 0.7,
                        verdicts={"joust": [], "melee": []},
                        automated=automation.automated,
                        card_total=automation.total,
                        snapshot=deck_to_json(spec),
                        text="",
                        unpublished=now if rng.random() < 0.05 else None,
                        like_count=int(rng.paretovariate(1.5)) - 1,
                        copy_count=int(rng.paretovariate(2)) - 1,
                    )
                )
            made = Decklist.objects.bulk_create(batch)
            rows, needs = [], []
            for decklist, n in zip(made, range(start, start + len(made)), strict=True):
                _name, _spec, counts, needed, _automation = specs[n % len(specs)]
                rows += [
                    DecklistCard(decklist=decklist, card_id=cards[c], count=k)
                    for c, k in counts.items()
                ]
                needs += [
                    DecklistProduct(decklist=decklist, product_id=products[p], copies=k)
                    for p, k in needed.items()
                ]
            DecklistCard.objects.bulk_create(rows, batch_size=5000)
            DecklistProduct.objects.bulk_create(needs, batch_size=5000)
        # Spread the dates so "newest" is a real order.
        for decklist in Decklist.objects.only("pk"):
            Decklist.objects.filter(pk=decklist.pk).update(
                published=now - datetime.timedelta(minutes=decklist.pk)
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--lists", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    vendor = django_with_cards()
    _fill(args.lists)
    if vendor == "postgresql":  # fresh statistics for the planner, as autovacuum keeps them
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

    from django.contrib.auth.models import User
    from django.test import Client

    from cards.models import OwnedProduct, Product

    reader, _ = User.objects.get_or_create(username="bench-reader")
    for product in Product.objects.all():  # a collection: two Core Sets, one of the rest
        OwnedProduct.objects.update_or_create(
            user=reader, product=product, defaults={"copies": 2 if product.code == "core" else 1}
        )
    client = Client()
    client.force_login(reader)
    queries = {
        "no filter": {},
        "house": {"house": "Stark"},
        "agenda": {"agenda": "ator_21"},
        "format": {"format": "melee"},
        "card (search language)": {"card": '"Eddard Stark"'},
        "card by trait": {"card": "t:attachment k:weapon"},
        "product": {"product": "core"},
        "owned (my packs)": {"owned": "1"},
        "sort likes": {"sort": "likes"},
        "sort copies": {"sort": "copies"},
        "page 100": {"page": "100"},
        "every filter": {
            "house": "Stark",
            "format": "joust",
            "card": '"Eddard Stark"',
            "product": "core",
            "owned": "1",
            "sort": "likes",
        },
    }
    results = {}
    for label, params in queries.items():
        response = client.get("/decklists/", params)
        assert response.status_code == 200, (label, response.status_code)
        assert b'class="error"' not in response.content, label
        results[label] = summary(timed(lambda p=params: client.get("/decklists/", p), args.repeat))
    print(
        json.dumps(
            {
                "date": datetime.date.today().isoformat(),
                "machine": machine(),
                "database": vendor,
                "lists": args.lists,
                "pages": results,
                "worst_median_ms": max(r["median_ms"] for r in results.values()),
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
