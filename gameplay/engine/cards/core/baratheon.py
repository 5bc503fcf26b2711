"""Core Set House Baratheon cards, registered by card code (see abilities.register).

Conventions: "you" is the controller of the card (``ctx["seat"]``; for passives
:func:`abilities.controller` of the source). "An opponent" is a seat of
:meth:`GameState.opponents`. Traits are read after trait passives; [Noble] is a crest.
"""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    HANDLERS,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    attached_to,
    attachments,
    characters,
    controller,
    facts,
    gold_available,
    handler,
    icons,
    is_character,
    participating,
    pool,
    register,
    traits,
    value,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import attachment_targets, cost_reducer, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.steps import reveal_new_plot
from gameplay.engine.windows import put_into_play

# --- shared helpers ----------------------------------------------------------------------


def _is_noble(state: GameState, ref: str) -> bool:
    printed = {c.lower() for c in facts(state, ref).crests}
    return is_character(state, ref) and "noble" in value(state, "crests", ref, printed)


def _stand(state: GameState, ref: str) -> None:
    moves.stand(state, ref)
    state.emit("stood", card=ref)


def _knelt_self(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].knelt


def _about_to_die(state: GameState, ctx: Ctx, ref: str | None) -> bool:
    """``ref`` is among the cards about to be killed and not saved yet."""
    return (
        ref is not None
        and ref in state.in_play
        and ref in ctx["event"].get("cards", ())
        and not moves.saved(state, ref)
    )


def _won_power_by_four(state: GameState, ctx: Ctx) -> bool:
    """ "After you win a Power challenge by 4 or more total STR"."""
    event = ctx["event"]
    return event.get("winner") == ctx["seat"] and event["type"] == "power" and event["by"] >= 4


def _strength_of_attached(change):
    """A strength passive of an attachment: ``change(state, bearer)`` is added to the STR
    of the character it is attached to."""

    def passive(state: GameState, source: str, ref: str, base: int) -> int:
        return base + change(state, ref) if attached_to(state, source) == ref else base

    return passive


# --- core_66 Shadow's Blessing -------------------------------------------------------------
# "Attached character gets +2 STR while it has a Power icon.
# Attached character gets -2 STR while it does not have a Power icon."


def _blessing(state: GameState, bearer: str) -> int:
    return 2 if "power" in icons(state, bearer) else -2


register("core_66", passives={"strength": _strength_of_attached(_blessing)})


# --- core_67 Motley ------------------------------------------------------------------------
# "Attach to an opponent's character.
# Attached character's controller must give you 1 gold token from his or her gold pool each
# time he or she wishes to declare attached character as an attacker or defender, or
# trigger attached character's ability."
# Without the gold in the pool the character cannot be declared nor its abilities
# triggered; the gold is given as it is declared (or as the ability is triggered).

MOTLEY = "core_67"


def _motley_rule(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) in state.opponents(seat)


def _motley_payer(state: GameState, source: str) -> tuple[str, int] | None:
    """(bearer, the seat that must pay) while Motley's bearer is controlled by someone
    else than Motley's controller."""
    bearer = attached_to(state, source)
    if bearer is None or bearer not in state.in_play:
        return None
    payer = controller(state, bearer)
    return None if payer == controller(state, source) else (bearer, payer)


def _motley_short(state: GameState, source: str, ref: str, base: bool) -> bool:
    found = _motley_payer(state, source)
    if found is None or found[0] != ref:
        return base
    bearer, payer = found
    owed = sum(
        1
        for other in attachments(state, bearer)
        if state.code(other) == MOTLEY and controller(state, other) != payer
    )
    return False if state.players[payer].gold < owed else base


def _motley_toll(cards: list[str], state: GameState, ctx: Ctx) -> None:
    found = _motley_payer(state, ctx["source"])
    if found is not None and found[0] in cards:
        moves.give_gold(state, found[1], ctx["seat"], 1)


def _motley_declared(state: GameState, ctx: Ctx) -> None:
    _motley_toll(ctx["event"].get("cards", []), state, ctx)


def _motley_triggered(state: GameState, ctx: Ctx) -> None:
    _motley_toll([ctx["event"].get("source")], state, ctx)


register(
    MOTLEY,
    passives={q: _motley_short for q in ("can_attack", "can_defend", "can_trigger")},
    forced={
        "attackers_declared": _motley_declared,
        "defenders_declared": _motley_declared,
        "ability_triggered": _motley_triggered,
    },
    attach_rule=_motley_rule,
)


# --- core_68 Lightbringer ------------------------------------------------------------------
# "Vigilant. House Baratheon character only.
# Response: Kneel Lightbringer to save attached character from being killed."
# (Vigilant on the attachment is the engine's keyword.)


