"""Tests of the cards of The Raven's Song."""
