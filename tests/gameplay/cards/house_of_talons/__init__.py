"""Tests of the cards of House of Talons."""
