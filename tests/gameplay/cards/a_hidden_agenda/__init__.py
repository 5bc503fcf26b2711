"""Tests of the cards of A Hidden Agenda."""
