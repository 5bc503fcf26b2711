"""What a board page shows: the engine's view for one seat (or a spectator) turned into
plain data for the templates: card names and text, the seats' people, the decisions of
this seat as labelled buttons, and why the cards in hand cannot be played now.

Everything here starts from ``observe(state, seat)`` (what that seat may know) and from
``legal_actions(state, seat)`` for that seat only, so a page cannot show what its viewer
may not see. Reads only; no writes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from gameplay.engine import challenges
from gameplay.engine.abilities import pool, strength
from gameplay.engine.actions import Action
from gameplay.engine.checks import TEAM_WIN_POWER, win_power
from gameplay.engine.coverage import plays_automatically
from gameplay.engine.game import describe, legal_actions
from gameplay.engine.numbers import whole_number
from gameplay.engine.observe import observe
from gameplay.engine.prompts import PICKED_TOGETHER
from gameplay.engine.rules import SETUP_GOLD, attachment_targets, check_marshal, gold_cost
from gameplay.engine.state import GameState
from gameplay.engine.titles import TITLE
from gameplay.eventlog import acting_seats, event_text, ref_codes, with_actors

STEP_WORDS = {
    "setup_place": "Setup: choose the characters and locations you place face down",
    "choose_plots": "Plot phase: choose your plot",
    "first_player": "Choose the first player",
    "window": "Action window: use an ability, or pass",
    "choose_winner": "Several sides reached the winning total: choose the winner",
}
# The words of a window by its point (windows.decision_point), for the seat whose turn
# it is ("mine") and for the others.
POINT_WORDS = {
    "marshal": (
        "Marshalling: marshal cards, use abilities, or pass",
        "Marshalling ({turn}'s turn): use an ability, or pass",
    ),
    "before_challenge": (
        "Challenges: initiate a challenge, or pass to end your challenges",
        "Challenges ({turn}'s turn): use an ability, or pass",
    ),
    "epic": (
        "Epic phase: initiate your single challenge, or pass",
        "Epic phase ({turn}'s turn): use an ability, or pass",
    ),
    "before_reveal": ("Plot phase, before the plots are revealed: use an ability, or pass",) * 2,
    "plot": ("Plot phase: use an ability, or pass",) * 2,
    "draw": ("Draw phase: use an ability, or pass",) * 2,
    "dominance": ("Dominance phase: use an ability, or pass",) * 2,
    "standing": ("Standing phase: use an ability, or pass",) * 2,
    "taxation": ("Taxation phase, before unspent gold returns: use an ability, or pass",) * 2,
    "after_attackers": ("After attackers: use an ability, or pass",) * 2,
    "after_defenders": ("After defenders: use an ability, or pass",) * 2,
    "response": ("Response: answer with a card, or pass",) * 2,
}
# The short name of the step at hand (the header of the board).
POINT_NAMES = {
    "marshal": "marshalling turn",
    "before_challenge": "challenges turn",
    "epic": "epic turn",
    "response": "responses",
}
PROMPT_WORDS = {
    "attackers": "Choose your attackers",
    "defenders": "Choose your defenders",
    "claim_military": "Military claim: choose characters to kill",
    "claim_intrigue": "Intrigue claim: choose cards to discard",
    "choose_opponent": "Choose an opponent",
    "title": "Choose your title",
    "second_title": "Choose a second title for this round, or decline",
    "influence": "Pay influence: choose cards to kneel",
    "name_a_card": "Name a card",
    "name_plot": "Name a plot",
    "mulligan": "Mulligan? Shuffle your setup hand into your deck and draw a new one, or keep it",
    # Asked of every player who took a mulligan, whatever their deck holds (mulligan.py).
    "obara_mulligan": (
        "Keep this hand? If Obara Sand is in it, you may remove her from the game "
        "to take another mulligan"
    ),
}
GROUPS = {
    "setup:place": "Setup",
    "plot:choose": "Plots",
    "marshal:play": "Marshal",
    "marshal:duplicate": "Duplicate",
    "challenge:military": "Challenges",
    "challenge:intrigue": "Challenges",
    "challenge:power": "Challenges",
    "use": "Abilities",
    "select": "Choose",
    "choose": "Choose",
    "first_player": "First player",
    "give": "Give gold (Littlefinger)",
}
# More options than this are offered as a searchable list rather than buttons.
PICKER_AT = 12


def seat_label(house: str, who: str) -> str:
    return f"{who} ({house})" if who else house


def side_label(state: GameState, side: int, labels: Sequence[str]) -> str:
    """A side of the match in words: a seat's label, or in two-on-two the team (its
    number and both partners), which is what wins or loses there."""
    if state.variant != "teams":
        return labels[side] if 0 <= side < len(labels) else "?"
    partners = [labels[p.seat] for p in state.players if p.team == side]
    return f"Team {side + 1}, partners {' and '.join(partners)}"


def _team_order(state: GameState, seat: int | None) -> list[int]:
    """The seats of a two-on-two board, top to bottom, partners side by side: the other
    team, then the viewer's partner and the viewer at the bottom (a spectator: team 1,
    then team 2)."""
    order = [p.seat for p in state.players]
    if seat is None:
        return sorted(order, key=lambda s: (state.players[s].team or 0, s))
    mine = state.players[seat].team
    others = [s for s in order if state.players[s].team != mine]
    partner = [s for s in order if state.players[s].team == mine and s != seat]
    return others + partner + [seat]


def _teams(
    state: GameState, players: Sequence[Mapping[str, Any]], seat: int | None, labels: Sequence[str]
) -> list[dict[str, Any]]:
    """Two-on-two: each team's partners, its power together against what it needs
    (30, or more or less by its agendas), the viewer's team first."""
    mine = state.players[seat].team if seat is not None else None
    teams = []
    for team in sorted({p.team for p in state.players if p.team is not None}):
        members = sorted(
            (p for p in players if state.players[p["seat"]].team == team), key=lambda p: p["seat"]
        )
        teams.append(
            {
                "number": team + 1,
                "partners": [labels[p["seat"]] for p in members],
                "power": sum(int(p["total_power"]) for p in members),
                "to_win": win_power(state, team, TEAM_WIN_POWER),
                "mine": team == mine,
            }
        )
    return sorted(teams, key=lambda t: not t["mine"])


