"""The board's Table menu: the table actions and requests of one seat
(:func:`gameplay.engine.table.table_menu`) as labelled buttons, for the template
``gameplay/_table.html``. Reads only; only for a seated player (spectators see the log).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameplay.engine import house_card
from gameplay.engine.abilities import pool
from gameplay.engine.actions import Action
from gameplay.engine.coverage import plays_automatically
from gameplay.engine.state import GameState
from gameplay.engine.table import (
    MARSHAL,
    closed,
    marshal_cost,
    requests,
    table_answers,
    table_menu,
    zone_of,
)

ZONE_NAMES = {
    "play": "in play",
    "hand": "in hand",
    "deck": "on top of the deck (looked at)",
    "discard": "discard pile",
    "dead": "dead pile",
}
MOVE_WORDS = {
    "hand": "To hand",
    "deck_top": "To top of deck",
    "deck_bottom": "To bottom of deck",
    "discard": "To discard pile",
    "dead": "To dead pile",
    "play": "Into play",
}
REQUEST_WORDS = {
    "kill": "Kill",
    "discard": "Discard",
    "hand": "Return to hand",
    "kneel": "Kneel",
    "stand": "Stand",
    "control": "Take control",
    "power": "Take 1 power",
}


def _short(state: GameState, action: Action) -> str:
    """The words of a button in a card's or the player's menu."""
    cards = pool(state)
    kind, choice = action.kind.removeprefix("table:"), action.choice
    if kind in ("kneel", "stand"):
        return kind.capitalize()
    if kind in ("power", "card_gold"):
        sign = "+1" if choice == "add" else "−1"
        return f"{sign} {'power' if kind == 'power' else 'gold'}"
    if kind == "reveal":
        return "Reveal"
    if kind == "move":
        if choice == "attach":
            host = action.cards[1]
            return f"Attach to {cards[state.code(host)].name}"
        if choice == MARSHAL:
            gold = marshal_cost(state, action)
            onto = (
                f" onto {cards[state.code(action.cards[1])].name}" if len(action.cards) > 1 else ""
            )
            return f"Marshal{onto}, paying {gold} gold"
        other = house_card.seat_of_choice(state, action.seat, choice)
        if other is not None:  # an attachment onto a House card (Summer Tax)
            mine = other == action.seat
            return "Onto your House card" if mine else f"Onto House {state.players[other].house}"
        return MOVE_WORDS.get(choice, choice)
    if kind == "draw":
        return f"Draw {choice}"
    if kind == "look":
        return "Stop looking at the deck" if choice == "0" else f"Look at top {choice}"
    if kind == "shuffle":
        return "Shuffle deck"
    if kind == "gold":
        return "Take 1 gold" if choice == "take" else "Return 1 gold"
    if kind == "house_power":
        return "+1 House power" if choice == "add" else "−1 House power"
    return action.label()


def _buttons(state: GameState, actions: Sequence[Action]) -> list[dict[str, str]]:
    return [{"action": str(a), "label": _short(state, a)} for a in actions]


def table_view(
    state: GameState, seat: int, names: Sequence[str], *, menu: bool = True
) -> dict[str, Any]:
    """The Table panel of ``seat``: ``answers`` (pending requests it may accept, refuse or
    withdraw), ``refs`` (the cards whose tiles on the board open a card menu,
    static/js/match.js: every card of the seat's it sees as a tile and every other seat's
    card in play, :func:`menu_refs`), and with ``menu`` the Table menu itself (else
    ``menu`` is False: the page fetches it when its player opens it, or a card menu):
    ``cards`` (its cards with their buttons), ``player`` (draw, look, shuffle, gold,
    House power), ``targets`` (others' cards and players to make requests about, with the
    verbs) and ``sources`` (its public cards whose text the engine does not play: what a
    request is for). ``menu`` costs most of a render's time (it asks every table action of
    every card whether it is allowed now), so an update draws it only for a page that
    shows it."""
    labels = [f"{names[p.seat]} ({p.house})" if names[p.seat] else p.house for p in state.players]
    view: dict[str, Any] = {"seat": seat, "refs": menu_refs(state, seat), "menu": menu}
    if not menu:
        return view | {"answers": _answers(state, table_answers(state, seat), labels)}
    listed = table_menu(state, seat)
    cards = pool(state)

    def card(ref: str) -> dict[str, Any]:
        printed = cards[state.code(ref)]
        return {"ref": ref, "name": printed.name, "code": printed.code}

    mine = [
        card(ref) | {"zone": ZONE_NAMES.get(zone_of(state, ref) or "", ""), "actions": buttons}
        for ref, actions in listed["cards"].items()
        for buttons in [_buttons(state, actions)]
    ]
    targets = []
    for key, actions in listed["requests"].items():
        verbs = [
            {"verb": a.choice, "label": REQUEST_WORDS.get(a.choice, a.choice)} for a in actions
        ]
        if key.startswith("seat:"):
            other = int(key.split(":")[1])
            for verb in verbs:
                verb["label"] = "Take 1 gold" if verb["verb"].startswith("gold") else "Take 1 power"
            targets.append({"ref": "", "name": labels[other], "code": "", "verbs": verbs})
        else:
            owner = state.in_play[key].controller
            targets.append(card(key) | {"owner": labels[owner], "verbs": verbs})
    player = state.players[seat]
    public = [r for r in player.in_play + player.discard + player.dead]
    if player.revealed_plot:
        public.append(player.revealed_plot)
    sources = [
        card(ref)
        for ref in public
        if not plays_automatically(state.code(ref), cards[state.code(ref)].text)
    ]
    return view | {
        "cards": mine,
        "player": _buttons(state, listed["player"]),
        "targets": targets,
        "sources": sources,
        "answers": _answers(state, listed["answers"], labels),
    }


def menu_refs(state: GameState, seat: int) -> frozenset[str]:
    """The cards whose tiles open a card menu for ``seat``: its own in play, in hand and
    in its discard and dead piles, and the other seats' in play (what :func:`table_menu`
    may offer an action or a request on), or none while it may take no table action
    (setup, the game over, table actions off). Known without asking each action whether
    it is allowed now: a card with nothing to do by hand at the moment has a menu that
    says so, rather than a menu that comes and goes with the Table panel's drawing."""
    if closed(state, seat):
        return frozenset()
    player = state.players[seat]  # its cards in play are among state.in_play
    return frozenset([*player.hand, *player.discard, *player.dead, *state.in_play])


