"""Tests of the cards of The Tower of the Hand."""
