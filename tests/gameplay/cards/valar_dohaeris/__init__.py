"""Tests of the cards of Valar Dohaeris."""
