"""Tests of the cards of Forging the Chain."""
