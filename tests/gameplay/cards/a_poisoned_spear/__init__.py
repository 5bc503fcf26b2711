"""Tests of the cards of A Poisoned Spear."""
