"""Tests of the cards of The Isle of Ravens."""
