"""Why a table request was refused, in words a player reads (gameplay/engine/table.py).

A refusal may say why: ``table:refuse=<request id>_<reason>`` with a key of :data:`REASONS`
(the bots always do: gameplay/engine/table_bots.py). The log's event keeps the key, the log
in words (gameplay/eventlog.py) shows the sentence. A reason names no card: it is read by
every player, and the card a request is for is public anyway.
"""

from __future__ import annotations

REASONS = {
    "no_cause": "it names no card of theirs whose text asks for it",
    "not_theirs": (
        "the card it names is neither one of theirs that every player sees nor the card it is about"
    ),
    "automated": "the game already plays that card's text by itself",
    "not_in_text": "that card's text does not ask for it",
    "cannot": "it cannot be carried out now",
}


def split_answer(choice: str) -> tuple[str, str]:
    """``"12_no_cause"`` -> ("12", "no_cause"); ``"12"`` -> ("12", "")."""
    number, _, reason = choice.partition("_")
    return number, reason