def _baratheon_character_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and "Baratheon" in facts(state, target).houses


def _lightbringer_can_save(state: GameState, ctx: Ctx) -> bool:
    return _about_to_die(state, ctx, attached_to(state, ctx["source"]))


def _lightbringer_save(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None:
        moves.save(state, bearer, by=ctx["source"])


register(
    "core_68",
    Ability(
        "save",
        _lightbringer_save,
        trigger="would_be_killed",
        costs=(KNEEL_SELF,),
        condition=_lightbringer_can_save,
    ),
    attach_rule=_baratheon_character_only,
)


# --- core_69 Stinking Drunk ----------------------------------------------------------------
# "Attached character gets -4 STR while participating in a challenge."


def _drunk(state: GameState, bearer: str) -> int:
    return -4 if participating(state, bearer) else 0


register("core_69", passives={"strength": _strength_of_attached(_drunk)})


# --- core_70 Selyse Baratheon --------------------------------------------------------------
# "Challenges: Kneel 1 influence to choose a unique character. Until the end of the phase,
# that character gains an Intrigue icon."


def _unique_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if facts(state, r).unique]


def _selyse(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "icons", ctx["target"], "phase", ctx["source"], add=["intrigue"])


register(
    "core_70",
    Ability(
        "action",
        _selyse,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=_unique_characters,
    ),
)


# --- core_71 / core_90 Robert Baratheon ----------------------------------------------------
# "Renown. When Robert Baratheon claims power for renown, he claims an additional power."


