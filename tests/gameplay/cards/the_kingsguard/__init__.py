"""Tests of the cards of The Kingsguard."""
