"""Tests of the cards of A Change of Seasons."""
