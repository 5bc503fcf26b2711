"""Calling the Banners: the Bannermen, characters attached to another character "as a
Banner attachment" (gameplay/engine/as_attachment.py), the cards about Banner attachments,
and the pack's other remaining cards (acoa_101, 104, 111, 113, 114, 116 to 120)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    attached_to,
    controller,
    crests,
    facts,
    is_character,
    keywords,
    pool,
    register,
)
from gameplay.engine.as_attachment import as_attachment, attach, hosts, is_attached, unattach
from gameplay.engine.cards.vocabulary import (
    LEFT_PLAY,
    attached_passive,
    banner_attachments,
    characters_of,
    event,
    has_trait,
    kneel_card,
    of_house,
    stand_card,
    won,
)
from gameplay.engine.leaving import discard, return_to_hand
from gameplay.engine.state import GameState

# --- acoa_111 Banner for the North, acoa_114 Banner for the Storm, acoa_116 Banner for the
# Kraken, acoa_119 Banner for the South --------------------------------------------------
# "Response: After you win a Military challenge, you may attach Banner for the North (from
# play or from your hand) to a House Stark character as a Banner attachment with the text:
# 'Attached character gains stalwart.'" (the Storm: Power, Baratheon, vigilant; the Kraken:
# Military, Greyjoy, Intimidate; the South: Intrigue, Martell, vengeful). Any player's
# character of that House (printed) that could take an attachment.


def _free(state: GameState, ctx: Ctx) -> bool:
    """The card is in its controller's hand, or in play and not attached yet."""
    source = ctx["source"]
    return source in state.players[ctx["seat"]].hand or (
        source in state.in_play and not is_attached(state, source)
    )


def _hosts(state: GameState, ctx: Ctx) -> list[str]:
    return hosts(state, ctx["source"], ctx["seat"]) if _free(state, ctx) else []


def _attach_self(state: GameState, ctx: Ctx) -> None:
    """Attach the ability's card (from play or from its hand) to the target."""
    if _free(state, ctx) and ctx["target"] in _hosts(state, ctx):
        attach(state, ctx["seat"], ctx["source"], ctx["target"])


