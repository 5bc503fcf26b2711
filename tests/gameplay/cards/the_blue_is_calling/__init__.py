"""Tests of the cards of The Blue is Calling."""
