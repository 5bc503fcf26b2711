"""Shared set-up for the benchmarks: Django on a database of their own with the card pool."""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The benchmarks import the project as a script would: put it on the path.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def django_with_cards() -> str:
    """Set up Django (production settings, DEBUG off), load the cards, return the DB vendor."""
    os.environ.setdefault("SECRET_KEY", "maester-benchmark-key")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    if not os.environ.get("DATABASE_URL"):
        results = ROOT / "bench" / "results"
        results.mkdir(exist_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{results / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    settings.STORAGES["staticfiles"]["BACKEND"] = (
        "django.contrib.staticfiles.storage.StaticFilesStorage"
    )
    # No collectstatic here: let WhiteNoise find the files where they are.
    settings.WHITENOISE_AUTOREFRESH = True
    settings.WHITENOISE_USE_FINDERS = True
    call_command("migrate", verbosity=0)
    call_command("load_cards", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115
    return connection.vendor


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    """Wall-clock milliseconds of ``repeat`` calls, after one warm-up call."""
    fn()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered), 3),
        "p95_ms": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
        "max_ms": round(ordered[-1], 3),
        "n": len(ordered),
    }


def machine() -> str:
    return f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
