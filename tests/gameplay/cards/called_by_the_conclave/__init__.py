"""Tests of the cards of Called by the Conclave."""
