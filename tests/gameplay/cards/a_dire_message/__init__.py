"""Tests of the cards of A Dire Message."""
