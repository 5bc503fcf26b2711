"""Of Snakes and Sand: the locations, attachments, events and the plot (bwb_82, bwb_84,
bwb_86, bwb_88, bwb_90, bwb_94, bwb_95, bwb_96, bwb_99, bwb_100). The characters are in
characters.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    attached_to,
    attachments,
    controller,
    facts,
    handler,
    is_blank,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    event,
    has_trait,
    kneel_card,
    lost,
    of_house,
    of_house_named,
    participants,
    response,
    reveal_new_plot_choice,
    stand_card,
    won,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.rules import cost_reducer
from gameplay.engine.state import GameState

SAND_SNAKE = "Sand Snake"

# --- bwb_82 The Weeping Water ------------------------------------------------------------
# "After a character changes control, stand The Weeping Water. Any Phase: Kneel The Weeping
# Water to return the topmost House Bolton card in your discard pile to the top of your
# deck."  The first sentence is forced (no trigger word), on the trigger
# ``control_changed`` of any player's character. "Topmost": the card put in the discard
# pile last; offered while the pile holds a House Bolton card (the trait).


def _weeping_stands(state: GameState, ctx: Ctx) -> None:
    card = ctx["event"].get("card")
    if card is not None and card in state.in_play and is_character(state, card):
        stand_card(state, ctx["source"])


def _top_bolton(state: GameState, seat: int) -> str | None:
    pile = state.players[seat].discard
    return next((r for r in reversed(pile) if of_house_named(state, r, "House Bolton")), None)


def _weeping_water(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    ref = _top_bolton(state, seat)
    if ref is not None:
        player = state.players[seat]
        player.discard.remove(ref)
        player.deck.insert(0, ref)
        state.emit("discard_to_deck", seat=seat, card=ref, code=state.code(ref))


register(
    "bwb_82",
    Ability(
        "action",
        _weeping_water,
        costs=(KNEEL_SELF,),
        condition=lambda state, ctx: _top_bolton(state, ctx["seat"]) is not None,
    ),
    forced={"control_changed": _weeping_stands},
)

# --- bwb_84 Tyrion's Thug ----------------------------------------------------------------
# "Clansman character only. Any Phase: Discard 1 card from your hand to stand or kneel
# attached character."  Whoever controls the character; it stands if it kneels, kneels if
# it stands (offered only while that is possible: "cannot stand", "cannot kneel").


def _clansman(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Clansman")


def _thug_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    if host is None or not is_character(state, host):
        return False
    if state.in_play[host].knelt:
        return allowed(state, "can_stand", host)
    return allowed(state, "can_kneel", host)


def _thug(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"]) if ctx["source"] in state.in_play else None
    if host is None:
        return
    if state.in_play[host].knelt:
        stand_card(state, host)
    else:
        kneel_card(state, host)


register(
    "bwb_84",
    Ability("action", _thug, costs=(Cost("discard_hand", 1),), condition=_thug_may),
    attach_rule=_clansman,
)

# --- bwb_86 King Robert's Debt -----------------------------------------------------------
# "House Baratheon only. Response: After you win a challenge, draw 1 card for each power
# claimed for renown during that challenge."  Every power Renown claimed in that challenge
# (the winner's characters: read from the log since the challenge was initiated); offered
# only when there is some. An effect draw (the draw cap applies).


def _renown_power(state: GameState) -> int:
    total = 0
    for entry in reversed(state.log):
        if entry["event"] == "challenge":
            break
        if entry["event"] == "power" and entry.get("reason") == "renown":
            total += max(0, entry.get("amount", 0))
    return total


def _debt_may(state: GameState, ctx: Ctx) -> bool:
    return won()(state, ctx) and _renown_power(state) > 0


def _debt(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], _renown_power(state))


register("bwb_86", response(_debt, "challenge_won", condition=_debt_may))

# --- bwb_88 Refurbished Hulk -------------------------------------------------------------
# "House Greyjoy only. Limited. Marshalling: Kneel Refurbished Hulk to reduce the cost of
# the next location you play this phase by 2."  rules.cost_reducer.

register("bwb_88", cost_reducer(2, types=("location",)))

# --- bwb_90 Jhogo's Whip -----------------------------------------------------------------
# "House Targaryen only. Ambush. Dothraki character only. Challenges: If attached character
# is attacking, kneel Jhogo's Whip to stand and remove a character from the current
# challenge. (Up to 2 characters instead if attached character is Jhogo.)"  Any
# participating character (either side, the attached one included), chosen as the ability
# resolves: 1, or 1 or 2 when the attached character is named Jhogo. Each is stood and
# leaves the challenge.

WHIP_JHOGO = 2


def _dothraki(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Dothraki")


def _whip_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    challenge = state.challenge
    return host is not None and challenge is not None and host in challenge["attackers"]


def _whip(state: GameState, ctx: Ctx) -> None:
    seat, source, challenge = ctx["seat"], ctx["source"], state.challenge
    if challenge is None or source not in state.in_play:
        return
    host = attached_to(state, source)
    high = WHIP_JHOGO if host is not None and facts(state, host).name == "Jhogo" else 1
    found = [
        r
        for r in participants(challenge)
        if r in state.in_play and choosable(state, r, source, seat)
    ]
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "remove_from_challenge", found, "bwb_whip", low=1, high=high, ctx=data)


@handler("bwb_whip")
def _whip_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    challenge = state.challenge
    for ref in selected:
        if ref not in state.in_play:
            continue
        stand_card(state, ref)
        if challenge is None:
            continue
        for side in ("attackers", "defenders"):
            if ref in challenge[side]:
                challenge[side].remove(ref)
                state.emit("removed_from_challenge", cards=[ref], side=side, card=ctx["source"])


register(
    "bwb_90",
    Ability("action", _whip, phases=("challenges",), costs=(KNEEL_SELF,), condition=_whip_may),
    attach_rule=_dothraki,
)

# --- bwb_94 Blood of the Viper -----------------------------------------------------------
# "House Martell character only. Attached character gains the Sand Snake trait and 'Sand
# Snake characters you control get +1 STR.'"  "You": the attached character's controller;
# the gained text goes while that character's text is blank. Several Bloods on several
# characters add up (each character has the text).


def _martell(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return of_house(state, target, "Martell")


def _viper_trait(state: GameState, source: str, subject: Any, base: set) -> set:
    return (
        base | {SAND_SNAKE}
        if subject is not None and subject == attached_to(state, source)
        else base
    )


def _viper_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    host = attached_to(state, source)
    if (
        host is None
        or not isinstance(subject, str)
        or subject not in state.in_play
        or not is_character(state, subject)
        or is_blank(state, host)
        or controller(state, subject) != controller(state, host)
        or not has_trait(state, subject, SAND_SNAKE)
    ):
        return base
    return base + 1


register(
    "bwb_94",
    passives={"traits": _viper_trait, "strength": _viper_strength},
    attach_rule=_martell,
)

# --- bwb_95 Alchemist's Shop -------------------------------------------------------------
# "Your characters with Weapon attachments you control get +2 STR and gain Deadly."  A
# character the Shop's controller controls bearing at least one Weapon attachment that
# player controls (its traits now).

SHOP_STR = 2


def _armed(state: GameState, source: str, subject: Any) -> bool:
    if not isinstance(subject, str) or subject not in state.in_play:
        return False
    seat = controller(state, source)
    return (
        is_character(state, subject)
        and controller(state, subject) == seat
        and any(
            controller(state, a) == seat and has_trait(state, a, "Weapon")
            for a in attachments(state, subject)
        )
    )


def _shop_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + SHOP_STR if _armed(state, source, subject) else base


def _shop_deadly(state: GameState, source: str, subject: Any, base: set) -> set:
    return base | {"deadly"} if _armed(state, source, subject) else base


register("bwb_95", passives={"strength": _shop_strength, "keywords": _shop_deadly})

# --- bwb_96 His Viper Eyes ---------------------------------------------------------------
# "House Martell only. Response: After you lose a challenge in which at least 1 Sand Snake
# character participated, kneel 1 influence to look at an opponent's hand. Discard 1 event
# card from that hand, if able."  A Sand Snake on either side (its traits as it is now, or
# printed once it has left play). An opponent with a card in hand, chosen as it resolves
# (asked only among several); the player who looked picks the event (it must, with one).


def _opponents_with_hands(state: GameState, seat: int) -> list[str]:
    return [str(s) for s in state.opponents(seat) if state.players[s].hand]


def _viper_eyes_may(state: GameState, ctx: Ctx) -> bool:
    snakes = [r for r in participants(ctx["event"], state) if has_trait(state, r, SAND_SNAKE)]
    return lost()(state, ctx) and bool(snakes) and bool(_opponents_with_hands(state, ctx["seat"]))


def _viper_eyes(state: GameState, ctx: Ctx) -> None:
    options = _opponents_with_hands(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _viper_eyes_look(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "bwb_viper_eyes", ctx=data)


@handler("bwb_viper_eyes")
def _viper_eyes_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(hand))
    found = [r for r in hand if facts(state, r).type == "event"]
    data = {"seat": seat, "source": ctx["source"], "other": other, "shown": hand}
    then = "bwb_viper_eyes_discard"
    low = min(1, len(found))
    ask_select(
        state, seat, "discard_from_hand", found, then, low=low, high=1, ctx=data, hidden=True
    )


@handler("bwb_viper_eyes_discard")
def _viper_eyes_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    other = ctx["other"]
    moves.discard_from_hand(state, other, [r for r in selected if r in state.players[other].hand])


register(
    "bwb_96",
    response(
        _viper_eyes, "challenge_won", costs=(Cost("influence", 1),), condition=_viper_eyes_may
    ),
)

# --- bwb_99 Gossip and Lies --------------------------------------------------------------
# "Challenges: Choose 1 participating character. Until the end of the challenge, that
# character gets +1 STR for each power you have that is not on your House card."  Any
# participating character; X is counted as it resolves: the power on the cards its player
# controls. Offered only while X is at least 1.


def _power_off_house(state: GameState, seat: int) -> int:
    return sum(state.in_play[r].power for r in state.players[seat].in_play)


def _participating(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in participants(challenge) if r in state.in_play]


def _gossip(state: GameState, ctx: Ctx) -> None:
    ref, amount = ctx["target"], _power_off_house(state, ctx["seat"])
    if ref in state.in_play and state.challenge is not None and amount:
        add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=amount)


register(
    "bwb_99",
    event(
        _gossip,
        phases=("challenges",),
        targets=_participating,
        condition=lambda state, ctx: _power_off_house(state, ctx["seat"]) > 0,
    ),
)

# --- bwb_100 Bungled Orders --------------------------------------------------------------
# "After a player loses a challenge, that player must reveal a new plot card."  Forced
# while Bungled Orders is a revealed plot, for any player losing (its owner included: its
# new plot replaces Bungled Orders). The loser chooses the plot from its plot deck
# (vocabulary.plots.reveal_new_plot_choice); its "when revealed" effect resolves.


def _bungled(state: GameState, ctx: Ctx) -> None:
    event_ = ctx["event"]
    loser = event_.get("loser")
    if loser is not None and event_.get("winner") is not None:
        reveal_new_plot_choice(state, {"seat": loser})


register("bwb_100", forced={"challenge_won": _bungled})
