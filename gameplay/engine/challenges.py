"""The challenges phase: declaring, stealth, defending, resolving, claim and keywords.

``state.challenge`` holds the challenge being resolved::

    {"type", "attacker", "defender" (the seat that declares defenders and wins or loses),
     "target" (the seat that satisfies claim), "attackers", "defenders", "blocked"
     (characters stealth keeps out), "winner", "loser", "unopposed", "strength": [a, d]}

Each stage is a step, so a challenge stopped at any decision serializes.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import titles
from gameplay.engine.abilities import (
    FORCED_CODES,
    PASSIVE_CODES,
    allowed,
    fire_forced,
    handler,
    keywords,
    run_delayed,
    run_each_time,
    strength,
    value,
)
from gameplay.engine.moves import (
    ask_claim_power,
    card_power,
    discard_at_random,
    gain_power,
    give_gold,
    kill,
    kneel,
    move_power,
    stand,
)
from gameplay.engine.moves import knelt as moves_knelt
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import can_attack, can_defend, facts, is_character
from gameplay.engine.state import GameState, clone
from gameplay.engine.triggers import (
    action_window,
    codes_by_zone,
    trigger,
    triggers_in_use,
    turn_window,
)

TYPES = ("military", "intrigue", "power")


def challenge_gold(state: GameState, attacker: int, defender: int, ctype: str) -> int:
    """Gold the attacker must give the defender to initiate (Uneasy Truce)."""
    return value(state, "challenge_gold", f"{attacker}>{defender}:{ctype}", 0)


def challenge_tolls(state: GameState, seat: int, ctype: str) -> list[tuple[int, int]]:
    """(seat paid, gold) that ``seat`` must pay to initiate a ``ctype`` challenge against
    anyone (Magister Illyrio): lasting ``challenge_toll`` effects on ``"<seat>:<type>"``
    with ``to`` and ``amount``."""
    subject = f"{seat}:{ctype}"
    return [
        (e["to"], e["amount"])
        for e in state.effects
        if e["query"] == "challenge_toll" and e["subject"] == subject
    ]


def challenge_problem(
    state: GameState,
    seat: int,
    ctype: str,
    defender: int,
    able: dict[str, Any] | None = None,
) -> str | None:
    """Why ``seat`` may not initiate a ``ctype`` challenge against ``defender`` now.
    ``able``: :func:`rules.can_attack` by challenge type, filled as they are looked at (one
    question about several defenders and types asks it once per type, and reads each card
    once: under ``"cards"``)."""
    if ctype not in TYPES:
        return f"{ctype!r} is not a challenge type."
    player = state.players[seat]
    allowed_count = value(state, "challenges_allowed", f"{seat}:{ctype}", 1)
    if player.challenges_done.count(ctype) >= allowed_count:
        return f"You have already initiated a {ctype} challenge this phase."
    pending = next_challenge(state, seat)
    if pending is not None and pending["type"] != ctype:
        return f"Your next challenge must be the additional {pending['type']} challenge."
    return _initiating_problem(state, seat, ctype, defender, able)


def _initiating_problem(
    state: GameState,
    seat: int,
    ctype: str,
    defender: int,
    able: dict[str, Any] | None = None,
) -> str | None:
    """What any challenge asks of its attacker, counted or granted: an opponent he may
    challenge, the permissions, the gold it costs, a standing character with the icon.
    ``able``: as for :func:`challenge_problem`."""
    if defender == seat or defender not in state.opponents(seat):
        return f"Seat {defender} is not an opponent you can challenge."
    forbidden = titles.challenge_forbidden(state, seat, defender)
    if forbidden:
        return forbidden
    if not allowed(state, "can_challenge", f"{seat}>{defender}:{ctype}"):
        return f"A card forbids {ctype} challenges against seat {defender} now."
    gold = challenge_gold(state, seat, defender, ctype)
    gold += sum(amount for _, amount in challenge_tolls(state, seat, ctype))
    if gold > state.players[seat].gold:
        return f"Initiating this challenge costs {gold} gold; you have {state.players[seat].gold}."
    if able is None:
        able = {}
    attackers = able.get(ctype)
    if attackers is None:
        attackers = able[ctype] = can_attack(state, seat, ctype, able.setdefault("cards", {}))
    if not attackers:
        return f"You have no standing character with the {ctype} icon."
    alone = len(attackers) == 1 and "can_attack_alone" in PASSIVE_CODES
    if alone and not allowed(state, "can_attack_alone", attackers[0]):  # Cowed (btns_91)
        return "Your only eligible attacker cannot be declared alone."
    least = min_attackers(state, seat)
    if least > 1 and len(attackers) < least:
        return f"You must declare {least} or more attackers and cannot."
    return None


def min_attackers(state: GameState, seat: int) -> int:
    """How many attackers ``seat`` must declare at least ("Players must declare 2 or more
    characters to attack", Lead by Example): the query ``min_attackers`` (subject the
    attacking seat, base 1), asked only while a card registers it."""
    if "min_attackers" not in PASSIVE_CODES:
        return 1
    return max(1, value(state, "min_attackers", seat, 1))


def declare_all(state: GameState, ctype: str) -> bool:
    """ "In order to declare any characters to attack or defend during challenges of that
    type, a player must declare all of his or her eligible characters" (Before the Black
    Walls, btns_40): a ``declare_all`` lasting effect whose ``type`` is ``ctype``. Attackers:
    every eligible character (up to a ``max_attackers`` limit); defenders: none, or every
    eligible one (up to ``max_defenders``)."""
    return any(e["query"] == "declare_all" and e.get("type") == ctype for e in state.effects)


def next_challenge(state: GameState, seat: int) -> dict[str, Any] | None:
    """An additional challenge that must be ``seat``'s next one this phase (Assault of the
    Kraken: a ``next_challenge`` lasting effect with its ``type``; ``no_winner_if_opposed``)."""
    return next(
        (e for e in state.effects if e["query"] == "next_challenge" and e["subject"] == seat),
        None,
    )


def can_initiate(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may initiate some challenge now (:func:`challenge_options` is not
    empty), looking no further than the first it may."""
    able: dict[str, Any] = {}
    return any(
        challenge_problem(state, seat, ctype, defender, able) is None
        for ctype in TYPES
        for defender in state.opponents(seat)
    )


