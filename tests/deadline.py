"""A test that would hang fails instead (a loop of rules the engine must not enter)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def fail_after(seconds: int, what: str) -> Iterator[None]:
    """Raise ``TimeoutError`` naming ``what`` if the block runs longer than ``seconds`` (the
    main thread only, as pytest and its xdist workers run tests)."""

    def stop(*_: object) -> None:
        raise TimeoutError(f"{what} did not end within {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
