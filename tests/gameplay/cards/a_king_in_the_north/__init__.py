"""Tests of the cards of A King in the North."""
