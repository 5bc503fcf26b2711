"""What one seat (or a spectator) may know: the only way views, the API and bots see a match.

Hidden cards carry no id in views that may not see them: others' hands and every deck are
counts; a seat sees its own hand, its own plot deck, its own face-down setup cards and its
own chosen plot; plots are public once revealed. The log holds public events only.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.rules import facts
from gameplay.engine.state import GameState
from gameplay.engine.steps import waiting_seats


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
        "duplicates": [_card(state, d) for d in record.duplicates],
    }


def observe(state: GameState, seat: int | None) -> dict[str, Any]:
    """A JSON-serializable view for ``seat``; ``None`` gives the spectator view."""
    players = []
    for player in state.players:
        mine = player.seat == seat
        view: dict[str, Any] = {
            "seat": player.seat,
            "house": player.house,
            "agenda": player.agenda,
            "power": player.power,
            "title": player.title,
            "team": player.team,
            "total_power": state.total_power(player.seat),
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
        }
        if mine:
            view["hand"] = [_card(state, r) for r in player.hand]
            view["plot_deck"] = [_card(state, r) for r in player.plot_deck]
            view["setup_cards"] = [_card(state, r) for r in player.setup_cards]
            view["chosen_plot"] = _card(state, player.chosen_plot) if player.chosen_plot else None
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
        "waiting_for": waiting_seats(state),
        "players": players,
        "log": [dict(event) for event in state.log],
        "result": dict(state.result) if state.result else None,
    }
