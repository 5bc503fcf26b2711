"""Tests of the cards of Princes of the Sun."""
