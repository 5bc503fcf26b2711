"""Tests of the cards of City of Secrets."""
