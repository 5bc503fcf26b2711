"""Tests of the cards of A Journey's End."""
