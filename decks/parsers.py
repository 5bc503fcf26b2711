"""Request bodies of the API, read at a bounded cost: every bad body is a 400 with a reason.

DRF's own JSON parser lets a ``RecursionError`` out of ``json.load`` (a body of 100,000 ``[``
is a 500) and reads a body of any size. :class:`JSONParser` (the default of the project,
``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``) reads at most ``DATA_UPLOAD_MAX_MEMORY_SIZE``
bytes and refuses JSON nested deeper than :data:`MAX_DEPTH` levels, so that no serializer,
message or renderer down the line recurses through it either.
"""

from __future__ import annotations

import io
from typing import Any

from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from decks.decklist import json_depth

MAX_DEPTH = 20  # the deepest body of this API (a deck in a request) is 3 levels
MAX_DECKLIST_BYTES = 200_000  # a text/plain decklist


def _read_bounded(stream: Any, limit: int | None, what: str) -> bytes:
    raw = stream.read() if limit is None else stream.read(limit + 1)
    if limit is not None and len(raw) > limit:
        raise ParseError(f"{what} is over {limit:,} bytes.")
    return raw


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser with a size and a depth limit, each a 400 with a message."""

    def parse(self, stream, media_type=None, parser_context=None) -> Any:
        raw = _read_bounded(stream, settings.DATA_UPLOAD_MAX_MEMORY_SIZE, "The request body")
        try:
            data = super().parse(io.BytesIO(raw), media_type, parser_context)
        except RecursionError:
            data = None
            too_deep = True
        else:
            too_deep = json_depth(data) > MAX_DEPTH
        if too_deep:
            raise ParseError(
                f"JSON parse error - the body is nested too deeply (at most {MAX_DEPTH} levels)."
            )
        return data


class PlainTextParser(parsers.BaseParser):
    """A decklist pasted as the request body (UTF-8; undecodable bytes become U+FFFD)."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None) -> str:
        raw = _read_bounded(stream, MAX_DECKLIST_BYTES, "The decklist")
        return raw.decode("utf-8", errors="replace")
