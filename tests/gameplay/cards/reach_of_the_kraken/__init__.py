"""Tests of the cards of Reach of the Kraken."""
