"""Cards on a House card: the Chambers and Formal Petition (your own), the Ravens (Black
Raven, White Raven), Summer Tax and The Long Winter / Summer ("a player's House card").

A card on a House card is in play with no host (``InPlay.attached_to`` is None: no card it
sits on can leave play) and a lasting ``on_house`` effect (until it leaves play) naming the
seat whose House card holds it (``seat``, only when not its controller's own).
Marshalling one is ``marshal:play:<card>=house`` (your House card) or ``=house_<seat>``
(another player's), as its ``Script.house_rule`` allows (None: your own only). ``observe``
shows it ``attached_to`` ``"house"`` with ``house_of``, the seat of that House card.
"""

from __future__ import annotations

from gameplay.engine.abilities import SCRIPTS, add_lasting, facts, pool
from gameplay.engine.numbers import whole_number
from gameplay.engine.state import GameState

HOUSE = "house"
ON_HOUSE = "on_house"


def choice_for(seat: int, house_seat: int) -> str:
    """The marshalling choice for ``house_seat``'s House card, played by ``seat``."""
    return HOUSE if house_seat == seat else f"{HOUSE}_{house_seat}"


def seat_of_choice(state: GameState, seat: int, choice: str) -> int | None:
    """The seat whose House card a choice names (``house``: ``seat``'s own), else None."""
    if choice == HOUSE:
        return seat
    word, _, number = choice.partition("_")
    return whole_number(number, high=len(state.players) - 1) if word == HOUSE else None


def choices(state: GameState, ref: str, seat: int) -> list[str]:
    """The House cards ``seat`` may play ``ref`` onto, as marshalling choices (none for a
    card that never goes on a House card)."""
    script = SCRIPTS.get(state.code(ref)) if ref in state.cards else None
    if script is None or not script.house_attachment:
        return []
    rule = script.house_rule
    if rule is None:
        return [HOUSE]
    code = state.code(ref)
    return [choice_for(seat, p.seat) for p in state.players if rule(state, code, p.seat, seat)]


def attach(state: GameState, ref: str, house_seat: int) -> None:
    """Record that ``ref`` (just put into play) sits on ``house_seat``'s House card (the
    effect names the seat only when it is not the card's controller: a Chambers' record
    stays as it was)."""
    if house_seat == state.in_play[ref].controller:
        add_lasting(state, ON_HOUSE, ref, "play", value=True)
    else:
        add_lasting(state, ON_HOUSE, ref, "play", value=True, seat=house_seat)


def house_of(state: GameState, ref: str) -> int | None:
    """The seat whose House card ``ref`` is on, or None (not on a House card)."""
    for effect in state.effects:
        if effect["query"] == ON_HOUSE and effect["subject"] == ref:
            seat = effect.get("seat")
            if isinstance(seat, int):
                return seat
            record = state.in_play.get(ref)
            return record.controller if record is not None else None
    return None


def attachments_on(state: GameState, house_seat: int) -> list[str]:
    """The cards in play on ``house_seat``'s House card."""
    return [
        e["subject"]
        for e in state.effects
        if e["query"] == ON_HOUSE
        and e["subject"] in state.in_play
        and house_of(state, e["subject"]) == house_seat
    ]


def observed(state: GameState, ref: str) -> dict[str, object]:
    """What ``observe`` adds for a card in play on a House card (nothing for the others)."""
    seat = house_of(state, ref)
    return {} if seat is None else {"attached_to": HOUSE, "house_of": seat}


def off_house(state: GameState, ref: str) -> None:
    """``ref`` stays in play but is no longer on a House card (a table move onto a card)."""
    state.effects = [
        e for e in state.effects if not (e["query"] == ON_HOUSE and e["subject"] == ref)
    ]


# --- House rules for card scripts -----------------------------------------------------------


def any_house(state: GameState, code: str, house_seat: int, seat: int) -> bool:
    """ "Attach to a player's House card": any seat's."""
    return True


def opponents_house(state: GameState, code: str, house_seat: int, seat: int) -> bool:
    """ "Attach to an opponent's House card": any seat's but the attaching player's."""
    return house_seat != seat


def limit_one_per_house_card(state: GameState, code: str, house_seat: int, seat: int) -> bool:
    """ "Attach to a player's House card. (Limit 1 per House card.)": no card of the same
    title on it already."""
    name = pool(state)[code].name
    return all(facts(state, r).name != name for r in attachments_on(state, house_seat))
