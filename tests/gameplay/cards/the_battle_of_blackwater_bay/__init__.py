"""Tests of the cards of The Battle of Blackwater Bay."""