def _card(cards: Mapping[str, Any], data: Mapping[str, Any] | str | None) -> dict[str, Any]:
    """A card view with its printed facts (name, type, cost, text, Houses, crests, traits)
    looked up by code. Only a card its viewer may see has a code (``observe``): a hidden
    one gets nothing printed here, and its tile is a card back."""
    if data is None:
        return {}
    data = {"code": data} if isinstance(data, str) else data
    printed = cards.get(data.get("code", ""))
    view = dict(data)
    if printed is not None:
        view |= {
            "name": printed.name,
            "type": printed.type,
            "cost": printed.cost,
            "printed_strength": printed.strength,
            "text": printed.text,
            "unique": printed.unique,
            "income": printed.income,
            "initiative": printed.initiative,
            "claim": printed.claim,
            # Text the engine does not play: marked on the board (table actions play it).
            "manual": not plays_automatically(printed.code, printed.text),
            # What its tile shows (gameplay/templatetags/matchtags.py): its House colour,
            # crests and traits, printed facts of a card its viewer may see.
            "houses": printed.houses,
            "crests": sorted(printed.crests),
            "traits": sorted(printed.traits),
        }
        if printed.type == "character" and "icons" not in data:
            view["icons"] = sorted(printed.icons)  # out of play: its printed icons
    if data.get("type"):  # its type in play, when that is not the printed one (a Reserve)
        view["type"] = data["type"]
    # A card lying face down (a duplicate under Ser Davos Seaworth) has no code: no name.
    view.setdefault("name", data.get("code") or "?")
    return view


def _title_name(key: str | None) -> str:
    if not key:
        return ""
    title = TITLE.get(key)
    return title.label if title else key.replace("_", " ").title()


def _title(key: str | None) -> dict[str, Any] | None:
    """A title with whom it supports and opposes, in words."""
    title = TITLE.get(key or "")
    if title is None:
        return None
    return {
        "name": title.label,
        "supports": _title_name(title.supports),
        "opposes": [_title_name(o) for o in title.opposes],
    }


def _card_title(state: GameState, key: str | None) -> dict[str, Any] | None:
    """:func:`_title`, or for a card added to the title pool as a title (Aurane Waters) its
    name, with no relations."""
    if not key or key not in state.cards:
        return _title(key)
    return {"name": pool(state)[state.code(key)].name, "supports": "", "opposes": []}


