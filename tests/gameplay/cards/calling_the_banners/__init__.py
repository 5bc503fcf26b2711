"""Tests of the cards of Calling the Banners."""
