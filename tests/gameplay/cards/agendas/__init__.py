"""Tests of the agendas of the whole pool."""