def _players(
    state: GameState, view: Mapping[str, Any], cards: Mapping[str, Any], names: Sequence[str]
) -> list[dict[str, Any]]:
    seat = view["seat"]
    players = []
    # Cards on a House card sit with that House (another player's: Summer Tax).
    on_house: dict[int, list[dict[str, Any]]] = {}
    for public in view["players"]:
        for data in public["in_play"]:
            if data.get("attached_to") == "house":
                house = data.get("house_of", public["seat"])
                on_house.setdefault(house, []).append(_card(cards, data))
    for public in view["players"]:
        number = public["seat"]
        in_play = [_card(cards, c) for c in public["in_play"]]
        by_ref = {c["id"]: c for c in in_play}
        for card in in_play:
            card["attachments"] = []
            card["duplicates"] = [_card(cards, d) for d in card.get("duplicates", ())]
        for card in in_play:
            host = by_ref.get(card.get("attached_to") or "")
            if host is not None:
                host["attachments"].append(card)
        top = [c for c in in_play if not c.get("attached_to")]
        house_attached = on_house.get(number, [])
        players.append(
            {
                **public,
                "name": names[number],
                "is_me": number == seat,
                "is_first": number == view["first_player"],
                "deciding": number in view["waiting_for"],
                "title_info": _card_title(state, public.get("title")),
                "characters": [c for c in top if c.get("type") == "character"],
                "locations": [c for c in top if c.get("type") != "character"],
                "house_attachments": house_attached,
                "revealed_plot": _card(cards, public["revealed_plot"]),
                "used_plots": [_card(cards, c) for c in public["used_plots"]],
                "epic_battles": [_card(cards, c) for c in public.get("epic_battles", ())],
                "discard": [_card(cards, c) for c in public["discard"]],
                "dead": [_card(cards, c) for c in public["dead"]],
                "hand": [_card(cards, c) for c in public.get("hand", ())],
                "plot_deck": [_card(cards, c) for c in public.get("plot_deck", ())],
                "setup_cards": [_card(cards, c) for c in public.get("setup_cards", ())],
                # The viewer's own plot, chosen and not yet revealed ("You chose ...").
                "chosen_plot": _card(cards, public.get("chosen_plot")),
                # The agenda (public from setup on), drawn beside the House card: a card of
                # the game made the only agenda (The Kindly Man) in its stead, and the cards
                # placed on it (The Maester's Path) under it.
                "agenda_shown": _card(cards, public.get("agenda_card") or public.get("agenda")),
                "agenda_under": [_card(cards, c) for c in public.get("on_agenda", ())],
            }
        )
    if state.variant == "teams":  # partners side by side, the viewer's team at the bottom
        by_seat = {p["seat"]: p for p in players}
        players = [by_seat[s] for s in _team_order(state, seat)]
        mine = state.players[seat].team if seat is not None else None
        for p in players:
            p["partner_of"] = next(
                (
                    names[o.seat]
                    for o in state.players
                    if o.team == state.players[p["seat"]].team and o.seat != p["seat"]
                ),
                "",
            )
            p["my_partner"] = (
                seat is not None and p["seat"] != seat and (state.players[p["seat"]].team == mine)
            )
        return players
    # The viewer sits at the bottom; the others read clockwise from their left.
    if seat is not None:
        players = players[seat + 1 :] + players[: seat + 1]
    return players


def _my_turn(state: GameState, seat: int, point: str) -> bool:
    """Whether the head step is ``seat``'s own turn window at ``point``."""
    head = state.queue[0] if state.queue else {}
    return head.get("name") == "window" and head["point"] == point and head.get("turn") == seat


def _why_not(state: GameState, seat: int, step: str | None, legal: list[Action]) -> dict:
    """For each card in hand that no legal action uses now, the rule that forbids it."""
    if step == "window" and _my_turn(state, seat, "marshal"):
        step = "marshal"
    if step not in ("marshal", "setup_place"):
        return {}
    used = {a.cards[0] for a in legal if a.cards}
    reasons = {}
    for ref in state.players[seat].hand:
        if step == "setup_place" or ref in used:
            continue
        card = pool(state)[state.code(ref)]
        if card.type == "attachment" and not attachment_targets(state, card, seat):
            reasons[ref] = "No character here can take this attachment."
        elif card.type == "event":
            reasons[ref] = "Events are played through their own action or response."
        else:
            target = attachment_targets(state, card, seat)[:1] if card.type == "attachment" else []
            reasons[ref] = check_marshal(state, seat, (ref, *target)) or "Cannot be played now."
    return reasons


