"""Lords of Winter locations, registered by card code (reprints of Core Set locations
share their Core script)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    is_character,
    register,
)
from gameplay.engine.cards.lords_of_winter.common import (
    all_characters,
    challenge_losers,
    has_crest,
    mine,
    my_characters,
    side,
    tully_character,
    won,
)
from gameplay.engine.cards.vocabulary import has_trait, reprint, stand_card, this_round
from gameplay.engine.state import GameState

# --- Reprints: low_28 Lord Eddard's Chambers (core_28), low_29 Godswood (core_32),
# low_31 Northern Fiefdoms (core_26), low_32 Narrow Sea (core_33), low_45 Street of Steel
# (core_139): the same text as the Core Set printing.

for _code, _core in (
    ("low_28", "core_28"),
    ("low_29", "core_32"),
    ("low_31", "core_26"),
    ("low_32", "core_33"),
    ("low_45", "core_139"),
):
    reprint(_code, _core)


# --- low_23 Winterfell -------------------------------------------------------------------
# "No attachments. Response: After you win a challenge as the defender, claim 1 power for
# your House. (2 power instead if it was a Military challenge.)"


def _winterfell(state: GameState, ctx: Ctx) -> None:
    amount = 2 if ctx["event"].get("type") == "military" else 1
    moves.gain_power(state, ctx["seat"], amount, "winterfell")


register(
    "low_23",
    Ability("response", _winterfell, trigger="challenge_won", condition=won(role="defender")),
)


# --- low_24 Riverrun ---------------------------------------------------------------------
# "No attachments. At the end of the challenge phase, if you have not lost a challenge this
# round, each House Tully character you control claims 1 power."


def _riverrun(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    if any(challenge_losers(e) == seat for e in this_round(state, "challenge_resolved")):
        return
    for ref in my_characters(state, seat):
        if tully_character(state, ref):
            moves.card_power(state, ref, 1, "riverrun")


register("low_24", forced={"challenges_ends": _riverrun})


# --- low_25 Mole Town Brothel ------------------------------------------------------------
# "Discard Mole Town Brothel from play any time there are more Wildling characters than
# Night's Watch characters in play.
# Any Phase: Kneel 1 influence to choose and stand 1 defending character."
# The count is checked whenever a card enters or leaves play (and when the Brothel enters).


def _brothel_check(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    chars = all_characters(state)
    wildlings = sum(1 for r in chars if has_trait(state, r, "Wildling"))
    watch = sum(1 for r in chars if has_trait(state, r, "Night's Watch"))
    pending = any(
        step["name"] == "leave_now" and source in step.get("cards", ()) for step in state.queue
    )
    if wildlings > watch and not pending:
        moves.discard_from_play(state, [source])


def _stand_target(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


def _knelt_defenders(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in side(state, "defenders") if state.in_play[r].knelt]


register(
    "low_25",
    Ability("action", _stand_target, costs=(Cost("influence", 1),), targets=_knelt_defenders),
    forced={"entered_play": _brothel_check, "left_play": _brothel_check},
)


# --- low_26 Frozen Outpost ---------------------------------------------------------------
# "Challenges: Kneel Frozen Outpost to choose and stand 1 defending character. Until the end
# of the challenge, that character gets +2 STR (+4 STR instead if it is a War character)."
# Any defending character (a standing one gets the STR).


def _outpost(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    stand_card(state, target)
    amount = 4 if has_crest(state, target, "war") else 2
    add_lasting(state, "strength", target, "challenge", ctx["source"], amount=amount)


register(
    "low_26",
    Ability(
        "action",
        _outpost,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=lambda state, ctx: side(state, "defenders"),
    ),
)


# --- low_27 Wolfswood --------------------------------------------------------------------
# "Direwolf characters you control gain stealth."


def _wolfswood(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    wolf = is_character(state, subject) and has_trait(state, subject, "Direwolf")
    return base | {"stealth"} if wolf and mine(state, source, subject) else base


register("low_27", passives={"keywords": _wolfswood})


# --- low_44 Training Grounds -------------------------------------------------------------
# "Your Army characters do not kneel to attack during Military challenges."


def _training(state: GameState, source: str, subject: str, base: bool) -> bool:
    challenge = state.challenge
    military = challenge is not None and challenge["type"] == "military"
    if military and mine(state, source, subject) and has_trait(state, subject, "Army"):
        return False
    return base


register("low_44", passives={"kneel_to_attack": _training})
