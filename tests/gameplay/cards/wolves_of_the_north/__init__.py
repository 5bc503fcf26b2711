"""Tests of the cards of Wolves of the North."""
