"""Tests of the cards of Lions of the Rock."""