def challenge_options(state: GameState, seat: int) -> list[tuple[str, int]]:
    """Every (type, defender) ``seat`` may initiate now."""
    able: dict[str, Any] = {}
    return [
        (ctype, defender)
        for ctype in TYPES
        for defender in state.opponents(seat)
        if challenge_problem(state, seat, ctype, defender, able) is None
    ]


# --- A challenge granted outside the turn order ------------------------------------------
# "You may initiate a Military challenge against an opponent of your choice as your next
# player action this phase" (Lucas Blackwood): a lasting ``granted_challenge`` effect
# (subject the seat, ``type``, ``next_action``). In any action window of the phase in which
# no challenge is being resolved, the seat may initiate that challenge (``challenge:<type>``,
# legal.py / game.py), in any phase, outside its challenges turn too; it is not one of the
# seat's challenges of the phase (``challenges_done``) and the grant is used up by it. With
# ``next_action`` the grant lapses as soon as the seat takes another action in an action
# window (a pass does not end it: :func:`action_taken`).

GRANTED = "granted_challenge"


def granted(state: GameState, seat: int, ctype: str | None = None) -> dict[str, Any] | None:
    """The seat's granted challenge (of ``ctype`` when given), if any."""
    return next(
        (
            e
            for e in state.effects
            if e["query"] == GRANTED and e["subject"] == seat and ctype in (None, e["type"])
        ),
        None,
    )


def granted_problem(state: GameState, seat: int, ctype: str, defender: int) -> str | None:
    """Why ``seat`` may not initiate its granted ``ctype`` challenge against ``defender``
    now (the costs and permissions of any challenge apply; the count of the phase does not)."""
    if granted(state, seat, ctype) is None:
        return f"No card lets you initiate a {ctype} challenge now."
    head = state.queue[0] if state.queue else {}
    if state.challenge is not None or head.get("name") != "window" or head["kind"] != "action":
        return "A granted challenge is initiated in an action window, between challenges."
    return _initiating_problem(state, seat, ctype, defender)


def granted_options(state: GameState, seat: int) -> list[tuple[str, int]]:
    """Every (type, defender) ``seat`` may initiate now with a granted challenge."""
    if not any(e["query"] == GRANTED for e in state.effects):
        return []
    return [
        (ctype, defender)
        for ctype in TYPES
        for defender in state.opponents(seat)
        if granted_problem(state, seat, ctype, defender) is None
    ]


def action_taken(state: GameState, seat: int) -> None:
    """``seat`` took an action in an action window other than its granted challenge: a
    grant "as your next player action" lapses."""
    state.effects = [
        e
        for e in state.effects
        if not (e["query"] == GRANTED and e["subject"] == seat and e.get("next_action"))
    ]


def challenges_phase(state: GameState, step: dict[str, Any]) -> None:
    """Each player in turn order has a challenges turn: a window (``before_challenge``)
    where they may initiate challenges, open to everyone's actions before and between
    them; the turn ends when every seat has passed in a row."""
    for player in state.players:
        player.challenges_done = []
    state.queue[0:0] = [turn_window(state, "before_challenge", s) for s in state.turn_order()]


def declare(state: GameState, seat: int, ctype: str, defender: int, grant: bool = False) -> None:
    """Start a challenge (legal already): attackers are asked for next. ``grant``: the
    seat's granted challenge (:func:`granted`), used up and not counted for the phase."""
    player = state.players[seat]
    used = granted(state, seat, ctype) if grant else None
    if used is not None:
        state.effects.remove(used)
    else:
        player.challenges_done.append(ctype)
    give_gold(state, seat, defender, challenge_gold(state, seat, defender, ctype))
    for to, amount in challenge_tolls(state, seat, ctype):
        give_gold(state, seat, to, amount)
    state.challenge = {
        "type": ctype,
        "attacker": seat,
        "defender": defender,
        "target": defender,
        "attackers": [],
        "defenders": [],
        "blocked": [],
        "winner": None,
        "loser": None,
        "unopposed": False,
        "strength": [0, 0],
        "id": len(state.log),
    }
    state.emit("challenge", seat=seat, type=ctype, defender=defender)
    pending = None if grant else next_challenge(state, seat)
    if pending is not None:  # this is the additional challenge: its own rules go with it
        state.effects.remove(pending)
        state.challenge["no_winner_if_opposed"] = bool(pending.get("no_winner_if_opposed"))
    # "Your opponent must declare defenders before you declare attackers" (Dragon Sight):
    # the flag ``defenders_first`` (subject the attacker) asks for defenders first.
    if "defenders_first" in PASSIVE_CODES and value(state, "defenders_first", seat, False):
        state.challenge["defenders_first"] = True
        state.queue[0:0] = [{"name": "ask_defenders"}, {"name": "ask_attackers"}]
        return
    ask_attackers(state, {})


