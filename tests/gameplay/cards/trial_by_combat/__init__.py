"""Tests of the cards of Trial By Combat."""
