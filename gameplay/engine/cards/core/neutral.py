"""Core Set neutral characters, locations and attachments, registered by card code (see
abilities.register)."""

from __future__ import annotations
