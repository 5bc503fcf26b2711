"""Tests of the cards of Secrets and Schemes."""
