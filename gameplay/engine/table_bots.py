"""A bot's answer to a table request (gameplay/engine/table.py), from its view only: apart
from bots.py because it asks coverage which cards the engine plays (coverage imports the
simulation, which imports the bots).

A request is a player asking the bot to do something to its own cards or totals that a card
says (kill, kneel, take control ...). Accepting whatever names a card whose text the engine
does not play would let anyone drain a bot (issue 27: taking control of its characters one
request at a time won every game): so the bot accepts only a request whose asker names the
card that asks for it (the cause): a card of the asker's that every player sees (or the
card the request is about, whose own text may give it away), whose text the engine does
not play, and whose text could ask for that (its words: "kill", "kneel", "return ... to
... hand", "take control", "power", "gold" ...). It refuses every other, and says why
(:mod:`gameplay.engine.table_refusals`). The words are a sieve, not a reading of the
rules: a card that says "kneel" in a cost passes for a kneel request.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from gameplay.engine.actions import Action

View = Mapping[str, Any]

# What a card's text says when it asks for each request (a request's ``verb``: table.py's
# CARD_VERBS and SEAT_VERBS). Read in lower case, after the card's own name and the
# [Power] icon and power challenges are left out (_words).
ASKS = {
    "kill": r"\bkills?\b",
    "kneel": r"\bkneels?\b",
    "stand": r"\bstands?\b",
    "discard": r"\bdiscards?\b",
    "hand": r"\breturns?\b[^.]*\bhand\b",
    "control": r"\b(?:take|takes|gain|gains) control\b",
    "power": r"\bpower\b",
    "gold": r"\bgold\b",
}
# The asker's zones (of its view) a cause may lie in: public, and the asker's.
CAUSE_ZONES = ("discard", "dead", "epic_battles")
# The costs a card pays with itself ("Kneel Little Bird to ..."): they ask nothing of others.
SELF_COSTS = ("kneel", "stand", "discard", "kill", "sacrifice", "return")


def answer_request(view: View) -> Action | None:
    """A bot's answer to the first request waiting for its seat (``view["requests"]``:
    table.py), or None: it accepts it (:func:`refusal` finds nothing wrong) or refuses it
    with its reason (``table:refuse=<id>_<reason>``)."""
    seat = view.get("seat")
    for request in view.get("requests") or ():
        if request.get("to") != seat:
            continue
        reason = refusal(view, request)
        if reason is None:
            return Action(int(seat), "table:accept", choice=str(request["id"]))
        return Action(int(seat), "table:refuse", choice=f"{request['id']}_{reason}")
    return None


def refusal(view: View, request: Mapping[str, Any]) -> str | None:
    """Why the bot refuses ``request`` (a key of table_refusals.REASONS), or None when it
    accepts: the asker names a cause (``source``), the cause is the asker's and every
    player sees it, the engine does not play its text, and that text asks for the
    request's verb; and the request can be carried out now."""
    from gameplay.engine.coverage import plays_automatically

    if request.get("problem") is not None:
        return "cannot"
    source = request.get("source")
    if not isinstance(source, str):
        return "no_cause"
    code = _cause_code(view, request.get("seat"), source, request.get("card"))
    if code is None:
        return "not_theirs"
    if plays_automatically(code):
        return "automated"
    if not asks(code, str(request.get("verb"))):
        return "not_in_text"
    return None


def _cause_code(view: View, asker: object, ref: str, about: object) -> str | None:
    """The code of the card ``ref`` when the view shows it as one of ``asker``'s public
    cards (in play under its control, its revealed plot, its discard or dead pile, its
    Epic Battle cards) or as the card in play the request is about (``about``: a card
    whose own text gives it away, "that player takes control of Bolton Loyalist"), else
    None. Another card of the bot's or of a third player's is no cause: anyone could
    name the same card again and again."""
    for player in view.get("players") or ():
        for card in player.get("in_play") or ():
            if card.get("id") == ref and (card.get("controller") == asker or ref == about):
                return card.get("code")
        if player.get("seat") != asker:
            continue
        shown = [player.get("revealed_plot")]
        for zone in CAUSE_ZONES:
            shown += player.get(zone) or ()
        for card in shown:
            if isinstance(card, Mapping) and card.get("id") == ref:
                return card.get("code")
    return None


def asks(code: str, verb: str) -> bool:
    """Whether the printed text of the card ``code`` could ask for ``verb``."""
    pattern = ASKS.get(verb)
    return pattern is not None and re.search(pattern, _words(code)) is not None


@lru_cache(maxsize=2048)
def _words(code: str) -> str:
    """The card's text in lower case without what never asks anything of another player:
    the [Power] icon, power challenges, and costs paid with the card itself."""
    from gameplay.engine.card_facts import load_cards

    card = load_cards().get(code)
    if card is None:
        return ""
    text = card.text.lower()
    text = re.sub(r"\[power\]|\bpower (?:challenges?|icons?)\b", " ", text)
    name = re.escape(card.name.lower())
    return re.sub(rf"\b(?:{'|'.join(SELF_COSTS)})\s+{name}\b", " ", text)
