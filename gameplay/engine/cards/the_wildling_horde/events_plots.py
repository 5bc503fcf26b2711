"""The Wildling Horde: the events, the attachment and the plot (dotn_64, dotn_68, dotn_70,
dotn_72, dotn_80)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    characters,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    event,
    has_trait,
    response,
    win_challenge_instead,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- dotn_64 Misinformation -------------------------------------------------------------
# "House Lannister only. Response: If an opponent would win an Intrigue challenge against
# you, cancel the determination of challenge winner. You automatically win the challenge."
# The window ``would_win_intrigue`` (challenges.resolve) of a challenge whose defending
# player is you and whose winner, as it stands now, is an opponent; you become the winner
# (vocabulary.win_challenge_instead). The ruling's second copy "in response to the first"
# is a copy of a player against whom an opponent would then win: with the winner now the
# defending player, no other player is the one the challenge is against, so none is
# offered (RULINGS).


def _misinformation_may(state: GameState, ctx: Ctx) -> bool:
    challenge, seat = state.challenge, ctx["seat"]
    return (
        challenge is not None
        and challenge["type"] == "intrigue"
        and challenge["defender"] == seat
        and challenge["winner"] in state.opponents(seat)
    )


register(
    "dotn_64",
    response(
        lambda state, ctx: win_challenge_instead(state, ctx["seat"]),
        "would_win_intrigue",
        condition=_misinformation_may,
    ),
)

# --- dotn_68 Pulled Under -------------------------------------------------------------------
# "At the end of the dominance phase, return Pulled Under and attached character to the
# bottom of their owners' decks."  A forced effect at ``dominance_ends``: both go to the
# bottom of their owners' decks (Pulled Under first, its character last, beneath it), each
# a return to the deck that may be saved (a saved character keeps its other attachments).


def _pulled_under(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    host = attached_to(state, source)
    cards = [source] + ([host] if host is not None else [])
    moves.return_to_deck(state, cards, bottom=True)


register("dotn_68", forced={"dominance_ends": _pulled_under})

# --- dotn_70 The Dragon's Fire --------------------------------------------------------------
# "House Targaryen only. Challenges: Choose 1 Dragon character. Until the end of the phase,
# that character gains: While this character is attacking, defending characters get -1 STR
# and are killed if their STR is 0."  Any player's Dragon character (its traits now). The
# gained text is two lasting passives on it (abilities.LASTING_PASSIVES: ``strength`` and
# ``dies_at_zero`` of every defending character while it is among the attackers), gone at
# the end of the phase or when it leaves play, inactive while its text is blank.

DRAGONS_FIRE_STR = "dotn_dragons_fire_str"
DRAGONS_FIRE_ZERO = "dotn_dragons_fire_zero"


def _under_fire(state: GameState, dragon: str, subject: Any) -> bool:
    challenge = state.challenge
    return (
        challenge is not None
        and isinstance(subject, str)
        and dragon in challenge["attackers"]
        and subject in challenge["defenders"]
    )


def _fire_strength(state: GameState, dragon: str, subject: Any, base: int) -> int:
    return base - 1 if _under_fire(state, dragon, subject) else base


def _fire_zero(state: GameState, dragon: str, subject: Any, base: bool) -> bool:
    return True if _under_fire(state, dragon, subject) else base


LASTING_PASSIVES[DRAGONS_FIRE_STR] = _fire_strength
LASTING_PASSIVES[DRAGONS_FIRE_ZERO] = _fire_zero


def _dragons(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if has_trait(state, r, "Dragon")]


def _dragons_fire(state: GameState, ctx: Ctx) -> None:
    ref, source = ctx["target"], ctx["source"]
    if ref not in state.in_play:
        return
    add_lasting(state, "strength", ref, "phase", source, passive=DRAGONS_FIRE_STR)
    add_lasting(state, "dies_at_zero", ref, "phase", source, passive=DRAGONS_FIRE_ZERO)


register("dotn_70", event(_dragons_fire, phases=("challenges",), targets=_dragons))

# --- dotn_72 Scorpions Underfoot -----------------------------------------------------------
# "House Martell only. Any Phase: Kneel 3 influence to choose 3 characters. Until the end of
# the phase, one of those characters loses a Military icon, the second loses an Intrigue
# icon, and the third loses a Power icon."  Three different characters in play (anyone's,
# that the event may choose) must be there to play it; its player chooses, one at a time,
# the one that loses the Military icon, then the Intrigue icon, then the Power icon (a
# character without that icon may be chosen: it loses nothing).

SCORPION_ICONS = ("military", "intrigue", "power")


def _scorpion_candidates(state: GameState, seat: int, source: str, taken: list[str]) -> list[str]:
    return [r for r in characters(state) if r not in taken and choosable(state, r, source, seat)]


def _scorpions_may(state: GameState, ctx: Ctx) -> bool:
    found = _scorpion_candidates(state, ctx["seat"], ctx["source"], [])
    return len(found) >= len(SCORPION_ICONS)


def _scorpions(state: GameState, ctx: Ctx) -> None:
    _scorpion_next(state, {"seat": ctx["seat"], "source": ctx["source"], "chosen": []})


def _scorpion_next(state: GameState, data: Ctx) -> None:
    chosen = data["chosen"]
    if len(chosen) >= len(SCORPION_ICONS):
        return
    found = _scorpion_candidates(state, data["seat"], data["source"], chosen)
    if found:
        purpose = f"lose_{SCORPION_ICONS[len(chosen)]}"
        ask_select(state, data["seat"], purpose, found, "dotn_scorpions", low=1, high=1, ctx=data)


@handler("dotn_scorpions")
def _scorpion_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = list(ctx["chosen"])
    icon = SCORPION_ICONS[len(chosen)]
    for ref in selected:
        if ref in state.in_play:
            add_lasting(state, "icons", ref, "phase", ctx["source"], remove=[icon])
    chosen += selected
    _scorpion_next(state, {"seat": ctx["seat"], "source": ctx["source"], "chosen": chosen})


register(
    "dotn_72",
    event(_scorpions, costs=(Cost("influence", 3),), condition=_scorpions_may),
)

# --- dotn_80 Valar Dohaeris ----------------------------------------------------------------
# "At the end of the dominance phase, discard all standing characters from play (cannot be
# saved)."  A forced effect of the revealed plot at ``dominance_ends``: every player's
# characters standing at that moment, at once.


def _valar_dohaeris(state: GameState, ctx: Ctx) -> None:
    standing = [r for r in characters(state) if not state.in_play[r].knelt]
    if standing:
        moves.discard_from_play(state, standing)


register("dotn_80", forced={"dominance_ends": _valar_dohaeris})
