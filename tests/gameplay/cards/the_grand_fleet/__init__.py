"""Tests of the cards of The Grand Fleet."""