def _robert_renown(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 1 if ref == source else base


for _code in ("core_71", "core_90"):
    register(_code, passives={"renown_power": _robert_renown})


# --- core_72 Stannis Baratheon -------------------------------------------------------------
# "Renown. While Stannis Baratheon is attacking and the defending player controls no Lord
# characters, that player cannot declare defenders."


def _stannis(state: GameState, source: str, ref: str, base: bool) -> bool:
    challenge = state.challenge
    if challenge is None or source not in challenge["attackers"]:
        return base
    defender = challenge["defender"]
    if ref not in state.in_play or controller(state, ref) != defender:
        return base
    if any("Lord" in traits(state, r) for r in characters(state, defender)):
        return base
    return False


register("core_72", passives={"can_defend": _stannis})


# --- core_73 Renly Baratheon ---------------------------------------------------------------
# "Immune to opponent's character abilities.
# Any Phase: Kneel 1 influence to stand Renly Baratheon."


def _stand_self(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        _stand(state, ctx["source"])


register(
    "core_73",
    Ability("action", _stand_self, costs=(Cost("influence", 1),), condition=_knelt_self),
)


# --- core_74 Melisandre --------------------------------------------------------------------
# "Renown. While Melisandre is standing, Asshai characters get +1 STR. Power on opponents'
# characters does not count towards their total power."
# Every Asshai character (Melisandre too, anyone's). The second sentence does not depend
# on her standing.


def _melisandre_strength(state: GameState, source: str, ref: str, base: int) -> int:
    if state.in_play[source].knelt or ref not in state.in_play or not is_character(state, ref):
        return base
    return base + 1 if "Asshai" in traits(state, ref) else base


def _melisandre_power(state: GameState, source: str, seat: int, base: int) -> int:
    if seat not in state.opponents(controller(state, source)):
        return base
    on_characters = sum(state.in_play[r].power for r in characters(state, seat))
    return min(base, state.total_power(seat) - on_characters)


register(
    "core_74",
    passives={"strength": _melisandre_strength, "total_power": _melisandre_power},
)


# --- core_75 Ser Davos Seaworth ------------------------------------------------------------
# "Response: Save Ser Davos Seaworth from being killed, then pay 1 gold or return him to his
# owner's hand." Without gold to pay, he returns to his owner's hand.


def _davos_can_save(state: GameState, ctx: Ctx) -> bool:
    return _about_to_die(state, ctx, ctx["source"])


def _davos_save(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["source"], ctx["seat"]
    if ref not in state.in_play:
        return
    moves.save(state, ref, by=ref)
    data = {"seat": seat, "card": ref}
    if gold_available(state, seat) >= 1:
        options = ["pay_gold", "return_to_hand"]
        ask_choose(state, seat, "davos_price", options, "baratheon_davos_price", ctx=data)
    else:
        _davos_price(state, {**data, "choice": "return_to_hand"}, [])


@handler("baratheon_davos_price")
def _davos_price(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref = ctx["card"]
    if ctx["choice"] == "pay_gold" and gold_available(state, ctx["seat"]) >= 1:
        moves.spend_gold(state, ctx["seat"], 1, "ser_davos_seaworth")
    elif ref in state.in_play:
        moves.return_to_hand(state, [ref])  # a duplicate may save him from this too


register(
    "core_75",
    Ability("save", _davos_save, trigger="would_be_killed", condition=_davos_can_save),
)


# --- core_77 Maester Cressen ---------------------------------------------------------------
# "Marshalling: Kneel Maester Cressen to choose and discard a Condition attachment from
# play." (Condition is a trait.) Any player's; saves may answer the discard.


def _condition_attachments(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.in_play
        if facts(state, r).type == "attachment" and "Condition" in traits(state, r)
    ]


def _cressen(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.discard(state, [ctx["target"]])


register(
    "core_77",
    Ability(
        "action",
        _cressen,
        phases=("marshalling",),
        costs=(KNEEL_SELF,),
        targets=_condition_attachments,
    ),
)


# --- core_78 Ser Axell Florent -------------------------------------------------------------
# "Response: After you win a Power challenge by 4 or more total STR, stand Ser Axell
# Florent." Only while he kneels (standing him must change something).


def _axell_condition(state: GameState, ctx: Ctx) -> bool:
    return _won_power_by_four(state, ctx) and _knelt_self(state, ctx)


register(
    "core_78",
    Ability("response", _stand_self, trigger="challenge_won", condition=_axell_condition),
)


# --- core_79 Edric Storm -------------------------------------------------------------------
# "Stealth. Limited Response: After you win a Power challenge as the attacker by 4 or more
# total STR, discard Edric Storm from play (cannot be saved) to initiate an additional Power
# challenge this phase."


def _edric_condition(state: GameState, ctx: Ctx) -> bool:
    return _won_power_by_four(state, ctx) and ctx["event"]["attacker"] == ctx["seat"]


def _edric(state: GameState, ctx: Ctx) -> None:
    done = state.players[ctx["seat"]].challenges_done
    if "power" in done:
        done.remove("power")
        state.emit("additional_challenge", seat=ctx["seat"], type="power", card=ctx["source"])


register(
    "core_79",
    Ability(
        "response",
        _edric,
        trigger="challenge_won",
        costs=(DISCARD_SELF,),
        condition=_edric_condition,
        limited_response=True,
    ),
)


# --- core_80 Devan Seaworth ----------------------------------------------------------------
# "While any character you control has 1 or more power, Devan Seaworth gains stealth."


def _devan(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    if ref != source:
        return base
    seat = controller(state, source)
    if any(state.in_play[r].power >= 1 for r in characters(state, seat)):
        return base | {"stealth"}
    return base


register("core_80", passives={"keywords": _devan})


# --- core_81 Knight of the Rainwood --------------------------------------------------------
# "No attachments except Weapon. Knight of the Rainwood cannot be discarded from play."


def _not_this_card(state: GameState, source: str, ref: str, base: bool) -> bool:
    return False if ref == source else base


register("core_81", passives={"can_be_discarded": _not_this_card})


# --- core_82 Stannis's Northern Cavalry ----------------------------------------------------
# "Deadly. No attachments. Stannis's Northern Cavalry cannot be killed or discarded from
# play during a phase in which its STR has been raised or lowered."
# Read as: its STR now differs from its printed STR (any modifier in effect), or a lasting
# STR effect (other than +0) was put on it earlier in this phase while it was in play.


def _strength_changed_this_phase(state: GameState, ref: str) -> bool:
    printed = facts(state, ref).strength or 0
    if value(state, "strength", ref, printed) != printed:
        return True
    for event in reversed(state.log):
        name = event["event"]
        if name == "phase" or (name in ("left_play", "put_into_play") and event["card"] == ref):
            return False
        if (
            name == "lasting_effect"
            and event["query"] == "strength"
            and event["subject"] == ref
            and event.get("amount")
        ):
            return True
    return False


def _cavalry(state: GameState, source: str, ref: str, base: bool) -> bool:
    if ref == source and _strength_changed_this_phase(state, ref):
        return False
    return base


register("core_82", passives={"can_be_killed": _cavalry, "can_be_discarded": _cavalry})


# --- core_84 Old Red Priest ----------------------------------------------------------------
# "After Old Red Priest is killed, choose and kneel a standing location you control, if
# able." "You": his controller when he was killed.


def _red_priest(state: GameState, ctx: Ctx) -> None:
    event, ref = ctx["event"], ctx["source"]
    if ref not in event.get("cards", ()):
        return
    seat = event.get("controllers", {}).get(ref, state.cards[ref].owner)
    found = [
        r
        for r in state.players[seat].in_play
        if facts(state, r).type == "location" and not state.in_play[r].knelt
    ]
    ask_select(state, seat, "kneel_location", found, "baratheon_red_priest", low=1, high=1)


@handler("baratheon_red_priest")
def _red_priest_kneel(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            moves.kneel(state, ref)
            state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


register("core_84", forced={"killed": _red_priest})


# --- core_85 Army of the Faithful ----------------------------------------------------------
# "Renown. No attachments. Lower the cost to play Army of the Faithful by 1 for each Asshai
# character you control."


def _army_cost(state: GameState, card: str, seat: int, cost: int) -> int:
    return cost - sum(1 for r in characters(state, seat) if "Asshai" in traits(state, r))


register("core_85", passives={"own_cost": _army_cost})


# --- core_86 Renly's Courtier --------------------------------------------------------------
# "Any Phase: Kneel Renly's Courtier to choose a non-unique character. Until the end of the
# phase, treat that character as though its printed text box were blank (except for
# Traits)."


def _non_unique_characters(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if not facts(state, r).unique]


def _courtier(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "blank", ctx["target"], "phase", ctx["source"], value=True)


register(
    "core_86",
    Ability("action", _courtier, costs=(KNEEL_SELF,), targets=_non_unique_characters),
)


# --- core_88 House Tyrell Guard ------------------------------------------------------------
# "Response: After one of your House Baratheon characters is killed, put House Tyrell Guard
# into play from your hand."


def _tyrell_guard_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    controllers = event.get("controllers", {})
    return any(
        controllers.get(r) == ctx["seat"]
        and is_character(state, r)
        and "Baratheon" in facts(state, r).houses
        for r in event.get("cards", ())
    )


def _tyrell_guard(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.players[ctx["seat"]].hand:
        put_into_play(state, ctx["seat"], ctx["source"])


register(
    "core_88",
    Ability(
        "response",
        _tyrell_guard,
        trigger="killed",
        condition=_tyrell_guard_condition,
        zones=("hand",),
    ),
)


# --- core_91 Dragonstone Port --------------------------------------------------------------
# "Players may take actions after plot cards are chosen as part of the plot phase, but
# before they are revealed.
# Plot: After plot cards are chosen but before they are revealed, name a plot card. For each
# opponent that reveals the named plot card this phase, claim 1 power for your House. Limit
# once per phase." (the limit is errata)
# A plot is named by the code of one printing per distinct plot name; any reveal this phase
# counts (a new plot too).

PORT_NAMED = "baratheon_port_named"


_PLOT_NAMES: dict[str, list[str]] = {}


def _plot_options(state: GameState) -> list[str]:
    """One plot code per distinct plot name of the card pool (the options to name)."""
    found = _PLOT_NAMES.get(state.card_source)
    if found is None:
        seen: dict[str, str] = {}
        for card in pool(state).values():
            if card.type == "plot":
                seen.setdefault(card.name, card.code)
        found = _PLOT_NAMES[state.card_source] = list(seen.values())
    return list(found)


def _port_allows(state: GameState, source: str, subject: object, base: bool) -> bool:
    return True


def _port_condition(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("moment") == "before_reveal"


def _port(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    options = _plot_options(state)
    ask_choose(state, ctx["seat"], "name_plot", options, "baratheon_port_name", ctx=data)


@handler("baratheon_port_name")
def _port_name(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if source in state.in_play:
        name = pool(state)[ctx["choice"]].name
        add_lasting(state, PORT_NAMED, source, "phase", source, named=name)


def _port_revealed(state: GameState, ctx: Ctx) -> None:
    event, source = ctx["event"], ctx["source"]
    if event.get("seat") not in state.opponents(ctx["seat"]) or not event.get("card"):
        return
    revealed = facts(state, event["card"]).name
    for entry in state.effects:
        mine = entry["query"] == PORT_NAMED and entry["subject"] == source
        if mine and entry["named"] == revealed:
            moves.gain_power(state, ctx["seat"], 1, "dragonstone_port")


register(
    "core_91",
    Ability(
        "action",
        _port,
        phases=("plot",),
        condition=_port_condition,
        limit=(1, "phase"),
    ),
    passives={"actions_before_reveal": _port_allows},
    forced={"plot_revealed": _port_revealed},
)


# --- core_92 / core_93 Stormlands Fiefdoms -------------------------------------------------
# "Limited. Marshalling: Kneel Stormlands Fiefdoms to lower the cost of the next House
# Baratheon card you play this phase by 1. [+1 Influence]"

for _code in ("core_92", "core_93"):
    register(
        _code,
        cost_reducer(1, ("Baratheon",)),
    )


# --- core_98 Great Hall --------------------------------------------------------------------
# "Limited. Marshalling: Kneel Great Hall to lower the cost of the next House Baratheon
# character you play this phase by 2."

register(
    "core_98",
    cost_reducer(2, ("Baratheon",), ("character",)),
)


# --- core_169 Prosperity and Plenty --------------------------------------------------------
# "House Baratheon only. Any Phase: Pay 1 gold to take an attachment from your discard pile
# and attach it to a character you control. If the attachment cannot be legally attached,
# it is discarded." The attachment is chosen as the event is played; the character as it
# resolves. With no legal character (or a unique copy already out) it stays discarded.


def _discarded_attachments(state: GameState, ctx: Ctx) -> list[str]:
    discard = state.players[ctx["seat"]].discard
    return [r for r in discard if facts(state, r).type == "attachment"]


def _plenty_hosts(state: GameState, seat: int, ref: str) -> list[str]:
    card = facts(state, ref)
    if unique_problem(state, seat, card) is not None:
        return []
    return [r for r in attachment_targets(state, card, seat) if controller(state, r) == seat]


def _plenty(state: GameState, ctx: Ctx) -> None:
    seat, ref = ctx["seat"], ctx["target"]
    if ref not in state.players[seat].discard:
        return
    hosts = _plenty_hosts(state, seat, ref)
    if not hosts:
        state.emit("not_attached", seat=seat, card=ref, code=state.code(ref))
        return
    data = {"seat": seat, "card": ref}
    ask_select(state, seat, "attach_to", hosts, "baratheon_plenty_attach", low=1, high=1, ctx=data)


@handler("baratheon_plenty_attach")
def _plenty_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    still = selected and ref in state.players[seat].discard
    if still and selected[0] in _plenty_hosts(state, seat, ref):
        put_into_play(state, seat, ref, selected[0])


register(
    "core_169",
    Ability(
        "action",
        _plenty,
        costs=(Cost("gold", 1),),
        targets=_discarded_attachments,
        zones=("hand",),
    ),
)


# --- core_170 Lords of the Narrow Sea ------------------------------------------------------
# "House Baratheon only. Any Phase: Kneel 3 influence or kneel a Noble character to force an
# opponent to reveal a new plot card. If the newly revealed plot card has a lower income
# than yours, claim 1 power for your House."
# Two abilities, one per cost. You choose the opponent (among those with a plot to reveal);
# that opponent chooses the plot from his or her plot deck (not a plot already chosen for
# this round's reveal). Incomes are the revealed plots' income after plot effects.


def _new_plot_options(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    return [r for r in player.plot_deck if r != player.chosen_plot]


def _lords_opponents(state: GameState, seat: int) -> list[int]:
    return [s for s in state.opponents(seat) if _new_plot_options(state, s)]


def _lords_condition(state: GameState, ctx: Ctx) -> bool:
    return bool(_lords_opponents(state, ctx["seat"]))


def _lords(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(s) for s in _lords_opponents(state, seat)]
    data = {"seat": seat, "source": ctx["source"]}
    if len(options) == 1:
        HANDLERS["baratheon_lords_opponent"](state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_opponent", options, "baratheon_lords_opponent", ctx=data)


@handler("baratheon_lords_opponent")
def _lords_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    opponent = int(ctx["choice"])
    plots = _new_plot_options(state, opponent)
    data = {"seat": ctx["seat"], "opponent": opponent}
    then = "baratheon_lords_reveal"
    ask_select(state, opponent, "new_plot", plots, then, low=1, high=1, ctx=data)


def _plot_income(state: GameState, seat: int) -> int:
    plot = state.players[seat].revealed_plot
    printed = (facts(state, plot).income or 0) if plot else 0
    return value(state, "plot_income", seat, printed)


@handler("baratheon_lords_reveal")
def _lords_reveal(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, opponent = ctx["seat"], ctx["opponent"]
    if not selected or selected[0] not in _new_plot_options(state, opponent):
        return
    reveal_new_plot(state, opponent, selected[0])
    if _plot_income(state, opponent) < _plot_income(state, seat):
        moves.gain_power(state, seat, 1, "lords_of_the_narrow_sea")


register(
    "core_170",
    Ability(
        "action",
        _lords,
        costs=(Cost("influence", 3),),
        condition=_lords_condition,
        zones=("hand",),
    ),
    Ability(
        "action",
        _lords,
        costs=(Cost("kneel", 1, _is_noble, "Noble character"),),
        condition=_lords_condition,
        zones=("hand",),
    ),
)
