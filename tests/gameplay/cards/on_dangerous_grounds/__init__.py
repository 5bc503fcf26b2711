"""Tests of the cards of On Dangerous Grounds."""
