"""The 28 plots of the Core Set (core_181 to core_208), written with the ability vocabulary."""

from __future__ import annotations
