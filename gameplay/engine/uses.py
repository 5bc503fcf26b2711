"""Using abilities: which are usable now, paying their costs, resolving them, Ambush and
"put into play".

Who is offered them, and when, is decided by :mod:`gameplay.engine.windows`; this module
answers what a seat could use in a given window (:func:`usable`) and carries a chosen use
out (:func:`use`). Ambush is a built-in Any Phase action of the keyword.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import cancels, from_pile, house_card
from gameplay.engine.abilities import (
    FORCED_CODES,
    HANDLERS,
    PASSIVE_CODES,
    REGISTRY,
    SCRIPTS,
    TEXT_TAKERS,
    Ability,
    Cost,
    agenda_cards,
    allowed,
    as_acting,
    enters_knelt,
    facts,
    fire_forced,
    gold_available,
    handler,
    has_text_of,
    immune_to,
    is_blank,
    live_queries,
    script_of,
    value,
)
from gameplay.engine.abilities import pool as facts_pool
from gameplay.engine.actions import Action
from gameplay.engine.influence import ask_influence, house_mark, total_influence
from gameplay.engine.leaving import fire_left_play
from gameplay.engine.moves import (
    discard_from_hand,
    discard_power,
    give_gold,
    knelt,
    leave_play,
    spend_gold,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import (
    ambush_cost,
    ambush_reductions,
    attachment_targets,
    play_problem,
    reduction_triggered,
    unique_problem,
)
from gameplay.engine.state import GameState, InPlay
from gameplay.engine.triggers import (
    ANY_RESPONSE,
    codes_by_zone,
    game_codes_by_zone,
    open_response_window,
    trigger,
)

AMBUSH = "ambush"
# Zones every seat can see: whether a card there could answer a trigger is public.
PUBLIC_ZONES = (
    *("play", "dead", "discard", "agenda", "opponent_agenda", "plot", "any_dead"),
    *("any_play", "title"),
)
ZONES = (
    *("play", "hand", "dead", "discard", "agenda", "opponent_agenda", "plot", "any_dead"),
    *("any_play", "shadows", "deck_top", "title"),
)


# --- usable abilities ----------------------------------------------------------------


_NONE: frozenset[str] = frozenset()
# The permission of a seat to play responses from its hand (subject the seat; a lasting
# effect: "Until the end of the phase, players cannot play any additional responses",
# Little and Less): any response, save or cancel used from a hand.
HAND_RESPONSES = "can_play_responses"
# The permission of a seat to trigger response effects (subject the seat): every response,
# save or cancel, from play, a hand or a pile ("players cannot trigger response effects":
# The Iron Throne, cad_115).
SEAT_CAN_RESPOND = "seat_can_respond"


_ACTING = frozenset({"action"})
_ANSWERING = frozenset({"response", "save", "cancel"})


def _kinds_for(window: dict[str, Any] | None) -> tuple[frozenset[str], str | None]:
    if window is None or window.get("kind", "action") == "action":
        return _ACTING, None
    return _ANSWERING, window.get("trigger")


def _zone(state: GameState, seat: int, zone: str) -> list[str]:
    player = state.players[seat]
    if zone == "play":
        return player.in_play
    if zone == "hand":  # with the events a card lets it play from a discard pile
        return [*player.hand, *from_pile.playable(state, seat, ("event",))]
    if zone in ("dead", "discard"):
        return player.dead if zone == "dead" else player.discard
    if zone == "plot":
        return [player.revealed_plot] if player.revealed_plot else []
    if zone == "agenda":
        return [r for s, r in agenda_cards(state).items() if s == seat]
    if zone == "opponent_agenda":
        return [r for s, r in agenda_cards(state).items() if s in state.opponents(seat)]
    if zone == "any_play":  # every card in play ("any player may trigger": Steelshanks)
        return [r for p in state.players for r in p.in_play]
    if zone == "shadows":  # the seat's own Shadows, hidden like its hand (Guardian Wolf)
        return player.shadows
    if zone == "deck_top":  # a card Stalwart put there as it left play (Ser Kyle Condon)
        return player.deck[:1]
    if zone == "title":  # a card held as a title (Aurane Waters: titles.card_titles)
        return [t for t in (player.title, *player.extra_titles) if t and t in state.cards]
    # "any_dead": every dead pile ("any player can trigger": Rhaegar)
    return [r for p in state.players for r in p.dead]


def usable(
    state: GameState,
    seat: int,
    window: dict[str, Any] | None = None,
    zones: tuple[str, ...] = ZONES,
) -> list[Action]:
    """Every ``use`` action open to ``seat`` in the given window (None: an action
    opportunity outside any window) from cards in ``zones`` (default: all; with
    :data:`PUBLIC_ZONES` the answer depends only on what every seat can see)."""
    kinds, trigger = _kinds_for(window)
    acting = "action" in kinds
    looked_at = _zones_to_look_at(state, trigger, zones, acting)
    shadows = acting and "hand" in zones and bool(state.players[seat].shadows)
    if not looked_at and not shadows:
        return []  # no card of the game answers this from these zones (most windows)
    actions: list[Action] = []
    event = window_event(state, window)
    cards = state.cards
    phase = state.phase
    in_play_records = state.in_play
    # Cards whose printed keywords hold Ambush, unless a card of the game may give a card
    # in a hand Ambush (HAND_AMBUSH): no other card in a hand is looked at for it.
    ambushing = None if HAND_AMBUSH in live_queries(state) else _ambush_codes(state)
    known: dict[str, Any] = {}  # the seat's permissions, gold, influence (_problem)
    for zone, codes in looked_at:
        ambush = acting and zone == "hand"
        in_play = zone in ("play", "any_play")
        for ref in _zone(state, seat, zone):
            code = cards[ref].code
            if ambush and (ambushing is None or code in ambushing or ref in in_play_records):
                actions += _ambush_actions(state, seat, ref)
            if code in TEXT_TAKERS:  # a text it gained (Jaqen H'ghar): abilities.script_of
                if not has_text_of(state, ref, codes) or (in_play and is_blank(state, ref)):
                    continue
                script = script_of(state, ref)
                assert script is not None
            elif code not in codes or (in_play and is_blank(state, ref)):
                continue
            else:
                script = SCRIPTS[code]
            for index, ability in enumerate(script.abilities):
                if ability.kind not in kinds or zone not in ability.zones:
                    continue
                if trigger is not None and ability.trigger not in (trigger, ANY_RESPONSE):
                    continue
                # What _problem would refuse first, looked at before building its context:
                # an action of other phases, a knelt card that must kneel to use it.
                phases = ability.phases
                if ability.kind == "action" and "any" not in phases and phase not in phases:
                    continue
                if ability.costs and _knelt_for_cost(in_play_records.get(ref), ability):
                    continue
                ctx = {"source": ref, "seat": seat, "event": event, "index": index}
                # Its targets are listed once, below: none gives no action.
                if _problem(state, ability, ctx, targets=False, known=known) is not None:
                    continue
                choice = str(index) if len(script.abilities) > 1 else ""
                if ability.targets is None:
                    actions.append(Action(seat, "use", (ref,), choice))
                else:
                    for target in legal_targets(state, ability, ctx):
                        actions.append(Action(seat, "use", (ref, target), choice))
    if shadows:
        actions += shadow_actions(state, seat)  # a hidden zone, like the hand
    # A response answers its trigger once: uses already made in this window (_answers).
    responded = (window or {}).get("responded", ())
    return [a for a in actions if _answers(a, event) not in responded]


def _knelt_for_cost(record: InPlay | None, ability: Ability) -> bool:
    """Whether ``ability`` has a ``kneel_self`` cost and its card (``record``: its in-play
    record, None out of play) kneels: :func:`_problem` would refuse it."""
    return (
        record is not None
        and record.knelt
        and any(cost.kind == "kneel_self" for cost in ability.costs)
    )


def _zones_to_look_at(
    state: GameState, trigger: str | None, zones: tuple[str, ...], acting: bool
) -> list[tuple[str, frozenset[str] | set[str]]]:
    """The zones of ``zones`` :func:`usable` looks at, in order, each with the codes of the
    game's cards that answer ``trigger`` (None: actions) from there: a zone no card of the
    game answers from is skipped (but the hand in an action window, for Ambush). Kept on
    the state with :func:`triggers.game_codes_by_zone`'s key (its cards, the registry)."""
    key = (REGISTRY["version"], len(state.cards))
    cached: tuple[Any, dict[Any, list[tuple[str, frozenset[str] | set[str]]]]] | None
    cached = state.__dict__.get("_usable_zones")
    if cached is None or cached[0] != key:
        cached = (key, {})
        state.__dict__["_usable_zones"] = cached
    # The usual tuples by identity (hashing a tuple of twelve names costs more).
    which = 0 if zones is ZONES else 1 if zones is PUBLIC_ZONES else zones
    found = cached[1].get((trigger, which, acting))
    if found is None:
        zoned = game_codes_by_zone(state)
        found = []
        for zone in zones:
            codes = zoned.get((zone, trigger), _NONE)
            if trigger is not None and (zone, ANY_RESPONSE) in zoned:  # Little and Less
                codes = codes | zoned[(zone, ANY_RESPONSE)]
            if codes or (acting and zone == "hand"):
                found.append((zone, codes))
        cached[1][(trigger, which, acting)] = found
    return found


