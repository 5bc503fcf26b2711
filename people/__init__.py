"""A person's page: their published decklists and, where they agreed, their tournament
results. It sits above decklists and tournaments and imports both; nothing imports it."""
