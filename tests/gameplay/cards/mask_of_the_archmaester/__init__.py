"""Tests of the cards of Mask of the Archmaester."""
