"""Tales from the Red Keep (kl_61 to kl_80): the characters and the constant effects.

The cards that answer a card coming out of Shadows are in ``shadows.py``; the locations,
attachments, the event and the plot in ``others.py``.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    agenda_of,
    allowed,
    controller,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, of_house, participants, stand_card
from gameplay.engine.state import GameState
from gameplay.engine.uses import in_shadows, return_to_shadows

# --- kl_61 Sansa Stark -------------------------------------------------------------------
# "If there are no cards in Shadows, Sansa Stark gets +2 STR, a Noble crest, and gains
# Renown."  Read: no card in any player's Shadows.


def _no_shadows(state: GameState, source: str, subject: Any) -> bool:
    return subject == source and in_shadows(state) == 0


def _sansa_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 2 if _no_shadows(state, source, subject) else base


def _sansa_crests(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"noble"} if _no_shadows(state, source, subject) else base


def _sansa_keywords(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return base | {"renown"} if _no_shadows(state, source, subject) else base


register(
    "kl_61",
    passives={"strength": _sansa_strength, "crests": _sansa_crests, "keywords": _sansa_keywords},
)


# --- kl_62 Ser Dontos Hollard ------------------------------------------------------------
# "No attachments except Weapon. Response: Stand Ser Dontos Hollard to save a Lady character
# from being killed or discarded from play."  The keyword is generic; standing Dontos (knelt)
# is the cost, and any player's Lady character about to be killed or discarded from play
# may be saved (one save per removal window: Dontos stands only once).


def _is_dontos(state: GameState, ref: str) -> bool:
    return state.code(ref) == "kl_62"


def _ladies_leaving(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_character(state, r)
        and has_trait(state, r, "Lady")
        and not moves.saved(state, r)
    ]


register(
    "kl_62",
    *[
        Ability(
            "save",
            moves.save_target,
            trigger=t,
            costs=(Cost("stand", 1, _is_dontos, "Ser Dontos Hollard"),),
            targets=_ladies_leaving,
            condition=lambda state, ctx: state.in_play[ctx["source"]].knelt,
        )
        for t in ("would_be_killed", "would_be_discarded")
    ],
)


# --- kl_64 Joffrey Baratheon -------------------------------------------------------------
# "Immune to triggered effects. Response: After an opponent's character is knelt, pay 1
# gold to stand Joffrey Baratheon. Then, he claims 1 power."  The trigger ``knelt``
# (moves.knelt, any way a character kneels: declared in a challenge, a cost, an effect);
# Joffrey must be knelt (the "then" needs him to stand).


def _opponent_knelt(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    knelt = [r for r in ctx["event"].get("cards", ()) if r in state.in_play]
    return state.in_play[ctx["source"]].knelt and any(
        is_character(state, r) and controller(state, r) in state.opponents(seat) for r in knelt
    )


def _joffrey(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    record = state.in_play.get(source)
    if record is None or not record.knelt or not allowed(state, "can_stand", source):
        return  # "Then" needs him to stand
    stand_card(state, source)
    moves.card_power(state, source, 1, "joffrey_baratheon")


register(
    "kl_64",
    Ability(
        "response",
        _joffrey,
        trigger="knelt",
        costs=(Cost("gold", 1),),
        condition=_opponent_knelt,
    ),
)


# --- kl_69 Distinguished Boatswain -------------------------------------------------------
# "Distinguished Boatswain gets -2 STR for each card in Shadows."  Every player's Shadows.


def _boatswain(state: GameState, source: str, subject: Any, base: int) -> int:
    return base - 2 * in_shadows(state) if subject == source else base


register("kl_69", passives={"strength": _boatswain})


# --- kl_73 Daemon Blackfyre --------------------------------------------------------------
# "Renown. House Targaryen characters you control gain a War crest."  (Himself included.)


def _daemon_crests(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
        and controller(state, subject) == controller(state, source)
        and of_house(state, subject, "Targaryen")
    ):
        return base | {"war"}
    return base


register("kl_73", passives={"crests": _daemon_crests})


# --- kl_75 The Red Viper -----------------------------------------------------------------
# "House Martell only. If you are not running an Agenda, The Red Viper gains: 'Response:
# After The Red Viper is killed, kill all characters in play.'"  Used from the dead pile by
# his owner; "all characters in play" may be saved as usual. Whether his owner runs an
# agenda is read as the response is used.


def _viper_killed(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ()) and agenda_of(state, ctx["seat"]) is None


def _kill_everyone(state: GameState, ctx: Ctx) -> None:
    moves.kill(state, [r for r in state.in_play if is_character(state, r)])


register(
    "kl_75",
    Ability("response", _kill_everyone, trigger="killed", condition=_viper_killed, zones=("dead",)),
)


# --- kl_77 Syrio Forel -------------------------------------------------------------------
# "Stealth. Response: After you win a challenge in which Syrio Forel participated, put him
# into Shadows."  He returns to his owner's Shadows (cannot come out again this round).


def _syrio_won(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and ctx["source"] in participants(event)


register(
    "kl_77",
    Ability(
        "response",
        lambda state, ctx: return_to_shadows(state, ctx["source"]),
        trigger="challenge_won",
        condition=_syrio_won,
    ),
)
