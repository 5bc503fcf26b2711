"""City of Secrets: the characters (kl_1, kl_2, kl_5, kl_7, kl_9, kl_12, kl_14, kl_17)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_delayed,
    add_lasting,
    controller,
    effect,
    facts,
    handler,
    is_character,
    pool,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choose_opponent,
    discard_top,
    has_trait,
    in_season,
    kneel_card,
    on_self,
    stand_card,
    won,
    won_with,
)
from gameplay.engine.cards.vocabulary.shadows import CAME_OUT, out_of_shadows
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, discard_from_shadows, shadow_actions

# --- kl_1 Arya Stark ------------------------------------------------------------------------
# "House Stark only. If it is Winter, Arya Stark gains Stealth and Deadly. If Arya Stark is
# killed, put her into Shadows instead of your dead pile."
# Read: a ``killed_to`` passive sends her to her owner's Shadows (she is still killed: the
# "killed" trigger opens); like any card that goes into Shadows, she may not come out again
# that round (the forced mark below).


def _arya_killed_to(state: GameState, source: str, ref: Any, base: str) -> str:
    return "shadows" if ref == source else base


def _arya_in_shadows(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    owner = state.players[state.cards[source].owner]
    if source in ctx["event"].get("cards", ()) and source in owner.shadows:
        state.used.append(f"shadows:{source}")


register(
    "kl_1",
    passives={
        "keywords": in_season("winter", on_self(lambda base: base | {"stealth", "deadly"})),
        "killed_to": _arya_killed_to,
    },
    forced={"killed": _arya_in_shadows},
)

# --- kl_2 Hungry Mob ------------------------------------------------------------------------
# "After you pay 3 or more gold for a card or effect, kneel Hungry Mob." Forced, on the engine
# moment ``gold_spent`` (one payment: a card marshalled or brought out of Shadows, an
# ability's gold cost); its controller's payments only.


def _hungry_mob(state: GameState, ctx: Ctx) -> None:
    source, event = ctx["source"], ctx["event"]
    if source not in state.in_play:
        return
    if event.get("seat") == controller(state, source) and event.get("gold", 0) >= 3:
        kneel_card(state, source)


register("kl_2", forced={"gold_spent": _hungry_mob})

# --- kl_5 Tyrion Lannister ------------------------------------------------------------------
# "House Lannister only. Stealth. Response: After a card comes out of Shadows, Tyrion
# Lannister gets +2 STR and gains your choice of Deadly, Renown, No attachments, or Immune to
# Events until the end of the phase." Any card, any player's (Tyrion's own coming out too).

TYRION_WORDS = {
    "deadly": "deadly",
    "renown": "renown",
    "no_attachments": "no attachments",
    "immune_to_events": "immune to events",
}


def _tyrion(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source not in state.in_play:
        return
    add_lasting(state, "strength", source, "phase", source, amount=2)
    data = {"seat": ctx["seat"], "source": source}
    ask_choose(state, ctx["seat"], "tyrion_keyword", list(TYRION_WORDS), "cos_tyrion", ctx=data)


@handler("cos_tyrion")
def _tyrion_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source = ctx["source"]
    if source in state.in_play:
        word = TYRION_WORDS[ctx["choice"]]
        add_lasting(state, "keywords", source, "phase", source, add=[word])


register("kl_5", Ability("response", _tyrion, trigger=CAME_OUT))

# --- kl_7 City Watch ------------------------------------------------------------------------
# "No attachments except Weapon. Response: After you win a challenge in which City Watch is
# participating, choose an opponent. At the beginning of the next phase, that player must
# randomly choose one of his or her cards in Shadows, and either bring it out of Shadows
# (paying any necessary costs) or discard it from play."
# Read: a delayed effect at ``phase_begins`` (the next phase, whatever happens to City Watch);
# one card of that player's Shadows at random; the player brings it out as the action would
# (its cost paid, onto a host they choose for an attachment; not if it went into Shadows this
# round) or, when they cannot or will not, discards it face up to their discard pile.


def _city_watch(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cos_city_watch_opponent")


@handler("cos_city_watch_opponent")
def _city_watch_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = int(ctx["choice"])
    add_delayed(
        state, "phase_begins", ctx["seat"], "cos_city_watch", ctx["source"], "play", player=player
    )
    state.emit("city_watch", seat=ctx["seat"], player=player)


def _shadow_hosts(state: GameState, seat: int, ref: str) -> list[str | None]:
    """Where ``seat`` may bring ``ref`` out of Shadows now (None: not an attachment)."""
    found: list[str | None] = []
    for action in shadow_actions(state, seat):
        if action.cards[0] == ref:
            found.append(action.cards[1] if len(action.cards) > 1 else None)
    return found


@effect("cos_city_watch")
def _city_watch_now(state: GameState, data: Ctx) -> None:
    player = data["player"]
    shadows = state.players[player].shadows
    if not shadows:
        return
    card = shadows[state.random_below(len(shadows))]
    options = (["bring_out"] if _shadow_hosts(state, player, card) else []) + ["discard"]
    ctx = {"seat": player, "card": card, "shown": [card]}
    ask_choose(state, player, "city_watch", options, "cos_city_watch_choice", ctx=ctx)


@handler("cos_city_watch_choice")
def _city_watch_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player, card = ctx["seat"], ctx["card"]
    if card not in state.players[player].shadows:
        return
    hosts = _shadow_hosts(state, player, card) if ctx["choice"] == "bring_out" else []
    if not hosts:
        discard_from_shadows(state, card, random=True)
    elif hosts == [None]:
        come_out_of_shadows(state, player, card, None)
    else:
        data = {"seat": player, "card": card}
        real = [h for h in hosts if h is not None]
        ask_select(
            state, player, "shadow_host", real, "cos_city_watch_host", low=1, high=1, ctx=data
        )


@handler("cos_city_watch_host")
def _city_watch_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player, card = ctx["seat"], ctx["card"]
    if card in state.players[player].shadows and selected:
        come_out_of_shadows(state, player, card, selected[0])


register(
    "kl_7", Ability("response", _city_watch, trigger="challenge_won", condition=won_with("self"))
)

# --- kl_9 Wharf Rats ------------------------------------------------------------------------
# "House Greyjoy only. No attachments. Wharf Rats cannot be killed. After Wharf Rats'
# controller wins a challenge, discard the top card of its controller's deck. Response: After
# Wharf Rats comes out of Shadows, choose an opponent. That opponent takes control of Wharf
# Rats." The second sentence is forced (whoever controls the Rats then).


def _cannot_be_killed(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject == source else base


def _rats_won(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play:
        seat = controller(state, source)
        if ctx["event"].get("winner") == seat:
            discard_top(state, seat, 1, "wharf_rats")


def _rats_out(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cos_wharf_rats")


@handler("cos_wharf_rats")
def _rats_given(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["source"] in state.in_play:
        moves.take_control(state, ctx["source"], int(ctx["choice"]))


register(
    "kl_9",
    out_of_shadows(_rats_out),
    passives={"can_be_killed": _cannot_be_killed},
    forced={"challenge_won": _rats_won},
)

# --- kl_12 Ser Barristan Selmy --------------------------------------------------------------
# "House Targaryen only. Renown. No attachments except Weapon. Response: After Ser Barristan
# Selmy comes out of Shadows, look at one opponent's hand. Then, name a non-plot card. No
# player can play that card during this phase."
# Read: the hand is shown to Barristan's controller (the prompt's ``shown``); the names offered
# are those of the non-plot cards in that hand and in every zone that player sees (their own
# hand, every card in play, discard and dead piles): a card named from nowhere could not be
# played anyway. "Play" is marshalling (a duplicate too) and playing an event (the
# ``can_play`` permission, subject ``name:<name>``); not Ambush nor Shadows.


def _barristan(state: GameState, ctx: Ctx) -> None:
    choose_opponent(state, ctx, "cos_barristan_look")


def _nameable(state: GameState, seat: int, hand: list[str]) -> list[str]:
    seen = list(hand) + list(state.players[seat].hand) + list(state.in_play)
    for player in state.players:
        seen += player.discard + player.dead
    codes: dict[str, str] = {}
    for ref in seen:
        card = facts(state, ref)
        if card.type != "plot":
            codes.setdefault(card.name, state.cards[ref].code)
    return [codes[name] for name in sorted(codes)]


@handler("cos_barristan_look")
def _barristan_look(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, other = ctx["seat"], int(ctx["choice"])
    hand = list(state.players[other].hand)
    state.emit("looked_at_hand", seat=seat, other=other, count=len(hand))
    options = _nameable(state, seat, hand)
    if options:
        data = {"seat": seat, "source": ctx["source"], "shown": hand}
        ask_choose(state, seat, "name_a_card", options, "cos_barristan_named", ctx=data)


@handler("cos_barristan_named")
def _barristan_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    name = pool(state)[ctx["choice"]].name
    add_lasting(state, "can_play", f"name:{name}", "phase", ctx["source"], value=False)
    state.emit("card_named", seat=ctx["seat"], code=ctx["choice"], source=ctx["source"])


register("kl_12", out_of_shadows(_barristan))

# --- kl_14 Nomadic Trader -------------------------------------------------------------------
# "Response: After an opponent plays an event card, take 1 gold from the treasury and add it
# to your gold pool." (An event brought out of Shadows is not played.)


def _opponent_event(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "event" and event.get("seat") in state.opponents(ctx["seat"])


def _trader(state: GameState, ctx: Ctx) -> None:
    moves.gain_gold(state, ctx["seat"], 1, "nomadic_trader")


register("kl_14", Ability("response", _trader, trigger="played", condition=_opponent_event))

# --- kl_17 Ser Meryn Trant ------------------------------------------------------------------
# "No attachments except Weapon. Response: After you win a challenge as the defender, choose
# and stand a Kingsguard character." Any kneeling Kingsguard character in play, his included.


def _kneeling_kingsguard(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r, record in state.in_play.items()
        if record.knelt and is_character(state, r) and has_trait(state, r, "Kingsguard")
    ]


def _meryn(state: GameState, ctx: Ctx) -> None:
    stand_card(state, ctx["target"])


register(
    "kl_17",
    Ability(
        "response",
        _meryn,
        trigger="challenge_won",
        condition=won(role="defender"),
        targets=_kneeling_kingsguard,
    ),
)
