"""Tests of the cards of Kings of the Storm."""
