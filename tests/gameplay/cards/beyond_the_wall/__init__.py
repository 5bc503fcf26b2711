"""Tests of the cards of Beyond the Wall."""
