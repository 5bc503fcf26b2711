"""A Deadly Game (chapter pack of the Secrets and Schemes cycle, w_21 to w_40)."""

from gameplay.engine.cards.a_deadly_game import cards, characters, plots  # noqa: F401
