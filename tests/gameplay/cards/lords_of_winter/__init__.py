"""Tests of the cards of Lords of Winter."""
