"""Tests of the cards of Of Snakes and Sand."""
