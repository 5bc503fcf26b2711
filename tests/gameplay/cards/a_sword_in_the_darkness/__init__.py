"""Tests of the cards of A Sword in the Darkness."""
