"""A Time for Wolves characters: Ser Emmon Cuy (w_61), Camp Follower (w_62), Iron Fleet
Pillager (w_64), The Mountain Clan Horde (w_66), Obella Sand (w_68), Alayne Stone (w_71),
Aggo (w_73), Lesser Ko (w_74), Lysa Arryn (w_76), Petyr Baelish (w_77), Lyn Corbray (w_78)
and Knights Declarant (w_79). Clan Scout (w_67) has no text."""

from __future__ import annotations

from typing import Any

from gameplay.engine import cancels, rules
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    controller,
    facts,
    handler,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    cheaper_per,
    discard_top,
    has_trait,
    kneel_or_stand,
    when_revealed_pending,
    won_with,
)
from gameplay.engine.cards.vocabulary.plots import cancel_when_revealed
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.steps import reveal_new_plot
from gameplay.engine.uses import cancel, put_into_play, put_into_shadows


def _controls_named(state: GameState, seat: int, name: str) -> bool:
    """Whether ``seat`` controls a card in play named ``name``."""
    return any(facts(state, r).name == name for r in state.players[seat].in_play)


def _may_enter(state: GameState, seat: int, ref: str) -> list[str] | None:
    """Whether ``seat`` may put ``ref`` into play now: None when it may not, else the hosts it
    may go on (an empty list for a card that is not an attachment)."""
    card = facts(state, ref)
    if rules.unique_problem(state, seat, card) is not None:
        return None
    if card.type != "attachment":
        return []
    hosts = rules.attachment_targets(state, card, seat)
    return hosts or None


# --- w_61 Ser Emmon Cuy --------------------------------------------------------------------
# "During [Power] challenges in which you control at least 1 attacking Rainbow Guard
# character, raise the Claim value on your revealed plot card by 1." (a ``claim`` passive; the
# claim matters only to the attacker, so "you" are the attacking player).


def _emmon_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    seat = controller(state, source)
    if challenge is None or challenge["type"] != "power" or subject != seat:
        return base
    attacking = [
        r
        for r in challenge["attackers"]
        if r in state.in_play
        and state.in_play[r].controller == seat
        and has_trait(state, r, "Rainbow Guard")
    ]
    return base + 1 if attacking else base


register("w_61", passives={"claim": _emmon_claim})


# --- w_62 Camp Follower --------------------------------------------------------------------
# "Camp Follower gets +1 STR for each Knight character in play." (any player's)


