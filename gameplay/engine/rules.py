"""Rule checks and derived values: costs, gold penalty, uniqueness, Limited, income, initiative.

Each ``check_*`` function returns ``None`` when an action is legal and otherwise the error
message for :class:`~gameplay.engine.game.IllegalAction`; :func:`legal_actions` lists exactly
the candidates these checks accept, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from gameplay.engine import from_pile, titles
from gameplay.engine.abilities import (
    KNEEL_SELF,
    PASSIVE_CODES,
    SCRIPTS,
    Ability,
    Cost,
    allowed,
    facts,
    gold_available,
    house_card_value,
    icons,
    pool,
    quiet,
    value,
)
from gameplay.engine.card_facts import MARSHAL_TYPES, CardFacts
from gameplay.engine.state import GameState

__all__ = ["facts", "pool"]  # re-exported: rule code has always imported them from here

SETUP_GOLD = 5
GOLD_PENALTY = 2
HAND_SIZE = 7
DRAW_PHASE_CARDS = 2


def gold_penalty(house: str, card: CardFacts) -> int:
    """2 gold for a card affiliated only with Houses other than ``house``; neutral: none."""
    if card.neutral or house in card.houses:
        return 0
    return GOLD_PENALTY


def gold_cost(state: GameState, seat: int, ref: str, host: str | None = None) -> int | None:
    """Printed cost plus gold penalty, after cost passives (Grey Wind) and the pending
    "lower the cost of the next ... you play this phase" reductions; ``None`` when the card
    has no printed cost. ``host``: the card an attachment is played on, whose
    ``attach_cost`` passives (subject ``(ref, host)``) change the cost ("Reduce the cost to
    play Weapon attachments on Peasant Defenders by 1")."""
    card = facts(state, ref)
    if card.cost is None:
        return None
    penalty = gold_penalty(state.players[seat].house, card)
    if penalty:  # "Ignore the out-of-House gold penalty on ..." (agendas): subject (seat, ref)
        penalty = value(state, "gold_penalty", (seat, ref), penalty)
        # The seat's House card (Neutral Faction): its ``gold_penalty`` passives.
        penalty = house_card_value(state, seat, "gold_penalty", (seat, ref), penalty)
    if penalty and state.effects and penalty_ignored(state, seat, ref):
        penalty = 0
    cost = card.cost + penalty
    # The card's own text ("If Robb Stark is in play, lower the cost to play Grey Wind by
    # 2") works from the hand: its ``own_cost`` passives, then other cards' ``cost``.
    script = SCRIPTS.get(card.code)
    for fn in script.passives.get("own_cost", ()) if script is not None else ():
        cost = fn(state, ref, seat, cost)
    cost = value(state, "cost", ref, cost)
    if host is not None:
        cost = value(state, "attach_cost", (ref, host), cost)
    reducible = cost_reducible(state, ref)
    if reducible:  # a card that cannot be reduced uses up no reduction (_reductions)
        found = _reductions(state, seat, ref, reducible=True)
        cost -= sum(reduction_amount(state, seat, ref, e) for e in found)
    else:
        cost = max(cost, card.cost + penalty)
    return max(0, cost)


def penalty_ignored(state: GameState, seat: int, ref: str) -> bool:
    """Whether a pending reduction with ``no_penalty`` ("ignore all gold penalties on the
    next card you play this phase": House Bannerman, cad_56) applies to ``ref``: it is used
    up like the other reductions by the next card marshalled (:func:`use_reductions`)."""
    return any(e.get("no_penalty") for e in _reductions(state, seat, ref))


def reduction_amount(state: GameState, seat: int, ref: str, effect: dict) -> int:
    """How much a pending reduction lowers ``ref``: its ``amount``, plus its
    ``out_of_house`` extra when ``ref`` is an out-of-House card for ``seat`` ("by 1, by 2
    instead if it is an out-of-House attachment": Port at Slaver's Bay)."""
    extra = effect.get("out_of_house", 0)
    if extra and gold_penalty(state.players[seat].house, facts(state, ref)):
        return effect["amount"] + extra
    return effect["amount"]


def cost_reducible(state: GameState, ref: str) -> bool:
    """Whether the cost to play ``ref`` may be reduced: the permission ``cost_reducible``
    (subject the card; "The cost to play non-Noble cards cannot be reduced": Gylbert
    Farwynd). A card that cannot be reduced uses up no pending reduction."""
    return (
        "cost_reducible" not in PASSIVE_CODES
        or quiet(state, "cost_reducible")
        or allowed(state, "cost_reducible", ref)
    )


def add_reduction(
    state: GameState,
    seat: int,
    amount: int,
    source: str,
    *,
    houses: tuple[str, ...] = (),
    types: tuple[str, ...] = (),
    icon: str | None = None,
    trait: str | None = None,
    knelt: bool = False,
    then: str | None = None,
    traits: tuple[str, ...] = (),
    min_cost: int | None = None,
    count: int = 1,
) -> None:
    """ "Lower the cost of the next [House X] [character] [with an icon] [with a printed
    trait] you play this phase by ``amount``": a lasting effect used up by the next
    matching card marshalled. ``knelt``: "That character comes into play knelt" (Mountain
    Camp, Flea Bottom): the card it lowers is marshalled knelt (game._do_marshal).
    ``then``: an effect (abilities.effect) run as that card is marshalled, with ``card``
    and ``seat`` ("When you play that card, draw 1 card": Vale Encampment). ``traits``:
    any of these printed traits ("the next Dothraki or Mercenary character"); ``min_cost``:
    "with printed cost X or higher"; ``count``: "the next N cards ... by ``amount`` each"
    (Eastern Market, The Bloody Gate: used up one card at a time, :func:`use_reductions`)."""
    reduction = {
        "query": "reduction",
        "subject": seat,
        "until": "phase",
        "source": source,
        "amount": amount,
        "houses": list(houses),
        "types": list(types),
        "icon": icon,
    }
    if trait is not None:  # "the next House Stark Army" (Robb Stark, Kings of the Sea)
        reduction["trait"] = trait
    if knelt:
        reduction["knelt"] = True
    if then is not None:
        reduction["then"] = then
    if traits:
        reduction["traits"] = list(traits)
    if min_cost is not None:
        reduction["min_cost"] = min_cost
    if count > 1:
        reduction["left"] = count
    state.effects.append(reduction)
    state.emit("reduction", seat=seat, amount=amount, source=source)
    reduction_triggered(state, seat, source)


def reduction_triggered(state: GameState, seat: int, source: str) -> None:
    """``seat`` just triggered a cost reducing effect of ``source``: the trigger
    ``cost_reduced`` (``seat``, ``source``: "After an opponent triggers a cost reducing
    effect", Streets of Hellholt), opened only while a card in play answers it."""
    from gameplay.engine.triggers import codes_by_zone, trigger

    codes = codes_by_zone().get(("play", "cost_reduced"))
    if codes and any(state.cards[r].code in codes for r in state.in_play):
        trigger(state, "cost_reduced", {"seat": seat, "source": source}, first=seat)


def cost_reducer(
    amount: int,
    houses: tuple[str, ...] = (),
    types: tuple[str, ...] = (),
    icon: str | None = None,
    cost: Cost = KNEEL_SELF,
) -> Ability:
    """ "Marshalling: Kneel X (or discard X from play) to lower the cost of the next [House
    Y] [character] [with an icon] you play this phase by ``amount``" (the Fiefdoms, the
    Seas, the Streets, House Tully Recruiter ...): an action whose effect is
    :func:`add_reduction` for its player."""

    def lower(state: GameState, ctx: dict) -> None:
        seat, source = ctx["seat"], ctx["source"]
        add_reduction(state, seat, amount, source, houses=houses, types=types, icon=icon)

    return Ability("action", lower, phases=("marshalling",), costs=(cost,))


def _reductions(
    state: GameState, seat: int, ref: str, ambush: bool = False, reducible: bool = False
) -> list[dict]:
    """The pending reductions that lower ``ref`` for ``seat`` (``reducible``: the caller
    has just found that the cost of ``ref`` may be reduced)."""
    card = facts(state, ref)
    found: list[dict] = []
    if not reducible and not cost_reducible(state, ref):
        return found
    for effect in state.effects:
        if effect["query"] != "reduction" or effect["subject"] != seat:
            continue
        # "The next character you put into play using ambush" (Pentoshi Deckhand): an
        # ``ambush_only`` reduction lowers no marshalled card.
        if effect.get("ambush_only") and not ambush:
            continue
        if effect["houses"] and not set(effect["houses"]) & set(card.houses):
            continue
        if effect["types"] and card.type not in effect["types"]:
            continue
        if effect["icon"] and effect["icon"] not in card.icons:
            continue
        if effect.get("trait") and effect["trait"] not in card.traits:
            continue
        if effect.get("unique") and not card.unique:  # Street of Silk: "unique character"
            continue
        # "The next character with a [Noble] or [War] crest" (Ocean Road): any printed crest.
        if effect.get("crests") and not set(effect["crests"]) & set(card.crests):
            continue
        # "The next card you play with a [Naval] enhancement" (Blazewater Bay): printed.
        if effect.get("naval") and not card.naval:
            continue
        # "The next Dothraki or Dragon character" (True-Queen's Harbinger): any printed trait.
        if effect.get("traits") and not set(effect["traits"]) & set(card.traits):
            continue
        # "The next 2 cards with printed cost 4 or higher" (The Bloody Gate).
        if effect.get("min_cost") is not None and (card.cost or 0) < effect["min_cost"]:
            continue
        # "The next Clansman or neutral Creature character" (The Neck): [trait, House or ""].
        if effect.get("trait_houses") and not any(
            t in card.traits and (not h or h in card.houses) for t, h in effect["trait_houses"]
        ):
            continue
        found.append(effect)
    return found


def ambush_reductions(state: GameState, seat: int, ref: str) -> list[dict]:
    """The reductions that also lower a card "you put into play using Ambush" (an
    ``ambush`` reduction, True-Queen's Harbinger): they lower its Ambush influence cost."""
    return [e for e in _reductions(state, seat, ref, ambush=True) if e.get("ambush")]


def ambush_cost(state: GameState, seat: int, ref: str) -> int:
    """The influence ``seat`` kneels to put ``ref`` into play by Ambush: its printed cost
    after :func:`ambush_reductions`."""
    cost = facts(state, ref).cost or 0
    return max(0, cost - sum(e["amount"] for e in ambush_reductions(state, seat, ref)))


def use_reductions(state: GameState, seat: int, ref: str) -> list[dict]:
    """The card was played: the reductions that applied to it are used up (returned); one
    with ``left`` ("the next 3 characters": Eastern Market) stays for one card fewer."""
    found = _reductions(state, seat, ref)
    used = [id(e) for e in found]
    kept = [{**e, "left": e["left"] - 1} for e in found if e.get("left", 1) > 2]
    kept += [{k: v for k, v in e.items() if k != "left"} for e in found if e.get("left") == 2]
    state.effects = [e for e in state.effects if id(e) not in used] + kept
    return found


def plot_choices(state: GameState, seat: int) -> list[str]:
    """The plots ``seat`` may choose now: its plot deck, or its used pile while a
    ``plot_from_used`` effect names it ("the next time that opponent must choose a plot this
    phase, the selection must come from his or her used plot pile": Moon Boy)."""
    player = state.players[seat]
    forced = any(e["query"] == "plot_from_used" and e["subject"] == seat for e in state.effects)
    return list(player.used_plots) if forced and player.used_plots else list(player.plot_deck)


def unique_names(state: GameState, seat: int) -> set[str]:
    """The names :func:`unique_problem` finds for ``seat``: of the cards in play it
    controls or owns, and of its dead pile (a unique card of another name has none)."""
    names = {
        facts(state, ref).name
        for ref, record in state.in_play.items()
        if seat in (record.controller, state.cards[ref].owner)
    }
    return names | {facts(state, ref).name for ref in state.players[seat].dead}


def unique_problem(state: GameState, seat: int, card: CardFacts) -> str | None:
    """Why ``seat`` may not play this unique card now (a copy in play or dead), if so."""
    if not card.unique:
        return None
    for ref, record in state.in_play.items():
        if facts(state, ref).name == card.name and seat in (
            record.controller,
            state.cards[ref].owner,
        ):
            return f"{card.name} is unique and you already have a copy in play ({ref})."
    for ref in state.players[seat].dead:
        if facts(state, ref).name == card.name:
            return f"{card.name} is unique and a copy is in your dead pile."
    return None


def income(state: GameState, seat: int) -> int:
    """Revealed plot income plus income bonuses of cards the seat controls (even knelt),
    plus title income, after card effects (Blockade, Rains of Autumn)."""
    player = state.players[seat]
    plot = (facts(state, player.revealed_plot).income or 0) if player.revealed_plot else 0
    plot = value(state, "plot_income", seat, plot)
    bonus = sum(
        value(state, "income_bonus", ref, _printed_bonus(state, ref, "income"))
        for ref in player.in_play
    )
    total = plot + bonus + titles.income_bonus(state, seat)
    return max(0, value(state, "income", seat, total))


def _printed_bonus(state: GameState, ref: str, kind: str) -> int:
    """A card's printed [+N Income] / [+N Influence] / [+N Initiative]: in its text box, so
    none while the text is blank (Milk of the Poppy)."""
    from gameplay.engine.abilities import is_blank

    return 0 if is_blank(state, ref) else getattr(facts(state, ref), kind) or 0


def initiative(state: GameState, seat: int) -> int:
    """Revealed plot initiative plus initiative bonuses of cards the seat controls."""
    player = state.players[seat]
    plot = (facts(state, player.revealed_plot).initiative or 0) if player.revealed_plot else 0
    plot = value(state, "plot_initiative", seat, plot) if player.revealed_plot else 0
    total = plot + sum(_printed_bonus(state, ref, "initiative") for ref in player.in_play)
    return value(state, "initiative", seat, total)


def attachment_targets(
    state: GameState, attachment: CardFacts, seat: int | None = None
) -> list[str]:
    """Characters in play (any player's) that ``seat`` may attach ``attachment`` to: the
    target's keywords (No attachments; Weapon) and the attachment's own restrictions
    ("House Stark character only", "Attach to an opponent's character")."""

    script = SCRIPTS.get(attachment.code)
    rule = script.attach_rule if script is not None else None
    targets = []
    kinds = script.attach_types if script is not None else ("character",)
    for seat_player in state.players:
        for ref in seat_player.in_play:
            if kinds != ("character",):  # Frozen Solid: locations or attachments
                kind_ok = facts(state, ref).type in kinds
                if kind_ok and (rule is None or rule(state, attachment.code, ref, seat)):
                    targets.append(ref)
                continue
            if state.in_play[ref].attached_to or not can_take(facts(state, ref), attachment):
                continue
            if rule is not None and not rule(state, attachment.code, ref, seat):
                continue
            # "Cannot have attachments played on it" (Bastard, Lions of the Rock).
            if not allowed(state, "can_have_attachments", ref):
                continue
            # "No Condition attachments" (Littlefinger): subject (host, attachment's code).
            if not allowed(state, "can_take_attachment", (ref, attachment.code)):
                continue
            targets.append(ref)
    return targets


def can_take(target: CardFacts, attachment: CardFacts) -> bool:
    """Whether a character may take an attachment by keywords (No attachments; Weapon)."""
    if target.type != "character":  # "Attach to a location" (Increased Levy): attach_types
        script = SCRIPTS.get(attachment.code)
        return script is not None and target.type in script.attach_types
    if "no attachments" in target.keywords:
        return False
    if "no attachments except weapon" in target.keywords:
        return "Weapon" in attachment.traits
    if "no attachments except siege" in target.keywords:  # Highgarden Cavaliers (acoa_71)
        return "Siege" in attachment.traits
    # Any other "No attachments except <Trait>" (Strong Belwas, btns_34: Boon).
    # "... except Weapon or Boon" (Destitute Horde), "... except a single Weapon" (Cat o' the
    # Canals: the number is not counted here).
    for word in target.keywords:
        if word.startswith("no attachments except "):
            rest = word[len("no attachments except ") :].strip().rstrip(".")
            rest = rest.removeprefix("a single ").removeprefix("a ")
            wanted = {part.strip() for part in rest.split(" or ")}
            return bool(wanted & {t.lower() for t in attachment.traits})
    return True


def check_setup(
    state: GameState, seat: int, refs: Sequence[str], known: dict[str, Any] | None = None
) -> str | None:
    """Setup placement: characters, locations and Setup attachments from hand, at most 5
    gold with penalties, one Limited card, no two copies of a unique card; an attachment
    needs a placed character that can take it (it is attached when cards are revealed).
    ``known``: what was read for another placement of the same seat in the same state (the
    permission, the limit, each card's cost), kept there: listing every placement reads
    each once."""
    player = state.players[seat]
    if known is None:
        known = {}
    if len(set(refs)) != len(refs):
        return "A card is listed twice."
    if refs:
        may = known.get("may")
        if may is None:
            may = known["may"] = allowed(state, "can_place_setup", seat)
        if not may:  # Knights of the Hollow Hill
            return "A card says you cannot place cards during setup."
    total, limited, names = 0, 0, set()
    placed = [facts(state, r) for r in refs if r in player.hand]
    for ref in refs:
        if ref not in player.hand:
            return f"{ref} is not in your hand."
        card = facts(state, ref)
        if card.type == "attachment":
            if not card.setup:
                return f"{card.name} is an attachment without the Setup keyword."
            if not any(can_take(other, card) for other in placed):
                return f"{card.name} needs a placed character that can take it."
        elif card.type not in ("character", "location"):
            return f"{card.name} is a {card.type}; setup takes characters and locations."
        if ref not in known:
            known[ref] = gold_cost(state, seat, ref)
        cost = known[ref]
        if cost is None:
            return f"{card.name} has no gold cost and cannot be placed."
        total += cost
        limited += card.limited
        if card.unique:
            if card.name in names:
                return f"{card.name} is unique; place only one copy."
            names.add(card.name)
    # "You cannot spend more than 3 gold during setup" (House of Dreams): ``setup_gold``.
    limit = known.get("limit")
    if limit is None:
        limit = known["limit"] = value(state, "setup_gold", seat, SETUP_GOLD)
    if total > limit:
        return f"These cards cost {total} gold with penalties; setup allows {limit}."
    if limited > 1:
        return "Only one card with the Limited keyword may be placed in setup."
    return None


def play_problem(state: GameState, seat: int, ref: str) -> str | None:
    """Why ``seat`` may not play ``ref`` (marshal it, as a duplicate too, or play it as an
    event) now, if a card forbids it: the permission ``can_play`` asked of the subjects
    ``name:<card name>`` ("no player can play that card": Ser Barristan Selmy) and
    ``<seat>:<card type>`` ("that opponent cannot play event cards") and
    ``<seat>:name:<card name>`` ("opponents cannot play copies of event cards that are in
    their discard pile": Baelor Blacktyde)."""
    if quiet(state, "can_play"):
        return None  # no card of the game and no lasting effect forbids playing anything
    card = facts(state, ref)
    if not allowed(state, "can_play", f"name:{card.name}"):
        return f"No player can play {card.name} now."
    if not allowed(state, "can_play", f"{seat}:name:{card.name}"):
        return f"You cannot play {card.name} now."
    if not allowed(state, "can_play", f"{seat}:{card.type}"):
        return f"You cannot play {card.type} cards now."
    # Every play checked here is from the hand (or as if from it): "you cannot play any
    # further cards from your hand this round" (Mammoth Riders, Fear of Winter).
    if not allowed(state, "can_play", f"{seat}:from_hand"):
        return "You cannot play any more cards from your hand now."
    return None


def check_marshal(
    state: GameState,
    seat: int,
    refs: Sequence[str],
    influence: int = 0,
    targets: Collection[str] | None = None,
    known: dict[str, Any] | None = None,
) -> str | None:
    """Marshal a card from hand: pay cost + penalty, uniqueness, Limited, attachment target;
    ``influence``: how much of the gold cost is paid with influence instead (Plaza of
    Purification: influence.marshal_influence_choices); ``targets``: the attachment's
    :func:`attachment_targets`, when the caller has them already; ``known``: what was read
    for another card of the same seat in the same state (the gold it has), kept there."""
    player = state.players[seat]
    ref = refs[0]
    if ref not in player.hand and from_pile.grant(state, seat, ref) is None:
        return f"{ref} is not in your hand."  # or a discard pile a card lets you play from
    forbidden = play_problem(state, seat, ref)
    if forbidden:
        return forbidden
    card = facts(state, ref)
    if card.type not in MARSHAL_TYPES:
        return (
            f"{card.name} is a {card.type}; only characters, locations and attachments "
            "are marshalled."
        )
    host = refs[1] if card.type == "attachment" and len(refs) == 2 else None
    cost = gold_cost(state, seat, ref, host)
    if cost is None:
        return f"{card.name} has no gold cost and cannot be marshalled."
    gold = known.get("gold") if known is not None else None
    if gold is None:
        gold = gold_available(state, seat)
        if known is not None:
            known["gold"] = gold
    if cost - influence > gold:
        return f"{card.name} costs {cost} gold; you have {gold}."
    if card.limited and player.limited_played:
        return "You have already played a Limited card this round."
    if known is not None and card.unique and "names" not in known:
        known["names"] = unique_names(state, seat)
    if known is None or card.name in known.get("names", (card.name,)):
        problem = unique_problem(state, seat, card)
        if problem:
            return problem
    house_only = SCRIPTS.get(card.code) is not None and SCRIPTS[card.code].house_attachment
    if card.type == "attachment" and len(refs) == 1 and house_only:
        return None  # onto the House card (Formal Petition; game.py asks for =house)
    if card.type == "attachment":
        if len(refs) != 2:
            return f"{card.name} is an attachment; name the character to attach it to."
        if targets is None:
            targets = attachment_targets(state, card, seat)
        if refs[1] not in targets:
            return f"{refs[1]} cannot take {card.name}."
    elif len(refs) != 1:
        return f"{card.name} is not an attachment; name only the card."
    return None


def own_duplicate_on(state: GameState, ref: str, target: str) -> bool:
    """Whether the text of ``ref`` (in hand) lets it be played as a duplicate on ``target``
    whatever its name: its script's ``own_duplicate`` passives, ``fn(state, ref, target,
    base) -> bool`` ("can be played from your hand as a duplicate on a Noble character":
    Loyal Guard). False for every card without one."""
    script = SCRIPTS.get(state.code(ref))
    found = False
    for fn in script.passives.get("own_duplicate", ()) if script is not None else ():
        found = fn(state, ref, target, found)
    return found


def has_own_duplicate(state: GameState, ref: str) -> bool:
    """Whether ``ref``'s own text lets it be a duplicate on other cards
    (:func:`own_duplicate_on`)."""
    script = SCRIPTS.get(state.code(ref))
    return script is not None and "own_duplicate" in script.passives


def check_duplicate(state: GameState, seat: int, refs: Sequence[str]) -> str | None:
    """Attach a copy from hand under a unique card the seat controls and owns (free)."""
    ref, target = refs
    if ref not in state.players[seat].hand:
        return f"{ref} is not in your hand."
    record = state.in_play.get(target)
    if record is None or target not in state.players[seat].in_play:
        return f"{target} is not a card you control in play."
    card, base = facts(state, ref), facts(state, target)
    if own_duplicate_on(state, ref, target):
        pass  # its own text lets it go on this card ("as a duplicate on a Noble character")
    elif not base.unique or card.name != base.name:
        return f"{card.name} is not a copy of the unique card {base.name}."
    if state.cards[target].owner != seat:
        return f"You do not own {base.name}; duplicates go only on cards you own."
    return play_problem(state, seat, ref)


# --- who may attack and defend (the challenges phase and the titles ask) ---------------


def is_character(state: GameState, ref: str) -> bool:
    """Whether ``ref`` is a character (by its facts after effects)."""
    return facts(state, ref).type == "character"


def can_attack(
    state: GameState, seat: int, ctype: str, seen: dict[str, list[Any]] | None = None
) -> list[str]:
    """Characters ``seat`` may declare as attackers in a ``ctype`` challenge. A card may let
    knelt characters attack (flag ``knelt_can_attack``, subject ``(ref, ctype)``: Rise of the
    Mountain Clans, Tyrion's Enforcers). ``seen``: what was read of each card for another
    challenge type in the same state (its icons, whether it may attack), kept there."""
    if seen is None:
        return [
            r
            for r in state.players[seat].in_play
            if is_character(state, r)
            and (not state.in_play[r].knelt or value(state, "knelt_can_attack", (r, ctype), False))
            and ctype in icons(state, r)
            and allowed(state, "can_attack", r)
        ]
    found = []
    for r in state.players[seat].in_play:
        if not is_character(state, r):
            continue
        if state.in_play[r].knelt and not value(state, "knelt_can_attack", (r, ctype), False):
            continue
        read = seen.get(r)
        if read is None:
            read = seen[r] = [icons(state, r), None]
        if ctype not in read[0]:
            continue
        if read[1] is None:
            read[1] = allowed(state, "can_attack", r)
        if read[1]:
            found.append(r)
    return found


def _defends_without_icon(state: GameState, ref: str, ctype: str) -> bool:
    """The flag ``defends_without_icon`` (subject (ref, type)): a character that may defend
    a challenge of a type it has no icon for (Yoren)."""
    if "defends_without_icon" not in PASSIVE_CODES:
        return False
    return bool(value(state, "defends_without_icon", (ref, ctype), False))


def can_defend(state: GameState, seat: int, ctype: str, blocked: list[str]) -> list[str]:
    """Characters ``seat`` may declare as defenders (standing, icon, not kept out). A card
    may let knelt characters defend (flag ``knelt_can_defend``) or forbid standing ones
    (``standing_can_defend``): The Fox's Teeth."""
    return [
        r
        for r in state.players[seat].in_play
        if is_character(state, r)
        and (
            value(state, "knelt_can_defend", r, False)
            if state.in_play[r].knelt
            else allowed(state, "standing_can_defend", r)
        )
        and r not in blocked
        and (ctype in icons(state, r) or _defends_without_icon(state, r, ctype))
        and allowed(state, "can_defend", r)
        and allowed(state, "can_defend_type", f"{seat}:{ctype}")
    ]
