"""A bot's answer to a table request (gameplay/engine/table.py), from its view only: apart
from bots.py because it asks coverage which cards the engine plays (coverage imports the
simulation, which imports the bots)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplay.engine.actions import Action

View = Mapping[str, Any]


def answer_request(view: View) -> Action | None:
    """A bot's answer to the first request waiting for its seat (``view["requests"]``:
    table.py), or None: it accepts a request that names a card whose text the engine does
    not play (the card it is for, else the card it is about) and that can be carried out
    now; it refuses any other."""
    from gameplay.engine.coverage import plays_automatically

    seat = view.get("seat")
    for request in view.get("requests") or ():
        if request.get("to") != seat:
            continue
        code = request.get("source_code") or request.get("code")
        manual = isinstance(code, str) and not plays_automatically(code)
        kind = "table:accept" if manual and request.get("problem") is None else "table:refuse"
        return Action(int(seat), kind, choice=str(request["id"]))
    return None
