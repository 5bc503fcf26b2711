"""Tests of the cards of Fire and Ice."""
