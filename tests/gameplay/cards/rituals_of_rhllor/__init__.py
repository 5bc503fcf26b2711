"""Tests of the cards of Rituals of R'hllor."""
