"""The organizer's manage pages of an event: creating it, its tabs, players and settings."""