def _challenge_reasons(state: GameState, seat: int, names: Sequence[str]) -> list[dict]:
    rows = []
    for ctype in challenges.TYPES:
        for defender in state.opponents(seat):
            problem = challenges.challenge_problem(state, seat, ctype, defender)
            if problem:
                rows.append({"type": ctype, "against": names[defender], "why": problem})
    return rows


def label(state: GameState, action: Action, names: Sequence[str]) -> str:
    """The words on a decision's button, for the player who takes it."""
    cards = pool(state)

    def name(ref: str) -> str:
        return cards[state.code(ref)].name if ref in state.cards else ref

    def seat_name(choice: str) -> str:
        seat = whole_number(choice, high=len(names) - 1)
        return choice if seat is None else names[seat]

    kind, refs, choice = action.kind, action.cards, action.choice
    if kind == "marshal:play":
        if choice:
            return f"Play {name(refs[0])} onto your House card"
        return f"Marshal {name(refs[0])}" + (f" onto {name(refs[1])}" if len(refs) > 1 else "")
    if kind == "use" and choice == "ambush":  # the engine's words name no target
        onto = f" onto {name(refs[1])}" if len(refs) > 1 else ""
        return f"Ambush: {name(refs[0])}{onto}"
    if kind == "marshal:duplicate":
        return f"Duplicate {name(refs[1])} with {name(refs[0])}"
    if kind.startswith("challenge:"):
        return f"{kind.split(':')[1].capitalize()} challenge against {seat_name(choice)}"
    if kind == "first_player":
        return f"{seat_name(choice)} goes first"
    if kind == "plot:choose":
        plot = cards[state.code(refs[0])]
        return (
            f"{plot.name} (income {plot.income}, initiative {plot.initiative}, claim {plot.claim})"
        )
    if kind == "select":
        return name(refs[0])
    if kind == "give":
        to, _, gold = choice.partition("_")
        return f"Give {gold} gold to {seat_name(to)}"
    if kind == "choose":
        if choice in TITLE:
            return TITLE[choice].label
        if choice in state.cards:  # a card added to the title pool (Aurane Waters)
            return cards[state.code(choice)].name
        head = state.queue[0] if state.queue else {}
        side = whole_number(choice)
        if head.get("name") == "choose_winner" and side is not None:
            return side_label(state, side, names)
        if head.get("purpose") == "choose_opponent":
            return seat_name(choice)
        if choice in cards:
            return cards[choice].name
        return choice_words(choice)
    return describe(state, action)


# What a prompt's option names, by its prefix: "keyword_stealth" is "Stealth (keyword)".
_CHOICE_KINDS = ("keyword", "crest", "icon", "trait")


def choice_words(choice: str) -> str:
    """A prompt's option in words, for the button that takes it: ``deadly`` is "Deadly",
    ``keyword_stealth`` "Stealth (keyword)", ``kneel_or_stand`` "Kneel or stand" (an option
    is letters, digits and underscores: engine.prompts.ask_choose)."""
    kind, _, rest = choice.partition("_")
    if kind in _CHOICE_KINDS and rest:
        return f"{rest.replace('_', ' ').capitalize()} ({kind})"
    return choice.replace("_", " ").capitalize()


# The types of a view's leaves (observe builds JSON-like data).
_LEAVES = frozenset({str, int, float, bool, type(None)})
_CONTAINERS = frozenset({dict, list, tuple})


def visible_codes(view: Any) -> dict[str, str]:
    """Every card the view of ``observe`` shows, by ref: its code. Only these may name a
    card for a preview, so that a page never names a card its viewer may not see."""
    found: dict[str, str] = {}

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            ident, code = value.get("id"), value.get("code")
            if isinstance(ident, str) and isinstance(code, str):
                found[ident] = code
            items: Any = value.values()
        else:
            items = value
        for item in items:
            # Most of a view is text and numbers (the log above all): only containers are
            # walked into, and the exact types a view is built of are told apart without
            # asking the Mapping ABC of every value.
            kind = type(item)
            if kind in _CONTAINERS or (
                kind not in _LEAVES and isinstance(item, Mapping | list | tuple)
            ):
                walk(item)

    if isinstance(view, Mapping | list | tuple):
        walk(view)
    prompt = view.get("prompt") if isinstance(view, Mapping) else None
    if prompt and isinstance(prompt.get("cards"), Mapping):
        found |= {r: c for r, c in prompt["cards"].items() if isinstance(c, str)}
    return found


