"""Tests of the cards of The Prize of the North."""