def _ambush_codes(state: GameState) -> frozenset[str]:
    """The codes of the state's card pool whose printed keywords hold Ambush."""
    pool_facts = facts_pool(state)
    found = _AMBUSH_CODES.get(id(pool_facts))
    if found is None or found[0] is not pool_facts:
        codes = frozenset(c for c, card in pool_facts.items() if AMBUSH in card.keywords)
        found = _AMBUSH_CODES[id(pool_facts)] = (pool_facts, codes)
    return found[1]


_AMBUSH_CODES: dict[int, tuple[Any, frozenset[str]]] = {}


def window_event(state: GameState, window: dict[str, Any] | None) -> dict[str, Any]:
    """The event a response window answers, as its abilities read it: without the cards
    it names that are no longer in the game under that id (a card killed onto the top of
    a deck, Stalwart, gets a fresh id when that deck is shuffled before the window is
    over), so that no condition reads a card that is gone."""
    event = (window or {}).get("event", {})
    cards = event.get("cards")
    if cards and any(ref not in state.cards for ref in cards):
        event = {**event, "cards": [ref for ref in cards if ref in state.cards]}
    return event


def _answers(action: Action, event: dict[str, Any]) -> str:
    """What a response answers: its trigger, once per source and ability, or once per
    triggering card when its target is one of the event's ``cards`` (Joffrey Baratheon:
    "after a Lord or Lady character is killed" answers each one killed)."""
    triggering = set(event.get("cards") or ())
    target = action.cards[1] if len(action.cards) > 1 else None
    return f"{action.cards[0]}={action.choice}:{target if target in triggering else ''}"


def legal_targets(state: GameState, ability: Ability, ctx: dict[str, Any]) -> list[str]:
    """The targets of an ability that may be chosen: immunity ("cannot be chosen as the
    target of" what a card is immune to) and ``targetable`` passives (Quaithe) apply."""
    assert ability.targets is not None
    seat, kind = ctx["seat"], facts(state, ctx["source"]).type
    found = []
    for target in ability.targets(state, ctx):
        if target in state.in_play:
            if immune_to(state, target, kind, seat, ctx["source"]):
                continue
            if not allowed(state, "targetable", (target, kind, seat)):
                continue
        found.append(target)
    return found


def has_ambush(state: GameState, seat: int, ref: str) -> bool:
    """Whether ``seat`` may put ``ref`` from its hand into play by Ambush: printed Ambush, or
    the flag query ``hand_ambush`` (subject ``(seat, ref)``), asked only while some card has
    a passive for it ("[Targaryen] cards ... in your hand gain ambush": Dragon Egg)."""
    if AMBUSH in facts(state, ref).keywords:
        return True
    if HAND_AMBUSH not in live_queries(state):
        return False
    return bool(value(state, HAND_AMBUSH, (seat, ref), False))


HAND_AMBUSH = "hand_ambush"


def _ambush_actions(state: GameState, seat: int, ref: str) -> list[Action]:
    if not has_ambush(state, seat, ref) or _ambush_problem(state, seat, ref):
        return []
    if facts(state, ref).type == "attachment":
        targets = attachment_targets(state, facts(state, ref), seat)
        return [Action(seat, "use", (ref, target), "ambush") for target in targets]
    return [Action(seat, "use", (ref,), "ambush")]


def keywords_in_hand(state: GameState, ref: str) -> set[str]:
    """Printed keywords of a card out of play (no passive applies there)."""
    return set(facts(state, ref).keywords)


def limit_key(state: GameState, ability: Ability, ctx: dict[str, Any]) -> str | None:
    """The ``state.used`` mark counting uses of a limited ability in its period: per card
    in play, per player for events (their copies share the limit)."""
    if ability.limit is None:
        return None
    ref, seat = ctx["source"], ctx["seat"]
    who = f"{facts(state, ref).name}@{seat}" if is_event(state, ref) else ref
    period = ability.limit[1]
    if period == "phase":
        when = state.phase + _epic_number(state)
    elif period == "challenge":
        when = str((state.challenge or {}).get("id", ""))
    else:
        when = ""
    return f"limit:{who}:{ctx['index']}:{period}:{when}"


