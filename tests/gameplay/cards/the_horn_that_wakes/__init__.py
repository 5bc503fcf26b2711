"""Tests of the cards of The Horn that Wakes."""
