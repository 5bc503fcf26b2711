"""Tests of the cards of The Wildling Horde."""
