"""Princes of the Sun characters (House Martell and the other Houses' and neutral
characters of the expansion), registered by card code (see abilities.register).

Conventions: "you" is the controller of the card (``ctx["seat"]``; for passives
:func:`abilities.controller` of the source). Handler names start with ``pots_``.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KILL_SELF,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    controller,
    facts,
    handler,
    participating,
    register,
    strength,
)
from gameplay.engine.cards.princes_of_the_sun.common import (
    characters,
    has_trait,
    is_noble,
    lose_icons,
    move_card_power,
    participants,
    strength_target,
)
from gameplay.engine.cards.vocabulary import LEFT_PLAY, lost, stand_card
from gameplay.engine.challenges import claim_value
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

# --- pots_1 The Red Viper -----------------------------------------------------------------
# "Renown. Immune to events and character abilities. The Red Viper does not kneel to attack
# an opponent who controls more characters than you."


def _red_viper_kneels(state: GameState, source: str, subject: str, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None:
        return base
    seat = controller(state, source)
    theirs = len(characters(state, [challenge["defender"]]))
    return base and not theirs > len(characters(state, [seat]))


register("pots_1", passives={"kneel_to_attack": _red_viper_kneels})


# --- pots_2 Arianne Martell ---------------------------------------------------------------
# "Stealth. While Arianne Martell is attacking, raise the Claim value on your revealed plot
# card by 1."


def _arianne_claim(state: GameState, source: str, subject: int, base: int) -> int:
    challenge = state.challenge
    attacking = challenge is not None and source in challenge["attackers"]
    return base + 1 if attacking and subject == controller(state, source) else base


register("pots_2", passives={"claim": _arianne_claim})


# --- pots_5 Areo Hotah --------------------------------------------------------------------
# "Response: After you lose a challenge by 4 or more total STR, kneel Areo Hotah to choose
# and kill 1 character."


def _lost_by_4(state: GameState, ctx: Ctx) -> bool:
    return lost()(state, ctx) and ctx["event"].get("by", 0) >= 4


register(
    "pots_5",
    Ability(
        "response",
        moves.kill_target,
        trigger="challenge_won",
        costs=(KNEEL_SELF,),
        condition=_lost_by_4,
        targets=lambda state, ctx: characters(state),
    ),
)


# --- pots_6 Sarella Sand ------------------------------------------------------------------
# "Stealth. Response: After you lose a challenge in which Sarella Sand participated as an
# attacker, kneel 1 influence to choose and stand 1 participating character."
# Only kneeling participating characters are offered (standing one changes nothing).


def _sarella_condition(state: GameState, ctx: Ctx) -> bool:
    return lost()(state, ctx) and ctx["source"] in ctx["event"].get("attackers", ())


def _kneeling_participants(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in participants(state) if state.in_play[r].knelt]


register(
    "pots_6",
    Ability(
        "response",
        lambda state, ctx: stand_card(state, ctx["target"]),
        trigger="challenge_won",
        costs=(Cost("influence", 1),),
        condition=_sarella_condition,
        targets=_kneeling_participants,
    ),
)


# --- pots_7 Ellaria Sand ------------------------------------------------------------------
# "Vengeful. Response: After you lose a challenge, move 1 power from any character to
# Ellaria Sand."


def _ellaria_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if r != ctx["source"] and state.in_play[r].power > 0]


def _ellaria(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play and ctx["source"] in state.in_play:
        move_card_power(state, ctx["target"], ctx["source"], 1, "ellaria_sand")


register(
    "pots_7",
    Ability(
        "response",
        _ellaria,
        trigger="challenge_won",
        condition=lost(),
        targets=_ellaria_targets,
    ),
)


# --- pots_8 Harmen Uller ------------------------------------------------------------------
# "Renown. While you have 7 or more cards in your hand, Harmen Uller does not kneel to
# attack."


def _harmen_kneels(state: GameState, source: str, subject: str, base: bool) -> bool:
    if subject != source:
        return base
    return base and len(state.players[controller(state, source)].hand) < 7


register("pots_8", passives={"kneel_to_attack": _harmen_kneels})


# --- pots_9 Ser Arys Oakheart -------------------------------------------------------------
# "Renown. No attachments except Weapon. Response: After Ser Aerys Oakheart comes into
# play, choose and discard 1 Ally or Mercenary character from play."


def _came_into_play(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _ally_or_mercenary(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if has_trait(state, r, "Ally") or has_trait(state, r, "Mercenary")
    ]


register(
    "pots_9",
    Ability(
        "response",
        lambda state, ctx: moves.discard(state, [ctx["target"]]),
        trigger="entered_play",
        condition=_came_into_play,
        targets=_ally_or_mercenary,
    ),
)


# --- pots_10 House Messenger --------------------------------------------------------------
# "After you play House Messenger from your hand, reveal the top 2 cards of your deck to
# all players. Then, put 1 of those cards into your hand, and the other on the bottom of
# your deck." Played = marshalled (not put into play).


def _messenger(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("card") != ctx["source"] or event.get("seat") != seat:
        return
    top = state.players[seat].deck[:2]
    if not top:
        return
    moves.reveal(state, seat, list(top), "house_messenger")
    data = {"seat": seat, "cards": list(top)}
    ask_select(state, seat, "to_hand", top, "pots_messenger", low=1, high=1, ctx=data, position=0)


@handler("pots_messenger")
def _messenger_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in ctx["cards"]:
        if ref not in player.deck:
            continue
        player.deck.remove(ref)
        if ref in selected:
            player.hand.append(ref)
            state.emit("returned_to_hand", seat=player.seat, card=ref, code=state.code(ref))
        else:
            player.deck.append(ref)
            state.emit("deck_card_placed", seat=player.seat, deck=player.seat, where="bottom")


register("pots_10", forced={"played": _messenger})


# --- pots_14 House Dayne Skirmisher -------------------------------------------------------
# "No attachments. Any Phase: Kill House Dayne Skirmisher (cannot be saved) to draw 1 card.
# Then, each opponent chooses and discards 1 card from his or her hand."


def _skirmisher(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    moves.effect_draw(state, seat, 1)
    for opponent in reversed(state.opponents(seat)):
        hand = state.players[opponent].hand
        data = {"seat": opponent}
        ask_select(
            state, opponent, "discard", hand, "pots_discard_from_hand", low=1, high=1, ctx=data
        )


@handler("pots_discard_from_hand")
def _discard_from_hand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], selected)


register("pots_14", Ability("action", _skirmisher, costs=(KILL_SELF,)))


# --- pots_15 Orphan of the Greenblood ------------------------------------------------------
# "Any Phase: Discard Orphan of the Greenblood from play (cannot be saved) to choose 1
# character. Until the end of the phase, that character loses a Military, an Intrigue, and
# a Power icon."

register(
    "pots_15",
    Ability(
        "action",
        lose_icons,
        costs=(Cost("discard_self"),),
        targets=lambda state, ctx: [r for r in characters(state) if r != ctx["source"]],
    ),
)


# --- pots_16 The Viper's Bannermen --------------------------------------------------------
# "Stealth. Deadly. No attachments. Response: After The Viper's Bannermen comes into play or
# leaves play, reveal the top 2 cards of your deck, then put them into your hand."
# Leaving play: answered from where it went (hand, discard or dead pile), by its owner.


def _bannermen(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    top = player.deck[:2]
    moves.reveal(state, seat, list(top), "the_vipers_bannermen")
    for ref in top:
        player.deck.remove(ref)
        player.hand.append(ref)
        state.emit("returned_to_hand", seat=seat, card=ref, code=state.code(ref))


def _bannermen_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "pots_16",
    Ability("response", _bannermen, trigger="entered_play", condition=_came_into_play),
    *(
        Ability("response", _bannermen, trigger=name, condition=_bannermen_left, zones=(zone,))
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)


# --- pots_36 Joffrey Baratheon -----------------------------------------------------------
# "Renown. Response: After a Small Council event is played, kneel 3 influence or kneel 1
# Noble character to choose and discard from play 1 character with 1 or more power on it."
# Two abilities, one per cost.


def _small_council_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    return (
        event.get("type") == "event"
        and card is not None
        and "Small Council" in facts(state, card).traits
    )


def _with_power(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters(state) if state.in_play[r].power > 0]


def _joffrey(cost: Cost) -> Ability:
    return Ability(
        "response",
        lambda state, ctx: moves.discard(state, [ctx["target"]]),
        trigger="played",
        costs=(cost,),
        condition=_small_council_played,
        targets=_with_power,
    )


register(
    "pots_36",
    _joffrey(Cost("influence", 3)),
    _joffrey(Cost("kneel", 1, is_noble, "Noble character")),
)


# --- pots_37 Brienne of Tarth -------------------------------------------------------------
# "While Brienne of Tarth is participating in a challenge, opponents cannot trigger
# effects." (Triggered abilities: actions, responses, saves and cancels, also events.)


def _brienne(state: GameState, source: str, subject: int, base: bool) -> bool:
    if not participating(state, source):
        return base
    return base and subject not in state.opponents(controller(state, source))


register("pots_37", passives={"seat_can_trigger": _brienne})


# --- pots_38 Theon Greyjoy ----------------------------------------------------------------
# "Stealth. After any player loses a challenge by 4 or more total STR, he or she names
# either "character" or "location", then chooses and discards from play (cannot be saved) 1
# card of the named type he or she controls, if able."


def _theon(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    loser = event.get("loser")
    if loser is None or event.get("by", 0) < 4:
        return
    ask_choose(
        state, loser, "name_type", ["character", "location"], "pots_theon", ctx={"seat": loser}
    )


@handler("pots_theon")
def _theon_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, kind = ctx["seat"], ctx["choice"]
    cards = [r for r in state.players[seat].in_play if facts(state, r).type == kind]
    ask_select(state, seat, "discard", cards, "pots_discard_unsavable", low=1, high=1)


@handler("pots_discard_unsavable")
def _discard_unsavable(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_play(state, selected)


register("pots_38", forced={"challenge_won": _theon})


# --- pots_39 Ser Jorah Mormont ------------------------------------------------------------
# "Stealth. After Ser Jorah Mormont leaves play, all characters you control get -1 STR
# until the end of the phase." (you: his controller as he left).


def _jorah(state: GameState, ctx: Ctx) -> None:
    event, ref = ctx["event"], ctx["source"]
    if ref not in event.get("cards", ()):
        return
    seat = event.get("controllers", {}).get(ref, ctx["seat"])
    for other in characters(state, [seat]):
        add_lasting(state, "strength", other, "phase", ref, amount=-1)


for _trigger in LEFT_PLAY:
    register("pots_39", forced={_trigger: _jorah})


# --- pots_48 Denys Mallister --------------------------------------------------------------
# "No attachments. Any Phase: Kneel 1 influence to choose 1 Night's Watch character. Until
# the end of the phase, that character gets +1 STR."

register(
    "pots_48",
    Ability(
        "action",
        strength_target(1),
        costs=(Cost("influence", 1),),
        targets=lambda state, ctx: [
            r for r in characters(state) if has_trait(state, r, "Night's Watch")
        ],
    ),
)


# --- pots_49 Mag the Mighty ---------------------------------------------------------------
# "Deadly. Challenges: Kneel 1 influence to choose 1 Wildling character. Until the end of
# the phase, that character gets +1 STR."

register(
    "pots_49",
    Ability(
        "action",
        strength_target(1),
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=lambda state, ctx: [
            r for r in characters(state) if has_trait(state, r, "Wildling")
        ],
    ),
)


# --- pots_50 Kingsguard Squire ------------------------------------------------------------
# "Any Phase: Kneel Kingsguard Squire to choose and stand 1 Kingsguard character."
# Only kneeling Kingsguard characters are offered.

register(
    "pots_50",
    Ability(
        "action",
        lambda state, ctx: stand_card(state, ctx["target"]),
        costs=(KNEEL_SELF,),
        targets=lambda state, ctx: [
            r
            for r in characters(state)
            if state.in_play[r].knelt and has_trait(state, r, "Kingsguard")
        ],
    ),
)


# --- pots_52 Former Champion --------------------------------------------------------------
# "Renown. Former Champion gets -2 STR for each power on him. While Former Champion has 3
# or less STR, he gains a Power icon and deadly. While Former Champion has 1 or less STR, he
# gains an Intrigue icon and stealth."
# His icons and keywords follow his STR; a STR effect that itself reads icons or keywords
# (The Spear Tower) sees his printed ones while his STR is being worked out.


def _champion_strength(state: GameState, source: str, subject: str, base: int) -> int:
    if subject != source or subject not in state.in_play:
        return base
    return base - 2 * state.in_play[subject].power


def _champion_str(state: GameState, source: str) -> int | None:
    """His STR, or None while it is being computed (a STR effect asked for his icons)."""
    busy: set[str] = state.__dict__.setdefault("_pots_champion_busy", set())
    if source in busy:
        return None
    busy.add(source)
    try:
        return strength(state, source)
    finally:
        busy.discard(source)


def _champion_gains(icon_3: str, icon_1: str) -> Any:
    def fn(state: GameState, source: str, subject: str, base: set[str]) -> set[str]:
        if subject != source:
            return base
        value = _champion_str(state, source)
        if value is None:
            return base
        gained = set()
        if value <= 3:
            gained.add(icon_3)
        if value <= 1:
            gained.add(icon_1)
        return base | gained

    return fn


register(
    "pots_52",
    passives={
        "strength": _champion_strength,
        "icons": _champion_gains("power", "intrigue"),
        "keywords": _champion_gains("deadly", "stealth"),
    },
)


# --- pots_3 Doran Martell ---------------------------------------------------------------
# "If a player loses a challenge as the attacker, that player must fulfill the claim of
# that challenge, using the Claim value on the defending player's plot card."
# Fulfilled as the challenge's results are applied (a forced effect of "challenge_won",
# before the responses), by challenge type like the attacker's claim: military, the
# attacker kills that many of his or her characters; intrigue, discards that many cards at
# random; power, moves that much power from his or her House to the defender's. One Doran
# is enough: several do not claim more than once.


def _doran(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    attacker, defender = event.get("attacker"), event.get("defender")
    if event.get("loser") != attacker or attacker is None or defender is None:
        return
    dorans = sorted(r for r in state.in_play if state.cards[r].code == "pots_3")
    if not dorans or dorans[0] != ctx["source"]:
        return
    amount = claim_value(state, defender)
    ctype = event.get("type")
    state.emit("claim", seat=defender, target=attacker, type=ctype, amount=amount)
    if amount == 0:
        return
    if ctype == "military":
        mine = [r for r in characters(state, [attacker]) if allowed(state, "can_be_killed", r)]
        low = min(amount, len(mine))
        ask_select(state, attacker, "claim_kill", mine, "claim_kill", low=low, high=amount)
    elif ctype == "intrigue":
        moves.discard_at_random(state, attacker, amount, claim=True)
    else:
        moves.move_power(state, attacker, defender, amount, "claim")


register("pots_3", forced={"challenge_won": _doran})


# --- pots_17 House Dayne Reserves ---------------------------------------------------------
# "House Martell only. No attachments. If House Dayne Reserves is discarded from your hand
# for the claim of an Intrigue challenge, put it into play instead of your discard pile.
# Any Phase: Kneel 1 influence to return House Dayne Reserves to its owner's hand."
# It is put into play at once after the claim's random discard (moves.discard_at_random,
# moment ``claim_discarded``), under its owner's control; "House Martell only" is
# deck-building text.


def _reserves_discarded(state: GameState, ctx: Ctx) -> None:
    ref = ctx["source"]
    owner = state.cards[ref].owner
    if ref in ctx["event"].get("cards", ()) and ref in state.players[owner].discard:
        put_into_play(state, owner, ref)


register(
    "pots_17",
    Ability(
        "action",
        lambda state, ctx: moves.return_to_hand(state, [ctx["source"]]),
        costs=(Cost("influence", 1),),
    ),
    forced={"claim_discarded": _reserves_discarded},
)
