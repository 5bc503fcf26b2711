"""Search over the whole card pool, and the card list page.

    python bench/search_bench.py [--repeat N]

Measures server time in-process (no network): the search selector evaluated as the results page
uses it (count + first page), the whole search page and API request through Django's test
client, and the product card list page. Figures go to docs/PERFORMANCE.md.
Uses a SQLite file under bench/results/ unless DATABASE_URL is set.
"""

from __future__ import annotations

import argparse
import datetime
import json

from _setup import django_with_cards, machine, summary, timed

# A mix of what players type: names, rules text, types, houses, numbers, traits, keywords, sets.
QUERIES = [
    "eddard",
    "robb stark",
    '"the hand"',
    "x:kneel",
    'x:"claim 1 power"',
    "t:character h:stark",
    "t:plot inc>=5",
    "t:location c<=2 p:lannister",
    "h:targaryen s>=4",
    "k:knight",
    "kw:stealth t:character",
    "kw:deadly c<3",
    "i:military i:power",
    "e:core",
    "cr:noble h:baratheon",
    "u:yes t:character s>5",
    "j:restricted",
    "-h:neutral t:event x:cancel",
    "h:greyjoy|martell t:attachment",
    "t:agenda",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    vendor = django_with_cards()

    from django.test import Client

    from cards.selectors import card_search

    client = Client()
    per_query = {}
    selector_all: list[float] = []
    page_all: list[float] = []
    api_all: list[float] = []
    for query in QUERIES:

        def run_selector(q=query):
            results = card_search(q)
            return results.count(), list(results[:50])

        def run_page(q=query):
            response = client.get("/cards/", {"q": q})
            assert response.status_code == 200, (q, response.status_code)

        def run_api(q=query):
            response = client.get("/api/cards/", {"q": q})
            assert response.status_code == 200, (q, response.status_code)

        sel = timed(run_selector, args.repeat)
        page = timed(run_page, args.repeat)
        api = timed(run_api, args.repeat)
        selector_all += sel
        page_all += page
        api_all += api
        per_query[query] = {
            "results": card_search(query).count(),
            "page_median_ms": summary(page)["median_ms"],
        }

    def run_product_page():
        response = client.get("/products/core/")
        assert response.status_code == 200

    def run_empty_search():
        response = client.get("/cards/")
        assert response.status_code == 200

    report = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "database": vendor,
        "queries": len(QUERIES),
        "repeat": args.repeat,
        "search_selector": summary(selector_all),
        "search_page": summary(page_all),
        "search_api": summary(api_all),
        "card_list_page_core_214_cards": summary(timed(run_product_page, args.repeat)),
        "search_page_whole_pool_first_page": summary(timed(run_empty_search, args.repeat)),
        "per_query": per_query,
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
