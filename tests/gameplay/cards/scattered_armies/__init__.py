"""Tests of the cards of Scattered Armies."""
