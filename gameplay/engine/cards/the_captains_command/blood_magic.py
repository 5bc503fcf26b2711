"""The Captain's Command: asots_93 Blood Magic Ritual.

"House Targaryen only. Response: After Blood Magic Ritual comes out of Shadows, choose a
non-Army character in your dead pile and put it into play. Attach Blood Magic Ritual to it.
If Blood Magic Ritual is discarded or leaves play, kill that character."

Read as: the Ritual comes out of Shadows attached to a character as any attachment does;
its response chooses the character (one its player could have in play: not a unique
character of which a copy is in play under that player's control), puts it into play under
its control and moves the Ritual onto it. The link is a lasting ``asots_blood_ritual`` mark
on that character (``card``: the Ritual) while it stays in play; when the Ritual leaves play
(discarded, or any other way), a forced effect of the Ritual kills that character (saves
may answer). A Ritual discarded because its character left play kills nothing (the mark
went with the character)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, add_lasting, facts, register
from gameplay.engine.cards.vocabulary import has_trait, move_attachment, out_of_shadows
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

RITUAL = "asots_93"
BOUND = "asots_blood_ritual"


def _copy_in_play(state: GameState, seat: int, ref: str) -> bool:
    name = facts(state, ref).name
    return any(facts(state, r).name == name for r in state.players[seat].in_play)


def _dead_characters(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    return [
        r
        for r in state.players[seat].dead
        if facts(state, r).type == "character"
        and not has_trait(state, r, "Army")
        and not (facts(state, r).unique and _copy_in_play(state, seat, r))
    ]


def _ritual(state: GameState, ctx: Ctx) -> None:
    seat, source, target = ctx["seat"], ctx["source"], ctx["target"]
    if target not in state.players[seat].dead:
        return
    put_into_play(state, seat, target)
    if target in state.in_play and source in state.in_play:
        move_attachment(state, source, target)
        add_lasting(state, BOUND, target, "play", source, card=source)


def _ritual_left(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source:
        return
    bound = [e for e in state.effects if e["query"] == BOUND and e.get("card") == source]
    state.effects = [e for e in state.effects if e not in bound]
    victims = [e["subject"] for e in bound if e["subject"] in state.in_play]
    if victims:
        moves.kill(state, victims)


register(
    RITUAL,
    out_of_shadows(_ritual, targets=_dead_characters),
    forced={"card_left_play": _ritual_left},
)
