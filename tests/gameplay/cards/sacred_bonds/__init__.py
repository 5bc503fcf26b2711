"""Tests of the cards of Sacred Bonds."""
