"""Princes of the Sun events, registered by card code (see abilities.register).

"House Martell only." on an event is deck-building text (see the Core Set events)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HANDLERS,
    SCRIPTS,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    facts,
    handler,
    is_character,
    register,
    season,
    strength,
)
from gameplay.engine.cards.princes_of_the_sun.common import (
    characters,
    event,
    is_noble,
    lose_icons,
    participants,
    response,
    won,
)
from gameplay.engine.cards.vocabulary import LEFT_PLAY, kneel_card
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import attach_played_event, bearer_strength, cancel, own_traits

TYPES = ("military", "intrigue", "power")

# --- pots_20 Blood for Blood -------------------------------------------------------------
# "Response: After 1 of your House Martell characters is killed, choose and kill 1
# character with equal or lower STR. (Limit 1 per phase.)"
# The killed character's STR is its printed STR (it is no longer in play); with several
# killed at once, the highest of them.


def _martell_killed(state: GameState, ctx: Ctx) -> list[str]:
    controllers = ctx["event"].get("controllers", {})
    return [
        r
        for r in ctx["event"].get("cards", ())
        if controllers.get(r) == ctx["seat"]
        and is_character(state, r)
        and "Martell" in facts(state, r).houses
    ]


def _blood_targets(state: GameState, ctx: Ctx) -> list[str]:
    killed = _martell_killed(state, ctx)
    if not killed:
        return []
    top = max(facts(state, r).strength or 0 for r in killed)
    return [r for r in characters(state) if strength(state, r) <= top]


register(
    "pots_20",
    response(moves.kill_target, "killed", targets=_blood_targets, limit=(1, "phase")),
)


# --- pots_22 The Prince's Wrath ----------------------------------------------------------
# "Challenges: Kneel 1 influence to choose 1 character. Until the end of the phase, that
# character loses a Military, an Intrigue, and a Power icon."

register(
    "pots_22",
    event(
        lose_icons,
        phases=("challenges",),
        costs=(Cost("influence", 1),),
        targets=lambda state, ctx: characters(state),
    ),
)


# --- pots_23 Someone Always Tells --------------------------------------------------------
# "Response: After you lose dominance, kneel 2 influence to return all standing characters
# to their owner's hands." Losing dominance: a player other than the one who won it.


def _lost_dominance(state: GameState, ctx: Ctx) -> bool:
    winner = ctx["event"].get("seat")
    return winner is not None and winner != ctx["seat"]


def _someone_always_tells(state: GameState, ctx: Ctx) -> None:
    standing = [r for r in characters(state) if not state.in_play[r].knelt]
    moves.return_to_hand(state, standing)


register(
    "pots_23",
    response(
        _someone_always_tells,
        "dominance_won",
        costs=(Cost("influence", 2),),
        condition=_lost_dominance,
    ),
)


# --- pots_24 Scheming on the Sand --------------------------------------------------------
# "Plot: Kneel 5 influence or 2 Noble characters to choose and reveal a new plot card. (If
# it is Summer, you may play Scheming on the Sand during the Challenge phase.)"
# Two abilities, one per cost, in the plot phase's action window after plots are revealed,
# or in the challenges phase while it is Summer (abilities.season).


def _scheming_condition(state: GameState, ctx: Ctx) -> bool:
    player = state.players[ctx["seat"]]
    if state.phase == "challenges" and season(state) != "summer":
        return False
    before_reveal = ctx["event"].get("moment") == "before_reveal"
    return bool(player.plot_deck) and player.revealed_plot is not None and not before_reveal


def _scheming(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    plots = list(state.players[seat].plot_deck)
    ask_select(state, seat, "new_plot", plots, "pots_new_plot", low=1, high=1, ctx={"seat": seat})


def _scheming_event(cost: Cost) -> Ability:
    phases = ("plot", "challenges")
    return event(_scheming, phases=phases, costs=(cost,), condition=_scheming_condition)


register(
    "pots_24",
    _scheming_event(Cost("influence", 5)),
    _scheming_event(Cost("kneel", 2, is_noble, "Noble character")),
)


# --- pots_40 Parting Blow ----------------------------------------------------------------
# "Response: After a character you control leaves play, choose and kneel 1 character
# controlled by an opponent. Then, draw 1 card."


def _mine_left(state: GameState, ctx: Ctx) -> bool:
    controllers = ctx["event"].get("controllers", {})
    return any(
        controllers.get(r) == ctx["seat"] and is_character(state, r)
        for r in ctx["event"].get("cards", ())
    )


def _parting_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r for r in characters(state, state.opponents(ctx["seat"])) if not state.in_play[r].knelt
    ]


def _parting_blow(state: GameState, ctx: Ctx) -> None:
    kneel_card(state, ctx["target"])
    moves.effect_draw(state, ctx["seat"], 1)


register(
    "pots_40",
    *(
        response(_parting_blow, name, condition=_mine_left, targets=_parting_targets)
        for name in LEFT_PLAY
    ),
)


# --- pots_41 Wars Are Won with Quills ----------------------------------------------------
# "Response: After you win an Intrigue challenge by 4 or more total STR, choose a challenge
# type. Until the end of the phase, the losing opponent cannot attack or defend during that
# challenge type. Limit 1 per phase."
# Cannot attack: cannot initiate that challenge type (against anyone); cannot defend: none
# of his or her characters may be declared as defenders in that type.


def _quills(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "loser": ctx["event"]["loser"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "challenge_type", list(TYPES), "pots_quills", ctx=data)


@handler("pots_quills")
def _quills_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    loser, ctype, source = ctx["loser"], ctx["choice"], ctx["source"]
    for other in state.opponents(loser):
        add_lasting(
            state, "can_challenge", f"{loser}>{other}:{ctype}", "phase", source, value=False
        )
    add_lasting(state, "can_defend_type", f"{loser}:{ctype}", "phase", source, value=False)


register(
    "pots_41",
    response(_quills, "challenge_won", condition=won("intrigue", 4), limit=(1, "phase")),
)


# --- pots_42 Make an Example -------------------------------------------------------------
# "Response: After you win a challenge and count 8 or more total STR, claim 3 power for
# your House. (Limit 1 per phase.)"


def _example_condition(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    if challenge is None or not won()(state, ctx):
        return False
    side = 0 if challenge["winner"] == challenge["attacker"] else 1
    return challenge["strength"][side] >= 8


register(
    "pots_42",
    response(
        lambda state, ctx: moves.gain_power(state, ctx["seat"], 3, "make_an_example"),
        "challenge_won",
        condition=_example_condition,
        limit=(1, "phase"),
    ),
)


# --- pots_43 The Dragon's Tail -----------------------------------------------------------
# "Marshalling: Choose 1 opponent. You and that opponent each draw 2 cards."


def _dragons_tail(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    options = [str(s) for s in state.opponents(seat)]
    data = {"seat": seat}
    if len(options) == 1:
        HANDLERS["pots_dragons_tail"](state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, seat, "choose_opponent", options, "pots_dragons_tail", ctx=data)


@handler("pots_dragons_tail")
def _dragons_tail_opponent(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.effect_draw(state, ctx["seat"], 2)
    moves.effect_draw(state, int(ctx["choice"]), 2)


register("pots_43", event(_dragons_tail, phases=("marshalling",)))


# --- pots_51 When I Woke... --------------------------------------------------------------
# "Response: After a Military challenge resolves, kneel 1 influence to have the losing
# player choose 1 participating character and put that character on top of its owner's
# deck." (A challenge with a loser: the challenge_won trigger.)


def _woke_condition(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("type") == "military" and bool(participants(state))


def _when_i_woke(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    cards = participants(state)
    ask_select(state, loser, "to_deck", cards, "pots_to_deck", low=1, high=1)


@handler("pots_to_deck")
def _to_deck(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.return_to_deck(state, selected)


register(
    "pots_51",
    response(
        _when_i_woke, "challenge_won", costs=(Cost("influence", 1),), condition=_woke_condition
    ),
)


# --- pots_21 He Calls It Thinking --------------------------------------------------------------
# "House Martell only. Response: Cancel the effects of a response without an influence cost.
# Then, attach He Calls It Thinking to a House Martell character (counts as a Boon attachment
# with the text "Attached character gets +2 STR.")." A response is an ability of kind response,
# save or cancel (each is written "Response:"); the card then goes from the discard pile onto
# a House Martell character its player chooses, anyone's (uses.attach_played_event).


def _pending_ability(state: GameState) -> Ability | None:
    for step in state.queue:
        if step["name"] == "resolve_ability":
            if step.get("cancelled"):
                return None
            ctx = step["ctx"]
            script = (
                SCRIPTS.get(state.code(ctx["source"])) if ctx["source"] in state.cards else None
            )
            index = int(ctx.get("index") or 0)
            if script is None or index >= len(script.abilities):
                return None
            return script.abilities[index]
    return None


def _thinking_may(state: GameState, ctx: Ctx) -> bool:
    ability = _pending_ability(state)
    return (
        ctx["event"].get("source") != ctx["source"]
        and ability is not None
        and ability.kind in ("response", "save", "cancel")
        and not any(cost.kind == "influence" for cost in ability.costs)
    )


def _thinking(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    hosts = [r for r in characters(state) if "Martell" in facts(state, r).houses]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if hosts:
        ask_select(
            state, ctx["seat"], "attach_to", hosts, "pots_thinking_attach", ctx=data, low=1, high=1
        )


@handler("pots_thinking_attach")
def _thinking_attach(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for host in selected:
        attach_played_event(state, ctx["seat"], ctx["source"], host)


register(
    "pots_21",
    Ability("cancel", _thinking, trigger="ability", zones=("hand",), condition=_thinking_may),
    passives={"strength": bearer_strength(2), "traits": own_traits("Boon")},
)


# --- pots_25 Red Vengeance ---------------------------------------------------------------------
# "House Martell only. Response: After you lose a challenge as the defender, kneel 2 influence to
# cancel the claim effect of that challenge. Then, choose an opponent to satisfy the claim of
# that challenge as if he or she had lost the challenge as the defender." A response to
# ``claim_pending`` (challenges.before_claim): the chosen opponent becomes the claim's target
# (the attacker too: in a joust, the attacker satisfies his own claim, as the FAQ says).


def _vengeance_may(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("defender") == ctx["seat"] and state.challenge is not None


def _vengeance(state: GameState, ctx: Ctx) -> None:
    options = [str(s) for s in state.opponents(ctx["seat"])]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _vengeance_target(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "pots_vengeance", ctx=data)


@handler("pots_vengeance")
def _vengeance_target(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if state.challenge is not None:
        state.challenge["target"] = int(ctx["choice"])
        state.emit("claim_redirected", seat=ctx["seat"], target=int(ctx["choice"]))


register(
    "pots_25",
    Ability(
        "response",
        _vengeance,
        trigger="claim_pending",
        zones=("hand",),
        costs=(Cost("influence", 2),),
        condition=_vengeance_may,
    ),
)
