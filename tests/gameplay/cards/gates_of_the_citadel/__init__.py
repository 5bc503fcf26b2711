"""Tests of the cards of Gates of the Citadel."""
