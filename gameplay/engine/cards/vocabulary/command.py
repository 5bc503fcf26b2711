"""Cards at a player's command (The Banners Gather): "the player with the most cards at
his or her command" (Hammerhorn, Rally Cry).

The cards at a player's command are the cards in his or her hand, in play under his or her
control (attachments and duplicates included) and in his or her Shadows, plus what the
numeric query ``cards_at_command`` (subject the seat) adds ("This agenda counts as 5 cards
at your command": Knights of the Hollow Hill)."""

from __future__ import annotations

from gameplay.engine.abilities import PASSIVE_CODES, value
from gameplay.engine.state import GameState


def cards_at_command(state: GameState, seat: int) -> int:
    """How many cards are at ``seat``'s command."""
    player = state.players[seat]
    in_play = [r for r in player.in_play if r in state.in_play]
    count = len(player.hand) + len(player.shadows) + len(in_play)
    count += sum(len(state.in_play[r].duplicates) for r in in_play)
    if "cards_at_command" in PASSIVE_CODES:
        count = int(value(state, "cards_at_command", seat, count))
    return count


def most_at_command(state: GameState) -> int | None:
    """The one player with the most cards at his or her command; None on a tie."""
    counts = {p.seat: cards_at_command(state, p.seat) for p in state.players}
    best = max(counts.values())
    leaders = [s for s, n in counts.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def fewest_at_command(state: GameState) -> int | None:
    """The one player with the fewest cards at his or her command; None on a tie
    (Redwyne Straits)."""
    counts = {p.seat: cards_at_command(state, p.seat) for p in state.players}
    least = min(counts.values())
    trailing = [s for s, n in counts.items() if n == least]
    return trailing[0] if len(trailing) == 1 else None
