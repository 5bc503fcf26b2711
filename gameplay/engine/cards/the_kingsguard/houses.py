"""The Kingsguard: the House characters (kr_41 Shadow Killer, kr_42 Melisandre, kr_43 Greydon
Goodbrother, kr_45 Tywin Lannister, kr_46 The Hound, kr_47 Arianne Martell, kr_48 Palestone
Sword Guard, kr_49 Umber Champion, kr_51 Ser Jorah Mormont)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    DISCARD_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    controller,
    crests,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    cards_at_command,
    characters_of,
    in_play_of,
    out_of_shadows,
    reveal_new_plot_choice,
    stand_card,
)
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import in_shadows, put_into_play, put_into_shadows

# --- kr_41 Shadow Killer --------------------------------------------------------------------
# "House Baratheon only. Stealth. Deadly. Response: After Shadow Killer comes out of shadows,
# choose and kill a character controlled by a player with more cards at his or her command
# than you (cannot be saved)."  The cards at command are counted as the response is used
# (Shadow Killer, now in play, counts for his controller): vocabulary.cards_at_command.


def _killer_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    mine = cards_at_command(state, seat)
    richer = [s for s in state.opponents(seat) if cards_at_command(state, s) > mine]
    return [
        r for s in richer for r in characters_of(state, s) if allowed(state, "can_be_killed", r)
    ]


def _shadow_killer(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]], savable=False)


register("kr_41", out_of_shadows(_shadow_killer, targets=_killer_targets))

# --- kr_42 Melisandre -----------------------------------------------------------------------
# "Renown. [Holy] characters in your dead pile count their STR toward dominance. Response:
# After you win dominance, choose a [Holy] character in your dead pile and put it into play."
# Holy is a crest; a dead character counts its printed STR. The character is chosen as the
# response resolves; a unique one whose copy its player already has in play cannot be chosen.


def _holy_dead(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character" and "holy" in crests(state, r)
    ]


def _melisandre_dominance(state: GameState, source: str, subject: Any, base: int) -> int:
    seat = controller(state, source)
    if subject != seat:
        return base
    return base + sum(facts(state, r).strength or 0 for r in _holy_dead(state, seat))


def _returnable(state: GameState, seat: int, ref: str) -> bool:
    card = facts(state, ref)
    if not card.unique:
        return True
    return not any(
        facts(state, r).name == card.name and seat in (rec.controller, state.cards[r].owner)
        for r, rec in state.in_play.items()
    )


def _melisandre_candidates(state: GameState, seat: int) -> list[str]:
    return [r for r in _holy_dead(state, seat) if _returnable(state, seat, r)]


def _melisandre_may(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    return ctx["event"].get("seat") == seat and bool(_melisandre_candidates(state, seat))


def _melisandre(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    found = _melisandre_candidates(state, seat)
    data = {"seat": seat}
    ask_select(state, seat, "holy_back", found, "kr_melisandre", low=1, high=1, ctx=data)


@handler("kr_melisandre")
def _melisandre_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.players[seat].dead and _returnable(state, seat, ref):
            put_into_play(state, seat, ref)


register(
    "kr_42",
    Ability("response", _melisandre, trigger="dominance_won", condition=_melisandre_may),
    passives={"dominance": _melisandre_dominance},
)

# --- kr_43 Greydon Goodbrother --------------------------------------------------------------
# "Discard Greydon Goodbrother from play (cannot be saved) if you control fewer locations
# than any opponent."  A state check (checks.check_discard_now) while he is in play.


def _greydon_now(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source or base:
        return base
    seat = controller(state, source)
    mine = len(in_play_of(state, "location", seat))
    return any(len(in_play_of(state, "location", s)) > mine for s in state.opponents(seat))


register("kr_43", passives={"discard_now": _greydon_now})

# --- kr_45 Tywin Lannister ------------------------------------------------------------------
# "Renown. Tywin Lannister does not kneel to attack an opponent with more cards in hand than
# you."  The hands are compared as attackers are declared (the challenge's defender).


def _tywin_kneels(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    if subject != source or challenge is None:
        return base
    seat = controller(state, source)
    theirs = len(state.players[challenge["defender"]].hand)
    return False if theirs > len(state.players[seat].hand) else base


register("kr_45", passives={"kneel_to_attack": _tywin_kneels})

# --- kr_46 The Hound ------------------------------------------------------------------------
# "House Lannister only. No attachments except Weapon. The Hound gets +1 STR for each card in
# shadows."  Every player's Shadows (their counts are public).


def _hound_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + in_shadows(state) if subject == source else base


register("kr_46", passives={"strength": _hound_strength})

# --- kr_47 Arianne Martell ------------------------------------------------------------------
# "House Martell only. Response: After Arianne Martell comes out of shadows, choose and
# reveal a new plot card."  From her controller's plot deck (vocabulary.plots).

register("kr_47", out_of_shadows(reveal_new_plot_choice))

# --- kr_48 Palestone Sword Guard ------------------------------------------------------------
# "Any Phase: Kneel 1 influence or discard 1 card from your hand to give Palestone Sword Guard
# +1 STR and an icon of your choice until the end of the phase."  One ability per cost; no
# limit. The icon is any of the three, chosen as the effect resolves.

ICONS = ["military", "intrigue", "power"]


def _sword_guard(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    add_lasting(state, "strength", source, "phase", source, amount=1)
    data = {"seat": ctx["seat"], "source": source}
    ask_choose(state, ctx["seat"], "icon", ICONS, "kr_sword_guard_icon", ctx=data)


@handler("kr_sword_guard_icon")
def _sword_guard_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        add_lasting(state, "icons", ctx["source"], "phase", ctx["source"], add=[ctx["choice"]])


register(
    "kr_48",
    Ability("action", _sword_guard, costs=(Cost("influence", 1),)),
    Ability("action", _sword_guard, costs=(Cost("discard_hand", 1),)),
)

# --- kr_49 Umber Champion -------------------------------------------------------------------
# "Any Phase: Discard Umber Champion from play (cannot be saved) to stand each defending
# character."  Offered while a challenge has a defending character; every defender (any
# player's) stands.


def _defenders(state: GameState) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge.get("defenders", ()) if r in state.in_play]


def _champion(state: GameState, ctx: Ctx) -> None:
    for ref in _defenders(state):
        if is_character(state, ref):
            stand_card(state, ref)


register(
    "kr_49",
    Ability(
        "action",
        _champion,
        costs=(DISCARD_SELF,),
        condition=lambda state, ctx: bool(_defenders(state)),
    ),
)

# --- kr_51 Ser Jorah Mormont ----------------------------------------------------------------
# "House Targaryen only. No attachments except Weapon. If Ser Jorah Mormont is discarded from
# your hand, put him into shadows instead. Then, draw 1 card."  A replacement on every discard
# from his owner's hand (moves.to_discard_pile: chosen, random, the Intrigue claim, costs); he
# goes face down into his owner's Shadows (not out this round), then that player draws 1 card
# (a card effect's draw).


def _jorah(state: GameState, ref: str) -> bool:
    owner = state.cards[ref].owner
    if ref not in state.players[owner].hand:
        return False
    state.emit("replaced", card=ref, code=state.code(ref), what="discarded")
    put_into_shadows(state, owner, ref)
    moves.effect_draw(state, owner, 1)
    return True


moves.DISCARD_REPLACEMENTS["kr_51"] = _jorah
register("kr_51")
