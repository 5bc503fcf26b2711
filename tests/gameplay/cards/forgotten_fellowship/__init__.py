"""Tests of the cards of Forgotten Fellowship."""
