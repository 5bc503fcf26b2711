"""Tests of the cards of Queen of Dragons."""
