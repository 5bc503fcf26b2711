"""Wolves of the North: attachments, locations, events and the plot (dotn_2, dotn_4, dotn_6,
dotn_8, dotn_10, dotn_12, dotn_15, dotn_18, dotn_20). The characters are in characters.py;
the agenda (dotn_19) in the agendas package."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    event,
    has_trait,
    on_bearer,
    reattach_after_host,
    response,
    stand_card,
    winter,
    won,
    won_with,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import add_reduction, cost_reducer
from gameplay.engine.state import GameState
from gameplay.engine.steps import WOULD_WIN_INITIATIVE, initiative_pending, take_initiative

# --- dotn_2 Winter Cache ----------------------------------------------------------------------
# "Attached character gets +1 STR. After attached character leaves play, you may attach
# Winter Cache to another character instead of placing it in your discard pile."
# When its host leaves play (any way) and it falls into its owner's discard pile with it, its
# owner may choose any character in play it could legally be attached to (any player's); it
# is put into play on that character under its owner's control (not "played").

register(
    "dotn_2",
    passives={"strength": on_bearer(lambda base: base + 1)},
    forced={"card_left_play": reattach_after_host(purpose="winter_cache")},
)

# --- dotn_4 Pickpocket ------------------------------------------------------------------------
# "Response: After you win an Intrigue challenge in which attached character participated, you
# may choose to take 1 gold from the defending player or the treasury and add it to your gold
# pool." The defending player is offered only when it is an opponent with gold in its pool.


def _pickpocket(state: GameState, ctx: Ctx) -> None:
    seat, defender = ctx["seat"], ctx["event"].get("defender")
    options = ["treasury"]
    if defender is not None and defender != seat and state.players[defender].gold > 0:
        options.insert(0, "defender")
    data = {"seat": seat, "source": ctx["source"], "defender": defender}
    ask_choose(state, seat, "take_gold", options, "dotn_pickpocket", ctx=data)


@handler("dotn_pickpocket")
def _pickpocket_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "defender":
        moves.give_gold(state, ctx["defender"], ctx["seat"], 1)
    else:
        moves.gain_gold(state, ctx["seat"], 1, "pickpocket")


_won_intrigue, _host_participated = won("intrigue"), won_with("attached")

register(
    "dotn_4",
    Ability(
        "response",
        _pickpocket,
        trigger="challenge_won",
        condition=lambda state, ctx: _won_intrigue(state, ctx) and _host_participated(state, ctx),
    ),
)

# --- dotn_6 Seat of Power ---------------------------------------------------------------------
# "Limited. Marshalling: Discard Seat of Power from play to reduce the cost of the next House
# Baratheon card you play this phase by 3." Any card type with the Baratheon House.

register("dotn_6", cost_reducer(3, houses=("Baratheon",), cost=DISCARD_SELF))

# --- dotn_8 Ahead of the Tide -----------------------------------------------------------------
# "House Greyjoy only. Response: If an opponent would win initiative, cancel the determination
# of initiative winner. You win initiative instead." The engine's ``would_win_initiative``
# window opens once the winner is determined and before it is settled; the event makes its
# player the winner (the pending winner read as it is played, so another player may answer
# it with their own copy).


def _opponent_would_win(state: GameState, ctx: Ctx) -> bool:
    pending = initiative_pending(state)
    return pending is not None and pending["seat"] in state.opponents(ctx["seat"])


def _ahead_of_the_tide(state: GameState, ctx: Ctx) -> None:
    take_initiative(state, ctx["seat"], ctx["source"])


register(
    "dotn_8",
    response(_ahead_of_the_tide, WOULD_WIN_INITIATIVE, condition=_opponent_would_win),
)

# --- dotn_10 The Dragon's Blood ---------------------------------------------------------------
# "House Targaryen only. Attached character gains the Noble crest and a Power icon."

register(
    "dotn_10",
    passives={
        "crests": on_bearer(lambda base: set(base) | {"noble"}),
        "icons": on_bearer(lambda base: set(base) | {"power"}),
    },
)

# --- dotn_12 A Gentle Prison ------------------------------------------------------------------
# "House Martell only. Challenges: Kneel 2 influence to stand a participating character, and
# remove it from the current challenge. That character cannot be killed this phase." Any
# participating character (either side, kneeling or not: it is stood if it kneels).


def _participating(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def _gentle_prison(state: GameState, ctx: Ctx) -> None:
    target, challenge = ctx["target"], state.challenge
    if target not in state.in_play:
        return
    stand_card(state, target)
    if challenge is not None:
        for side in ("attackers", "defenders"):
            if target in challenge[side]:
                challenge[side].remove(target)
                state.emit("removed_from_challenge", cards=[target], side=side, card=ctx["source"])
    add_lasting(state, "can_be_killed", target, "phase", ctx["source"], value=False)


register(
    "dotn_12",
    event(
        _gentle_prison,
        phases=("challenges",),
        costs=(Cost("influence", 2),),
        targets=_participating,
    ),
)

# --- dotn_15 Castle Black ---------------------------------------------------------------------
# "Response: After you play a Night's Watch character from your hand, reduce the cost of the
# next Night's Watch character you play this phase by 1." Marshalling a character is playing
# it from the hand; the reduction is used up by the next Night's Watch character marshalled
# this phase (printed trait).


def _nights_watch_played(state: GameState, ctx: Ctx) -> bool:
    played = ctx["event"]
    card = played.get("card")
    return (
        played.get("seat") == ctx["seat"]
        and played.get("type") == "character"
        and card in state.cards
        and has_trait(state, card, "Night's Watch")
    )


def _castle_black(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("character",), trait="Night's Watch")


register(
    "dotn_15",
    Ability("response", _castle_black, trigger="played", condition=_nights_watch_played),
)

# --- dotn_18 Wildling Mead --------------------------------------------------------------------
# "Wildling character only. Any Phase: Kneel Wildling Mead to stand attached character." Used
# only while the character kneels.


def _wildling_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Wildling")


def _host_kneels(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return host is not None and state.in_play[host].knelt


def _mead(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None:
        stand_card(state, host)


register(
    "dotn_18",
    Ability("action", _mead, costs=(KNEEL_SELF,), condition=_host_kneels),
    attach_rule=_wildling_only,
)

# --- dotn_20 Winter Festival ------------------------------------------------------------------
# "When revealed, claim 1 power for your House. (Claim 2 power instead if it is Winter.)" The
# season is read as the effect resolves (both plots are revealed by then).


def _winter_festival(state: GameState, ctx: Ctx) -> None:
    moves.gain_power(state, ctx["seat"], 2 if winter(state) else 1, "winter_festival")


register("dotn_20", when_revealed=_winter_festival)
