"""A Deadly Game characters: Brienne of Tarth (w_21), Ulf Son of Umar (w_26), Moon Brother
Harriers (w_27), Tyene Sand (w_29), Tytos Blackwood (w_32), Raventree Elite (w_33), Khal
Drogo (w_35), Irri (w_36) and Mya Stone (w_37)."""

from __future__ import annotations

import re
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    add_lasting,
    allowed,
    controller,
    effect,
    facts,
    handler,
    participating,
    register,
)
from gameplay.engine.as_attachment import as_attachment, attach, hosts, is_attached
from gameplay.engine.cards.vocabulary import (
    alone_claim_instead,
    attached_passive,
    characters_of,
    has_trait,
    lost,
    of_house,
    won,
)
from gameplay.engine.cards.vocabulary.castles import castle_revealed
from gameplay.engine.leaving import kill
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- w_21 Brienne of Tarth -------------------------------------------------------------------
# "Brienne of Tarth is considered to have the Knight trait. Limited Response: After Brienne
# of Tarth kneels, each opponent may move 1 power to your House card from a card he or she
# controls. Any opponent who does not cannot play event cards this round."  The Knight trait
# is printed among her traits. Any way she kneels (attacking, defending, a cost, an effect:
# the ``knelt`` trigger). Each opponent in turn order chooses one of his or her cards in play
# with power, or none; one who moves none (or has none to move) cannot play events this
# round (a lasting ``can_play`` effect on ``<seat>:event``).


def _brienne_knelt(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ()) and ctx["source"] in state.in_play


def _brienne(state: GameState, ctx: Ctx) -> None:
    for opponent in reversed(state.opponents(ctx["seat"])):
        data = {"seat": ctx["seat"], "source": ctx["source"], "opponent": opponent}
        found = [r for r in state.players[opponent].in_play if state.in_play[r].power > 0]
        ask_select(state, opponent, "brienne_power", found, "adg_brienne", high=1, ctx=data)


@handler("adg_brienne")
def _brienne_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moved = 0
    for ref in selected:
        if ref in state.in_play:
            moved += moves.take_card_power(state, ref, ctx["seat"], 1, "brienne_of_tarth")
    if not moved:
        subject = f"{ctx['opponent']}:event"
        add_lasting(state, "can_play", subject, "round", ctx["source"], value=False)


register(
    "w_21",
    Ability("response", _brienne, trigger="knelt", condition=_brienne_knelt, limited_response=True),
)


# --- w_26 Ulf Son of Umar --------------------------------------------------------------------
# "Any Phase: Discard a card from your hand to give Ulf Son of Umar any keyword or crest
# printed on another character in play until the end of the phase."  The options are the
# printed keywords and crests of every other character in play (any player's), chosen as the
# ability resolves; one he already has may be chosen (nothing changes).


def _slug(word: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", word.lower()).strip("_")


def _ulf_options(state: GameState, source: str) -> dict[str, list[str]]:
    """Option -> [query, word]: lists, as the prompt's context goes to JSON with the state."""
    found: dict[str, list[str]] = {}
    for ref in characters_of(state):
        if ref == source:
            continue
        printed = facts(state, ref)
        for word in sorted(printed.keywords):
            found.setdefault(f"keyword_{_slug(word)}", ["keywords", word])
        for crest in sorted(printed.crests):
            found.setdefault(f"crest_{_slug(crest)}", ["crests", crest])
    return found


def _ulf_may(state: GameState, ctx: Ctx) -> bool:
    return bool(_ulf_options(state, ctx["source"]))


def _ulf(state: GameState, ctx: Ctx) -> None:
    options = _ulf_options(state, ctx["source"])
    if not options:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"], "options": options}
    ask_choose(state, ctx["seat"], "ulf_gains", sorted(options), "adg_ulf", ctx=data)


@handler("adg_ulf")
def _ulf_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    query, word = ctx["options"][ctx["choice"]]
    if source in state.in_play:
        add_lasting(state, query, source, "phase", source, add=[word])


register(
    "w_26",
    Ability("action", _ulf, costs=(Cost("discard_hand", 1),), condition=_ulf_may),
)


# --- w_27 Moon Brother Harriers --------------------------------------------------------------
# "Challenges: Pay 1 gold to give each participating Clansman character you control +1 STR
# until the end of the challenge. (Limit once per challenge.)"  Only during a challenge in
# which one of your Clansman characters participates (the Harriers need not).


def _my_clansmen(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state, ctx["seat"])
        if participating(state, r) and has_trait(state, r, "Clansman")
    ]


def _harriers(state: GameState, ctx: Ctx) -> None:
    for ref in _my_clansmen(state, ctx):
        add_lasting(state, "strength", ref, "challenge", ctx["source"], amount=1)


register(
    "w_27",
    Ability(
        "action",
        _harriers,
        phases=("challenges",),
        costs=(Cost("gold", 1),),
        condition=lambda state, ctx: bool(_my_clansmen(state, ctx)),
        limit=(1, "challenge"),
    ),
)


# --- w_29 Tyene Sand -------------------------------------------------------------------------
# "Response: After you lose a challenge as the defender, set the Claim value on your revealed
# plot card to 2 until the end of the phase. (While set, the value cannot be raised or
# lowered.)"  A lasting ``claim_set`` effect on her controller's seat (challenges.claim_value).


def _tyene(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "claim_set", ctx["seat"], "phase", ctx["source"], value=2)


register("w_29", Ability("response", _tyene, trigger="challenge_won", condition=lost("defender")))