def _epic_number(state: GameState) -> str:
    """The suffix of the phase in a "per phase" limit key: none outside an epic phase and
    in the round's first one, "2", "3" ... in the later epic phases of the round: each
    Epic Battle makes a phase of its own, with its own "Limit once per phase"
    (docs/RULINGS.md)."""
    if state.phase != "epic":
        return ""
    count = 0
    for entry in reversed(state.log):
        if entry.get("round") != state.round:
            break
        count += entry["event"] == "epic_phase"
    return str(count) if count > 1 else ""


def is_event(state: GameState, ref: str) -> bool:
    """Whether a card is an event (playing it puts it in the discard pile)."""
    return facts(state, ref).type == "event"


def _house_standing(state: GameState, ref: str) -> bool:
    """Whether the House card ``ref`` sits on stands (the cost ``kneel_house``)."""
    house = house_card.house_of(state, ref) if ref in state.in_play else None
    return house is not None and house_mark(house) not in state.used


def _kneel_house(state: GameState, ref: str) -> None:
    """Kneel the House card ``ref`` sits on (the round's mark ``house_knelt:<seat>``)."""
    house = house_card.house_of(state, ref)
    if house is not None and house_mark(house) not in state.used:
        state.used.append(house_mark(house))
        state.emit("house_card_knelt", seat=house, card=ref)


def _problem(
    state: GameState,
    ability: Ability,
    ctx: dict[str, Any],
    targets: bool = True,
    known: dict[str, Any] | None = None,
) -> str | None:
    """Why ``ability`` may not be used now in ``ctx``; ``targets=False``: but for having no
    legal target (the caller lists them). ``known``: what was read about the seat for
    another ability in the same state (its permissions, gold and influence), kept there:
    :func:`usable` reads each once for all the abilities it looks at."""
    if known is None:
        known = {}
    seat, ref = ctx["seat"], ctx["source"]
    player = state.players[seat]
    phase = state.phase
    if ability.kind == "action" and "any" not in ability.phases and phase not in ability.phases:
        return f"This ability is used in the {'/'.join(ability.phases)} phase."
    key = limit_key(state, ability, ctx)
    if key is not None and state.used.count(key) >= ability.limit[0]:  # type: ignore[index]
        return "This ability has reached its limit for now."
    if ability.limited_response and player.limited_response_used:
        return "You have already used a Limited Response this round."
    if ref in state.in_play and not allowed(state, "can_trigger", ref):
        return "A card forbids triggering this card's abilities now."  # Motley, no gold
    if (ref in player.dead or ref in player.discard) and not allowed(
        state, "can_trigger_from_pile", (seat, ref)
    ):
        return "You cannot trigger this card from your dead or discard pile."  # Dark Wings
    if not _seat_allowed(state, known, "seat_can_trigger", seat):
        return "A card forbids you to trigger effects now."  # Brienne of Tarth (PotS)
    if ability.kind != "action" and not _seat_allowed(state, known, SEAT_CAN_RESPOND, seat):
        return "A card forbids triggering responses now."  # The Iron Throne (cad_115)
    if (
        ability.kind != "action"
        and ref in player.hand
        and not _seat_allowed(state, known, HAND_RESPONSES, seat)
    ):
        return "No more responses can be played now."  # Little and Less
    for cost in ability.costs:
        if cost.kind == "kneel_self" and state.in_play[ref].knelt:
            return "The card is kneeling."
        if cost.kind == "kill_self" and not allowed(state, "can_be_killed", ref):
            return "The card cannot be killed."
        if cost.kind == "return_self" and not allowed(state, "can_return_to_hand", (ref, seat)):
            return "The card cannot be returned to your hand."
        if cost.kind == "gold" and _gold(state, known, seat) < cost.amount + _event_gold(
            state, ref, seat
        ):
            return f"This costs {cost.amount} gold; you have {_gold(state, known, seat)}."
        if cost.kind == "influence" and _influence(state, known, seat) < cost_amount(
            state, cost, ctx
        ):
            return f"This needs {cost_amount(state, cost, ctx)} influence."
        if cost.kind == "influence" and _gold(state, known, seat) < influence_toll(state, seat):
            return f"Triggering it costs {influence_toll(state, seat)} gold first now."
        if cost.kind == "kneel" and len(kneel_candidates(state, seat, cost)) < cost.amount:
            return f"This needs {cost.amount} standing {cost.what or 'character'}(s) to kneel."
        if cost.kind == "stand" and len(stand_candidates(state, seat, cost)) < cost.amount:
            return f"This needs {cost.amount} kneeling {cost.what or 'character'}(s) to stand."
        hand_cards = _hand_for_cost(state, seat, ref, cost) if cost.kind == "discard_hand" else []
        if cost.kind == "discard_hand" and len(hand_cards) < cost.amount:
            return f"This needs {cost.amount} other card(s) in your hand to discard."
        if cost.kind == "kill_host" and not _host_killable(state, ref):
            return "The attached character cannot be killed."
        if cost.kind == "card_power" and not power_candidates(state, seat, cost):
            return f"This needs power on a {cost.what or 'card'} you control."
        if cost.kind == "house_power" and player.power < cost.amount:
            return f"This needs {cost.amount} power on your House card."
        if cost.kind == "kneel_house" and not _house_standing(state, ref):
            return "Attached House card is kneeling."
    if is_event(state, ref) and player.gold < _event_gold(state, ref, seat):
        return "Playing an event needs gold for an opponent now."
    if is_event(state, ref) and "hand" in ability.zones:
        playing = ref in player.hand or _from_pile(state, seat, ref, ability)
        forbidden = play_problem(state, seat, ref) if playing else None
        if forbidden:  # "cannot play event cards", "no player can play that card"
            return forbidden
    elif "hand" in ability.zones and ref in player.hand and not put_from_hand_allowed(state, seat):
        return "You cannot put any more cards into play from your hand now."
    cancelling = ability.kind == "cancel" and ability.trigger == "ability"
    if cancelling and not cancels.can_be_cancelled(state):
        return "That effect cannot be cancelled."
    if cancelling and not cancels.may_cancel(state, ref):
        return "That effect cannot be cancelled by this card."
    if ability.condition is not None and not ability.condition(state, ctx):
        return "Its condition is not met."
    if targets and ability.targets is not None and not legal_targets(state, ability, ctx):
        return "It has no legal target."
    return None


def _seat_allowed(state: GameState, known: dict[str, Any], query: str, seat: int) -> bool:
    """:func:`allowed` of ``query`` for ``seat``, read once per ``known``."""
    found = known.get(query)
    if found is None:
        found = known[query] = allowed(state, query, seat)
    return bool(found)


def _gold(state: GameState, known: dict[str, Any], seat: int) -> int:
    """:func:`gold_available` of ``seat``, read once per ``known``."""
    found = known.get("gold")
    if found is None:
        found = known["gold"] = gold_available(state, seat)
    return int(found)


