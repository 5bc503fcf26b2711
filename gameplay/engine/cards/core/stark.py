"""Core Set House Stark cards, registered by card code (see abilities.register).

Also the four Honor Guards (Winterfell, Lannisport, Highgarden, Dothraki): their text is
the same, so one implementation is registered for the four codes here.

Conventions: "you" is the controller of the card (``ctx["seat"]``; for passives
:func:`abilities.controller` of the source). A card named in text ("Sansa Stark",
"Robb Stark is in play") is any card of that name in play, whoever controls it.
"""

from __future__ import annotations

from collections.abc import Callable

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
    characters,
    controller,
    crests,
    facts,
    handler,
    in_play_named,
    is_character,
    keywords,
    participating,
    register,
    traits,
)
from gameplay.engine.moves import reveal, search_deck
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import cost_reducer, unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.steps import reveal_new_plot
from gameplay.engine.windows import put_into_play

# --- shared helpers ----------------------------------------------------------------------


def _is_stark(state: GameState, ref: str) -> bool:
    return "Stark" in facts(state, ref).houses


def _is_direwolf(state: GameState, ref: str) -> bool:
    return "Direwolf" in traits(state, ref)


def _named(state: GameState, ref: str, name: str) -> bool:
    return ref in state.in_play and facts(state, ref).name == name


def _stark_character_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    # "House Stark character only."
    return is_character(state, target) and _is_stark(state, target)


def _in_event(state: GameState, ctx: Ctx) -> bool:
    """The source is one of the cards the triggering event names (declared as a defender,
    about to be killed ...)."""
    return ctx["source"] in ctx["event"].get("cards", ())


def _participants(state: GameState, ctx: Ctx | None = None) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


# --- core_1 Ice --------------------------------------------------------------------------
# "House Stark character only.
# Challenges: While attached character is participating in a challenge, kneel and discard
# Ice from play (cannot be saved) to choose and kill another participating character."


