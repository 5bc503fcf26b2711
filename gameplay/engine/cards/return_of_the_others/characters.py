"""Return of the Others: the characters (dotn_101, dotn_102, dotn_105, dotn_107, dotn_109,
dotn_111, dotn_113, dotn_115, dotn_116, dotn_117)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KILL_SELF,
    KNEEL_SELF,
    SCRIPTS,
    Ability,
    Ctx,
    add_lasting,
    agenda_cards,
    controller,
    facts,
    handler,
    is_character,
    register,
    value,
)
from gameplay.engine.cards.vocabulary import (
    AGENDA_AS_IF_TRAITS,
    LEFT_PLAY,
    characters_of,
    discard_top,
    has_trait,
    in_play_of,
    kneel_card,
    stand_card,
)
from gameplay.engine.cards.vocabulary.plots import cancel_when_revealed, when_revealed_pending
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- dotn_101 Coldhands -----------------------------------------------------------------
# "Coldhands cannot be killed. Coldhands gains the benefit of any The North agenda being run
# (as if he had the Night's Watch and Wildling traits). Coldhands must participate in the
# first challenge initiated for which he is eligible each round."
# "Cannot be killed": the ``can_be_killed`` permission. The agendas read him as Night's
# Watch and Wildling (vocabulary.AGENDA_AS_IF_TRAITS, read by the The North agendas through
# ``agenda_trait``): only those agendas, no other card, see the traits. He has no icon, so
# he is eligible only where a card gives him one (The Rangers). "Must participate": the
# ``must_participate`` flag makes the attackers or defenders prompt that first offers him
# require him (the engine marks ``required:<ref>`` in ``state.used`` for the round), once a
# round.

AGENDA_AS_IF_TRAITS["dotn_101"] = frozenset({"Night's Watch", "Wildling"})


def _not_killed(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _must_participate(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and f"required:{source}" not in state.used:
        return True
    return base


register(
    "dotn_101",
    passives={"can_be_killed": _not_killed, "must_participate": _must_participate},
)

# --- dotn_102 Reed's Crannogmen ---------------------------------------------------------
# "No attachments. Stealth. Response: After Reed's Crannogmen leaves play, choose 1
# character. Stand or kneel that character."  Any character in play; a knelt one stands,
# a standing one kneels (as Practical Believer). Answered from where the Crannogmen went
# (dead pile, discard pile, hand: vocabulary.LEFT_PLAY).


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return characters_of(state)


def _turn_over(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        if state.in_play[target].knelt:
            stand_card(state, target)
        else:
            kneel_card(state, target)


def _self_left(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in ctx["event"].get("cards", ())


register(
    "dotn_102",
    *(
        Ability(
            "response",
            _turn_over,
            trigger=name,
            condition=_self_left,
            zones=(zone,),
            targets=_any_character,
        )
        for name, zone in LEFT_PLAY.items()
        if zone is not None
    ),
)

# --- dotn_105 Melisandre ----------------------------------------------------------------
# "Renown. Claim 1 additional power when you win dominance, and when you win an unopposed
# Intrigue or Power challenge."  Dominance: a forced ``dominance_won`` effect (1 more power
# for her controller's House). Unopposed: the ``unopposed_power`` query for her controller's
# Intrigue and Power challenges.


def _melisandre_dominance(state: GameState, ctx: Ctx) -> None:
    if ctx["event"].get("seat") == ctx["seat"] and ctx["source"] in state.in_play:
        moves.gain_power(state, ctx["seat"], 1, "melisandre")


def _melisandre_unopposed(state: GameState, source: str, seat: Any, base: int) -> int:
    challenge = state.challenge
    if (
        seat == controller(state, source)
        and challenge is not None
        and challenge["type"] in ("intrigue", "power")
    ):
        return base + 1
    return base


register(
    "dotn_105",
    passives={"unopposed_power": _melisandre_unopposed},
    forced={"dominance_won": _melisandre_dominance},
)

# --- dotn_107 Tarle the Thrice-Drowned --------------------------------------------------
# "If Tarle the Thrice-Drowned has 3 or more power on him, discard him from play.
# Response: Save Tarle the Thrice-Drowned from being killed. Then, he claims 1 power."
# ("or more" is the errata.) The first sentence: the ``discard_now`` passive (cannot be
# saved). The save has no cost; its "then" puts 1 power from the pool on him, so the third
# save discards him.

TARLE_LIMIT = 3


def _tarle_drowns(state: GameState, source: str, subject: Any, base: bool) -> bool:
    record = state.in_play.get(source)
    return True if subject == source and record and record.power >= TARLE_LIMIT else base


def _tarle_leaving(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    if source in ctx["event"].get("cards", ()) and not moves.saved(state, source):
        return [source]
    return []


def _tarle_save(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play:
        moves.save(state, source, by=source)
        moves.card_power(state, source, 1, "tarle")


register(
    "dotn_107",
    Ability("save", _tarle_save, trigger="would_be_killed", targets=_tarle_leaving),
    passives={"discard_now": _tarle_drowns},
)

# --- dotn_109 Balerion the Black --------------------------------------------------------
# "Renown. Deadly. No attachments. Response: After you play Balerion the Black from your
# hand, kneel all non-Dragon characters and locations."  Marshalling him from the hand is
# playing him (put into play is not); every player's standing non-Dragon characters and
# locations, his controller's included.


def _balerion_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return (
        event.get("card") == ctx["source"]
        and event.get("seat") == ctx["seat"]
        and ctx["source"] in state.in_play
    )


def _balerion(state: GameState, ctx: Ctx) -> None:
    for ref in [*in_play_of(state, "character"), *in_play_of(state, "location")]:
        if not has_trait(state, ref, "Dragon"):
            kneel_card(state, ref)


register("dotn_109", Ability("response", _balerion, trigger="played", condition=_balerion_played))

# --- dotn_111 Starfall Healer -----------------------------------------------------------
# "Response: Kneel Starfall Healer and discard 1 gold token from a House Dayne character to
# save that character from being killed."  Any player's House Dayne character (a trait)
# with a gold token on it, being killed; the token goes back to the treasury as the save
# resolves (logged ``gold_paid``). The Healer may save itself.


def _dayne_leaving(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in ctx["event"].get("cards", ())
        if r in state.in_play
        and is_character(state, r)
        and has_trait(state, r, "House Dayne")
        and state.in_play[r].gold > 0
        and not moves.saved(state, r)
    ]


def _healer(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    record = state.in_play.get(target)
    if record is None or record.gold < 1:
        return
    record.gold -= 1
    state.emit("gold_paid", seat=record.controller, gold=1, reason="starfall_healer", card=target)
    moves.save(state, target, by=ctx["source"])


register(
    "dotn_111",
    Ability(
        "save", _healer, trigger="would_be_killed", costs=(KNEEL_SELF,), targets=_dayne_leaving
    ),
)

# --- dotn_113 Old Bear Mormont ----------------------------------------------------------
# "No attachments except Weapon. Response: Kill Old Bear Mormont (cannot be saved) to
# cancel the "when revealed" effects of a plot card that has just been played."
# The response window ``when_revealed_pending`` opens before each plot's "when revealed"
# effect resolves (vocabulary.plots); any player's plot whose text can be canceled.

register(
    "dotn_113",
    Ability(
        "response",
        cancel_when_revealed,
        trigger="when_revealed_pending",
        costs=(KILL_SELF,),
        condition=when_revealed_pending,
    ),
)

# --- dotn_115 Lost Ranger ---------------------------------------------------------------
# "At the end of the dominance phase, discard the top card of any deck. If that card does
# not have either a Night's Watch or The North trait, discard Lost Ranger from play."
# Forced. His controller chooses a player whose deck has a card (asked only with a choice);
# its printed traits decide. With no card discarded (every deck empty) he stays. Discarded
# from play: with saves.


def _ranger(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    seat = controller(state, source)
    options = [str(p.seat) for p in state.players if p.deck]
    data = {"seat": seat, "source": source}
    if len(options) == 1:
        _ranger_deck(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_deck", options, "roto_ranger_deck", ctx=data)


@handler("roto_ranger_deck")
def _ranger_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    cards = discard_top(state, int(ctx["choice"]), 1, "lost_ranger")
    if not cards:
        return
    traits = set(facts(state, cards[0]).traits)
    if not traits & {"Night's Watch", "The North"} and ctx["source"] in state.in_play:
        moves.discard(state, [ctx["source"]])


register("dotn_115", forced={"dominance_ends": _ranger})

# --- dotn_116 Mance Rayder --------------------------------------------------------------
# "Any Phase: Kneel Mance Rayder to choose 1 The North agenda or location. Until the end of
# the phase, treat that card as if its printed text box were blank."  Any player's agenda
# with The North trait, or a location in play with The North trait (traits stay: a blank
# text box keeps its traits). A lasting ``blank`` effect for the phase.


def _north_cards(state: GameState, ctx: Ctx) -> list[str]:
    agendas = [r for r in agenda_cards(state).values() if "The North" in facts(state, r).traits]
    locations = [r for r in in_play_of(state, "location") if has_trait(state, r, "The North")]
    return agendas + locations


def _mance(state: GameState, ctx: Ctx) -> None:
    add_lasting(state, "blank", ctx["target"], "phase", ctx["source"], value=True)


register("dotn_116", Ability("action", _mance, costs=(KNEEL_SELF,), targets=_north_cards))

# --- dotn_117 Val -----------------------------------------------------------------------
# "Any Phase: Reveal and draw the top card of your deck. Play that card as your next
# response or action, if able. Otherwise, discard it."  (Rulings: not at the draw cap; the
# drawn card must be played at its player's very next response opportunity if it is a
# response, else at the next action opportunity, and must be played there if it can be.)
# No cost. The top card is revealed, then drawn by a card effect (within the draw cap); a
# ``play_next`` effect on Val's controller names it (engine: legal.py), "response" for an
# event played as a response, "action" for anything else: while it can be played in the
# window its player is asked in, playing it is all that player may do; at the first window
# of its kind where it cannot be played, it is discarded.


def _val_may(state: GameState, ctx: Ctx) -> bool:
    player = state.players[ctx["seat"]]
    cap = value(state, "draw_cap", ctx["seat"], moves.DRAW_CAP)
    return bool(player.deck) and player.effect_draws < cap


def _played_as_response(state: GameState, ref: str) -> bool:
    script = SCRIPTS.get(state.code(ref))
    return (
        facts(state, ref).type == "event"
        and script is not None
        and any(a.kind == "response" and "hand" in a.zones for a in script.abilities)
    )


def _val(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    if not player.deck:
        return
    top = player.deck[0]
    moves.reveal(state, seat, [top], "val")
    if moves.effect_draw(state, seat, 1) and top in player.hand:
        kind = "response" if _played_as_response(state, top) else "action"
        state.effects.append(
            {
                "query": "play_next",
                "subject": seat,
                "until": "play",
                "source": ctx["source"],
                "card": top,
                "kind": kind,
            }
        )


register("dotn_117", Ability("action", _val, condition=_val_may))
