"""Tests of the cards of Refugees of War."""
