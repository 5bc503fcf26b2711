"""Tests of the cards of The Pirates of Lys."""
