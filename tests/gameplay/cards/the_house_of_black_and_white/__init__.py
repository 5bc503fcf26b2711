"""Tests of the cards of The House of Black and White."""