def _follower(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject != source:
        return base
    return base + sum(1 for r in characters_of(state) if has_trait(state, r, "Knight"))


register("w_62", passives={"strength": _follower})


# --- w_64 Iron Fleet Pillager ---------------------------------------------------------------
# "Response: After you win a challenge in which Iron Fleet Pillager participated, discard the
# top card of the losing opponent's deck. If that card is a location or attachment, you may
# put it into play under your control." (an attachment goes on a card its rules allow; a
# unique card you already have is not offered)


def _pillager(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"].get("loser")
    if loser is None:
        return
    seat = ctx["seat"]
    for ref in discard_top(state, loser, 1, "iron_fleet_pillager"):
        kind = facts(state, ref).type
        if kind not in ("location", "attachment") or ref not in state.players[loser].discard:
            continue
        if _may_enter(state, seat, ref) is None:
            continue
        data = {"seat": seat, "card": ref}
        ask_choose(state, seat, "put_into_play", ["play", "leave"], "atfw_pillager", ctx=data)


@handler("atfw_pillager")
def _pillager_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "play":
        _enter(state, ctx["seat"], ctx["card"])


def _enter(state: GameState, seat: int, ref: str) -> None:
    """Put ``ref`` into play under ``seat``'s control (an attachment: on a chosen host)."""
    hosts = _may_enter(state, seat, ref)
    if hosts is None:
        return
    if facts(state, ref).type != "attachment":
        put_into_play(state, seat, ref)
        return
    data = {"seat": seat, "card": ref}
    ask_select(state, seat, "attach_to", hosts, "atfw_enter_host", low=1, high=1, ctx=data)


@handler("atfw_enter_host")
def _enter_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected and selected[0] in state.in_play:
        put_into_play(state, ctx["seat"], ctx["card"], selected[0])


register(
    "w_64",
    Ability("response", _pillager, trigger="challenge_won", condition=won_with("self")),
)


# --- w_66 The Mountain Clan Horde ------------------------------------------------------------
# "No attachments. Reduce the cost to play The Mountain Clan Horde by 1 for each Clansman
# character you control. Any Phase: Discard a card from hand to stand or kneel another
# Clansman character. (Limit once per phase.)" Another Clansman character of any player: a
# knelt one stands, a standing one kneels (the other choice would change nothing).


def _clansman(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Clansman")


def _horde_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if r != ctx["source"] and _clansman(state, r)]


def _horde(state: GameState, ctx: Ctx) -> None:
    kneel_or_stand(state, ctx["target"])


register(
    "w_66",
    Ability(
        "action",
        _horde,
        costs=(Cost("discard_hand", 1),),
        targets=_horde_targets,
        limit=(1, "phase"),
    ),
    passives={"own_cost": cheaper_per(_clansman)},
)


# --- w_68 Obella Sand ------------------------------------------------------------------------
# "House Martell only. Response: After another Sand Snake character you control is killed,
# put Obella Sand into Shadows from your dead pile." (used from her owner's dead pile)


def _obella_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    owners = event.get("controllers", {})
    return any(
        r != ctx["source"] and owners.get(r) == ctx["seat"] and has_trait(state, r, "Sand Snake")
        for r in event.get("cards", ())
    )


def _obella(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.players[ctx["seat"]].dead:
        put_into_shadows(state, ctx["seat"], ctx["source"])


register(
    "w_68",
    Ability("response", _obella, trigger="killed", zones=("dead",), condition=_obella_may),
)


# --- w_71 Alayne Stone ----------------------------------------------------------------------
# "House Stark only. If you control Sansa Stark, discard Alayne Stone from play. Response:
# After Alayne Stone enters play, choose a Castle plot card in your used pile. Reveal it as
# your new plot card." (steps.reveal_new_plot takes it from the used pile)


def _alayne_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    return base or _controls_named(state, controller(state, source), "Sansa Stark")


def _castles(state: GameState, seat: int) -> list[str]:
    return [r for r in state.players[seat].used_plots if "Castle" in traits(state, r)]


def _alayne_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"] and bool(_castles(state, ctx["seat"]))


def _alayne(state: GameState, ctx: Ctx) -> None:
    found = _castles(state, ctx["seat"])
    if found:
        data = {"seat": ctx["seat"]}
        ask_select(state, ctx["seat"], "new_plot", found, "atfw_alayne", low=1, high=1, ctx=data)


@handler("atfw_alayne")
def _alayne_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected and selected[0] in state.players[ctx["seat"]].used_plots:
        reveal_new_plot(state, ctx["seat"], selected[0])


register(
    "w_71",
    Ability("response", _alayne, trigger="entered_play", condition=_alayne_may),
    passives={"discard_now": _alayne_discard},
)


# --- w_73 Aggo -------------------------------------------------------------------------------
# "Deadly. Any Phase: Attach a [Targaryen] or neutral Weapon attachment from your discard pile
# to a Dothraki character you control. (Limit once per round.)" The attachment's own rules
# (No attachments, "House X character only", uniqueness) still apply.


def _weapon(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    houses = set(card.houses)
    return (
        card.type == "attachment"
        and "Weapon" in card.traits
        and bool(houses & {"Targaryen", "Neutral"})
    )


def _aggo_hosts(state: GameState, seat: int, ref: str) -> list[str]:
    if rules.unique_problem(state, seat, facts(state, ref)) is not None:
        return []
    return [
        h
        for h in rules.attachment_targets(state, facts(state, ref), seat)
        if h in state.players[seat].in_play and has_trait(state, h, "Dothraki")
    ]


def _aggo_weapons(state: GameState, seat: int) -> list[str]:
    pile = state.players[seat].discard
    return [r for r in pile if _weapon(state, r) and _aggo_hosts(state, seat, r)]


def _aggo(state: GameState, ctx: Ctx) -> None:
    found = _aggo_weapons(state, ctx["seat"])
    if found:
        data = {"seat": ctx["seat"]}
        ask_select(state, ctx["seat"], "attach", found, "atfw_aggo", low=1, high=1, ctx=data)


@handler("atfw_aggo")
def _aggo_weapon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if not selected or selected[0] not in state.players[seat].discard:
        return
    hosts = _aggo_hosts(state, seat, selected[0])
    if hosts:
        data = {"seat": seat, "card": selected[0]}
        ask_select(state, seat, "attach_to", hosts, "atfw_enter_host", low=1, high=1, ctx=data)


register(
    "w_73",
    Ability(
        "action",
        _aggo,
        condition=lambda state, ctx: bool(_aggo_weapons(state, ctx["seat"])),
        limit=(1, "round"),
    ),
)


# --- w_74 Lesser Ko --------------------------------------------------------------------------
# "Challenges: Discard a card from your hand to give Lesser Ko deadly until the end of the
# phase." (not offered while he already has deadly)


def _ko_may(state: GameState, ctx: Ctx) -> bool:
    return "deadly" not in facts(state, ctx["source"]).keywords and not any(
        e["query"] == "keywords" and e["subject"] == ctx["source"] and "deadly" in e.get("add", ())
        for e in state.effects
    )


def _ko(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "keywords", ctx["source"], "phase", ctx["source"], add=["deadly"])


register(
    "w_74",
    Ability(
        "action",
        _ko,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        condition=_ko_may,
    ),
)


# --- w_76 Lysa Arryn -------------------------------------------------------------------------
# "Response: Kneel Lysa Arryn to cancel a triggered effect with any form of the word "plot" or
# "non-plot" in its text." The text line of the pending ability (an action, response, event,
# ...: cancels.ability_text), or the "when revealed" text of a plot about to resolve.


def _plot_word(text: str) -> bool:
    return "plot" in text.lower()


def _lysa_may(state: GameState, ctx: Ctx) -> bool:
    step = cancels.pending(state)
    if step is None or not cancels.can_be_cancelled(state):
        return False
    source, index = step["ctx"].get("source"), int(step["ctx"].get("index") or 0)
    return source in state.cards and _plot_word(cancels.ability_text(state, source, index))


def _lysa_plot_may(state: GameState, ctx: Ctx) -> bool:
    plot = ctx["event"].get("card")
    return (
        plot is not None
        and when_revealed_pending(state, ctx)
        and _plot_word(_when_revealed_text(state, plot))
    )


def _when_revealed_text(state: GameState, plot: str) -> str:
    lines = [
        line for line in facts(state, plot).text.splitlines() if "when revealed" in line.lower()
    ]
    return " ".join(lines)


register(
    "w_76",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_lysa_may,
    ),
    Ability(
        "response",
        cancel_when_revealed,
        trigger="when_revealed_pending",
        costs=(KNEEL_SELF,),
        condition=_lysa_plot_may,
        label='Lysa Arryn: Kneel Lysa Arryn to cancel a plot\'s "when revealed" effect with '
        'the word "plot" in its text.',
    ),
)


# --- w_77 Petyr Baelish ----------------------------------------------------------------------
# "Stealth. If you control Littlefinger, discard Petyr Baelish from play. Limited Response:
# Kneel Petyr Baelish to cancel the effects of an event card just played. (Limit 1 limited
# response per round.)" Any player's event.


def _petyr_discard(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    return base or _controls_named(state, controller(state, source), "Littlefinger")


def _event_pending(state: GameState, ctx: Ctx) -> bool:
    source = cancels.source(state)
    return (
        source is not None
        and source in state.cards
        and facts(state, source).type == "event"
        and cancels.can_be_cancelled(state)
    )


register(
    "w_77",
    Ability(
        "cancel",
        lambda state, ctx: cancel(state),
        trigger="ability",
        costs=(KNEEL_SELF,),
        condition=_event_pending,
        limited_response=True,
    ),
    passives={"discard_now": _petyr_discard},
)


# --- w_78 Lyn Corbray ------------------------------------------------------------------------
# "Stealth. Each of your non-Army characters with printed cost 4 or higher gets +2 STR." (Lyn
# himself too: he costs 4)

CORBRAY_COST = 4


def _corbray(state: GameState, source: str, subject: Any, base: int) -> int:
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    if record is None or record.controller != controller(state, source):
        return base
    card = facts(state, subject)
    if card.type != "character" or has_trait(state, subject, "Army"):
        return base
    return base + 2 if (card.cost or 0) >= CORBRAY_COST else base


register("w_78", passives={"strength": _corbray})


# --- w_79 Knights Declarant ------------------------------------------------------------------
# "No attachments. Renown. Reduce the cost to play Knights Declarant by 2 for each plot card
# in your used pile."


def _declarant_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - 2 * len(state.players[seat].used_plots)


register("w_79", passives={"own_cost": _declarant_cost})
