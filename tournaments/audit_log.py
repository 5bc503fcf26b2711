"""The audit log in sentences: "ned registered Hodor", "ned set rounds to 3".

Each action the services record (``services.audit``) has a sentence here; an action without
one (a new one, say) is still shown, as its name and its details with names instead of ids.
Entries keep what they recorded at the time (names as they were), so a renamed or removed
player still reads right; older entries that only kept an entrant's id are named through
the event's players.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tournaments.models import AuditEntry, Entrant, Event
from tournaments.selectors import titled_rounds
from tournaments.wording import ordinal, stage_title, summary_sentence

SETTING_LABELS = {
    "name": "the name",
    "date": "the date",
    "location": "the location",
    "format": "the format",
    "deck_format": "the deck format",
    "rounds": "rounds",
    "cut_size": "the cut size",
    "round_minutes": "the round length",
    "points_win": "points for a win",
    "points_modified_win": "points for a modified win",
    "points_draw": "points for a draw",
    "points_modified_loss": "points for a modified loss",
    "points_loss": "points for a loss",
    "head_to_head": "head-to-head",
    "late_entry_losses": "late entry losses",
    "player_reports": "player reports",
    "publish_decklists": "published decklists",
    "play_online": "play on the site",
}
CHOICES = {"format": dict(Event.Format.choices), "deck_format": dict(Event.DeckFormat.choices)}


def _setting_value(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == "":
        return "the recommendation" if key in ("rounds", "cut_size") else "nothing"
    if key in CHOICES:
        return str(CHOICES[key].get(value, value))
    if key == "cut_size":
        return "no cut" if value == 0 else f"top {value}"
    if key == "round_minutes":
        return f"{value} minutes"
    return str(value)


def _and(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _settings(who: str, d: Mapping[str, Any], names: Mapping[str, str]) -> str:
    changes = d.get("changes")
    if isinstance(changes, Mapping) and changes:
        parts = []
        order = list(SETTING_LABELS)
        for key, pair in sorted(
            changes.items(), key=lambda item: order.index(item[0]) if item[0] in order else 99
        ):
            after = pair[1] if isinstance(pair, list | tuple) and len(pair) == 2 else pair
            label = SETTING_LABELS.get(key, key.replace("_", " "))
            parts.append(f"{label} to {_setting_value(key, after)}")
        return f"{who} set {_and(parts)}"
    fields = d.get("fields") or []
    listed = ", ".join(SETTING_LABELS.get(f, f) for f in fields)
    return f"{who} saved the settings ({listed})" if listed else f"{who} saved the settings"


def _name(d: Mapping[str, Any], names: Mapping[str, str], key: str = "entrant") -> str:
    if d.get("name"):
        return str(d["name"])
    ident = d.get(key)
    return names.get(str(ident), f"player #{ident}") if ident is not None else "a player"


def _round(d: Mapping[str, Any]) -> str:
    """The round as the pages name it: "round 3", or a cut round by its stage: "the final"."""
    return str(d.get("round_name") or f"round {d.get('round')}")


def _table(d: Mapping[str, Any]) -> str:
    return f"table {d.get('table')} of {_round(d)}"


def _result(d: Mapping[str, Any], melee: bool) -> str:
    result = d.get("result")
    return summary_sentence(result, melee=melee) if isinstance(result, Mapping) else ""


Sentence = Callable[[str, Mapping[str, Any], Mapping[str, str], bool], str]


def _registered(who: str, d, names, melee) -> str:
    late = d.get("round") or 1
    name = _name(d, names)
    text = f"{who} registered" + ("" if name.casefold() == who.casefold() else f" {name}")
    return text + (f" (joining in round {late})" if late > 1 else "")


def _dropped(who: str, d, names, melee) -> str:
    after = d.get("after_round")
    when = f" after round {after}" if after else " before round 1"
    return f"{who} dropped {_name(d, names)}{when}"


def _paired(who: str, d, names, melee) -> str:
    tables, byes = d.get("tables", 0), d.get("byes", 0)
    parts = [f"{tables} table{'s' if tables != 1 else ''}"]
    if byes:
        parts.append(f"{byes} bye{'s' if byes != 1 else ''}")
    again = " again" if d.get("attempt") else ""
    return f"{who} paired {_round(d)}{again} ({', '.join(parts)})"


def _entered(who: str, d, names, melee) -> str:
    return f"{who} recorded {_table(d)}: {_result(d, melee)}"


def _corrected(who: str, d, names, melee) -> str:
    before = d.get("before")
    was = summary_sentence(before, melee=melee) if isinstance(before, Mapping) else ""
    return f"{who} corrected {_table(d)}: {_result(d, melee)}" + (f" (was: {was})" if was else "")


def _reported(who: str, d, names, melee) -> str:
    by = d.get("by") or who
    said = _result(d, melee)
    code = " with the seat code" if d.get("with_code") else ""
    return f"{by} reported {_table(d)}{code}" + (f": {said}" if said else "")


def _cut_started(who: str, d, names, melee) -> str:
    seeds = d.get("seeds") or []
    listed = f": {', '.join(str(s) for s in seeds)}" if seeds else ""
    return f"{who} started the top {d.get('size')} cut{listed}"


def _cut_advanced(who: str, d, names, melee) -> str:
    stage = d.get("stage")
    what = stage_title(stage, melee=melee).lower() if stage else "the next bracket round"
    return f"{who} drew the {what}"


def _finished(who: str, d, names, melee) -> str:
    champion = d.get("champion")
    return f"{who} finished the event" + (f": {champion} is the champion" if champion else "")


def _imported(who: str, d, names, melee) -> str:
    original = d.get("original_organizer")
    return f"{who} imported the event" + (f" (organized by {original})" if original else "")


def _top_decks(who: str, d, names, melee) -> str:
    published = [
        f"{p.get('name')} ({ordinal(p['place'])})"
        if isinstance(p.get("place"), int)
        else str(p.get("name"))
        for p in d.get("published") or []
        if isinstance(p, Mapping)
    ]
    text = f"{who} published the decklists of the top {d.get('count')}: {_and(published)}"
    skipped = len(d.get("no_consent") or [])
    if skipped:
        text += f" ({skipped} without their players' consent skipped)"
    return text


def _deleted(who: str, d, names, melee) -> str:
    return f"{who} deleted the event {d.get('name')} of {d.get('date')}"


SENTENCES: dict[str, Sentence] = {
    "event_created": lambda who, d, n, m: f"{who} created the event",
    "event_updated": lambda who, d, n, m: _settings(who, d, n),
    "event_imported": _imported,
    "event_finished": _finished,
    "event_deleted": _deleted,
    "co_organizer_added": lambda who, d, n, m: f"{who} made {d.get('username')} a co-organizer",
    "entrant_registered": _registered,
    "entrant_dropped": _dropped,
    "entrant_claimed": lambda who, d, n, m: (
        f"{who} joined from the event's link and claimed the entry {_name(d, n)}"
    ),
    "entrant_removed": lambda who, d, n, m: f"{who} removed {_name(d, n)}",
    "entrant_not_checked_in": lambda who, d, n, m: (
        f"{who} paired round 1 and dropped {_name(d, n)}, who had not checked in"
    ),
    "player_invited": lambda who, d, n, m: f"{who} invited {d.get('username')}",
    "invitation_accepted": lambda who, d, n, m: (
        f"{who} accepted the invitation and plays as {_name(d, n)}"
    ),
    "invitation_declined": lambda who, d, n, m: f"{who} declined the invitation",
    "invitation_withdrawn": lambda who, d, n, m: (
        f"{who} withdrew the invitation of {d.get('username')}"
    ),
    "partner_asked": lambda who, d, n, m: (
        f"{who} asked {d.get('username')} to be the partner of {_name(d, n)}"
    ),
    "partner_accepted": lambda who, d, n, m: (
        f"{who} accepted to be the partner of {_name(d, n)}"
        + (f" (joining in round {d['round']})" if (d.get("round") or 1) > 1 else "")
    ),
    "partner_declined": lambda who, d, n, m: f"{who} declined to be the partner of {_name(d, n)}",
    "partner_unlinked": lambda who, d, n, m: (
        f"{d.get('username')} was the partner of {_name(d, n)} while on another team of "
        "this event: the link to the account was removed, the decks are kept"
    ),
    "round_paired": _paired,
    "round_repaired": lambda who, d, n, m: f"{who} threw {_round(d)} away to pair it again",
    "round_timer_started": lambda who, d, n, m: f"{who} started the clock of {_round(d)}",
    "result_entered": _entered,
    "result_corrected": _corrected,
    "result_reported": _reported,
    "result_confirmed": lambda who, d, n, m: (
        f"Every player at {_table(d)} reported the same result: it is recorded"
    ),
    "result_from_match": lambda who, d, n, m: (
        f"The game played on the site recorded {_table(d)}: {_result(d, m)}"
    ),
    "report_accepted": lambda who, d, n, m: (
        f"{who} accepted {d.get('reporter')}'s report for {_table(d)}: {_result(d, m)}"
    ),
    "cut_started": _cut_started,
    "cut_advanced": _cut_advanced,
    "top_decks_published": _top_decks,
    "cut_odds_requested": lambda who, d, n, m: (
        f"{who} asked for the cut odds after round {d.get('after_round')}"
    ),
}


def _fallback(who: str, action: str, d: Mapping[str, Any], names: Mapping[str, str]) -> str:
    parts = []
    for key, value in d.items():
        if key in ("entrant", "entrants") and not isinstance(value, Mapping | list):
            value = names.get(str(value), value)
        if isinstance(value, Mapping | list):
            continue  # structures are for the export, not for a sentence
        parts.append(f"{key.replace('_', ' ')} {value}")
    text = f"{who}: {action.replace('_', ' ')}"
    return text + (f" ({', '.join(parts)})" if parts else "")


def sentence(
    entry: AuditEntry,
    names: Mapping[str, str],
    *,
    melee: bool = False,
    rounds: Mapping[int, str] | None = None,
) -> str:
    """One audit entry as a sentence; ``names`` maps entrant ids (as text) to names and
    ``rounds`` round numbers to their titles ("Round 3", "Final"), so that a cut round reads
    as the pages name it."""
    # No user: the site itself (a confirmation, a game played here) or a deleted account.
    who = entry.user.username if entry.user_id and entry.user else "Someone"
    detail = entry.detail if isinstance(entry.detail, Mapping) else {}
    number = detail.get("round")
    title = (rounds or {}).get(number) if isinstance(number, int) else None
    if title and not title.startswith("Round "):
        detail = {**detail, "round_name": f"the {title.lower()}"}
    make = SENTENCES.get(entry.action)
    if make is None:
        return _fallback(who, entry.action, detail, names) + "."
    try:
        text = make(who, detail, names, melee)
    except (TypeError, ValueError, AttributeError, KeyError):  # an entry of an older shape
        text = _fallback(who, entry.action, detail, names)
    return text + "."


def audit_log(event: Event, limit: int = 200) -> list[dict[str, Any]]:
    """The event's latest audit entries, newest first, each with its sentence."""
    names = {
        str(pk): name for pk, name in Entrant.objects.filter(event=event).values_list("pk", "name")
    }
    melee = event.format == Event.Format.MELEE
    rounds = {r.number: r.title for r in titled_rounds(event)}
    entries = AuditEntry.objects.filter(event=event).select_related("user")[:limit]
    return [{"entry": e, "text": sentence(e, names, melee=melee, rounds=rounds)} for e in entries]
