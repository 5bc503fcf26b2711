"""Tales from the Red Keep: the attachments, locations, the event and the plot."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    SCRIPTS,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait, kneel_card, response
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState
from gameplay.engine.uses import in_shadows

# --- kl_65 Flogged and Chained -----------------------------------------------------------
# "Attach to a non-Army character. Response: After a character is knelt by a triggered
# effect, kneel attached character."  The trigger ``knelt`` (moves.knelt) with ``by``
# "effect": a card ability, a response, an event or a "when revealed" effect kneeling a
# character (not a cost paid, nor a challenge's declaration, nor a constant effect).


def _non_army(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and not has_trait(state, target, "Army")


def _knelt_by_effect(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    bearer = attached_to(state, ctx["source"])
    return (
        event.get("by") == "effect"
        and any(is_character(state, r) for r in event.get("cards", ()) if r in state.in_play)
        and bearer is not None
        and not state.in_play[bearer].knelt
    )


def _flog(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None:
        kneel_card(state, bearer)


register(
    "kl_65",
    Ability("response", _flog, trigger="knelt", condition=_knelt_by_effect),
    attach_rule=_non_army,
)


# --- kl_71 Scurvy ------------------------------------------------------------------------
# "Attach to an opponent's character, then draw a card. Attached character cannot be
# saved."  Its controller draws 1 card as it enters play (marshalled or put into play).


def _scurvy_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) in state.opponents(seat)


def _scurvy_draw(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("card") == ctx["source"]:
        moves.effect_draw(state, ctx["seat"], 1)


def _scurvy_unsavable(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject is not None and subject == attached_to(state, source) else base


register(
    "kl_71",
    passives={"can_be_saved": _scurvy_unsavable},
    forced={"entered_play": _scurvy_draw},
    attach_rule=_scurvy_rule,
)


# --- kl_72 Fishmonger's Square -----------------------------------------------------------
# "No attachments. Response: After an attachment or event card is discarded from a
# player's deck, kneel Fishmonger's Square to draw 2 cards."  The trigger
# ``card_discarded_from_deck`` (moves.to_discard_pile, one per card), any player's deck.


def _attachment_or_event(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card is not None and facts(state, card).type in ("attachment", "event")


def _draw_two(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 2)


register(
    "kl_72",
    Ability(
        "response",
        _draw_two,
        trigger="card_discarded_from_deck",
        costs=(KNEEL_SELF,),
        condition=_attachment_or_event,
    ),
)


# --- kl_74 The Dragonpit -----------------------------------------------------------------
# "House Targaryen only. If you have at least 1 card in Shadows, any characters controlled
# by opponents who do not have more cards in Shadows than you do get -1 STR."


def _dragonpit(state: GameState, source: str, subject: Any, base: int) -> int:
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    seat = controller(state, source)
    mine = in_shadows(state, seat)
    other = controller(state, subject)
    if (
        mine >= 1
        and other in state.opponents(seat)
        and is_character(state, subject)
        and in_shadows(state, other) <= mine
    ):
        return base - 1
    return base


register("kl_74", passives={"strength": _dragonpit})


# --- kl_76 The Viper's Rage --------------------------------------------------------------
# "House Martell only. Response: After you lose a challenge by 4 or more total STR as the
# defender, all characters controlled by the attacker lose a Military, an Intrigue, and a
# Power icon until the end of the phase."  The characters the attacker controls as it
# resolves (a character entering play later keeps its icons).


def _rage_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("loser") == ctx["seat"]
        and event.get("defender") == ctx["seat"]
        and event.get("by", 0) >= 4
    )


def _rage(state: GameState, ctx: Ctx) -> None:
    attacker = ctx["event"]["attacker"]
    for ref in [r for r in state.players[attacker].in_play if is_character(state, r)]:
        add_lasting(
            state,
            "icons",
            ref,
            "phase",
            ctx["source"],
            remove=["military", "intrigue", "power"],
        )


register("kl_76", response(_rage, "challenge_won", condition=_rage_condition))


# --- kl_78 The Red Keep ------------------------------------------------------------------
# "No attachments. If The Red Keep would leave play, it goes into Shadows instead of going
# to its owner's hand, deck, discard, or dead pile. [+3 Influence]"  The passive
# ``leaves_to`` (leaving.leave_play): any way out of play but being removed from the game
# (not named) sends it face down to its owner's Shadows, from where it may come out in a
# later round.


def _red_keep(state: GameState, source: str, subject: Any, base: str) -> str:
    if subject == source and base in ("hand", "deck_top", "discard", "dead"):
        return "shadows"
    return base


register("kl_78", passives={"leaves_to": _red_keep})


# --- kl_80 City of Spiders ---------------------------------------------------------------
# "When revealed, you may trigger the 'when revealed' effect of any City plot card in your
# used pile."  One City plot with a "when revealed" effect (City of Spiders itself left
# out, so two copies cannot call each other), or none: the option ``none``. It resolves as
# City of Spiders' effect (its source).

SPIDERS = "kl_80"


def _city_plots(state: GameState, seat: int) -> list[str]:
    found = []
    for plot in state.players[seat].used_plots:
        script = SCRIPTS.get(state.code(plot))
        if (
            state.code(plot) != SPIDERS
            and "City" in facts(state, plot).traits
            and script is not None
            and script.when_revealed is not None
        ):
            found.append(plot)
    return found


def _city_of_spiders(state: GameState, ctx: Ctx) -> None:
    plots = _city_plots(state, ctx["seat"])
    if plots:
        data = {"seat": ctx["seat"], "source": ctx["source"]}
        ask_choose(
            state, ctx["seat"], "copy_plot", [*plots, "none"], "kl_city_of_spiders", ctx=data
        )


@handler("kl_city_of_spiders")
def _spiders_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    plot = ctx["choice"]
    if plot == "none" or plot not in state.players[ctx["seat"]].used_plots:
        return
    state.emit("plot_copied", seat=ctx["seat"], card=plot, code=state.code(plot))
    copied = SCRIPTS[state.code(plot)].when_revealed
    assert copied is not None
    copied(state, {"seat": ctx["seat"], "source": ctx["source"]})


register(SPIDERS, when_revealed=_city_of_spiders)
