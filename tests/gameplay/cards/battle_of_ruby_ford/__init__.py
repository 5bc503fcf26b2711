"""Tests of the cards of Battle of Ruby Ford."""
