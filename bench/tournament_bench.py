"""The event pages of a large event, server time in-process.

    python bench/tournament_bench.py [--players 256] [--rounds 7] [--repeat 30]

Builds a joust of ``--players`` entrants (registered through the real service with a Core
starter deck, then copied), pairs every round with ``round_pair`` and records random results
with ``result_enter``, then times the public standings page, the pairings page of the last round
(by table and by name) and the standings as data (``event_standings``). SQLite file under
``bench/results/`` unless ``DATABASE_URL`` is set.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random

from _setup import ROOT, django_with_cards, machine, summary, timed


def build_event(players: int, rounds: int, seed: int):
    from django.contrib.auth.models import User

    from tournaments.models import Entrant, Event, Table
    from tournaments.rounds.services import result_enter, round_pair
    from tournaments.services import entrant_register, event_create

    organizer, _ = User.objects.get_or_create(username="bench-organizer")
    Event.objects.filter(organizer=organizer).delete()
    event = event_create(
        organizer=organizer,
        name=f"Bench {players}",
        date=datetime.date(2026, 11, 22),
        rounds=rounds,
    )
    text = (ROOT / "fixtures" / "decks" / "core-stark.txt").read_text(encoding="utf-8")
    first = entrant_register(event=event, user=organizer, name="Player 0", deck=text)
    Entrant.objects.bulk_create(
        Entrant(
            event=event,
            name=f"Player {i}",
            deck_name=first.deck_name,
            house=first.house,
            decklist=first.decklist,
            decklist_text=first.decklist_text,
        )
        for i in range(1, players)
    )
    rng = random.Random(seed)
    outcomes = ["win"] * 6 + ["loss"] * 6 + ["modified_win", "modified_loss", "draw"]
    for _ in range(rounds):
        round_ = round_pair(event=event, user=organizer)
        for table in Table.objects.filter(round=round_, is_bye=False):
            result_enter(table=table, user=organizer, data={"outcome": rng.choice(outcomes)})
    return event


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    vendor = django_with_cards()
    from django.test import Client

    from tournaments.selectors import event_standings

    event = build_event(args.players, args.rounds, args.seed)
    client = Client()
    standings_url = f"/events/{event.pk}/standings/"
    pairings_url = f"/events/{event.pk}/pairings/"

    def get(url: str, **headers):
        response = client.get(url, headers=headers)
        assert response.status_code == 200, response.status_code
        return response

    page = get(standings_url).content.decode()
    assert page.count("<tr") == args.players + 1  # every entrant and the header
    report = {
        "date": datetime.date.today().isoformat(),
        "machine": machine(),
        "database": vendor,
        "players": args.players,
        "rounds": args.rounds,
        "standings_page": summary(timed(lambda: get(standings_url), args.repeat)),
        "standings_page_htmx_partial": summary(
            timed(lambda: get(standings_url, **{"HX-Request": "true"}), args.repeat)
        ),
        "standings_selector": summary(timed(lambda: event_standings(event), args.repeat)),
        "pairings_page": summary(timed(lambda: get(pairings_url), args.repeat)),
        "pairings_page_by_name": summary(
            timed(lambda: get(pairings_url + "?sort=name"), args.repeat)
        ),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
