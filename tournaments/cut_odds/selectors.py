"""Reads of cut odds jobs: the latest job of an event and its result as table lines."""

from __future__ import annotations

from typing import Any

from tournaments.models import CutOddsJob, Event
from tournaments.selectors import event_record, event_standings
from tournaments.standings import as_display


def cut_odds_latest(event: Event) -> CutOddsJob | None:
    return event.cut_odds_jobs.select_related("requested_by").first()


def chance_label(chance: float) -> str:
    """A chance as a whole percentage; never rounded to a certainty it is not.

    >>> [chance_label(p) for p in (0, 0.004, 0.5, 0.996, 1)]
    ['0%', '<1%', '50%', '>99%', '100%']
    """
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    percent = round(chance * 100)
    if percent < 1:
        return "<1%"
    if percent > 99:
        return ">99%"
    return f"{percent}%"


def cut_odds_lines(job: CutOddsJob) -> list[dict[str, Any]]:
    """The job's entrants, best chance first (ties in the current standings order)."""
    event = job.event
    record = event_record(event)
    rows = {row.id: row for row in event_standings(event, record)}
    lines = []
    for key, entrant in record.entrants.items():
        chance = float(job.result.get(key, 0.0))
        row = rows[key]
        lines.append(
            {
                "entrant": entrant,
                "row": row,
                "points": int(row.points)
                if row.points.denominator == 1
                else as_display(row.points, 2),
                "chance": chance,
                "label": chance_label(chance),
            }
        )
    lines.sort(key=lambda line: (-line["chance"], line["row"].rank))
    return lines
