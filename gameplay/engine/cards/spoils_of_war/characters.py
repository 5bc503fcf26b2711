"""Spoils of War characters: Seasoned Smuggler (cad_3), Enraged Crewman (cad_6), Frey
Armsmen (cad_8), Doran Martell (cad_10), Spy from Starfall (cad_11), Catelyn Stark
(cad_13), Aegon Targaryen (cad_15), Lysono Maar (cad_16), Theon Greyjoy (cad_17) and
Tycho Nestoris (cad_18). The printed Prized X keyword: ``vocabulary.prized_card``."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    attachments,
    controller,
    facts,
    handler,
    is_blank,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    has_trait,
    is_prized,
    many_icons_do_not_count,
    of_house,
    prized_card,
    prized_value,
    stand_card,
    won,
    won_with,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- cad_3 Seasoned Smuggler ---------------------------------------------------------------
# "Prized 1. Response: After you win a [Power] challenge in which Seasoned Smuggler
# participated, choose and stand a prized card." Any player's knelt prized card in play.


def _knelt_prized(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r, rec in state.in_play.items() if rec.knelt and is_prized(state, r)]


def _smuggler_may(state: GameState, ctx: Ctx) -> bool:
    return won("power")(state, ctx) and won_with("self")(state, ctx)


def _smuggler(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


prized_card("cad_3")
register(
    "cad_3",
    Ability(
        "response",
        _smuggler,
        trigger="challenge_won",
        condition=_smuggler_may,
        targets=_knelt_prized,
    ),
)


# --- cad_6 Enraged Crewman -----------------------------------------------------------------
# "Melee. If you win a challenge in which Enraged Crewman participated by 4 or more STR as
# the attacker, the challenge is considered unopposed." Declared as an attacker, he sets the
# challenge's ``unopposed_margin`` (challenges.determined); the margin is read as the
# challenge resolves.

CREWMAN_MARGIN = 4


def _crewman(state: GameState, ctx: Ctx) -> None:
    challenge = state.challenge
    if challenge is None or ctx["source"] not in ctx["event"].get("cards", ()):
        return
    if ctx["source"] not in challenge["attackers"]:
        return
    challenge["unopposed_margin"] = min(
        challenge.get("unopposed_margin") or CREWMAN_MARGIN, CREWMAN_MARGIN
    )
    state.emit("unopposed_margin", card=ctx["source"], margin=CREWMAN_MARGIN)


register("cad_6", forced={"attackers_declared": _crewman})


# --- cad_8 Frey Armsmen --------------------------------------------------------------------
# "No attachments. Frey Armsmen gets +2 STR during [Military] challenges for each House Frey
# character you control." (He counts himself.)


def _armsmen(state: GameState, source: str, subject: str, base: int) -> int:
    challenge = state.challenge
    if subject != source or challenge is None or challenge["type"] != "military":
        return base
    seat = controller(state, source)
    freys = [r for r in characters_of(state, seat) if has_trait(state, r, "House Frey")]
    return base + 2 * len(freys)


register("cad_8", passives={"strength": _armsmen})


# --- cad_10 Doran Martell ------------------------------------------------------------------
# "Prized 2. Stealth. When a prized card is discarded from an opponent's hand, claim power for
# your House equal to that card's prized value." A forced effect of ``discarded_from_hand``.


def _doran(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("seat") not in state.opponents(seat):
        return
    for ref in event.get("cards", ()):
        amount = prized_value(state, ref)
        if amount:
            moves.gain_power(state, seat, amount, "doran_martell")


prized_card("cad_10")
register("cad_10", forced={"discarded_from_hand": _doran})


# --- cad_11 Spy from Starfall --------------------------------------------------------------
# "Prized 1. While Spy from Starfall is participating in a challenge, characters with more
# than 1 icon do not count their STR." (Any side's, himself included were he to have more.)


prized_card("cad_11")
register("cad_11", passives={"counts_strength": many_icons_do_not_count})


# --- cad_13 Catelyn Stark ------------------------------------------------------------------
# "Prized 2. Immune to character abilities. Response: After Catelyn Stark leaves play, choose
# a non-Army [Stark] character in your dead pile and put that character into play." A
# response of hers to each way of leaving play, answered wherever she is now.

LEFT = ("killed", "discarded", "returned_to_hand", "returned_to_deck", "removed_from_game")


def _dead_starks(state: GameState, ctx: Ctx) -> list[str]:
    seat = state.cards[ctx["source"]].owner
    return [
        r
        for r in state.players[seat].dead
        if r != ctx["source"]
        and facts(state, r).type == "character"
        and of_house(state, r, "Stark")
        and not has_trait(state, r, "Army")
    ]


def _catelyn_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


def _catelyn(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.players[ctx["seat"]].dead:
        put_into_play(state, ctx["seat"], target)


prized_card("cad_13")
for _trigger in LEFT:
    register(
        "cad_13",
        Ability(
            "response",
            _catelyn,
            trigger=_trigger,
            condition=_catelyn_may,
            targets=_dead_starks,
            zones=("play", "hand", "dead", "discard"),
        ),
    )


# --- cad_15 Aegon Targaryen ----------------------------------------------------------------
# "Prized 1. No attachments. If you control Young Griff, discard Young Griff from play.
# Non-Dragon characters without attachments get -1 STR." Every player's characters (Aegon
# himself too). Young Griff (btns_33) is discarded by the ``discard_now`` check (cannot be
# saved) while his controller controls an Aegon whose text is not blank.

YOUNG_GRIFF = "btns_33"


def _aegon_str(state: GameState, source: str, subject: str, base: int) -> int:
    if subject not in state.in_play or facts(state, subject).type != "character":
        return base
    if has_trait(state, subject, "Dragon") or attachments(state, subject):
        return base
    return base - 1


def _griff_out(state: GameState, source: str, subject: str, base: bool) -> bool:
    if subject != source:
        return base
    seat = controller(state, source)
    for ref, record in state.in_play.items():
        mine = state.cards[ref].code == "cad_15" and record.controller == seat
        if mine and not is_blank(state, ref):
            return True
    return base


prized_card("cad_15")
register("cad_15", passives={"strength": _aegon_str})
register(YOUNG_GRIFF, passives={"discard_now": _griff_out})


# --- cad_16 Lysono Maar --------------------------------------------------------------------
# "Response: After an attachment enters play, choose a player. Look at that player's hand."
# Any player (himself included); only the chooser sees the hand (a hidden prompt showing it).


def _attachment_entered(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return card is not None and card in state.in_play and facts(state, card).type == "attachment"


def _lysono(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "cad_lysono_look", ctx=data)


@handler("cad_lysono_look")
def _lysono_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(hand))
    data = {"seat": seat, "other": other, "shown": hand}
    ask_select(state, seat, "look_at_hand", [], "cad_lysono_seen", ctx=data, hidden=True)


@handler("cad_lysono_seen")
def _lysono_seen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    return None


register(
    "cad_16",
    Ability("response", _lysono, trigger="entered_play", condition=_attachment_entered),
)


# --- cad_17 Theon Greyjoy ------------------------------------------------------------------
# "Prized 2. After a player counts income, he or she must choose and kill a character he or
# she controls." A forced effect of ``income_counted`` for each player (saves allowed).


def _theon(state: GameState, ctx: Ctx) -> None:
    seat = ctx["event"].get("seat")
    if seat is None:
        return
    mine = characters_of(state, seat)
    if mine:
        data = {"seat": seat, "source": ctx["source"]}
        ask_select(state, seat, "kill", mine, "cad_theon_kill", low=1, high=1, ctx=data)


@handler("cad_theon_kill")
def _theon_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        moves.kill(state, found)


prized_card("cad_17")
register("cad_17", forced={"income_counted": _theon})


# --- cad_18 Tycho Nestoris -----------------------------------------------------------------
# "Prized 2. No attachments. Response: After you count income, pay 1 gold to draw 1 card.
# [+1 Income]" (The income bonus is the card's data.)


def _counted_mine(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _tycho(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


prized_card("cad_18")
register(
    "cad_18",
    Ability(
        "response",
        _tycho,
        trigger="income_counted",
        condition=_counted_mine,
        costs=(Cost("gold", 1),),
    ),
)
