"""Tests of the cards of The Tourney for the Hand."""
