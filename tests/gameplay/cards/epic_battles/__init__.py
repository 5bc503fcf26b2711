"""Tests of the cards of Epic Battles."""