def _ice_condition(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return bearer is not None and participating(state, bearer)


def _ice_targets(state: GameState, ctx: Ctx) -> list[str]:
    bearer = attached_to(state, ctx["source"])
    return [r for r in _participants(state) if r != bearer]


register(
    "core_1",
    Ability(
        "action",
        moves.kill_target,
        phases=("challenges",),
        costs=(KNEEL_SELF, DISCARD_SELF),
        condition=_ice_condition,
        targets=_ice_targets,
    ),
    attach_rule=_stark_character_only,
)


# --- core_2 Nymeria ----------------------------------------------------------------------
# "House Stark character only.
# Response: Kneel Nymeria to save attached character from being killed.
# If attached character is Arya Stark, she also gets +1 STR and gains stealth."


def _saves_attached(state: GameState, ctx: Ctx) -> bool:
    bearer = attached_to(state, ctx["source"])
    return (
        bearer is not None
        and bearer in ctx["event"].get("cards", ())
        and not moves.saved(state, bearer)
    )


def _save_attached(state: GameState, ctx: Ctx) -> None:
    bearer = attached_to(state, ctx["source"])
    if bearer is not None:
        moves.save(state, bearer, by=ctx["source"])


def _bears(state: GameState, source: str, subject: str, name: str) -> bool:
    """Whether ``subject`` is the character ``source`` is attached to and is called
    ``name``."""
    return subject == attached_to(state, source) and facts(state, subject).name == name


def _nymeria_strength(state: GameState, source: str, subject: str, base: int) -> int:
    return base + 1 if _bears(state, source, subject, "Arya Stark") else base


def _nymeria_keywords(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    return base | {"stealth"} if _bears(state, source, subject, "Arya Stark") else base


register(
    "core_2",
    Ability(
        "save",
        _save_attached,
        trigger="would_be_killed",
        costs=(KNEEL_SELF,),
        condition=_saves_attached,
    ),
    passives={"strength": _nymeria_strength, "keywords": _nymeria_keywords},
    attach_rule=_stark_character_only,
)


# --- core_3 Summer -----------------------------------------------------------------------
# "House Stark character only.
# Attached character gets +2 STR and gains a Military icon. If attached character is Bran
# Stark, he gains stealth."


def _summer_strength(state: GameState, source: str, subject: str, base: int) -> int:
    return base + 2 if subject == attached_to(state, source) else base


def _summer_icons(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    return base | {"military"} if subject == attached_to(state, source) else base


def _summer_keywords(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    return base | {"stealth"} if _bears(state, source, subject, "Bran Stark") else base


register(
    "core_3",
    passives={
        "strength": _summer_strength,
        "icons": _summer_icons,
        "keywords": _summer_keywords,
    },
    attach_rule=_stark_character_only,
)


# --- core_4 Ser Rodrik Cassel ------------------------------------------------------------
# "Ser Rodrik Cassel does not kneel to defend.
# Ser Rodrik Cassel gets +2 STR while defending."


def _rodrik_kneels(state: GameState, source: str, subject: str, base: bool) -> bool:
    return False if subject == source else base


def _rodrik_strength(state: GameState, source: str, subject: str, base: int) -> int:
    challenge = state.challenge
    defending = challenge is not None and source in challenge["defenders"]
    return base + 2 if subject == source and defending else base


register(
    "core_4",
    passives={"kneel_to_defend": _rodrik_kneels, "strength": _rodrik_strength},
)


# --- core_5 Eddard Stark -----------------------------------------------------------------
# "Stalwart. Renown. Deadly.
# Eddard Stark claims 1 power when he comes into play."
# Marshalled or put into play (not revealed in setup: that fires no entered_play).


def _eddard_enters(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") == source and source in state.in_play:
        moves.card_power(state, source, 1, "eddard_stark")


register("core_5", forced={"entered_play": _eddard_enters})


# --- core_6 Catelyn Stark ----------------------------------------------------------------
# "Response: After Catelyn Stark is declared as a defender, choose a participating
# character. For the duration of the challenge, that character does not count its STR."


def _catelyn(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "counts_strength", ctx["target"], "challenge", ctx["source"], value=False)


register(
    "core_6",
    Ability(
        "response",
        _catelyn,
        trigger="defenders_declared",
        condition=_in_event,
        targets=_participants,
    ),
)


# --- core_7 Arya Stark -------------------------------------------------------------------
# "Any phase: Kneel 1 influence to choose a character with stealth or renown. Until the end
# of the phase, that character loses those keywords, and Arya Stark gains any keyword that
# was lost in this way."
# Arya cannot choose herself (she would lose and regain the same keywords).

ARYA_WORDS = ("stealth", "renown")


def _arya_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in characters(state) if r != ctx["source"] and set(ARYA_WORDS) & keywords(state, r)
    ]


def _arya(state: GameState, ctx: Ctx) -> None:
    target, arya = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    lost = sorted(set(ARYA_WORDS) & keywords(state, target))
    add_lasting(state, "keywords", target, "phase", arya, remove=lost)
    if arya in state.in_play:
        add_lasting(state, "keywords", arya, "phase", arya, add=lost)


register(
    "core_7",
    Ability("action", _arya, costs=(Cost("influence", 1),), targets=_arya_targets),
)


# --- core_8 Robb Stark -------------------------------------------------------------------
# "Response: after you win a Military challenge in which Robb Stark participates, choose
# and kill a character controlled by the losing player."


def _robb_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    sides = list(event.get("attackers", ())) + list(event.get("defenders", ()))
    return (
        event.get("type") == "military"
        and event.get("winner") == ctx["seat"]
        and event.get("loser") is not None
        and ctx["source"] in sides
    )


def _robb_targets(state: GameState, ctx: Ctx) -> list[str]:
    loser = ctx["event"].get("loser")
    return [] if loser is None else characters(state, loser)


register(
    "core_8",
    Ability(
        "response",
        moves.kill_target,
        trigger="challenge_won",
        condition=_robb_condition,
        targets=_robb_targets,
    ),
)


# --- core_9 Sansa Stark ------------------------------------------------------------------
# "House Stark only.
# Response: After a player plays an attachment on Sansa Stark, that player may draw a card."
# Sansa's controller uses the response; the player who played the attachment then draws
# (asked first when it is not Sansa's controller: "may").


def _sansa_condition(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "attachment" and event.get("target") == ctx["source"]


def _sansa(state: GameState, ctx: Ctx) -> None:
    player = ctx["event"]["seat"]
    if player == ctx["seat"]:
        moves.effect_draw(state, player, 1)
    else:
        data = {"seat": player}
        ask_choose(state, player, "sansa_draw", ["draw", "pass"], "stark_sansa_draw", ctx=data)


@handler("stark_sansa_draw")
def _sansa_draw(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] == "draw":
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "core_9",
    Ability("response", _sansa, trigger="played", condition=_sansa_condition),
)


# --- core_10 Greatjon Umber --------------------------------------------------------------
# "Challenges: Kneel Greatjon Umber to have him participate in the current Military or
# Power challenge as either the attacker or as the defender."
# He joins his controller's side, so his controller must be the attacker or the defending
# player. On the defending side only once defenders have been declared (declaring would
# replace the side), and not if Stealth keeps him out of the challenge.

GREATJON_TYPES = ("military", "power")


def _greatjon_side(state: GameState, ctx: Ctx) -> str | None:
    challenge, seat, source = state.challenge, ctx["seat"], ctx["source"]
    if challenge is None or challenge["type"] not in GREATJON_TYPES:
        return None
    if participating(state, source):
        return None
    if challenge["attacker"] == seat:
        return "attackers"
    declared = not any(step["name"] == "ask_defenders" for step in state.queue)
    if challenge["defender"] == seat and declared and source not in challenge["blocked"]:
        return "defenders"
    return None


def _greatjon(state: GameState, ctx: Ctx) -> None:
    side = _greatjon_side(state, ctx)
    if side is not None and ctx["source"] in state.in_play:
        state.challenge[side].append(ctx["source"])  # type: ignore[index]
        state.emit("joined_challenge", card=ctx["source"], seat=ctx["seat"], side=side)


register(
    "core_10",
    Ability(
        "action",
        _greatjon,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: _greatjon_side(state, ctx) is not None,
    ),
)


# --- core_11 Shaggydog -------------------------------------------------------------------
# "Deadly. No attachments.
# While you control at least 1 House Stark Lord character, Shaggydog gets +3 STR and is
# immune to events."


def _has_stark_lord(state: GameState, source: str) -> bool:
    return any(
        _is_stark(state, r) and "Lord" in traits(state, r)
        for r in characters(state, controller(state, source))
    )


def _shaggydog_strength(state: GameState, source: str, subject: str, base: int) -> int:
    return base + 3 if subject == source and _has_stark_lord(state, source) else base


def _shaggydog_immune(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    if subject == source and _has_stark_lord(state, source):
        return base | {"immune to events"}
    return base


register("core_11", passives={"strength": _shaggydog_strength, "immune": _shaggydog_immune})


# --- core_12 Hodor -----------------------------------------------------------------------
# "Deadly. No attachments.
# Hodor cannot be declared as an attacker. Hodor cannot be bypassed with stealth."


def _not_this_card(state: GameState, source: str, subject: str, base: bool) -> bool:
    return False if subject == source else base


register("core_12", passives={"can_attack": _not_this_card, "can_be_stealthed": _not_this_card})


# --- core_13 Bran Stark ------------------------------------------------------------------
# "Plot: Kneel Bran Stark to choose and reveal a new plot card. (Limit 3 times per round.)"
# (the limit is errata). In the plot phase's action window, after plots are revealed.


def _bran_condition(state: GameState, ctx: Ctx) -> bool:
    player = state.players[ctx["seat"]]
    before_reveal = ctx["event"].get("moment") == "before_reveal"
    return bool(player.plot_deck) and player.revealed_plot is not None and not before_reveal


def _bran(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    plots = list(state.players[seat].plot_deck)
    ask_select(state, seat, "new_plot", plots, "stark_bran_plot", low=1, high=1, ctx={"seat": seat})


@handler("stark_bran_plot")
def _bran_plot(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if selected and selected[0] in state.players[ctx["seat"]].plot_deck:
        reveal_new_plot(state, ctx["seat"], selected[0])


register(
    "core_13",
    Ability(
        "action",
        _bran,
        phases=("plot",),
        costs=(KNEEL_SELF,),
        condition=_bran_condition,
        limit=(3, "round"),
    ),
)


# --- core_14 Grey Wind / core_15 Lady ----------------------------------------------------
# Grey Wind: "Deadly. No attachments.
# If Robb Stark is in play, lower the cost to play Grey Wind by 2."
# Lady: "No attachments.
# Sansa Stark gets +1 STR and gains renown.
# If Sansa Stark is in play, lower the cost to play Lady by 2."

WOLF_DISCOUNT = 2


def _cheaper_with(name: str) -> Callable[[GameState, str, int, int], int]:
    def own_cost(state: GameState, card: str, seat: int, cost: int) -> int:
        return cost - WOLF_DISCOUNT if in_play_named(state, name) else cost

    return own_cost


def _lady_strength(state: GameState, source: str, subject: str, base: int) -> int:
    return base + 1 if _named(state, subject, "Sansa Stark") else base


def _lady_keywords(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
    return base | {"renown"} if _named(state, subject, "Sansa Stark") else base


register("core_14", passives={"own_cost": _cheaper_with("Robb Stark")})
register(
    "core_15",
    passives={
        "own_cost": _cheaper_with("Sansa Stark"),
        "strength": _lady_strength,
        "keywords": _lady_keywords,
    },
)


# --- Honor Guards: core_17 Winterfell, core_54 Lannisport, core_83 Highgarden,
# core_119 Dothraki ---------------------------------------------------------------------
# "Challenges: You may put X into play from your hand, under the control of any opponent.
# After that opponent wins a challenge in which X participated, take control of X."
# "Take control": the owner (who put it into play) takes it back. "That opponent" is
# remembered on the card while it stays in play.

HONOR_GUARDS = ("core_17", "core_54", "core_83", "core_119")
HONOR_MARK = "honor_guard_opponent"


def _honor_guard(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(s) for s in state.opponents(seat)]
    data = {"seat": seat, "source": ctx["source"]}
    if len(options) == 1:
        HANDLERS["stark_honor_guard"](state, {**data, "choice": options[0]}, [])
    else:
        ask_choose(state, seat, "choose_opponent", options, "stark_honor_guard", ctx=data)


@handler("stark_honor_guard")
def _honor_guard_to(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    ref, opponent = ctx["source"], int(ctx["choice"])
    if ref not in state.players[ctx["seat"]].hand:
        return
    put_into_play(state, opponent, ref)
    add_lasting(state, HONOR_MARK, ref, "play", ref, seat=opponent)


def _honor_guard_returns(state: GameState, ctx: Ctx) -> None:
    ref, event = ctx["source"], ctx["event"]
    if ref not in state.in_play:
        return
    marks = [e["seat"] for e in state.effects if e["query"] == HONOR_MARK and e["subject"] == ref]
    holder = state.in_play[ref].controller
    sides = list(event.get("attackers", ())) + list(event.get("defenders", ()))
    if holder in marks and event.get("winner") == holder and ref in sides:
        moves.take_control(state, ref, state.cards[ref].owner)


for _code in HONOR_GUARDS:
    register(
        _code,
        Ability("action", _honor_guard, phases=("challenges",), zones=("hand",)),
        forced={"challenge_won": _honor_guard_returns},
    )


# --- core_20 Kennel Master ---------------------------------------------------------------
# "Kennel Master gets +1 STR for each Direwolf in play.
# While you control 3 or more Direwolf cards, Kennel Master gains: "Response: Save Kennel
# Master from being killed or discarded, and return him to his owner's hand.""
# A Direwolf is any card in play with the Direwolf trait (characters and attachments).

KENNEL_WOLVES = 3
KENNEL_LABEL = (
    "Response: Save Kennel Master from being killed or discarded, and return him to his "
    "owner's hand."
)


def _kennel_strength(state: GameState, source: str, subject: str, base: int) -> int:
    if subject != source:
        return base
    return base + sum(1 for r in state.in_play if _is_direwolf(state, r))


def _kennel_condition(state: GameState, ctx: Ctx) -> bool:
    source = ctx["source"]
    wolves = [r for r in state.players[ctx["seat"]].in_play if _is_direwolf(state, r)]
    return len(wolves) >= KENNEL_WOLVES and _in_event(state, ctx) and not moves.saved(state, source)


def _kennel_save(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play:
        moves.save(state, source, by=source)
        moves.return_to_hand(state, [source])


register(
    "core_20",
    *(
        Ability(
            "save",
            _kennel_save,
            trigger=trigger,
            condition=_kennel_condition,
            label=KENNEL_LABEL,
        )
        for trigger in ("would_be_killed", "would_be_discarded")
    ),
    passives={"strength": _kennel_strength},
)


# --- core_21 House Tully Recruiter / core_32 Godswood / core_26-27 Northern Fiefdoms /
# core_33, core_99 Narrow Sea ------------------------------------------------------------
# Recruiter: "Marshalling: Kneel to lower the cost of the next House Stark character you
# play this phase by 1."
# Godswood: "Limited. Marshalling: Kneel Godswood to lower the cost of the next House Stark
# character you play this phase by 2."
# Northern Fiefdoms: "Limited. Marshalling: Kneel Northern Fiefdoms to lower the cost of the
# next House Stark card you play this phase by 1."
# Narrow Sea: "Marshalling: Discard Narrow Sea from play to reduce the cost of the next
# House Stark or House Baratheon character you play this phase by 2."


register(
    "core_21",
    cost_reducer(1, ("Stark",), ("character",)),
)
register(
    "core_32",
    cost_reducer(2, ("Stark",), ("character",)),
)
for _code in ("core_26", "core_27"):
    register(
        _code,
        cost_reducer(1, ("Stark",)),
    )
for _code in ("core_33", "core_99"):
    register(
        _code,
        cost_reducer(2, ("Stark", "Baratheon"), ("character",), cost=DISCARD_SELF),
    )


# --- core_22 Trident Reinforcements ------------------------------------------------------
# "Dominance: Return Trident Reinforcements from your dead pile to your hand. Use this
# ability if there are at least 3 characters in your dead pile." (Itself counts.)

TRIDENT_DEAD = 3


def _trident_condition(state: GameState, ctx: Ctx) -> bool:
    dead = state.players[ctx["seat"]].dead
    return sum(1 for r in dead if is_character(state, r)) >= TRIDENT_DEAD


def _trident(state: GameState, ctx: Ctx) -> None:
    player, ref = state.players[ctx["seat"]], ctx["source"]
    if ref in player.dead:
        player.dead.remove(ref)
        player.hand.append(ref)
        state.emit("returned_to_hand", seat=player.seat, card=ref, code=state.code(ref))


register(
    "core_22",
    Ability(
        "action",
        _trident,
        phases=("dominance",),
        zones=("dead",),
        condition=_trident_condition,
    ),
)


# --- core_23 Winterfell Reserves ---------------------------------------------------------
# "Response: After Winterfell Reserves is declared as a defender, pay 1 gold to put the top
# card of a player's discard pile on top of his or her deck."
# Any player (you too) whose discard pile is not empty; the top card is the last one put
# there.


def _discard_seats(state: GameState) -> list[str]:
    return [str(p.seat) for p in state.players if p.discard]


def _reserves(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = _discard_seats(state)
    if options:
        data = {"seat": seat, "source": ctx["source"]}
        ask_choose(state, seat, "choose_player", options, "stark_reserves", ctx=data)


@handler("stark_reserves")
def _reserves_player(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[int(ctx["choice"])]
    if player.discard:
        ref = player.discard.pop()
        player.deck.insert(0, ref)
        state.emit("discard_to_deck", seat=player.seat, card=ref, code=state.code(ref))


register(
    "core_23",
    Ability(
        "response",
        _reserves,
        trigger="defenders_declared",
        costs=(Cost("gold", 1),),
        condition=lambda state, ctx: _in_event(state, ctx) and bool(_discard_seats(state)),
    ),
)


# --- core_24 Winterfell Kennels ----------------------------------------------------------
# "Any Phase: Kneel Winterfell Kennels and pay 1 gold to search your deck for a Direwolf
# card, reveal that card to all players, and put it into your hand. Then shuffle your
# deck."


def _kennels(state: GameState, ctx: Ctx) -> None:
    search_deck(
        state,
        ctx["seat"],
        lambda r: "Direwolf" in facts(state, r).traits,
        "kennels_found",
        ctx={"source": ctx["source"]},
    )


@handler("kennels_found")
def _kennels_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        player.deck.remove(ref)
        player.hand.append(ref)
    reveal(state, ctx["seat"], selected, "search")


register("core_24", Ability("action", _kennels, costs=(KNEEL_SELF, Cost("gold", 1))))


# --- core_25 Winterfell Castle -----------------------------------------------------------
# "No attachments.
# Each of your House Stark characters gets +1 STR."


def _castle_strength(state: GameState, source: str, subject: str, base: int) -> int:
    record = state.in_play.get(subject)
    if (
        record is not None
        and record.controller == controller(state, source)
        and is_character(state, subject)
        and _is_stark(state, subject)
    ):
        return base + 1
    return base


register("core_25", passives={"strength": _castle_strength})


# --- core_159 Bran the Builder's Legacy --------------------------------------------------
# "House Stark only.
# Dominance: Pay 3 gold to search your deck for a location card with printed cost 2 or
# lower, and put that card into play. Then shuffle your deck."
# A unique location you could not have in play is not offered.

LEGACY_COST = 2


def _legacy(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def match(ref: str) -> bool:
        card = facts(state, ref)
        return (
            card.type == "location"
            and card.cost is not None
            and card.cost <= LEGACY_COST
            and unique_problem(state, seat, card) is None
        )

    search_deck(state, seat, match, "stark_legacy_found", ctx={"source": ctx["source"]})


@handler("stark_legacy_found")
def _legacy_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        put_into_play(state, ctx["seat"], ref)


register(
    "core_159",
    Ability(
        "action",
        _legacy,
        phases=("dominance",),
        costs=(Cost("gold", 3),),
        zones=("hand",),
    ),
)


# --- core_160 Guilty! --------------------------------------------------------------------
# "House Stark only.
# Dominance: Kneel 3 influence or kneel a Noble character to choose and kill a non-House
# Stark character."
# Two ways to pay: two abilities. [Noble] is a crest; any Noble character you control.


def _noble(state: GameState, ref: str) -> bool:
    return "noble" in crests(state, ref)


def _non_stark(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if not _is_stark(state, r)]


register(
    "core_160",
    *(
        Ability(
            "action",
            moves.kill_target,
            phases=("dominance",),
            costs=(cost,),
            targets=_non_stark,
            zones=("hand",),
        )
        for cost in (Cost("influence", 3), Cost("kneel", 1, _noble, "Noble character"))
    ),
)
