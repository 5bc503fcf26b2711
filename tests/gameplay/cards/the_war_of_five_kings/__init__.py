"""Tests of the cards of The War of Five Kings."""