def _influence(state: GameState, known: dict[str, Any], seat: int) -> int:
    """:func:`total_influence` of ``seat``, read once per ``known``."""
    found = known.get("influence")
    if found is None:
        found = known["influence"] = total_influence(state, seat)
    return int(found)


def kneel_candidates(state: GameState, seat: int, cost: Cost) -> list[str]:
    """Standing characters of ``seat`` that a ``kneel`` cost may kneel."""
    return [
        r
        for r in state.players[seat].in_play
        if (cost.any_type or facts(state, r).type == "character")
        and not state.in_play[r].knelt
        and (cost.match is None or cost.match(state, r))
        and allowed(state, "can_kneel_for_cost", r)  # Bowl of Brown
    ]


def stand_candidates(state: GameState, seat: int, cost: Cost) -> list[str]:
    """Knelt characters of ``seat`` that a ``stand`` cost may stand ("Stand a [Stark]
    character you control to ..."); with ``cost.any_type`` knelt cards of any type ("stand
    1 influence providing card to ...": Dosh Khaleen, w_15)."""
    return [
        r
        for r in state.players[seat].in_play
        if (cost.any_type or facts(state, r).type == "character")
        and state.in_play[r].knelt
        and (cost.match is None or cost.match(state, r))
        and allowed(state, "can_stand", r)
    ]


def power_candidates(state: GameState, seat: int, cost: Cost) -> list[str]:
    """Cards of ``seat`` in play with at least ``cost.amount`` power that a ``card_power``
    cost may take it from ("discard a power from a character you control to ...": Thoros of
    Myr); ``cost.match`` filters them (None: any card)."""
    return [
        r
        for r in state.players[seat].in_play
        if state.in_play[r].power >= max(1, cost.amount)
        and (cost.match is None or cost.match(state, r))
    ]


def cost_amount(state: GameState, cost: Cost, ctx: dict[str, Any]) -> int:
    """How much a cost asks for: its ``amount``, or X counted now (``Cost.count``)."""
    return cost.amount if cost.count is None else max(0, cost.count(state, ctx))


def _event_gold(state: GameState, ref: str, seat: int) -> int:
    # Only for playing an event from the hand (not Forever Burning's return from the dead
    # pile).
    playing = is_event(state, ref) and ref in state.players[seat].hand
    return value(state, "event_gold", seat, 0) if playing else 0


def _ambush_problem(state: GameState, seat: int, ref: str) -> str | None:
    card = facts(state, ref)
    if card.cost is None or card.type not in ("character", "location", "attachment"):
        return "Only cards with a cost can be put into play by Ambush."
    if card.type == "attachment" and not attachment_targets(state, card, seat):
        return f"{card.name} has no character to attach to."
    if total_influence(state, seat) < ambush_cost(state, seat, ref):
        return f"Ambush needs {ambush_cost(state, seat, ref)} influence."
    if gold_available(state, seat) < influence_toll(state, seat):
        return f"Ambush costs {influence_toll(state, seat)} gold first now."
    if card.limited and state.players[seat].limited_played:
        return "You have already played a Limited card this round."
    if not put_from_hand_allowed(state, seat):
        return "You cannot put any more cards into play from your hand now."
    return unique_problem(state, seat, card)


def use(state: GameState, action: Action, window: dict[str, Any] | None) -> None:
    """Pay the costs of a legal ``use`` action and resolve it. Costs that need choices
    (characters to kneel, then influence) are asked first; the ability resolves when they
    are paid."""
    seat, ref = action.seat, action.cards[0]
    target = action.cards[1] if len(action.cards) > 1 else None
    if action.choice == "ambush":
        ctx = {"seat": seat, "source": ref, "ambush": True, "target": target}
        pay_influence_toll(state, seat)
        ask_influence(state, seat, ambush_cost(state, seat, ref), ctx)
        return
    if action.choice == SHADOW:
        come_out_of_shadows(state, seat, ref, target)
        return
    script = script_of(state, ref)
    assert script is not None
    index = int(action.choice or 0)
    ability = script.abilities[index]
    player = state.players[seat]
    event = window_event(state, window)
    ctx = {"seat": seat, "source": ref, "target": target, "index": index, "event": event}
    if window is not None and window.get("kind") == "response":
        window.setdefault("responded", []).append(_answers(action, event))  # see usable
    key = limit_key(state, ability, ctx)
    if key is not None:
        state.used.append(key)
    if ability.limited_response:
        player.limited_response_used = True
    extra = _event_gold(state, ref, seat)
    pending: list[dict[str, Any]] = []
    since = len(state.log)
    for cost in ability.costs:
        if cost.kind == "kneel_self":
            state.in_play[ref].knelt = True
            knelt(state, [ref], "cost", seat)
        elif cost.kind == "gold":
            spend_gold(state, seat, cost.amount, "ability")
        elif cost.kind == "discard_self":
            leave_play(state, ref, "discard")
        elif cost.kind == "kill_self":
            _kill_for_cost(state, ref, seat)
        elif cost.kind == "kneel":
            pending.append({"kneel": cost.amount})
        elif cost.kind == "influence":
            pay_influence_toll(state, seat)
            pending.append({"influence": cost_amount(state, cost, ctx)})
        elif cost.kind == "remove_self":
            _remove_for_cost(state, ref, seat)
        elif cost.kind == "shadow_self":  # "put X into Shadows to ..." (Kingswood Trail)
            return_to_shadows(state, ref)
        elif cost.kind == "return_self":  # "return X to your hand to ..." (Cragorn)
            leave_play(state, ref, "hand")
        elif cost.kind == "stand":
            pending.append({"stand": cost.amount})
        elif cost.kind == "discard_hand":
            pending.append({"discard_hand": cost.amount})
        elif cost.kind == "card_power":
            pending.append({"card_power": cost.amount})
        elif cost.kind == "house_power":  # "discard 1 power from your House card to ..."
            discard_power(state, seat, cost.amount, "cost")
        elif cost.kind == "kneel_house":  # "kneel attached House card to ..." (the Titles)
            _kneel_house(state, ref)
        elif cost.kind == "discard_target" and target in state.in_play:
            leave_play(state, target, "discard")  # "discard X from play to ...": no save
        elif cost.kind == "kill_target" and target in state.in_play:
            _kill_for_cost(state, target, seat)  # "choose and kill X (cannot be saved) to"
        elif cost.kind == "kill_host":  # "kill attached character to ..." (Bronze Shield)
            host = state.in_play[ref].attached_to
            if host is not None and host in state.in_play:
                _kill_for_cost(state, host, seat)
    fire_left_play(state, since, {ref: seat})  # a card discarded or killed as a cost
    played = is_event(state, ref) and ref in player.hand
    if played:
        player.hand.remove(ref)
        player.discard.append(ref)  # Deathbound: to the dead pile once it resolves
    elif _from_pile(state, seat, ref, ability):  # as if from the hand (from_pile.py)
        played = True
        from_pile.take(state, seat, ref)
    state.emit("ability", seat=seat, card=ref, code=state.code(ref), index=index, target=target)
    if played:  # "after you play an event": once it has resolved (inserted first, runs last)
        trigger(state, "played", {"card": ref, "seat": seat, "type": "event"}, first=seat)
    ctx["pending"] = sorted(pending, key=lambda c: "influence" in c)
    _pay_next(state, ctx, [])
    if extra:
        # "Give an opponent one gold" (Calm Over Westeros): the player picks which one,
        # before anything else of the ability happens.
        options = [str(s) for s in state.opponents(seat)]
        ask_choose(state, seat, "gold_to", options, "gold_given", ctx={"seat": seat, "gold": extra})
    # Forced effects of triggering a card's ability, before its costs are chosen (Motley:
    # "must give you 1 gold ... each time he or she wishes to trigger attached character's
    # ability"). Inserted last, so it runs first.
    fire_forced(state, "ability_triggered", {"source": ref, "seat": seat})


