"""Tests of the cards of Ancient Enemies."""
