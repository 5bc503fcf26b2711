"""Tests of the cards of Fire Made Flesh."""
