"""Tests of the cards of Illyrio's Gift."""
