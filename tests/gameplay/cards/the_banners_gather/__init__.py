"""Tests of the cards of The Banners Gather."""
