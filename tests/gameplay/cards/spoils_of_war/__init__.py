"""Tests of the cards of Spoils of War."""
