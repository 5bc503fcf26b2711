"""Published decklists: frozen snapshots of legal decks that everyone can browse, like,
favourite, comment on and copy (issue 33)."""
