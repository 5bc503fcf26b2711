"""Tests of the cards of The Winds of Winter."""
