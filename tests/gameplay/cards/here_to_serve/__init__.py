"""Tests of the cards of Here to Serve."""
