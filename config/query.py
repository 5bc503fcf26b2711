"""API views that name an unknown query parameter instead of ignoring it: ``?code=core_1`` on
the card list is a 400 saying so, not every card of the pool."""

from __future__ import annotations

from typing import Any, ClassVar

from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

# DRF's own: ``format`` picks the renderer (?format=json).
ALWAYS = frozenset({"format"})


class KnownQueryParameters:
    """Mixed into an API view before its DRF class: ``query_parameters`` are the parameters
    it reads (``page`` for a paginated list); any other is refused with a 400 naming it."""

    query_parameters: ClassVar[frozenset[str]] = frozenset()

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # type: ignore[misc]
        unknown = sorted(set(request.query_params) - self.query_parameters - ALWAYS)
        if unknown:
            known = sorted(self.query_parameters)
            takes = f"it takes {', '.join(known)}" if known else "it takes none"
            problems = [f"Unknown query parameter {name!r}: {takes}." for name in unknown]
            raise ValidationError({"detail": " ".join(problems), "problems": problems})
