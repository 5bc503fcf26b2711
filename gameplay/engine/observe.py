"""What one seat (or a spectator) may know: the only way views, the API and bots see a match.

Hidden cards carry no id in views that may not see them: others' hands and every deck are
counts; a seat sees its own hand, its own plot deck, its own face-down setup cards and its
own chosen plot; plots are public once revealed. The log holds public events only.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import house_card
from gameplay.engine.abilities import (
    FACES,
    PASSIVE_CODES,
    icons,
    keywords,
    strength,
    total_power,
    value,
)
from gameplay.engine.epic import beside_plot_deck
from gameplay.engine.moves import FACE_DOWN, face_down
from gameplay.engine.rules import facts
from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats
from gameplay.engine.table import enabled, looked, requests_view
from gameplay.engine.uses import SHADOW_ATTACHMENT
from gameplay.engine.windows import decision_point


def _card(state: GameState, ref: str) -> dict[str, Any]:
    return {"id": ref, "code": state.code(ref)}


def _in_play(state: GameState, ref: str) -> dict[str, Any]:
    record = state.in_play[ref]
    character = facts(state, ref).type == "character"
    return {
        **_card(state, ref),
        "strength": strength(state, ref) if character else None,
        "icons": sorted(icons(state, ref)) if character else [],
        "keywords": sorted(keywords(state, ref)),
        "controller": record.controller,
        "owner": state.cards[ref].owner,
        "knelt": record.knelt,
        "power": record.power,
        "attached_to": record.attached_to,
        "duplicates": _duplicates(state, record.duplicates),
        "gold": record.gold,  # gold tokens on the card (Tywin Lannister)
        # On a House card: attached_to "house" and house_of, that card's seat.
        **(house_card.observed(state, ref) if record.attached_to is None else {}),
        # A card whose face in play is not its printed type (an event put into play as a
        # character, a character that is a Banner attachment): the type it has now.
        **({"type": facts(state, ref).type} if state.code(ref) in FACES else {}),
    }


def _duplicates(state: GameState, refs: list[str]) -> list[dict[str, Any]]:
    """A card's duplicates; one lying face down (Ser Davos Seaworth) without id or code
    (its owner sees it in its own ``face_down``)."""
    if not refs:
        return []
    hidden = face_down(state)
    return [dict(FACE_DOWN_CARD) if d in hidden else _card(state, d) for d in refs]


# What everyone sees of a face-down duplicate.
FACE_DOWN_CARD: dict[str, Any] = {"id": None, "code": None, "face_down": True}


def _face_down_of(state: GameState, seat: int) -> list[dict[str, Any]]:
    """The face-down duplicates ``seat`` owns, with the card each lies under."""
    found = []
    for effect in state.effects:
        ref, host = effect.get("card"), effect["subject"]
        if (
            effect["query"] == FACE_DOWN
            and ref in state.cards
            and state.cards[ref].owner == seat
            and host in state.in_play
            and ref in state.in_play[host].duplicates
        ):
            found.append({**_card(state, ref), "under": host})
    return found


def _public_key(state: GameState) -> tuple:
    """Everything the public board is computed from, cheaply: the zones (by id), every
    card in play's record, gold, power, titles, the challenge's sides, and the log length,
    effect count, phase and round that every other change (a passive's condition) goes
    with. Equal keys, equal boards."""
    players = tuple(
        (
            p.power,
            p.gold,
            p.title,
            tuple(p.extra_titles),
            len(p.hand),
            len(p.deck),
            p.deck[0] if p.deck else None,  # a revealed top card (deck_top_revealed)
            p.agenda_card,
            len(p.plot_deck),
            tuple(p.used_plots),
            p.revealed_plot,
            p.chosen_plot is None,
            len(p.setup_cards),
            tuple(p.in_play),
            tuple(p.discard),
            tuple(p.dead),
            tuple(p.removed),
            len(p.shadows),
            len(p.hold),
            tuple(p.on_agenda),
            len(p.facedown),
        )
        for p in state.players
    )
    records = tuple(
        (r.controller, r.knelt, r.power, r.attached_to, tuple(r.duplicates), r.gold)
        for r in state.in_play.values()
    )
    challenge = state.challenge
    sides = None
    if challenge is not None:
        sides = (challenge["type"], tuple(challenge["attackers"]), tuple(challenge["defenders"]))
    return (
        len(state.log),
        len(state.effects),
        len(state.used),
        state.phase,
        state.round,
        state.first_player,
        players,
        records,
        sides,
    )


def _public_players(state: GameState) -> list[dict[str, Any]]:
    """What everyone may see of each player, computed once per board: observing for every
    seat after every action costs one computation of the board, not one per seat, and a
    decision that changes nothing public (a pass in a window) none. The cache travels with
    copies of the state (state.copy) and is keyed by :func:`_public_key`."""
    key = _public_key(state)
    cached = state.__dict__.get("_public_view")
    if cached is not None and cached[0] == key:
        return cached[1]
    views = [_public_player(state, player) for player in state.players]
    state.__dict__["_public_view"] = (key, views)
    return views


def _public_player(state: GameState, player: Any) -> dict[str, Any]:
    return {
        "seat": player.seat,
        "house": player.house,
        "agenda": player.agenda,
        # A character made this seat's only agenda (The Kindly Man): public, by its id.
        **({"agenda_card": _card(state, player.agenda_card)} if player.agenda_card else {}),
        "power": player.power,
        "title": player.title,
        "extra_titles": list(player.extra_titles),  # a second title (I Fight to Win)
        "team": player.team,
        "total_power": total_power(state, player.seat),
        "gold": player.gold,
        "hand_count": len(player.hand),
        "deck_count": len(player.deck),
        "plot_deck_count": len(player.plot_deck),
        "used_plots": [_card(state, r) for r in player.used_plots],
        "revealed_plot": _card(state, player.revealed_plot) if player.revealed_plot else None,
        "plot_chosen": player.chosen_plot is not None,
        "setup_count": len(player.setup_cards),
        "in_play": [_in_play(state, r) for r in player.in_play],
        "discard": [_card(state, r) for r in player.discard],
        "dead": [_card(state, r) for r in player.dead],
        "removed": [_card(state, r) for r in player.removed],
        "shadows_count": len(player.shadows),  # face down: a count for everyone
        # Epic Battle cards next to the plot deck until their epic phase ends (epic.py).
        "epic_battles": [_card(state, r) for r in beside_plot_deck(state, player.seat)],
        "hold_count": len(player.hold),  # Black Sails' Hold: only its owner sees it
        "on_agenda": [_card(state, r) for r in player.on_agenda],  # The Maester's Path
        **_deck_top(state, player),
        **_shadow_attachments(state, player.seat),
        # Cards attached face down (The Brave Companions): a count for everyone.
        **({"facedown_count": len(player.facedown)} if player.facedown else {}),
    }


def _shadow_attachments(state: GameState, seat: int) -> dict[str, Any]:
    """The cards ``seat`` has attached to cards in its Shadows (public), when it has any."""
    if not state.effects:
        return {}
    found = [
        e["subject"]
        for e in state.effects
        if e["query"] == SHADOW_ATTACHMENT and e.get("seat") == seat
    ]
    return {"shadow_attachments": [_card(state, r) for r in found]} if found else {}


def _deck_top(state: GameState, player: Any) -> dict[str, Any]:
    """ "Each opponent plays with the top card of his or her deck revealed" (Noyne,
    btns_92): the flag ``deck_top_revealed`` (subject the seat) shows everyone its deck's
    top card as ``deck_top``; asked only while a card registers it."""
    if "deck_top_revealed" not in PASSIVE_CODES or not player.deck:
        return {}
    if not value(state, "deck_top_revealed", player.seat, False):
        return {}
    return {"deck_top": _card(state, player.deck[0])}


def observe(state: GameState, seat: int | None, since: int = 0) -> dict[str, Any]:
    """A JSON-serializable view for ``seat``; ``None`` gives the spectator view.

    ``log`` holds the events from index ``since`` on (a live client passes the
    ``log_size`` it has already seen); every event in the log is public. ``point`` says
    where the decision at hand stands (windows.decision_point: ``marshal``,
    ``before_challenge``, ``dominance`` ... and whose turn it is), the same for every
    viewer; whether the waiting seat has anything but ``pass`` is never in a view.
    """
    players = []
    for public in _public_players(state):
        player = state.players[public["seat"]]
        view = dict(public)
        if player.seat == seat:
            view["hand"] = [_card(state, r) for r in player.hand]
            view["plot_deck"] = [_card(state, r) for r in player.plot_deck]
            view["setup_cards"] = [_card(state, r) for r in player.setup_cards]
            view["chosen_plot"] = _card(state, player.chosen_plot) if player.chosen_plot else None
            # The top cards of its deck it looked at by hand (table:look), for it alone.
            view["looked"] = [_card(state, r) for r in looked(state, player.seat)]
            view["shadows"] = [_card(state, r) for r in player.shadows]
            view["hold"] = [_card(state, r) for r in player.hold]
            if player.facedown:
                view["facedown"] = [_card(state, r) for r in player.facedown]
            if any(e["query"] == FACE_DOWN for e in state.effects):
                view["face_down"] = _face_down_of(state, player.seat)
        players.append(view)
    step = state.queue[0]["name"] if state.queue else None
    head = state.queue[0] if state.queue else {}
    prompt = None
    if step == "prompt":
        # Only the deciding seat sees what it is choosing among (it may be its hand).
        prompt = {"purpose": head["purpose"], "seat": head["seat"]}
        if head["seat"] == seat:
            prompt |= {
                k: head[k]
                for k in ("candidates", "selected", "min", "max", "options", "need", "weights")
                if k in head
            }
            # Candidates may be hidden elsewhere (a deck being searched): name them.
            shown = [*head.get("candidates", ()), *head.get("ctx", {}).get("shown", ())]
            prompt["cards"] = {r: state.code(r) for r in shown if r in state.cards}
            source = head.get("ctx", {}).get("source")
            if isinstance(source, str) and source in state.cards:
                prompt["source"] = state.code(source)  # the card asking, for the prompt's title
    challenge = None
    if state.challenge is not None:
        from gameplay.engine.challenges import side_strength

        challenge = {
            k: state.challenge[k]
            for k in ("type", "attacker", "defender", "target", "attackers", "defenders")
        }
        challenge["blocked"] = list(state.challenge["blocked"])
        challenge["attacker_strength"] = side_strength(state, "attackers")
        challenge["defender_strength"] = side_strength(state, "defenders")
        challenge["winner"] = state.challenge["winner"]
    return {
        "prompt": prompt,
        "challenge": challenge,
        "title_pool": list(state.title_pool),
        "seat": seat,
        "variant": state.variant,
        "round": state.round,
        "round_limit": state.round_limit,
        "phase": state.phase,
        "first_player": state.first_player,
        "step": step,
        "point": decision_point(state),
        "waiting_for": waiting_seats(state),
        "players": players,
        "log": state.log[since:],
        "log_size": len(state.log),
        "result": dict(state.result) if state.result else None,
        # Table actions (table.py): whether the match allows them, and the requests
        # waiting for an answer (they name public cards only).
        "table_actions": enabled(state),
        "requests": requests_view(state) if state.table.get("requests") else [],
    }
