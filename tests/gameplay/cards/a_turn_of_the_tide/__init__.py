"""Tests of the cards of A Turn of the Tide."""
