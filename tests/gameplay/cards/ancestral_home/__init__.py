"""Tests of the cards of Ancestral Home."""