def _answers(
    state: GameState, actions: Sequence[Action], labels: Sequence[str]
) -> list[dict[str, Any]]:
    """Each request ``actions`` answer (accept, refuse, withdraw), with their buttons."""
    answers: list[dict[str, Any]] = []
    by_id = {str(r["id"]): r for r in requests(state)}
    for action in actions:
        request = by_id[action.choice]
        entry = next((a for a in answers if a["id"] == action.choice), None)
        if entry is None:
            entry = {"id": action.choice, "text": _request_words(state, request, labels)}
            entry["mine"] = request["seat"] == action.seat
            entry["actions"] = []
            answers.append(entry)
        word = "Accept" if action.kind == "table:accept" else "Refuse"
        if action.kind == "table:refuse" and request["seat"] == action.seat:
            word = "Withdraw"
        entry["actions"].append({"action": str(action), "label": word})
    return answers


def _request_words(state: GameState, request: dict[str, Any], labels: Sequence[str]) -> str:
    cards = pool(state)
    asker, asked = labels[request["seat"]], labels[request["to"]]
    ref = request.get("card")
    if ref:
        name = cards[state.code(ref)].name if ref in state.cards else "a card"
        what = f"{REQUEST_WORDS.get(request['verb'], request['verb']).lower()} {name}"
    else:
        noun = "gold" if request["verb"] == "gold" else "power"
        what = f"give them {request.get('amount', 1)} {noun}"
    source = request.get("source")
    why = f" (for {cards[state.code(source)].name})" if source in state.cards else ""
    return f"{asker} asks {asked} to {what}{why}."