def banner(code: str, ctype: str, house: str, keyword: str) -> None:
    """A Bannerman that attaches itself after you win a ``ctype`` challenge to a House
    ``house`` character, which then gains ``keyword``."""
    as_attachment(code, f"Attached character gains {keyword}.")
    condition = won(ctype)

    def gains(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
        return base | {keyword.lower()}

    def of_the_house(state: GameState, _code: str, target: str, seat: int | None) -> bool:
        return is_character(state, target) and of_house(state, target, house)

    register(
        code,
        Ability(
            "response",
            _attach_self,
            trigger="challenge_won",
            zones=("play", "hand"),
            condition=condition,
            targets=_hosts,
        ),
        passives={"keywords": attached_passive(gains)},
        attach_rule=of_the_house,
    )


banner("acoa_111", "military", "Stark", "stalwart")
banner("acoa_114", "power", "Baratheon", "vigilant")
banner("acoa_116", "military", "Greyjoy", "Intimidate")
banner("acoa_119", "intrigue", "Martell", "vengeful")


# --- acoa_118 Banner for the Dragon ------------------------------------------------------
# "House Targaryen only. Response: After a character with ambush enters play, attach Banner
# for the Dragon to that character, if able. (Counts as a Banner attachment with the text:
# 'Any phase: Discard Banner for the Dragon from play to return attached character to its
# owner's hand.')" From play only; any player's character with the keyword (now).

as_attachment(
    "acoa_118",
    "Any phase: Discard Banner for the Dragon from play to return attached character to its "
    "owner's hand.",
)


def _ambusher(state: GameState, ctx: Ctx) -> list[str]:
    card = ctx["event"].get("card")
    if (
        card is None
        or card not in state.in_play
        or not is_character(state, card)
        or "ambush" not in keywords(state, card)
    ):
        return []
    return [card] if card in _hosts(state, ctx) else []


def _dragon_host(state: GameState, ctx: Ctx) -> list[str]:
    host = attached_to(state, ctx["source"])
    return [host] if host is not None else []


def _dragon_return(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        return_to_hand(state, [ctx["target"]])


register(
    "acoa_118",
    Ability("response", _attach_self, trigger="entered_play", targets=_ambusher),
    Ability("action", _dragon_return, costs=(DISCARD_SELF,), targets=_dragon_host),
)


# --- acoa_117 Ascetic Follower ------------------------------------------------------------
# "Dominance: Kneel Ascetic Follower to choose a Banner attachment. Unattach it, and put it
# into play under your control if it is a character. Otherwise, discard it." A character
# card (printed) is put into play as a character (``entered_play``); the discard may be
# saved.


def _banners(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if is_attached(state, r) and has_trait(state, r, "Banner")]


def _follow(state: GameState, ctx: Ctx) -> None:
    ref = ctx["target"]
    if not is_attached(state, ref):
        return
    if pool(state)[state.cards[ref].code].type == "character":
        unattach(state, ref, ctx["seat"])
    else:
        discard(state, [ref])


register(
    "acoa_117",
    Ability("action", _follow, phases=("dominance",), costs=(KNEEL_SELF,), targets=_banners),
)


# --- acoa_120 For Family and Honor --------------------------------------------------------
# "Challenges: Until the end of the phase, characters you control with at least 1 Banner
# attachment gain renown and do not kneel to attack or defend." The characters are those
# with a Banner attachment as the event resolves.


def _family(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    for ref in characters_of(state, ctx["seat"]):
        if banner_attachments(state, ref):
            add_lasting(state, "keywords", ref, "phase", source, add=["renown"])
            add_lasting(state, "kneel_to_attack", ref, "phase", source, value=False)
            add_lasting(state, "kneel_to_defend", ref, "phase", source, value=False)


register("acoa_120", event(_family, phases=("challenges",)))


# --- acoa_101 Jory Cassel ---------------------------------------------------------------
# "Marshalling: You may attach any House Stark character from your hand to Jory Cassel as a
# duplicate if he has no other duplicates attached." (printed House; the duplicate saves
# him like any other).


def _stark_in_hand(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].hand
        if facts(state, r).type == "character" and of_house(state, r, "Stark")
    ]


def _no_duplicates(state: GameState, ctx: Ctx) -> bool:
    return not state.in_play[ctx["source"]].duplicates


def _jory(state: GameState, ctx: Ctx) -> None:
    source, target, seat = ctx["source"], ctx["target"], ctx["seat"]
    hand = state.players[seat].hand
    if source in state.in_play and target in hand and not state.in_play[source].duplicates:
        moves.add_duplicate(state, seat, target, source)


register(
    "acoa_101",
    Ability(
        "action",
        _jory,
        phases=("marshalling",),
        condition=_no_duplicates,
        targets=_stark_in_hand,
    ),
)


# --- acoa_104 Fishwhiskers ---------------------------------------------------------------
# "House Greyjoy only. If you do not control a Warship location, kneel Fishwhiskers." While
# it holds, a standing Fishwhiskers kneels at once (checks.check_kneel_now).


def _no_warship(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source:
        return base
    mine = state.players[controller(state, source)].in_play
    warship = any(
        facts(state, r).type == "location" and has_trait(state, r, "Warship") for r in mine
    )
    return base or not warship


register("acoa_104", passives={"kneel_now": _no_warship})


# --- acoa_113 Practical Believer ----------------------------------------------------------
# "Response: After Practical Believer enters or leaves play, choose another Holy character.
# Stand or kneel that character." The chosen character turns over: a standing one kneels, a
# knelt one stands. Leaving play, it answers from where it went (hand, discard or dead pile).


def _other_holy(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in characters_of(state) if r != ctx["source"] and "holy" in crests(state, r)]


def _believe(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        if state.in_play[target].knelt:
            stand_card(state, target)
        else:
            kneel_card(state, target)


def _entered(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("card") == ctx["source"]


def _left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "acoa_113",
    Ability("response", _believe, trigger="entered_play", condition=_entered, targets=_other_holy),
    *(
        Ability(
            "response", _believe, trigger=name, condition=_left, zones=(zone,), targets=_other_holy
        )
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)
