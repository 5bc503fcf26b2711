"""Tests of the cards of A Time of Trials."""
