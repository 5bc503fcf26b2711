"""The Dothraki handmaidens of the Secrets and Schemes cycle: "If X would be killed, you may
instead attach her to a [Targaryen] character as a Handmaiden attachment with the text,
'Attached character gains an [<Icon>] icon and does not kneel to attack during [<Icon>]
challenges.'" (Jhiqui w_55; Irri w_36 reads the same with [Power]).

:func:`handmaiden` registers such a character: a save answering ``would_be_killed`` while
she is a character in play (not once attached) and some [Targaryen] character may take her;
its effect saves her and asks her controller for the host (prompt purpose ``attach``,
handler ``handmaiden_host``), then attaches her there (``as_attachment.attach``: she stays
under her controller's control, leaves any challenge, her own attachments are discarded).
Attached she is an attachment with the Handmaiden trait and the quoted text: the host gains
the icon and does not kneel to attack in challenges of that type."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, handler, is_character, register
from gameplay.engine.as_attachment import as_attachment, attach, hosts
from gameplay.engine.cards.vocabulary.passives import attached_passive
from gameplay.engine.cards.vocabulary.targets import of_house
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

HANDMAIDEN = "Handmaiden"
HOST_HOUSE = "Targaryen"


def _targaryen_host(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return is_character(state, target) and of_house(state, target, HOST_HOUSE)


def _leaving_self(state: GameState, ctx: Ctx) -> list[str]:
    source = ctx["source"]
    if (
        source in ctx["event"].get("cards", ())
        and source in state.in_play
        and state.in_play[source].attached_to is None
        and not moves.saved(state, source)
    ):
        return [source]
    return []


def _host_candidates(state: GameState, ref: str, seat: int) -> list[str]:
    return [r for r in hosts(state, ref, seat) if is_character(state, r)]


def _may_attach(state: GameState, ctx: Ctx) -> bool:
    return bool(_host_candidates(state, ctx["source"], ctx["seat"]))


def _save_and_attach(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source not in state.in_play:
        return
    found = _host_candidates(state, source, seat)
    if not found:
        return
    moves.save(state, source, by=source)
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "attach", found, "handmaiden_host", low=1, high=1, ctx=data)


@handler("handmaiden_host")
def _host_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    source, seat = ctx["source"], ctx["seat"]
    for host in selected:
        if source in state.in_play and host in _host_candidates(state, source, seat):
            attach(state, seat, source, host)


def handmaiden(code: str, icon: str, text: str) -> None:
    """Register the handmaiden ``code``: her save, and her Handmaiden face whose host gains
    the ``icon`` (``military``, ``intrigue``, ``power``) and does not kneel to attack during
    challenges of that type; ``text``: the quoted attachment text."""
    as_attachment(code, text, traits=(HANDMAIDEN,))

    def icons(state: GameState, source: str, subject: Any, base: Any) -> Any:
        return base | {icon}

    def kneels(state: GameState, source: str, subject: Any, base: bool) -> bool:
        challenge = state.challenge
        if challenge is not None and challenge["type"] == icon:
            return False
        return base

    register(
        code,
        Ability(
            "save",
            _save_and_attach,
            trigger="would_be_killed",
            targets=_leaving_self,
            condition=_may_attach,
        ),
        passives={
            "icons": attached_passive(icons),
            "kneel_to_attack": attached_passive(kneels),
        },
        attach_rule=_targaryen_host,
    )
