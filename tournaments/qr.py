"""QR codes of the pages people open from a phone at the store (the event's join link), as
inline SVG: drawn by segno (pure Python), no image file, no script."""

from __future__ import annotations

import segno
from django.utils.safestring import SafeString, mark_safe


def qr_svg(text: str, *, scale: int = 6) -> SafeString:
    """``text`` as a QR code, an ``<svg>`` element to put in a page (dark on white, with
    its quiet zone; error correction M survives a smudged screen)."""
    code = segno.make(text, error="m")
    svg = code.svg_inline(scale=scale, dark="#000", light="#fff", omitsize=False)
    return mark_safe(svg)
