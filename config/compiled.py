"""A read the site makes on every move, with its SQL built once per process.

Django builds the SQL of a queryset each time it runs: for the read of a match with its
seats, their people and their passing preferences (four tables, some forty columns) that
took about a millisecond, as long as PostgreSQL took to answer it, and the read runs on
every action, every board update and every automatic pass (issue 31, docs/PERFORMANCE.md).

:class:`CompiledRead` builds the queryset once, for a placeholder value, keeps its SQL and
the compiler that made it, and then only runs that SQL with the real value. The rows
become model instances through the compiler's own converters and Django's related
populators, exactly as iterating the queryset would (``select_related`` included), so the
instances are the ORM's; ``tests/config/test_compiled.py`` compares them with the ORM's
field by field. That uses Django's query compiler beyond its documented API
(``SQLCompiler.select``, ``klass_info``, ``results_iter``, ``get_related_populators``),
which has kept this shape since Django 2; the tests fail if an upgrade changes it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet
from django.db.models.query import get_related_populators
from django.db.transaction import TransactionManagementError

# The value the queryset is built for: it must reach the SQL as one parameter of its own.
PLACEHOLDER = -738_291_046_517

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class _Compiled:
    """What a read needs besides its value, worked out once: the SQL, and how its rows
    become instances (the converters, the columns of the model's own fields, the
    populators of the related instances)."""

    compiler: Any
    sql: str
    params: list[Any]
    at: int  # the value's place among the parameters
    converters: dict[int, Any]
    model: type[Model]
    names: list[str]
    first: int
    last: int
    populators: list[Any]


class CompiledRead(Generic[M]):
    """``build(value)`` (a queryset of model instances filtered by ``value``), compiled once
    per process and database vendor, run as ``read(value)``: the list of its instances."""

    def __init__(self, build: Callable[[Any], QuerySet[M]], using: str = "default") -> None:
        self.build = build
        self.using = using
        # Per database vendor: two threads compiling at once both store the same thing.
        self._compiled: dict[str, _Compiled] = {}

    def _compile(self, connection: Any) -> _Compiled:
        query = self.build(PLACEHOLDER).query
        compiler = query.get_compiler(using=self.using)
        sql, params = compiler.as_sql()
        at = [i for i, p in enumerate(params) if p == PLACEHOLDER]
        if len(at) != 1:
            raise ValueError("the value must be exactly one parameter of the query")
        select, klass_info = compiler.select, compiler.klass_info
        first, last = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        # What results_iter() would work out again for every read.
        converters = compiler.get_converters([s[0] for s in select[: compiler.col_count]])
        compiled = self._compiled[connection.vendor] = _Compiled(
            compiler=compiler,
            sql=sql,
            params=list(params),
            at=at[0],
            converters=converters,
            model=klass_info["model"],
            names=[column[0].target.attname for column in select[first:last]],
            first=first,
            last=last,
            populators=get_related_populators(klass_info, select, self.using),
        )
        return compiled

    def __call__(self, value: Any) -> list[M]:
        connection = connections[self.using]
        compiled = self._compiled.get(connection.vendor) or self._compile(connection)
        if compiled.compiler.query.select_for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = [*compiled.params[: compiled.at], value, *compiled.params[compiled.at + 1 :]]
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            rows: Any = cursor.fetchall()
        if compiled.converters:
            rows = compiled.compiler.apply_converters(rows, compiled.converters)
        model, names, first, last = compiled.model, compiled.names, compiled.first, compiled.last
        found: list[M] = []
        for row in rows:
            instance = model.from_db(self.using, names, row[first:last])
            for populator in compiled.populators:
                populator.populate(row, instance)
            found.append(instance)
        return found