def _host_killable(state: GameState, ref: str) -> bool:
    host = state.in_play[ref].attached_to if ref in state.in_play else None
    return host is not None and host in state.in_play and allowed(state, "can_be_killed", host)


def put_from_hand_allowed(state: GameState, seat: int) -> bool:
    """Whether ``seat`` may put a card into play from its hand now (Ambush, "put X into play
    from your hand"): the permission ``can_play`` of subject ``<seat>:put_from_hand``
    ("cannot play or put into play more than 1 card from his or her hand": Fear of Winter)."""
    return allowed(state, "can_play", f"{seat}:put_from_hand")


def _kill_for_cost(state: GameState, ref: str, seat: int) -> None:
    """ "Kill X (cannot be saved)" as a cost: to the dead pile at once; "after X is
    killed" answers once the ability has resolved (inserted first, runs last)."""
    leave_play(state, ref, "dead")
    state.emit("killed", card=ref, code=state.code(ref))
    owner = state.cards[ref].owner
    event = {"cards": [ref], "controllers": {ref: seat}}
    trigger(state, "killed", event, first=seat)
    trigger(state, "dead_pile", {"cards": [ref], "owners": {ref: owner}}, first=seat)


def _remove_for_cost(state: GameState, ref: str, seat: int) -> None:
    """ "Remove X from the game (cannot be saved)" as a cost: out of the game at once;
    "after X is removed" answers once the ability has resolved (like ``_kill_for_cost``)."""
    leave_play(state, ref, "removed")
    event = {"cards": [ref], "controllers": {ref: seat}}
    trigger(state, "removed_from_game", event, first=seat)


def influence_toll(state: GameState, seat: int) -> int:
    """Gold ``seat`` must pay to the treasury before triggering an effect with an influence
    cost (Janos Slynt in Winter): the ``influence_toll`` query, 0 unless a card has one."""
    if "influence_toll" not in PASSIVE_CODES:
        return 0
    return int(value(state, "influence_toll", seat, 0))


def pay_influence_toll(state: GameState, seat: int) -> None:
    """Pay :func:`influence_toll` (before the influence is asked)."""
    toll = influence_toll(state, seat)
    if toll:
        spend_gold(state, seat, toll, "influence_toll")