INITIATE_WITH = "initiate_with"


def initiate_with(
    state: GameState, seat: int, ctype: str, defender: int, attackers: list[str]
) -> None:
    """Schedule, at the head of the queue, a challenge that a card initiates: ``seat``
    attacks ``defender`` in a ``ctype`` challenge with ``attackers`` as its only declared
    attackers ("a [Military] challenge is initiated against the losing opponent with ...
    your currently defending characters as your only attacking characters": Show of
    Force). No choice of type or attackers, no gold toll, not counted among the seat's
    challenges of the phase; the rest of the challenge runs as usual."""
    step = {"name": INITIATE_WITH, "seat": seat, "type": ctype, "defender": defender}
    state.queue.insert(0, {**step, "attackers": list(attackers)})


def initiate_with_step(state: GameState, step: dict[str, Any]) -> None:
    """The ``initiate_with`` step: the challenge starts with the attackers still in play
    under the seat's control (none left: no challenge)."""
    seat = step["seat"]
    attackers = [
        r for r in step["attackers"] if r in state.in_play and state.in_play[r].controller == seat
    ]
    if not attackers or state.challenge is not None:
        return
    state.challenge = {
        "type": step["type"],
        "attacker": seat,
        "defender": step["defender"],
        "target": step["defender"],
        "attackers": [],
        "defenders": [],
        "blocked": [],
        "winner": None,
        "loser": None,
        "unopposed": False,
        "strength": [0, 0],
        "id": len(state.log),
    }
    state.emit("challenge", seat=seat, type=step["type"], defender=step["defender"], by_card=True)
    _attackers(state, {}, attackers)


def ask_attackers(state: GameState, step: dict[str, Any]) -> None:
    """The attacker declares attackers."""
    challenge = state.challenge
    assert challenge is not None
    seat = challenge["attacker"]
    # "cannot declare more than N attackers" (Desolate Passage): the ``max_attackers`` query.
    most = value(state, "max_attackers", seat, None)
    candidates = can_attack(state, seat, challenge["type"])
    low = min_attackers(state, seat)
    if declare_all(state, challenge["type"]):  # Before the Black Walls (btns_40)
        low = max(low, len(candidates) if most is None else min(most, len(candidates)))
    ask_select(state, seat, "attackers", candidates, "attackers", low=low, high=most)
    _required(state, candidates)
    _not_alone(state, candidates, "can_attack_alone")
    # "By declaring X and any number of ... as attackers" (Blood-Crazed Screamer): the query
    # ``attackers_one_of`` (subject the attacker) names cards at least one of which attacks.
    if "attackers_one_of" in PASSIVE_CODES:
        needed = [r for r in value(state, "attackers_one_of", seat, []) if r in candidates]
        if needed:
            state.queue[0]["one_of"] = needed


def _required(state: GameState, candidates: list[str]) -> None:
    """The eligible characters the prompt just asked must include ("must participate in
    the first challenge initiated for which he is eligible": the ``must_participate`` flag,
    Coldhands); each is marked ``required:<ref>`` in ``state.used`` for the round."""
    if "must_participate" not in PASSIVE_CODES:
        return
    required = [r for r in candidates if value(state, "must_participate", r, False)]
    if required:
        state.used += [f"required:{r}" for r in required]
        state.queue[0]["required"] = required


