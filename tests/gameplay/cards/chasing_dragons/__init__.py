"""Tests of the cards of Chasing Dragons."""
