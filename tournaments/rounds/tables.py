"""The round tab of the manage page: the current round's tables with their notes, reports and
result forms. Shared by the manage tabs (``tournaments.manage.views``) and the round actions
(``tournaments.rounds.views``): both import it, and the round views import the manage views
but never the other way round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tournaments import selectors as sel
from tournaments.models import Event, Round, Seat, Table
from tournaments.pairing.explain import describe
from tournaments.result_fields import result_fields
from tournaments.rounds import services as rounds
from tournaments.wording import claim_sentence, seats_sentence


def _note(table: Table, names: Mapping[str, str]) -> str:
    """Why the table is what it is, with names: the pairing's reasons, or the cut seeds."""
    note = table.explanation or {}
    if note.get("codes"):
        return describe(note, names)
    if "top_seed" in note:
        if table.is_bye:
            return f"Seed {note['top_seed']} has a bye to the next round."
        return f"Seed {note.get('top_seed')} v seed {note.get('bottom_seed')}."
    if note.get("seeds"):
        return "Seeds " + ", ".join(str(s) for s in note["seeds"]) + " in seat order."
    return ""


def prepared_tables(
    event: Event, round_: Round, failed: Mapping[str, Any] | None = None
) -> list[Table]:
    """The round's tables, each with ``note``, ``claims``, ``waiting``, ``sentence`` and its
    result form ``rf`` (the one in ``failed`` keeps what was sent and says why it failed)."""
    names = {str(pk): name for pk, name in event.entrants.values_list("pk", "name")}
    melee = event.format == Event.Format.MELEE
    tables = sel.tables_of_round(round_)
    current = sel.current_round(event)
    # The seat codes, to tell a walk-in theirs: the current round's only (they expire with it).
    live = current is not None and current.pk == round_.pk and event.status != Event.Status.FINISHED
    for table in tables:
        seats = list(table.seats.all())
        table.codes = [(s.entrant.name, s.code) for s in seats] if live and not table.is_bye else []
        table.note = _note(table, names)
        table.sentence = seats_sentence(seats, melee=melee) if table.reported else ""
        # A melee table where every player forfeited (every clock ran out on the site):
        # nobody scored; the organizer sees it and may correct it if they played elsewhere.
        table.forfeited = (
            melee and table.reported and all(s.outcome == Seat.Outcome.LOSS for s in seats)
        )
        table.claims, table.waiting = [], []
        if table.is_bye:
            continue
        if not table.reported:
            reports = list(table.reports.select_related("entrant").order_by("created", "pk"))
            table.claims = [
                {
                    "id": r.pk,
                    "name": r.entrant.name,
                    "text": claim_sentence(seats, r.result),
                    "seen": rounds.report_fingerprint(r.result),
                }
                for r in reports
            ]
            if reports:
                done = {r.entrant_id for r in reports}
                table.waiting = [s.entrant.name for s in seats if s.entrant_id not in done]
        mine = failed is not None and failed["table"] == table.pk
        table.rf = result_fields(
            table,
            seats,
            posted=failed["posted"] if mine else None,
            error=failed["error"] if mine else "",
        )
    return tables


def round_tab(event: Event, failed: Mapping[str, Any] | None = None) -> dict[str, Any]:
    current = sel.current_round(event)
    if current is not None:
        sel.titled(current)
    return {
        "tables": prepared_tables(event, current, failed) if current else [],
        "earlier": [r for r in sel.titled_rounds(event) if current and r.pk != current.pk],
    }
