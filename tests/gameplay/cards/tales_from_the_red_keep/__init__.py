"""Tests of the cards of Tales from the Red Keep."""
