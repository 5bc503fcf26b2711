"""Tests of the cards of Mountains of the Moon."""
