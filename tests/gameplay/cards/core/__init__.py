"""Tests of the cards of the Core Set."""
