"""Tests of the cards of A Harsh Mistress."""