@handler("attackers")
def _attackers(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    steps = [
        {"name": "crown_regent"},
        {"name": "stealth"},
        {"name": "challenge_window", "point": "after_attackers"},
        {"name": "ask_defenders"},
        {"name": "no_defenders"},
        {"name": "challenge_window", "point": "after_defenders"},
        {"name": "resolve_challenge"},
        {"name": "end_challenge"},
    ]
    assert state.challenge is not None
    if state.challenge.get("defenders_first"):  # defenders are declared already
        steps = [s for s in steps if s["name"] not in ("crown_regent", "stealth", "ask_defenders")]
    state.queue[0:0] = steps
    # After the steps: "after ... declared as an attacker" effects come first (at the head).
    _declare_side(state, "attackers", selected)


def stealth_step(state: GameState, step: dict[str, Any]) -> None:
    """Each attacking Stealth character may keep one non-Stealth defender out."""
    challenge = state.challenge
    assert challenge is not None
    pending = [
        r
        for r in challenge["attackers"]
        if "stealth" in keywords(state, r) and allowed(state, "can_declare_stealth", r)
    ]
    _ask_stealth(state, pending)


def _ask_stealth(state: GameState, pending: list[str]) -> None:
    """Ask for the next Stealth attacker's choice. One at a time, so a character already
    kept out is not offered again ("for each ... you may choose a character")."""
    challenge = state.challenge
    assert challenge is not None
    for i, ref in enumerate(pending):
        if ref not in state.in_play:
            continue
        candidates = [
            r
            for r in state.players[challenge["target"]].in_play
            if is_character(state, r)
            and (
                "stealth" not in keywords(state, r)
                or value(state, "stealth_on_stealth", ref, False)  # Stonesnake
            )
            and r not in challenge["blocked"]
            and allowed(state, "can_be_stealthed", r)
        ]
        if candidates:
            ctx = {"attacker": ref, "pending": pending[i + 1 :]}
            ask_select(
                state, challenge["attacker"], "stealth", candidates, "stealth", high=1, ctx=ctx
            )
            return


@handler("stealth")
def _stealth(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    assert state.challenge is not None
    for ref in selected:
        if ref not in state.challenge["blocked"]:
            state.challenge["blocked"].append(ref)
            state.emit("stealth", card=ctx["attacker"], target=ref)
            # "After this character bypasses a character by using Stealth, kneel that
            # character" (a flag a card gives the attacker: Lost Oasis).
            record = state.in_play.get(ref)
            kneels = value(state, "kneels_stealthed", ctx["attacker"], False)
            if record is not None and not record.knelt and kneels:
                kneel(state, ref)
                state.emit("knelt", card=ref, code=state.code(ref), seat=record.controller)
    _ask_stealth(state, ctx.get("pending", []))
    # "After attached character declares stealth, ..." (Poisoned Knife): a response window
    # before the next Stealth choice, only while a card in play answers it (a response, or a
    # forced effect: "After Darkstar bypasses a character by using stealth, ...", atoc_12).
    codes = (
        (codes_by_zone().get(("play", STEALTH_DECLARED)) or set())
        | FORCED_CODES.get(STEALTH_DECLARED, set())
        if selected
        else None
    )
    if codes and any(state.cards[r].code in codes for r in state.in_play):
        attacker = ctx["attacker"]
        seat = state.challenge["attacker"]
        for ref in selected:
            event = {"card": attacker, "target": ref, "seat": seat}
            trigger(state, STEALTH_DECLARED, event, first=seat)


STEALTH_DECLARED = "stealth_declared"


def challenge_window(state: GameState, step: dict[str, Any]) -> None:
    """The action window after attackers, or after defenders, are declared ("before and
    between (but not during) each step"): from the first player, like every action
    window; ``turn`` is the attacker."""
    assert state.challenge is not None
    action_window(state, step.get("point", "after_attackers"), turn=state.challenge["attacker"])


def ask_defenders(state: GameState, step: dict[str, Any]) -> None:
    """The defending player may declare defenders."""
    challenge = state.challenge
    assert challenge is not None
    seat = challenge["defender"]
    candidates = can_defend(state, seat, challenge["type"], challenge["blocked"])
    most = value(state, "max_defenders", seat, None)  # Desolate Passage
    if jousting(state):
        most = 1 if most is None else min(most, 1)
    # "Opponents must declare at least 2 defenders in order to defend the challenge"
    # (Orell the Eagle): ``min_defenders`` (subject the defending seat); none or that many.
    least = value(state, "min_defenders", seat, 0) if "min_defenders" in PASSIVE_CODES else 0
    if least > min(len(candidates), len(candidates) if most is None else most):
        candidates = []
    ask_select(state, seat, "defenders", candidates, "defenders", high=most)
    if declare_all(state, challenge["type"]):  # none, or all of them (Before the Black Walls)
        least = max(least, len(candidates) if most is None else min(most, len(candidates)))
    if least > 1 and candidates:
        state.queue[0]["at_least"] = least
    _not_alone(state, candidates)
    _required(state, candidates)
    _extra_defenders(state)


def jousting(state: GameState) -> bool:
    """Joust (A Tale of Champions FAQ): "If a character with the Joust keyword is attacking
    alone, the defending player may declare only one character to defend the challenge."
    The keyword is read (printed, unless blank, or gained) as defenders are asked; the
    other players Robert Baratheon lets declare a defender keep their own limit."""
    challenge = state.challenge
    if challenge is None:
        return False
    attackers = [r for r in challenge["attackers"] if r in state.in_play]
    return len(attackers) == 1 and "joust" in keywords(state, attackers[0])


def _not_alone(state: GameState, candidates: list[str], query: str = "can_defend_alone") -> None:
    """ "Cannot defend alone" (Thoros of Myr): the permission ``can_defend_alone`` (subject
    the character, asked only while a card registers it). A defence of that character alone
    is illegal: the prompt's ``not_alone`` (prompts.can_finish, prompts.remaining). The same
    for attackers with ``can_attack_alone`` ("cannot be declared alone as an attacker":
    Cowed, btns_91)."""
    if query not in PASSIVE_CODES:
        return
    alone = [r for r in candidates if not allowed(state, query, r)]
    if alone:
        state.queue[0]["not_alone"] = alone


def _extra_defenders(state: GameState) -> None:
    """ "Each opponent you are not attacking may declare 1 eligible character as a
    defender" (Robert Baratheon, atoc_27): the passive query ``extra_defenders`` (subject the
    attacking seat, base ``{}``) maps seats other than the defending player to how many
    characters each may declare. After the defending player, each of them in turn (clockwise
    from the attacker) is asked (prompt ``defenders``, handler ``extra_defenders``); their
    characters defend on the defending player's side, who alone wins or loses the challenge."""
    challenge = state.challenge
    if "extra_defenders" not in PASSIVE_CODES or challenge is None:
        return
    attacker, defender = challenge["attacker"], challenge["defender"]
    extra = value(state, "extra_defenders", attacker, {})
    position = 1
    for seat in state.opponents(attacker):
        if seat == defender or not extra.get(seat):
            continue
        candidates = can_defend(state, seat, challenge["type"], challenge["blocked"])
        ctx = {"seat": seat}
        high = extra[seat]
        ask_select(
            state,
            seat,
            "defenders",
            candidates,
            "extra_defenders",
            high=high,
            ctx=ctx,
            position=position,
        )
        position += 1


@handler("defenders")
def _defenders(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    _declare_side(state, "defenders", selected)


@handler("extra_defenders")
def _extra_defenders_declared(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    """Characters of a seat that is not the defending player join the defenders (listed in
    ``challenge["extra_defenders"]`` too: they are not the winner's for Renown)."""
    if selected and state.challenge is not None:
        state.challenge.setdefault("extra_defenders", []).extend(selected)
    _declare_side(state, "defenders", selected, seat=ctx["seat"])


def _declare_side(
    state: GameState, side: str, selected: list[str], seat: int | None = None
) -> None:
    """Kneel the declared characters ("declare attackers by kneeling", unless a card says
    they do not kneel) and record them as one side of the challenge (``seat``: a seat that
    is not the attacker or the defender declares them: :func:`_extra_defenders`)."""
    challenge = state.challenge
    assert challenge is not None
    query, role = (
        ("kneel_to_attack", "attacker")
        if side == "attackers"
        else (
            "kneel_to_defend",
            "defender",
        )
    )
    declaring = challenge[role] if seat is None else seat
    knelt = []
    for ref in selected:
        if allowed(state, query, ref):
            knelt += [] if state.in_play[ref].knelt else [ref]
            state.in_play[ref].knelt = True
    # Characters already put into play participating on this side stay (The Wall).
    challenge[side] = [*(r for r in challenge[side] if r not in selected), *selected]
    state.emit(side, seat=declaring, cards=selected)
    moves_knelt(state, knelt, "attack" if side == "attackers" else "defend")
    if selected:
        event = {"cards": list(selected), "seat": declaring, "type": challenge["type"]}
        trigger(state, f"{side}_declared", event, first=declaring)
    elif side == "defenders" and seat is None:
        # "After the defending player declares no defenders" (Abel's Washerwoman, btns_42):
        # the defending player's own declaration only, opened while a card in play answers.
        codes = codes_by_zone().get(("play", NO_DEFENDERS))
        if codes and any(state.cards[r].code in codes for r in state.in_play):
            event = {"seat": declaring, "type": challenge["type"]}
            trigger(state, NO_DEFENDERS, event, first=challenge["attacker"])
    # "If that character is not declared as a participant in the next challenge ... for which
    # it is eligible" (Rhoynar Emissary): the ``each_time:side_declared`` effects, after every
    # declaration of a side, none declared included (no effect waits: nothing runs).
    if any(e["query"] == SIDE_DECLARED_EACH for e in state.effects):
        ctype = challenge["type"]
        event = {"side": side, "seat": declaring, "cards": list(selected), "type": ctype}
        run_each_time(state, SIDE_DECLARED, event)


NO_DEFENDERS = "no_defenders_declared"
SIDE_DECLARED = "side_declared"
SIDE_DECLARED_EACH = f"each_time:{SIDE_DECLARED}"
CHALLENGE_LOST = "challenge_lost"
CHALLENGE_LOST_EACH = f"each_time:{CHALLENGE_LOST}"


def side_strength(state: GameState, side: str) -> int:
    """Total STR of one side (``attackers`` or ``defenders``) with Intimidate and titles."""
    challenge = state.challenge
    assert challenge is not None
    refs = [r for r in challenge[side] if r in state.in_play]
    # "That character does not count its STR" (Catelyn Stark): it still participates.
    values = {r: strength(state, r) for r in refs if allowed(state, "counts_strength", r)}
    if side == "defenders":
        intimidating = [
            strength(state, r)
            for r in challenge["attackers"]
            if r in state.in_play and "intimidate" in keywords(state, r)
        ]
        if intimidating:
            values = {r: v for r, v in values.items() if v >= max(intimidating)}
    total = sum(values.values())
    seat = challenge["attacker"] if side == "attackers" else challenge["defender"]
    if refs:
        total += titles.side_bonus(state, seat, challenge["type"])
    return value(state, "side_strength", f"{seat}:{side}", total)


def intimidated(state: GameState) -> list[str]:
    """The defending characters that do not count their STR because of Intimidate (their
    STR is lower than an intimidating attacker's; not those that count none anyway)."""
    challenge = state.challenge
    assert challenge is not None
    intimidating = [
        strength(state, r)
        for r in challenge["attackers"]
        if r in state.in_play and "intimidate" in keywords(state, r)
    ]
    if not intimidating:
        return []
    return [
        r
        for r in challenge["defenders"]
        if r in state.in_play
        and allowed(state, "counts_strength", r)
        and strength(state, r) < max(intimidating)
    ]


def resolve(state: GameState, step: dict[str, Any]) -> None:
    """Compare strength; the winner's effects follow as steps."""
    challenge = state.challenge
    assert challenge is not None
    attack, defence = side_strength(state, "attackers"), side_strength(state, "defenders")
    challenge["strength"] = [attack, defence]
    # "A character did not count its STR because of intimidate" (Sacrificed to Two Gods):
    # recorded as the challenge resolves, given to ``challenge_won`` (left out when none).
    found = intimidated(state)
    if found:
        challenge["intimidated"] = found
    attacker, defender = challenge["attacker"], challenge["defender"]
    if challenge["attackers"] and attack >= 1 and attack >= defence:
        winner, loser = attacker, defender
    elif challenge["defenders"] and defence > attack:
        winner, loser = defender, attacker
    else:
        winner = loser = None
    if challenge.get("no_winner_if_opposed") and challenge["defenders"]:
        winner = loser = None  # "If it is opposed, neither player wins the challenge."
    challenge["winner"], challenge["loser"] = winner, loser
    # "If an opponent would win a Power challenge against you, cancel the determination of
    # challenge winner" (True Power): a response window ``would_win_<type>`` (event: type,
    # attacker, defender, winner, loser) before the winner is settled, opened only while
    # some registered card answers it; a response may set ``challenge["winner"]`` and
    # ``["loser"]``. Without one, the challenge is determined at once as before.
    name = f"would_win_{challenge['type']}"
    if winner is not None and name in triggers_in_use():
        state.queue.insert(0, {"name": "challenge_determined"})
        keys = ("type", "attacker", "defender", "winner", "loser")
        trigger(state, name, {k: challenge[k] for k in keys}, first=attacker)
        return
    determined(state, step)


def determined(state: GameState, step: dict[str, Any]) -> None:
    """The winner is settled (after any ``would_win_<type>`` responses): unopposed, the
    ``challenge_resolved`` event and the winner's steps."""
    challenge = state.challenge
    assert challenge is not None
    attack, defence = challenge["strength"]
    attacker, defender = challenge["attacker"], challenge["defender"]
    winner = challenge["winner"]
    challenge["unopposed"] = winner == attacker and defence == 0
    # "Considered unopposed if you win by N or more total STR" (Drumbeater).
    margin = challenge.get("unopposed_margin")
    if winner == attacker and margin is not None and attack - defence >= margin:
        challenge["unopposed"] = True
    state.emit(
        "challenge_resolved",
        type=challenge["type"],
        attacker=attacker,
        defender=defender,
        strength=[attack, defence],
        winner=winner,
        unopposed=challenge["unopposed"],
    )
    steps: list[dict[str, Any]] = []
    if winner == attacker:
        steps += [{"name": "unopposed"}, {"name": "before_claim"}, {"name": "claim"}]
    if winner is not None:
        steps += [{"name": "title_rewards"}, {"name": "renown"}]
    steps += [{"name": "deadly"}]
    if winner is not None:
        steps += [{"name": "vigilant_vengeful"}, {"name": "challenge_responses"}]
    state.queue[0:0] = steps


def unopposed(state: GameState, step: dict[str, Any]) -> None:
    """Unopposed: the attacker claims 1 bonus power for the House."""
    challenge = state.challenge
    assert challenge is not None
    if challenge["unopposed"]:
        # "You claim an additional power for winning unopposed challenges" (Rise of the Kraken)
        amount = value(state, "unopposed_power", challenge["attacker"], 1)
        gain_power(state, challenge["attacker"], amount, "unopposed")


def claim_value(state: GameState, seat: int) -> int:
    """The claim of a seat's revealed plot after modifiers. A lasting ``claim_plot_of``
    effect (``value``: a seat) makes every player use the base claim of that seat's revealed
    plot ("all players use the base claim value from that player's revealed plot card":
    Conflict of Interest, soo_46); the last one added counts."""
    plot = state.players[seat].revealed_plot
    for effect in state.effects:
        if effect["query"] == "claim_plot_of":
            plot = state.players[effect["value"]].revealed_plot
    base = (facts(state, plot).claim or 0) if plot else 0
    challenge = state.challenge
    if challenge is not None and challenge["attacker"] == seat and "base_claim" in challenge:
        base = challenge["base_claim"]  # "a claim value of 2" (an epic phase: epic.py)
    # "Set the Claim value on your revealed plot card to 2 ... (While set, the value cannot
    # be raised or lowered.)": a lasting ``claim_set`` effect (subject the seat, ``value``;
    # the last one added counts) replaces the value after every modifier (Tyene Sand, w_29).
    fixed = [
        e["value"] for e in state.effects if e["query"] == "claim_set" and e["subject"] == seat
    ]
    if fixed:
        return max(0, fixed[-1])
    return max(0, value(state, "claim", seat, base))


def before_claim(state: GameState, step: dict[str, Any]) -> None:
    """The trigger ``claim_pending`` (``attacker``, ``defender``, ``target``, ``type``),
    before the claim resolves: a response may change who satisfies it (``challenge["target"]``:
    Red Vengeance) or cancel it (``challenge["claim_cancelled"]``)."""
    challenge = state.challenge
    assert challenge is not None
    event = {k: challenge[k] for k in ("attacker", "defender", "target", "type")}
    trigger(state, "claim_pending", event, first=challenge["attacker"])


def claim(state: GameState, step: dict[str, Any]) -> None:
    """The attacker's claim against the target by challenge type."""
    challenge = state.challenge
    assert challenge is not None
    attacker, target, ctype = challenge["attacker"], challenge["target"], challenge["type"]
    ctype = challenge.get("claim_type") or ctype  # Double Bluff: another type's claim
    if challenge.get("claim_cancelled"):
        return
    # "Instead of the normal claim effects, each opponent must satisfy the claim effect of
    # the challenge" (Robert Baratheon, atoc_27): the flag ``claim_each_opponent`` (subject
    # the attacking seat, asked only while a card registers it) makes the claim a step for
    # each opponent, clockwise from the attacker, each satisfying it as the target would.
    if "target" in step:
        target = step["target"]
    elif "claim_each_opponent" in PASSIVE_CODES and value(
        state, "claim_each_opponent", attacker, False
    ):
        state.emit("claim_each_opponent", seat=attacker, type=ctype)
        state.queue[0:0] = [{"name": "claim", "target": s} for s in state.opponents(attacker)]
        return
    amount = claim_value(state, attacker)
    # What the target has to satisfy it with, for the log's words (``able``: "has no
    # character that can be killed" rather than "must kill 2 characters" with none).
    able = _claim_able(state, target, ctype) if amount else None
    state.emit("claim", seat=attacker, target=target, type=ctype, amount=amount, able=able)
    if challenge.get("claim_instead"):  # an epic phase's own claim (epic.py: War of Five Kings)
        from gameplay.engine.abilities import EFFECTS

        ctx = {"seat": attacker, "target": target, "type": ctype, "loser": challenge["loser"]}
        EFFECTS[challenge["claim_instead"]](state, ctx)
        return
    if amount == 0:
        return
    # "Instead of the normal claim effects, ..." (Pyat Pree): a ``claim_instead`` passive
    # (subject the attacking seat) names an effect (abilities.effect) resolved in its place.
    instead = value(state, "claim_instead", attacker, None)
    if instead:
        from gameplay.engine.abilities import EFFECTS

        EFFECTS[instead](state, {"seat": attacker, "target": target, "type": ctype})
        return
    if ctype == "military":
        characters = claim_killable(state, target)
        # "Must be chosen for Military claim if able" (Dragon Fear): ``must_be_claimed``.
        forced = [r for r in characters if value(state, "must_be_claimed", r, False)]
        if forced and len(forced) < amount:
            others = [r for r in characters if r not in forced]
            need = amount - len(forced)
            ask_select(
                state,
                target,
                "claim_kill",
                others,
                "claim_kill_with",
                low=min(need, len(others)),
                high=need,
                ctx={"forced": forced, "military_claim": True},
            )
            return
        characters = forced or characters
        ask_select(
            state,
            target,
            "claim_kill",
            characters,
            "claim_kill",
            low=min(amount, len(characters)),
            high=amount,
            ctx={"military_claim": True},
        )
    elif ctype == "intrigue":
        discard_at_random(state, target, amount, claim=True)
    elif value(state, "claim_power_cards", target, []):
        # "Opponents may choose and take power from your Brotherhood characters to fulfill
        # the claim of Power challenges" (The Brotherhood Without Banners).
        ask_claim_power(state, attacker, target, amount)
    else:
        move_power(state, target, attacker, amount, "claim")


def claim_killable(state: GameState, target: int) -> list[str]:
    """The characters of ``target`` that may be chosen for Military claim. Only those that
    can be killed ("cannot be killed" is not a way to satisfy claim); fewer than claim: all
    of them. The permission ``can_be_claimed`` ("cannot be chosen to die as the result of
    Military challenge claim": Veteran Spearman) keeps a character out of the choice."""
    return [
        r
        for r in state.players[target].in_play
        if is_character(state, r)
        and allowed(state, "can_be_killed", r)
        and allowed(state, "can_be_claimed", r)
    ]


def _claim_able(state: GameState, target: int, ctype: str) -> int | None:
    """How much ``target`` has to satisfy a claim of ``ctype`` with as it resolves: the
    characters that can be killed, the cards in hand, the power on the House card (None
    where a card changes what satisfies it: an epic phase's or a card's own claim, power
    taken from cards)."""
    challenge = state.challenge or {}
    if challenge.get("claim_instead") or (
        "claim_instead" in PASSIVE_CODES
        and value(state, "claim_instead", challenge.get("attacker"), None)
    ):
        return None
    if ctype == "military":
        return len(claim_killable(state, target))
    if ctype == "intrigue":
        return len(state.players[target].hand)
    if "claim_power_cards" in PASSIVE_CODES and value(state, "claim_power_cards", target, []):
        return None
    return state.players[target].power


@handler("claim_kill")
def _claim_kill(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    _claim_killed(state, ctx, list(selected))
    kill(state, selected)


@handler("claim_kill_with")
def _claim_kill_with(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    """Military claim with characters that must be chosen (``ctx["forced"]``)."""
    refs = [r for r in ctx["forced"] if r in state.in_play] + list(selected)
    _claim_killed(state, ctx, refs)
    kill(state, refs)


def _claim_killed(state: GameState, ctx: dict[str, Any], refs: list[str]) -> None:
    """Record the characters killed for Military claim (the prompt's ctx says so; Deadly
    uses the same handler with ``deadly``) as ``challenge["claim_killed"]``: "after a
    character is killed for Military claim" (Deadly Khalasar, bwb_14) reads it."""
    if ctx.get("military_claim") and state.challenge is not None:
        state.challenge["claim_killed"] = list(refs)
    # The character chosen to be killed for Deadly ("If a character dies for deadly during
    # this challenge": Longship Black Wind, soo_49); saves may keep it alive.
    if ctx.get("deadly") and state.challenge is not None:
        state.challenge["deadly_killed"] = list(refs)


def title_rewards(state: GameState, step: dict[str, Any]) -> None:
    """Opposes and Lord Commander rewards (titles module)."""
    titles.after_challenge(state)


def renown(state: GameState, step: dict[str, Any]) -> None:
    """Each participating Renown character of the winner claims 1 power."""
    challenge = state.challenge
    assert challenge is not None
    side = "attackers" if challenge["winner"] == challenge["attacker"] else "defenders"
    claimed = []
    others = challenge.get("extra_defenders", ())  # "each of your participating characters"
    for ref in challenge[side]:
        if ref in others:
            continue
        if ref in state.in_play and "renown" in keywords(state, ref):
            card_power(state, ref, value(state, "renown_power", ref, 1), "renown")
            claimed.append(ref)
    # "After a character claims power for renown, ..." (Tower Library, soo_47): a response
    # window (``cards``: those that claimed), only while a card in play answers it.
    codes = codes_by_zone().get(("play", RENOWN_CLAIMED)) if claimed else None
    if codes and any(state.cards[r].code in codes for r in state.in_play):
        event = {"cards": claimed, "seat": challenge["winner"]}
        trigger(state, RENOWN_CLAIMED, event, first=challenge["winner"])


RENOWN_CLAIMED = "renown_claimed"


def deadly(state: GameState, step: dict[str, Any]) -> None:
    """If the attacker controls more participating Deadly characters, the defender kills
    one defending participating character."""
    challenge = state.challenge
    assert challenge is not None

    def count(side: str) -> int:
        return sum(
            1 for r in challenge[side] if r in state.in_play and "deadly" in keywords(state, r)
        )

    defenders = [
        r
        for r in challenge["defenders"]
        if r in state.in_play and allowed(state, "can_be_killed", r)
    ]
    if defenders and count("attackers") > count("defenders"):
        ask_select(
            state,
            challenge["defender"],
            "deadly_kill",
            defenders,
            "claim_kill",
            low=1,
            high=1,
            ctx={"deadly": True},
        )


def vigilant_vengeful(state: GameState, step: dict[str, Any]) -> None:
    """Vigilant (winning attacker) and Vengeful (losing defender) may stand their cards."""
    challenge = state.challenge
    assert challenge is not None
    for seat, word in (
        (challenge["attacker"], "vigilant"),
        (challenge["defender"], "vengeful"),
    ):
        won = challenge["winner"] == seat
        if (word == "vigilant") != won:
            continue
        knelt = [
            r
            for r in state.players[seat].in_play
            if state.in_play[r].knelt and word in keywords(state, r)
        ]
        if knelt:
            ask_select(state, seat, word, knelt, "stand_cards", ctx={"seat": seat, "keyword": word})


# "After X stands for Vigilant" (River Runner): the trigger ``stood_by_keyword`` (``cards``,
# ``keyword`` vigilant or vengeful, ``seat``), opened only while some card answers it.
STOOD_BY_KEYWORD = "stood_by_keyword"


@handler("stand_cards")
def _stand_cards(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        stand(state, ref)
        state.emit("stood", card=ref)
    if selected and ctx.get("keyword") and STOOD_BY_KEYWORD in triggers_in_use():
        event = {"cards": list(selected), "keyword": ctx["keyword"], "seat": ctx["seat"]}
        trigger(state, STOOD_BY_KEYWORD, event, first=ctx["seat"])


def challenge_responses(state: GameState, step: dict[str, Any]) -> None:
    """Responses to winning or losing a challenge."""
    challenge = state.challenge
    assert challenge is not None
    run_delayed(state, "challenge_won", challenge["winner"])
    keys = ("type", "attacker", "defender", "winner", "loser", "attackers", "defenders")
    event = {k: clone(challenge[k]) for k in keys}
    attack, defence = challenge["strength"]
    event["by"] = abs(attack - defence)  # "win a challenge by 4 or more total STR"
    if challenge.get("intimidated"):
        event["intimidated"] = list(challenge["intimidated"])
    trigger(state, "challenge_won", event, first=challenge["attacker"])
    # "Until the end of the phase, when a player loses a challenge, ..." (Arms of the
    # Kraken): the ``each_time:challenge_lost`` effects, asked before the responses above.
    if any(e["query"] == CHALLENGE_LOST_EACH for e in state.effects):
        run_each_time(state, CHALLENGE_LOST, event)


def end_challenge(state: GameState, step: dict[str, Any]) -> None:
    """The challenge is over: its lasting effects end."""
    from gameplay.engine.abilities import end_lasting

    # Delayed effects "after the challenge resolves" (Field Spikes' kill), every seat's.
    run_delayed(state, "challenge_ends")
    end_lasting(state, "challenge")
    challenge = state.challenge
    if challenge is not None:  # "After a challenge resolves" forced effects (The Old Way)
        keys = ("type", "attacker", "defender", "winner", "loser", "attackers", "defenders")
        event = {k: clone(challenge[k]) for k in keys}
        event["strength"] = list(challenge["strength"])
        fire_forced(state, "challenge_ends", event)
    state.challenge = None


STEPS = {
    "challenges_phase": challenges_phase,
    INITIATE_WITH: initiate_with_step,
    "stealth": stealth_step,
    "challenge_window": challenge_window,
    "ask_defenders": ask_defenders,
    "ask_attackers": ask_attackers,
    "resolve_challenge": resolve,
    "challenge_determined": determined,
    "unopposed": unopposed,
    "before_claim": before_claim,
    "claim": claim,
    "title_rewards": title_rewards,
    "renown": renown,
    "deadly": deadly,
    "vigilant_vengeful": vigilant_vengeful,
    "challenge_responses": challenge_responses,
    "end_challenge": end_challenge,
}
