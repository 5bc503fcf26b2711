"""Tests of the cards of A Song of Silence."""
