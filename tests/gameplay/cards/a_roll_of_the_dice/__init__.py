"""Tests of the cards of A Roll of the Dice."""