def _pay_next(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    """Ask for the next cost that needs a choice, or resolve the ability."""
    if not ctx["pending"]:
        _resolve(state, ctx, selected)
        return
    cost, rest = ctx["pending"][0], ctx["pending"][1:]
    seat = ctx["seat"]
    if "influence" in cost:
        ask_influence(state, seat, cost["influence"], {**ctx, "pending": rest})
        return
    if "discard_hand" in cost:  # "discard N cards from your hand to ..." (A Song of Summer)
        ability = _ability(state, ctx)
        discard_cost = next(c for c in ability.costs if c.kind == "discard_hand")
        hand = _hand_for_cost(state, seat, ctx["source"], discard_cost)
        amount = cost["discard_hand"]
        data = {**ctx, "pending": rest}
        then = "discard_cost_paid"
        ask_select(state, seat, "discard_cost", hand, then, low=amount, high=amount, ctx=data)
        return
    ability = _ability(state, ctx)
    if "card_power" in cost:  # "discard a power from a character you control to ..."
        power_cost = next(c for c in ability.costs if c.kind == "card_power")
        found = power_candidates(state, seat, power_cost)
        data = {**ctx, "pending": rest, "power_amount": cost["card_power"]}
        ask_select(state, seat, "power_cost", found, "power_cost_paid", low=1, high=1, ctx=data)
        return
    if "stand" in cost:  # "stand a [House] character you control to ..." (Sacred Bonds)
        stand_cost = next(c for c in ability.costs if c.kind == "stand")
        amount = cost["stand"]
        found = stand_candidates(state, seat, stand_cost)
        data = {**ctx, "pending": rest}
        ask_select(
            state, seat, "stand_cost", found, "stand_cost_paid", low=amount, high=amount, ctx=data
        )
        return
    kneel_cost = next(c for c in ability.costs if c.kind == "kneel")
    found = kneel_candidates(state, seat, kneel_cost)
    ask_select(
        state,
        seat,
        "kneel_cost",
        found,
        "kneel_cost_paid",
        low=cost["kneel"],
        high=_kneel_most(kneel_cost, cost["kneel"], len(found)),
        ctx={**ctx, "pending": rest},
    )


def _kneel_most(kneel_cost: Cost, amount: int, found: int) -> int:
    """How many a ``kneel`` cost may kneel: ``amount``, or with ``any_number`` up to every
    candidate (at most ``most`` when it says so)."""
    if not kneel_cost.any_number:
        return amount
    high = max(amount, found)
    return high if kneel_cost.most is None else max(amount, min(high, kneel_cost.most))


def _hand_for_cost(state: GameState, seat: int, source: str, cost: Cost | None = None) -> list[str]:
    """The cards of ``seat``'s hand a ``discard_hand`` cost may discard (not the card
    whose ability it is; those ``cost.match`` accepts when it has one: "discard an
    attachment from your hand", Sellsword Deserter btns_56); none while "cards cannot be
    discarded from your hand" (the ``can_discard_from_hand`` permission: The Laughing Storm)."""
    if not allowed(state, "can_discard_from_hand", seat):
        return []
    match = cost.match if cost is not None else None
    hand = state.players[seat].hand
    return [r for r in hand if r != source and (match is None or match(state, r))]


@handler("discard_cost_paid")
def _discard_cost_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    discard_from_hand(state, ctx["seat"], list(selected))
    _pay_next(state, ctx, selected)


@handler("kneel_cost_paid")
def _kneel_cost_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        state.in_play[ref].knelt = True
    state.emit("knelt_for_cost", seat=ctx["seat"], cards=selected)
    knelt(state, list(selected), "cost", ctx["seat"])
    ctx["knelt"] = list(selected)
    _pay_next(state, ctx, selected)


@handler("power_cost_paid")
def _power_cost_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    amount = ctx.get("power_amount", 1)
    for ref in selected:
        record = state.in_play.get(ref)
        if record is not None and record.power >= amount:
            record.power -= amount
            state.emit("power", seat=record.controller, amount=-amount, card=ref, reason="cost")
    ctx["power_from"] = list(selected)
    _pay_next(state, ctx, selected)


@handler("stand_cost_paid")
def _stand_cost_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        state.in_play[ref].knelt = False
    state.emit("stood_for_cost", seat=ctx["seat"], cards=selected)
    ctx["stood"] = list(selected)
    _pay_next(state, ctx, selected)


@handler("gold_given")
def _gold_given(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    give_gold(state, ctx["seat"], int(ctx["choice"]), ctx["gold"])


@handler("influence_paid")
def _influence_paid(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        state.in_play[ref].knelt = True
    state.emit("influence", seat=ctx["seat"], cards=selected)
    knelt(state, list(selected), "cost", ctx["seat"])
    # "After you kneel X to pay an influence cost, ..." (Starfall Merchant): forced, run
    # before what the influence paid for (inserted below, after its continuation).
    knelt_for_influence = bool(selected) and bool(FORCED_CODES.get("influence_knelt"))
    if ctx.get("then"):  # influence knelt inside an effect: go on with handler ``then``
        HANDLERS[ctx["then"]](state, ctx, selected)
    elif ctx.get("ambush"):
        _ambush(state, ctx)
    else:
        _pay_next(state, ctx, selected)
    if knelt_for_influence:
        fire_forced(state, "influence_knelt", {"cards": list(selected), "seat": ctx["seat"]})


def _resolve(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    # Costs are paid; opponents may now cancel (a "cancel" response to "ability"), then
    # the effect resolves unless cancelled.
    state.queue.insert(0, {"name": "resolve_ability", "ctx": ctx, "cancelled": False})
    event = {"source": ctx["source"], "seat": ctx["seat"], "target": ctx.get("target")}
    ability = cancels.ability_of(state, ctx)
    if ability is not None and ability.cannot_be_cancelled:  # "(Cannot be canceled.)"
        state.queue[0][cancels.UNCANCELABLE] = True
    if state.effects and cancels.take_pending_cancel(state, state.queue[0]):
        return  # "cancel the next effect triggered this phase" (The Painted Table)
    if not state.queue[0].get(cancels.UNCANCELABLE):
        open_response_window(state, "ability", event, first=ctx["seat"])
    if FORCED_CODES.get("ability"):  # forced cancels (Besiegers of Dorne), before the window
        fire_forced(state, "ability", event)


def resolve_ability(state: GameState, step: dict[str, Any]) -> None:
    """The ``resolve_ability`` step: the effect of a used ability, if not cancelled."""
    ctx = step["ctx"]
    if step["cancelled"]:
        state.emit("cancelled", card=ctx["source"], code=state.code(ctx["source"]))
        from_pile.resolved(state, ctx["source"])
        return
    ability = _ability(state, ctx)
    before = len(state.queue)
    record = _resolution_record(state, ctx)
    as_acting(state, ctx["seat"], ability.effect, state, ctx)  # whose effect it is
    _deathbound(state, ctx["source"])
    inserted = len(state.queue) - before
    # Robert Baratheon: then shuffled into the deck (after the steps the effect added).
    from_pile.resolved(state, ctx["source"], inserted)
    if record is not None:  # what it did, once it and the steps it added are over
        state.queue.insert(inserted, record)


# The trigger ``ability_resolved`` (``source``, ``code``, ``index``, ``seat``, ``ctx``: the
# resolved use's context, ``returned``: the characters it returned from a discard or dead
# pile to their owner's hand, deck, Shadows or play, ``owners``): a triggered ability (an
# action, a response, an event) has resolved, with the steps its effect added (prompts,
# windows). Computed and opened only while a card in play answers it, only when the effect
# returned such a character: "copy a triggered effect that returns a character from your
# discard or dead pile to ..." (Maester's Tower, soo_106).
ABILITY_RESOLVED = "ability_resolved"
RESOLVED_STEP = "ability_resolved"


def _resolution_record(state: GameState, ctx: dict[str, Any]) -> dict[str, Any] | None:
    """The ``ability_resolved`` step that will tell what the use of ``ctx`` did: the
    characters in every discard and dead pile before it (None while no card answers)."""
    answering = codes_by_zone().get(("play", ABILITY_RESOLVED))
    if not answering or not any(state.cards[r].code in answering for r in state.in_play):
        return None
    piles = [
        [ref, player.seat]
        for player in state.players
        for ref in (*player.discard, *player.dead)
        if facts(state, ref).type == "character"
    ]
    return {"name": RESOLVED_STEP, "ctx": ctx, "code": state.code(ctx["source"]), "piles": piles}


def ability_resolved_step(state: GameState, step: dict[str, Any]) -> None:
    """The ``ability_resolved`` step: trigger ``ability_resolved`` if the effect returned a
    character from a discard or dead pile to its owner's hand, deck, Shadows or play (a card
    shuffled into a deck has a fresh id: a ref no longer known went there)."""
    returned, owners = [], []
    for ref, seat in step["piles"]:
        player = state.players[seat]
        if (
            ref not in state.cards
            or any(ref in zone for zone in (player.hand, player.deck, player.shadows))
            or ref in state.in_play
        ):
            returned.append(ref)
            owners.append(seat)
    if not returned:
        return
    ctx = step["ctx"]
    event = {
        "source": ctx["source"],
        "code": step["code"],
        "index": ctx["index"],
        "seat": ctx["seat"],
        "ctx": ctx,
        "returned": returned,
        "owners": owners,
    }
    trigger(state, ABILITY_RESOLVED, event, first=ctx["seat"])


def _ability(state: GameState, ctx: dict[str, Any]) -> Ability:
    """The ability a use's ``ctx`` resolves (its card's script, a gained text included)."""
    script = script_of(state, ctx["source"])
    assert script is not None
    return script.abilities[ctx["index"]]


def _from_pile(state: GameState, seat: int, ref: str, ability: Ability) -> bool:
    """Whether this use plays an event from a discard pile as if from the hand."""
    return (
        is_event(state, ref)
        and "hand" in ability.zones
        and "discard" not in ability.zones
        and from_pile.grant(state, seat, ref) is not None
    )


def _deathbound(state: GameState, ref: str) -> None:
    """Deathbound: an event that resolved goes to its owner's dead pile instead of the
    discard pile (a cancelled one stays in the discard pile)."""
    owner = state.players[state.cards[ref].owner]
    if (
        is_event(state, ref)
        and ref in owner.discard
        and "deathbound" in keywords_in_hand(state, ref)
    ):
        owner.discard.remove(ref)
        owner.dead.append(ref)
        state.emit("deathbound", seat=owner.seat, card=ref, code=state.code(ref))


def cancel(state: GameState) -> None:
    """For cancel effects: the ability being resolved does nothing (its costs stay paid),
    unless it cannot be cancelled (:mod:`gameplay.engine.cancels`)."""
    for step in state.queue:
        if step["name"] == "resolve_ability":
            if not step.get(cancels.UNCANCELABLE):
                step["cancelled"] = True
            return


def put_into_play(
    state: GameState, seat: int, ref: str, target: str | None = None, *, origin: str | None = None
) -> None:
    """Put a card into play under ``seat``'s control from wherever it is (hand, deck,
    discard pile), bypassing costs and Limited; uniqueness still applies to the caller's
    choice of card. ``target``: the character an attachment goes on. ``origin``: where it
    came from when the caller took it out of a zone itself (``"agenda"``: The Maester's
    Path), given to ``entered_play`` as ``from`` (Forging the Chain, soo_40)."""
    for player in state.players:
        for zone in (player.hand, player.deck, player.discard, player.dead):
            if ref in zone:
                zone.remove(ref)
    knelt = enters_knelt(state, seat, ref)  # Ser Robert Strong
    state.in_play[ref] = InPlay(controller=seat, attached_to=target, knelt=knelt)
    state.players[seat].in_play.append(ref)
    state.emit("put_into_play", seat=seat, card=ref, code=state.code(ref), target=target)
    event: dict[str, Any] = {"card": ref, "seat": seat, "target": target}
    if origin is not None:
        event["from"] = origin
    trigger(state, "entered_play", event, first=seat)


def _ambush(state: GameState, ctx: dict[str, Any]) -> None:
    seat, ref = ctx["seat"], ctx["source"]
    state.players[seat].limited_played |= facts(state, ref).limited
    used = [id(e) for e in ambush_reductions(state, seat, ref)]  # used up (Harbinger)
    if used:
        state.effects = [e for e in state.effects if id(e) not in used]
    state.emit("ambush", seat=seat, card=ref, code=state.code(ref))
    put_into_play(state, seat, ref, ctx.get("target"))


# --- Shadows ---------------------------------------------------------------------------
# A card with the Shadow crest may be marshalled face down into its owner's Shadows (an
# out-of-play zone only its owner sees) for 2 gold, and comes out of Shadows, in any later
# round, as an action in any action window by paying its printed cost (docs/RULINGS.md,
# "Shadows"). Coming out is the action ``use:<card>[,<host>]=shadow``; it triggers
# ``came_out_of_shadows`` (``card``, ``cards``, ``seat``).

SHADOW = "shadow"
SHADOW_MARSHAL_COST = 2
# A Shadow event comes out face up into its owner's discard pile (it is not "played"): its
# "After X comes out of Shadows" response is used from there (docs/RULINGS.md, "Shadows").
SHADOW_TYPES = ("character", "location", "attachment", "event")
# Called with ``(state, ref)`` as a card leaves a Shadows zone (it comes out, or is discarded
# from there): Guided by Quaithe (asots_94), attached to a card in Shadows, then becomes
# unattached. Empty unless a card's script adds to it.
LEFT_SHADOWS: list[Callable[[GameState, str], None]] = []
# A card attached to a card in its owner's Shadows (Guided by Quaithe): in no zone, face up,
# recorded by an effect of this query (``subject`` the card, ``card`` the card in Shadows,
# ``seat`` the owner); ``observe`` shows it.
SHADOW_ATTACHMENT = "shadow_attachment"


def has_shadow_crest(state: GameState, ref: str) -> bool:
    """Whether a card has the Shadow crest (printed)."""
    return any(crest.lower() == "shadow" for crest in facts(state, ref).crests)


def shadow_marshal_cost(state: GameState, seat: int, ref: str) -> int:
    """Gold to marshal ``ref`` into Shadows: 2, after ``shadow_marshal_cost`` passives
    (subject ``(seat, ref)``) and the seat's pending :func:`shadow_reductions`."""
    cost = value(state, "shadow_marshal_cost", (seat, ref), SHADOW_MARSHAL_COST)
    cost -= sum(e["amount"] for e in shadow_reductions(state, seat))
    return max(0, cost)


def shadow_reductions(state: GameState, seat: int) -> list[dict[str, Any]]:
    """ "Reduce the cost of the next card you play from your hand into Shadows this phase
    by N" (Twilight Market): ``seat``'s ``shadow_reduction`` effects
    (:func:`add_shadow_reduction`), used up by the next card it marshals into Shadows."""
    return [e for e in state.effects if e["query"] == "shadow_reduction" and e["subject"] == seat]


def add_shadow_reduction(state: GameState, seat: int, amount: int, source: str) -> None:
    """Lower the cost of ``seat``'s next card marshalled into Shadows this phase."""
    effect = {"query": "shadow_reduction", "subject": seat, "until": "phase", "source": source}
    state.effects.append({**effect, "amount": amount})
    state.emit("reduction", seat=seat, amount=amount, source=source, shadows=True)
    reduction_triggered(state, seat, source)


def shadow_out_cost(state: GameState, seat: int, ref: str) -> int:
    """Gold to bring ``ref`` out of Shadows: its printed cost, after ``shadow_out_cost``
    passives (subject ``(seat, ref)``: City of Shadows' extra gold). The card's own text
    works from Shadows first: its ``own_shadow_cost`` passives, called as ``fn(state, ref,
    seat, cost)`` (Littlefinger, kr_112)."""
    cost = facts(state, ref).cost or 0
    script = SCRIPTS.get(state.code(ref))
    for fn in script.passives.get("own_shadow_cost", ()) if script is not None else ():
        cost = fn(state, ref, seat, cost)
    return max(0, value(state, "shadow_out_cost", (seat, ref), cost))


def shadow_marshal_problem(state: GameState, seat: int, ref: str) -> str | None:
    """Why ``seat`` may not marshal ``ref`` from its hand into Shadows now, if so (the
    turn itself is checked by the caller)."""
    player = state.players[seat]
    if ref not in player.hand:
        return f"{ref} is not in your hand."
    card = facts(state, ref)
    if not has_shadow_crest(state, ref):
        return f"{card.name} has no Shadow crest."
    if card.type not in SHADOW_TYPES:
        return f"{card.name} is a {card.type}; it cannot be put into Shadows."
    if not allowed(state, "can_play", f"{seat}:from_hand"):  # Mammoth Riders, Fear of Winter
        return "You cannot play any more cards from your hand now."
    cost = shadow_marshal_cost(state, seat, ref)
    if gold_available(state, seat) < cost:
        return f"Putting a card into Shadows costs {cost} gold; you have {player.gold}."
    return None


def marshal_into_shadows(state: GameState, seat: int, ref: str) -> None:
    """Marshal a card from hand face down into Shadows (the log names no card)."""
    cost = shadow_marshal_cost(state, seat, ref)
    if cost:
        spend_gold(state, seat, cost, "shadows")
    used = [id(e) for e in shadow_reductions(state, seat)]  # used up by this card
    if used:
        state.effects = [e for e in state.effects if id(e) not in used]
    put_into_shadows(state, seat, ref)  # from the hand, with a fresh id


def put_into_shadows(state: GameState, seat: int, ref: str) -> None:
    """Put a card that is not in play (hand, deck, discard pile) into ``seat``'s Shadows
    face down; it may not come out this round."""
    hidden = False
    for player in state.players:
        for zone in (player.hand, player.deck, player.discard, player.dead):
            if ref in zone:
                hidden = hidden or zone is player.hand or zone is player.deck
                zone.remove(ref)
    if hidden:  # from a hidden zone: a fresh id, so an id seen before says nothing
        card = state.cards.pop(ref)
        ref = state.new_card(card.code, card.owner)
    state.players[seat].shadows.append(ref)
    state.used.append(f"shadows:{ref}")
    state.emit("into_shadows", seat=seat, count=len(state.players[seat].shadows))


def in_shadows(state: GameState, seat: int | None = None) -> int:
    """How many cards are in Shadows (``seat``'s, or everyone's)."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return sum(len(state.players[s].shadows) for s in seats)


def shadow_problem(
    state: GameState, seat: int, ref: str, target: str | None, *, pay: bool = True
) -> str | None:
    """Why ``ref`` may not come out of ``seat``'s Shadows now (onto ``target``), if so.
    ``pay=False``: an effect brings it out without its cost (Ser Barristan Selmy, kr_53)."""
    if ref not in state.players[seat].shadows:
        return f"{ref} is not in your Shadows."
    card = facts(state, ref)
    if f"shadows:{ref}" in state.used:
        return f"{card.name} went into Shadows this round."
    cost = shadow_out_cost(state, seat, ref) if pay else 0
    if gold_available(state, seat) < cost:
        return f"Bringing {card.name} out of Shadows costs {cost} gold."
    if card.limited and state.players[seat].limited_played:
        return "You have already played a Limited card this round."
    if card.type == "attachment":
        if target not in attachment_targets(state, card, seat):
            return f"{card.name} cannot be attached there."
    elif target is not None:
        return f"{card.name} is not an attachment."
    return unique_problem(state, seat, card)


def shadow_actions(state: GameState, seat: int) -> list[Action]:
    """The ``use:<card>[,<host>]=shadow`` actions open to ``seat`` now."""
    found = []
    for ref in state.players[seat].shadows:
        card = facts(state, ref)
        hosts: list[str | None] = [None]
        if card.type == "attachment":
            hosts = list(attachment_targets(state, card, seat))
        for host in hosts:
            if shadow_problem(state, seat, ref, host) is None:
                cards = (ref,) if host is None else (ref, host)
                found.append(Action(seat, "use", cards, SHADOW))
    return found


def come_out_of_shadows(
    state: GameState, seat: int, ref: str, target: str | None, *, pay: bool = True
) -> None:
    """Pay the cost and put the card into play from Shadows; then ``came_out_of_shadows``.
    ``pay=False``: an effect brings it out without paying its cost ("Kneel 1 influence or pay
    1 gold to bring a Kingsguard ... character out of Shadows": Ser Barristan Selmy, kr_53)."""
    player = state.players[seat]
    cost = shadow_out_cost(state, seat, ref) if pay else 0
    if cost:
        spend_gold(state, seat, cost, "shadows")
    player.limited_played |= facts(state, ref).limited
    player.shadows.remove(ref)
    for hook in LEFT_SHADOWS:
        hook(state, ref)
    if facts(state, ref).type == "event":  # face up to the discard pile, not "played"
        state.players[state.cards[ref].owner].discard.append(ref)
        state.emit("out_of_shadows", seat=seat, card=ref, code=state.code(ref), target=None)
        event = {"card": ref, "cards": [ref], "seat": seat, "target": None}
        trigger(state, "came_out_of_shadows", event, first=seat)
        return
    knelt = enters_knelt(state, seat, ref)  # Ser Robert Strong
    state.in_play[ref] = InPlay(controller=seat, attached_to=target, knelt=knelt)
    player.in_play.append(ref)
    state.emit("out_of_shadows", seat=seat, card=ref, code=state.code(ref), target=target)
    event = {"card": ref, "cards": [ref], "seat": seat, "target": target}
    # Inserted first, so "came out of Shadows" answers after "entered play".
    trigger(state, "came_out_of_shadows", event, first=seat)
    trigger(state, "entered_play", {"card": ref, "seat": seat, "target": target}, first=seat)


def return_to_shadows(state: GameState, ref: str) -> None:
    """A card in play returns to its owner's Shadows (cannot be saved); it may not come
    out again this round."""
    leave_play(state, ref, "shadows")
    state.used.append(f"shadows:{ref}")


def discard_from_shadows(state: GameState, ref: str, *, random: bool = False) -> None:
    """A card in Shadows goes face up to its owner's discard pile."""
    for player in state.players:
        if ref in player.shadows:
            player.shadows.remove(ref)
    for hook in LEFT_SHADOWS:
        hook(state, ref)
    owner = state.cards[ref].owner
    state.players[owner].discard.append(ref)
    state.emit("shadow_discarded", seat=owner, card=ref, code=state.code(ref), random=random)


# --- events that stay in play as attachments ---------------------------------------------------
# "Then, attach this card to ... (counts as a Condition attachment with the text 'Attached
# character gets +1 STR.')": the event, already in its owner's discard pile once played, is
# put into play attached to a character; its script gives the bearer the STR
# (:func:`bearer_strength`) and itself the attachment's traits.


def attach_played_event(state: GameState, seat: int, ref: str, host: str) -> None:
    """Attach a played event from its owner's discard pile to ``host`` (a card in play)."""
    owner = state.players[state.cards[ref].owner]
    if host in state.in_play and ref in owner.discard:
        put_into_play(state, seat, ref, host)


def bearer_strength(amount: int) -> Any:
    """A ``strength`` passive: the card this one is attached to gets ``amount`` STR."""

    def passive(state: GameState, source: str, subject: Any, base: int) -> int:
        record = state.in_play.get(source)
        return base + amount if record is not None and subject == record.attached_to else base

    return passive


def own_traits(*added: str) -> Any:
    """A ``traits`` passive: the card itself has these traits too (while in play)."""

    def passive(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
        return base | set(added) if subject == source else base

    return passive
