"""Tests of the cards of The Valemen."""
