"""Decks: stored decks and their versions, the builder, the validator (validation/), decklists
in text and JSON (decklist/), stats, charts and the draw simulator, and the deck API. Imports
the card database (cards) and no other app, except the pure rules engine (gameplay.engine:
how much of a deck plays automatically)."""
