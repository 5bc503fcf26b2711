"""Helpers for tests that read whole pages."""

from __future__ import annotations

import re

_RANDOM = [
    re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'),  # the form field
    re.compile(r'"X-CSRFToken": "[^"]*"'),  # htmx's header
    re.compile(r'nonce="[^"]*"'),  # the Content-Security-Policy nonce
]


def without_tokens(text: str) -> str:
    """``text`` without the random tokens of a response. Two responses differ there, and
    a 64-character token of mixed-case letters and digits can spell a short card name
    ("Ice") by chance: one leak check in a few hundred failed so before they were cut."""
    for pattern in _RANDOM:
        text = pattern.sub("", text)
    return text
