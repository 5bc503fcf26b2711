"""Tests of the cards of A Deadly Game."""