# --- w_32 Tytos Blackwood --------------------------------------------------------------------
# "Response: After you win a challenge as the defender, move 1 power from the attacker
# player's House card to your own."  Only while the attacker has power on the House card.


def _tytos_may(state: GameState, ctx: Ctx) -> bool:
    attacker = ctx["event"].get("attacker")
    return won(role="defender")(state, ctx) and state.players[attacker].power > 0


def _tytos(state: GameState, ctx: Ctx) -> None:
    moves.move_power(state, ctx["event"]["attacker"], ctx["seat"], 1, "tytos_blackwood")


register("w_32", Ability("response", _tytos, trigger="challenge_won", condition=_tytos_may))


# --- w_33 Raventree Elite --------------------------------------------------------------------
# "Each House Tully character you control gains 'immune to opponent's triggered effects'
# while it is participating in a challenge."  House Tully is a trait; the Elite itself too.

ELITE_IMMUNITY = "immune to opponent's triggered effects"


def _elite(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and state.in_play[subject].controller == controller(state, source)
        and has_trait(state, subject, "House Tully")
        and participating(state, subject)
    ):
        return set(base) | {ELITE_IMMUNITY}
    return base


register("w_33", passives={"immune": _elite})


# --- w_35 Khal Drogo -------------------------------------------------------------------------
# "Deadly. If you win a challenge in which Khal Drogo attacked alone, instead of the normal
# claim effects, the losing player must choose and kill 1 character he or she controls,
# randomly discard 1 card from his or her hand, and move 1 power from his or her house card
# to yours."  The claim is replaced (vocabulary.alone_claim_instead). The losing player
# chooses the character (one that can be killed) first; the random discard and the power
# move are carried out as it is chosen, and its kill (which may be saved) resolves next.


@effect("adg_drogo")
def _drogo(state: GameState, data: Ctx) -> None:
    seat, loser = data["seat"], data["target"]
    found = [r for r in characters_of(state, loser) if allowed(state, "can_be_killed", r)]
    ctx = {"seat": seat, "loser": loser}
    if found:
        ask_select(state, loser, "drogo_kill", found, "adg_drogo_kill", low=1, high=1, ctx=ctx)
    else:
        _drogo_rest(state, ctx)


def _drogo_rest(state: GameState, ctx: Ctx) -> None:
    moves.discard_at_random(state, ctx["loser"], 1)
    moves.move_power(state, ctx["loser"], ctx["seat"], 1, "khal_drogo")


@handler("adg_drogo_kill")
def _drogo_kill(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _drogo_rest(state, ctx)
    found = [r for r in selected if r in state.in_play]
    if found:  # its saves are steps: the kill resolves once this handler returns
        kill(state, found)


register("w_35", passives={"claim_instead": alone_claim_instead("adg_drogo")})


# --- w_36 Irri -------------------------------------------------------------------------------
# "If Irri would be killed, you may instead attach her to a [Targaryen] character as a
# Handmaiden attachment with the text, 'Attached character gains a [Power] icon, and does
# not kneel to attack during [Power] challenges.'"  A save (``would_be_killed``) offered while
# some [Targaryen] character (any player's, not Irri) may take her; the host is chosen as it
# resolves; attached she is an attachment under her controller's control (as_attachment).

IRRI_TEXT = (
    "Attached character gains a [Power] icon, and does not kneel to attack during [Power] "
    "challenges."
)
as_attachment("w_36", IRRI_TEXT, traits=("Handmaiden",))


def _irri_hosts(state: GameState, source: str, seat: int) -> list[str]:
    found = hosts(state, source, seat)
    return [r for r in found if r != source and of_house(state, r, "Targaryen")]


def _irri_leaving(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    if (
        source in ctx["event"].get("cards", ())
        and source in state.in_play
        and not is_attached(state, source)
        and not moves.saved(state, source)
        and _irri_hosts(state, source, ctx["seat"])
    ):
        return [source]
    return []


def _irri(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    moves.save(state, source, by=source)
    found = _irri_hosts(state, source, ctx["seat"])
    data = {"seat": ctx["seat"], "source": source}
    ask_select(state, ctx["seat"], "attach_to", found, "adg_irri", low=1, high=1, ctx=data)


@handler("adg_irri")
def _irri_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    for host in selected:
        if source in state.in_play and host in state.in_play:
            attach(state, ctx["seat"], source, host)


def _irri_icon(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    return set(base) | {"power"}


def _irri_kneel(state: GameState, source: str, subject: Any, base: bool) -> bool:
    challenge = state.challenge
    return False if challenge is not None and challenge["type"] == "power" else base


register(
    "w_36",
    Ability("save", _irri, trigger="would_be_killed", targets=_irri_leaving),
    passives={
        "icons": attached_passive(_irri_icon),
        "kneel_to_attack": attached_passive(_irri_kneel),
    },
)


# --- w_37 Mya Stone --------------------------------------------------------------------------
# "While there is at least 1 Castle plot card revealed, Mya Stone gains: 'Opponent's
# characters with printed cost 3 or lower cannot be declared alone as attackers.'"  The
# permission ``can_attack_alone`` (challenges.ask_attackers) of her opponents' characters.

MYA_COST = 3


def _mya(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not base or not isinstance(subject, str) or subject not in state.in_play:
        return base
    if state.in_play[subject].controller not in state.opponents(controller(state, source)):
        return base
    if (facts(state, subject).cost or 0) > MYA_COST or not castle_revealed(state):
        return base
    return False


register("w_37", passives={"can_attack_alone": _mya})
