"""A list of short strings stored as one delimited text column.

Lists (houses, icons, traits, keywords) are stored as ``|a|b|`` so that one element can be
matched with a portable ``icontains`` on both SQLite and PostgreSQL (JSONField ``contains``
is not supported on SQLite), and a whole search stays one indexed-free scan of 2,000 rows.
"""

from __future__ import annotations

from django.db import models

SEP = "|"


def join_list(values: list[str] | tuple[str, ...]) -> str:
    return SEP + SEP.join(values) + SEP if values else ""


def split_list(value: str | None) -> list[str]:
    if not value:
        return []
    return [item for item in value.split(SEP) if item]


class DelimitedListField(models.TextField):
    description = "A list of strings stored as |a|b|"

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("blank", True)
        kwargs.setdefault("default", list)
        super().__init__(*args, **kwargs)

    def from_db_value(self, value, expression, connection):
        return split_list(value)

    def to_python(self, value):
        if isinstance(value, list | tuple):
            return list(value)
        return split_list(value)

    def get_prep_value(self, value):
        # Lists are stored joined; plain strings are lookup operands such as "|stark|".
        if isinstance(value, list | tuple):
            return join_list(value)
        return super().get_prep_value(value)

    def value_to_string(self, obj):
        return join_list(self.value_from_object(obj))