def _action_code(action: Action, seen: Mapping[str, str], cards: Mapping[str, Any]) -> str:
    """The code of the card a decision is about, when its viewer may see it; else ''."""
    if action.cards:
        return seen.get(action.cards[0], "")
    if action.kind == "choose" and action.choice in cards:
        return action.choice  # a card named by its code (name a card): printed, public
    return ""


def _decisions(
    state: GameState,
    seat: int,
    legal: list[Action],
    names: Sequence[str],
    seen: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    step = state.queue[0]["name"] if state.queue else None
    seen = seen if seen is not None else visible_codes(observe(state, seat))
    printed = pool(state)
    groups: dict[str, list[dict[str, str]]] = {}
    main: list[dict[str, str]] = []
    pick = _pick(state, seat, seen)
    for action in legal:
        if action.kind == "setup:place":
            continue  # offered as a form of checkboxes instead of every combination
        if pick is not None and action.kind in ("select", "done"):
            continue  # likewise attackers and defenders: ticked, then Done (_pick)
        entry = {
            "action": str(action),
            "label": label(state, action, names),
            "choice": action.choice,
            "code": _action_code(action, seen, printed),
        }
        if action.kind in ("pass", "done"):
            entry["label"] = "Done" if action.kind == "done" else "Pass"
            main.append(entry)
        else:
            groups.setdefault(GROUPS.get(action.kind, "Other"), []).append(entry)
    for items in groups.values():
        _tell_apart(state, items, legal)
    picker = None
    choose = groups.get("Choose", [])
    if len(choose) > PICKER_AT and all(":choose=" in e["action"] for e in choose):
        picker = groups.pop("Choose")
    setup_cards = []
    if step == "setup_place":
        cards = pool(state)
        for ref in state.players[seat].hand:
            card = cards[state.code(ref)]
            if card.type in ("character", "location") or getattr(card, "setup", False):
                setup_cards.append(
                    {
                        "id": ref,
                        "name": card.name,
                        "cost": card.cost,
                        # what it costs in setup, gold penalties included (the running total)
                        "gold": gold_cost(state, seat, ref) if card.cost is not None else None,
                        "limited": bool(getattr(card, "limited", False)),
                        # two copies of a unique card may not both be placed (the total says so)
                        "unique": bool(getattr(card, "unique", False)),
                        "code": seen.get(ref, ""),
                    }
                )
    return {
        "step": step,
        "pick": pick,
        "picked": None if pick is not None else _picked(state, seat),
        "setup_cards": setup_cards,
        "groups": [{"name": name, "actions": items} for name, items in groups.items()],
        "main": main,
        "picker": picker,
        "setup": step == "setup_place",
        "setup_gold": SETUP_GOLD,
    }


# A choice of several cards made one by one, then Done: what has been picked so far is shown
# as picked, with the strength it adds up to where the cards are a challenge's side.
PICK_WORDS = {"attackers": "Attackers", "defenders": "Defenders"}


def _picked(state: GameState, seat: int) -> dict[str, Any] | None:
    """The cards ``seat`` has picked so far in the choice it is making (its own prompt's
    ``selected``), with their names and, for attackers or defenders, their STR and total;
    None when it is picking nothing."""
    head = state.queue[0] if state.queue else {}
    if head.get("name") != "prompt" or head.get("seat") != seat or "selected" not in head:
        return None
    cards = pool(state)
    refs = [r for r in head["selected"] if r in state.cards]
    side = PICK_WORDS.get(head.get("purpose", ""))
    rows = []
    for ref in refs:
        row = {"id": ref, "name": cards[state.code(ref)].name, "code": state.code(ref)}
        if side and ref in state.in_play:
            row["strength"] = strength(state, ref)
        rows.append(row)
    return {
        "label": side or "Picked",
        "cards": rows,
        "count": len(rows),
        "strength": sum(r.get("strength", 0) for r in rows) if side else None,
    }


def _pick(state: GameState, seat: int, seen: Mapping[str, str]) -> dict[str, Any] | None:
    """The attackers or defenders ``seat`` is choosing, as a form of tiles ticked and
    unticked freely and sent with Done (services.match_pick): every candidate with its STR
    (the running total adds them up), whether it is ticked already (picked before, by
    another page: it stays), the least and most it may pick. None for any other decision."""
    head = state.queue[0] if state.queue else {}
    purpose = head.get("purpose")
    if head.get("name") != "prompt" or head.get("seat") != seat:
        return None
    if purpose not in PICKED_TOGETHER:
        return None
    cards = pool(state)
    rows = []
    for ref in head["candidates"]:
        if ref not in state.cards:
            continue
        row = {
            "id": ref,
            "name": cards[state.code(ref)].name,
            "code": seen.get(ref, state.code(ref)),
            "strength": strength(state, ref) if ref in state.in_play else 0,
            "state": _card_state(state, ref),
            "picked": ref in head["selected"],
        }
        rows.append(row)
    label = PICK_WORDS[purpose]
    return {
        "label": label,
        "verb": f"Declare {label.lower()}",
        "cards": rows,
        "min": head.get("min", 0),
        "max": head.get("max", len(rows)),
        "count": sum(1 for r in rows if r["picked"]),
        "strength": sum(r["strength"] for r in rows if r["picked"]),
    }


def _card_state(state: GameState, ref: str) -> str:
    """What tells a card in play apart from another of its name: knelt or standing, its
    power and attachments."""
    record = state.in_play.get(ref)
    if record is None:  # two copies in a hand are the same card: a number tells them apart
        return ""
    words = ["knelt" if record.knelt else "standing"]
    if record.power:
        words.append(f"{record.power} power")
    attached = sum(1 for other in state.in_play.values() if other.attached_to == ref)
    if attached:
        words.append(f"{attached} attachment{'s' if attached > 1 else ''}")
    return ", ".join(words)


def _tell_apart(state: GameState, items: list[dict[str, str]], legal: list[Action]) -> None:
    """Buttons that read the same (two copies of a card: "Marshal Oberyn's Guile onto
    Summer Sea Corsair" twice) say what tells their cards apart ("(knelt, 1 power)"), and
    a number where nothing does."""
    by_action = {str(a): a for a in legal}
    same: dict[str, list[dict[str, str]]] = {}
    for entry in items:
        same.setdefault(entry["label"], []).append(entry)
    for twins in same.values():
        if len(twins) < 2:
            continue
        states = [
            [_card_state(state, r) for r in by_action[entry["action"]].cards] for entry in twins
        ]
        width = min(len(row) for row in states)
        differing = [i for i in range(width) if len({row[i] for row in states}) > 1]
        marks = ["; ".join(row[i] for i in differing if row[i]) for row in states]
        for number, (entry, mark) in enumerate(zip(twins, marks, strict=True), start=1):
            unique = bool(mark) and marks.count(mark) == 1
            entry["label"] += f" ({mark})" if unique else f" (#{number})"


def prompt_key(decisions: Mapping[str, Any] | None) -> str:
    """A short digest of what a seat is asked: a poll re-renders the prompt area only
    when this changes, so a half-made selection survives another player's move."""
    if not decisions:
        return ""
    text = repr([decisions.get(k) for k in ("title", "groups", "main", "picker", "setup", "pick")])
    return hashlib.blake2s(text.encode(), digest_size=8).hexdigest()


def board(
    state: GameState,
    seat: int | None,
    names: Sequence[str],
    log_tail: int = 80,
    log_from: int | None = None,
) -> dict:
    """The template context of a board for ``seat`` (None: a spectator). ``names`` are
    the people (or bots) at each seat. The log holds the last ``log_tail`` events this
    seat may see, or, when ``log_from`` (the number of them a page already shows) is
    given and close enough, only those after it (``log_append``) for the page to add."""
    view = observe(state, seat)
    cards = pool(state)
    labels = [seat_label(p.house, names[p.seat]) for p in state.players]
    players = _players(state, view, cards, labels)
    legal = legal_actions(state, seat) if seat is not None else []
    seen = visible_codes(view)
    decisions = None
    if legal:
        decisions = _decisions(state, seat, legal, labels, seen)
        decisions["title"] = _prompt_title(view, cards, labels)
        # The card asking (its name starts the title): its text a tap away.
        source = (view.get("prompt") or {}).get("source") or ""
        decisions["source"] = (
            {"code": source, "name": cards[source].name} if source in cards else None
        )
        decisions["why_not"] = {
            ref: {"name": cards[state.code(ref)].name, "code": state.code(ref), "why": why}
            for ref, why in _why_not(state, seat, decisions["step"], legal).items()
        }
        if _my_turn(state, seat, "before_challenge"):
            decisions["challenges_not"] = _challenge_reasons(state, seat, labels)
        decisions["key"] = prompt_key(decisions)
    challenge = None
    if view["challenge"]:
        c = view["challenge"]
        # Each side's cards as they stand in play (knelt, STR, power, attachments), drawn
        # as the same tiles as in their areas.
        in_play = _in_play_views(players)
        challenge = {
            **c,
            "attacker_name": labels[c["attacker"]],
            "defender_name": labels[c["defender"]] if c["defender"] is not None else "",
            "attackers": [_side_card(cards, state, in_play, r) for r in c["attackers"]],
            "defenders": [_side_card(cards, state, in_play, r) for r in c["defenders"]],
        }
    events = with_actors(view["log"])  # over the whole log: a slice may lose the "uses"
    log_append = log_from is not None and 0 <= len(events) - log_from <= log_tail
    log = events[log_from:] if log_append else events[-log_tail:]
    return {
        "view": view,
        "players": players,
        "me": next((p for p in players if p["is_me"]), None),
        "decisions": decisions,
        "challenge": challenge,
        "log": log_lines(state, log, labels, seat, seen),
        "log_append": log_append,
        "log_count": len(events),
        "phase": view["phase"],
        "step_name": _step_name(view),
        "waiting_names": [labels[s] for s in view["waiting_for"]],
        "titles": [_card_title(state, t) for t in view["title_pool"]],
        "teams": _teams(state, players, seat, labels) if state.variant == "teams" else [],
    }


def _in_play_views(players: Sequence[Mapping[str, Any]]) -> dict[str, Mapping[str, Any]]:
    """Every card in play on the board, by id, as its area shows it."""
    found: dict[str, Mapping[str, Any]] = {}
    for p in players:
        for card in (*p["characters"], *p["locations"]):
            found[card["id"]] = card
            for attached in card.get("attachments") or ():
                found.setdefault(attached["id"], attached)
    return found


def _side_card(
    cards: Mapping[str, Any], state: GameState, in_play: Mapping[str, Any], ref: str
) -> dict[str, Any]:
    """A card of a challenge's side as its area shows it (without its id, which its tile
    in the area carries: one tile a card for the page's scripts)."""
    shown = in_play.get(ref)
    if shown is None:
        return _card(cards, state.code(ref))
    return {**shown, "id": None, "attachments": [{**a, "id": None} for a in shown["attachments"]]}


def _step_name(view: Mapping[str, Any]) -> str:
    point = view.get("point") or {}
    if view["step"] == "window" and point.get("point"):
        return POINT_NAMES.get(point["point"], point["point"].replace("_", " ") + " window")
    return (view["step"] or "").replace("_", " ")


def _prompt_title(
    view: Mapping[str, Any], cards: Mapping[str, Any], labels: Sequence[str] = ()
) -> str:
    prompt = view.get("prompt")
    point = view.get("point") or {}
    if view["step"] == "window" and point.get("point") in POINT_WORDS:
        mine, theirs = POINT_WORDS[point["point"]]
        turn = point.get("turn")
        if turn == view["seat"]:
            return mine
        name = labels[turn] if isinstance(turn, int) and turn < len(labels) else "another player"
        return theirs.format(turn=name)
    if view["step"] != "prompt" or not prompt:
        return STEP_WORDS.get(view["step"] or "", "Your decision")
    purpose = prompt.get("purpose", "")
    words = PROMPT_WORDS.get(purpose) or "Choose: " + purpose.replace("_", " ")
    source = prompt.get("source")
    if source and source in cards:
        words = f"{cards[source].name}: {words[0].lower()}{words[1:]}"
    return words


def log_lines(
    state: GameState,
    events: Sequence[Mapping[str, Any]],
    labels: Sequence[str],
    seat: int | None = None,
    seen: Mapping[str, str] | None = None,
):
    """The log in words (newest last); events too technical to show are left out. Each
    line has its ``text``; its ``parts``: the text cut around the card names it shows,
    each name with the code it was read from (``ref`` too when that card is among
    ``seen``, the ids the viewer's board shows: its tile can be found); the ``seats``
    whose doing it is (:func:`gameplay.eventlog.acting_seats`, else the owners of the
    cards it names) and whether ``seat`` is among them (``mine``). A part names only
    what the text names: the link tells nothing the line does not."""
    cards = pool(state)
    # A shuffle renews the refs of a deck's cards; the log still knows what they were.
    logged = ref_codes(state.log)
    named: dict[str, list[tuple[str, str]]] = {}  # name -> (code, ref), as the line read them

    def card(ref: str) -> str:
        printed = state.code(ref) if ref in state.cards else logged.get(ref)
        if printed not in cards:
            return "a card"
        named.setdefault(cards[printed].name, []).append((printed, ref))
        return cards[printed].name

    def code(value: str) -> str:
        if value not in cards:
            return value
        named.setdefault(cards[value].name, []).append((value, ""))
        return cards[value].name

    def seat_name(number: int) -> str:
        return labels[number] if isinstance(number, int) and 0 <= number < len(labels) else "?"

    def side(number: int) -> str:
        return side_label(state, number, labels) if isinstance(number, int) else "?"

    lines = []
    for event in with_actors(events):
        named.clear()
        text = event_text(event, card=card, code=code, seat=seat_name, side=side)
        if not text:
            continue
        parts = _named_parts(text, named, _event_refs(event), seen or {})
        seats = acting_seats(event)
        if not seats and any(part["code"] for part in parts):
            seats = _owners(state, event)
        lines.append(
            {
                "round": event.get("round"),
                "text": text,
                "parts": parts,
                "seats": seats,
                "mine": seat is not None and seat in seats,
            }
        )
    return lines


def _event_refs(event: Mapping[str, Any]) -> dict[str, str]:
    """Code -> ref of the cards an event names by their printed code (``card`` and
    ``code``, ``cards`` and ``codes``): the card a name read from a code is."""
    found: dict[str, str] = {}
    ref, printed = event.get("card"), event.get("code")
    if isinstance(ref, str) and isinstance(printed, str):
        found[printed] = ref
    refs, codes = event.get("cards"), event.get("codes")
    if isinstance(refs, list) and isinstance(codes, list):
        for r, c in zip(refs, codes, strict=False):
            if isinstance(r, str) and isinstance(c, str):
                found.setdefault(c, r)
    return found


def _named_parts(
    text: str,
    named: Mapping[str, list[tuple[str, str]]],
    event_refs: Mapping[str, str],
    seen: Mapping[str, str],
) -> list[dict[str, str]]:
    """``text`` cut around the card names in ``named`` (whole words, the longest first):
    plain parts have an empty ``code``. The n-th time a name stands in the text it is the
    n-th card read under that name (the last one past that). A name's ``ref`` is kept only
    where ``seen`` shows that card with that code."""
    if not named:
        return [{"text": text, "code": "", "ref": ""}]
    names = sorted(named, key=len, reverse=True)
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names))
    parts: list[dict[str, str]] = []
    used: dict[str, int] = {}
    at = 0
    for found in pattern.finditer(text):
        name = found.group(0)
        read = named[name]
        printed, ref = read[min(used.get(name, 0), len(read) - 1)]
        used[name] = used.get(name, 0) + 1
        ref = ref or event_refs.get(printed, "")
        if found.start() > at:
            parts.append({"text": text[at : found.start()], "code": "", "ref": ""})
        shown = ref if ref and seen.get(ref) == printed else ""
        parts.append({"text": name, "code": printed, "ref": shown})
        at = found.end()
    if at < len(text):
        parts.append({"text": text[at:], "code": "", "ref": ""})
    return parts


def _owners(state: GameState, event: Mapping[str, Any]) -> list[int]:
    """The owners of the cards an event without a seat names (its ``source``, else its
    ``card``, ``cards`` or ``subject``), for the log's "Mine" filter."""
    for keys in (("source",), ("card", "cards", "subject")):
        refs: list[str] = []
        for key in keys:
            value = event.get(key)
            values = value if isinstance(value, list) else [value]
            refs += [r for r in values if isinstance(r, str)]
        owners = sorted({state.cards[r].owner for r in refs if r in state.cards})
        if owners:
            return owners
    return []
