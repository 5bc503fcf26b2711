"""Tests of the cards of Return of the Others."""
