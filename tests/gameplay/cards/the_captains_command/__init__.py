"""Tests of the cards of The Captain's Command."""
