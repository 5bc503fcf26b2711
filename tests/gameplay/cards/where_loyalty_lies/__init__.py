"""Tests of the cards of Where Loyalty Lies."""
