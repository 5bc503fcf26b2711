"""Tests of the cards of Valar Morghulis."""
