"""Tests of the cards of A Time for Wolves."""
