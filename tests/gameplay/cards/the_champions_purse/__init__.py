"""Tests of the cards of The Champion's Purse."""
