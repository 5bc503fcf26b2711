"""The Maester's Path (soo_19): Chains set aside on the agenda at setup, no victory while any
remain there, and a Chain attached to a Maester after each challenge won."""

from __future__ import annotations

from gameplay.engine.abilities import Ability, Ctx, facts, handler, register
from gameplay.engine.cards.agendas.common import owner
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

MAESTERS_PATH = "soo_19"
CHAINS = 12

# --- soo_19 The Maester's Path: "Before shuffling your deck during setup, remove up to 12
# Chain attachments with different titles from your deck and place them on The Maester's
# Path. You cannot win the game if there are any Chain attachments on this card. Response:
# After you win a challenge, attach 1 Chain from this card to a printed Maester character
# you control."
# At the start of setup (before the deck is shuffled and the setup hand drawn) the owner
# chooses (a hidden prompt: it shows the deck) up to 12 Chain attachments (printed trait),
# one per title; they go face up on the agenda (``Player.on_agenda``, public). While any is
# there the ``can_win`` permission stops the owner winning (checks.check_victory). The
# response (agenda zone, any challenge the owner wins) attaches one of them, chosen as it
# resolves, to a character the owner controls with the printed Maester trait that can take
# it (its own attachment restrictions apply); it enters play (``entered_play``).


def _is_chain(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "attachment" and "Chain" in card.traits


def _place(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    names: dict[str, str] = {}
    for ref in state.players[seat].deck:
        if _is_chain(state, ref):
            names.setdefault(facts(state, ref).name, ref)
    found = sorted(names.values(), key=lambda r: int(r[1:]))
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(
        state, seat, "chains", found, "agenda_chains_placed", high=CHAINS, ctx=data, hidden=True
    )


@handler("agenda_chains_placed")
def _placed(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref in player.deck:
            player.deck.remove(ref)
            player.on_agenda.append(ref)
    codes = [state.code(r) for r in selected]
    state.emit("placed_on_agenda", seat=player.seat, cards=list(selected), codes=codes)


def _can_win(state: GameState, source: str, side: int, base: bool) -> bool:
    seat = owner(state, source)
    chains = [r for r in state.players[seat].on_agenda if _is_chain(state, r)]
    return False if side == seat and chains else base


def _hosts(state: GameState, seat: int, chain: str) -> list[str]:
    return [
        r
        for r in attachment_targets(state, facts(state, chain), seat)
        if r in state.players[seat].in_play and "Maester" in facts(state, r).traits
    ]


def _chains(state: GameState, seat: int) -> list[str]:
    return [
        r for r in state.players[seat].on_agenda if _is_chain(state, r) and _hosts(state, seat, r)
    ]


def _usable(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("winner") == ctx["seat"] and bool(_chains(state, ctx["seat"]))


def _attach(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    chains = _chains(state, seat)
    ask_select(state, seat, "chain", chains, "agenda_chain_chosen", low=1, high=1, ctx=data)


@handler("agenda_chain_chosen")
def _chain_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if not selected or selected[0] not in state.players[seat].on_agenda:
        return
    hosts = _hosts(state, seat, selected[0])
    data = {**ctx, "chain": selected[0]}
    ask_select(state, seat, "attach_to", hosts, "agenda_chain_attached", low=1, high=1, ctx=data)


@handler("agenda_chain_attached")
def _chain_attached(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, chain = ctx["seat"], ctx["chain"]
    player = state.players[seat]
    if not selected or chain not in player.on_agenda or selected[0] not in state.in_play:
        return
    player.on_agenda.remove(chain)
    put_into_play(state, seat, chain, selected[0], origin="agenda")


register(
    MAESTERS_PATH,
    Ability(
        "response",
        _attach,
        trigger="challenge_won",
        condition=_usable,
        zones=("agenda",),
    ),
    passives={"can_win": _can_win},
    forced={"setup_begins": _place},
)
