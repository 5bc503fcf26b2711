"""Tests of the cards of Dreadfort Betrayal."""
