"""Real services to break on purpose: a redis-server and a celery worker of the test's own,
as subprocesses on a free port in a temporary folder, killed by the test (never the shared
Redis or PostgreSQL of the machine)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import IN_CI

ROOT = Path(__file__).resolve().parents[2]


def need_redis_server() -> str:
    """The redis-server program: skipped locally without it, a failure in CI."""
    program = shutil.which("redis-server")
    if program is None:
        if IN_CI:
            pytest.fail("redis-server is not installed; CI must run the broker fault tests")
        pytest.skip("redis-server is not installed")
    return program


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(what: str, check: Callable[[], Any], timeout: float, every: float = 0.2) -> Any:
    """Call ``check`` until it returns something true; fail naming ``what`` after ``timeout``."""
    end = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(every)


class RedisServer:
    """A redis-server on a free port, without persistence (a restart loses the queue, as
    a Redis without a disk would)."""

    def __init__(self, folder: Path) -> None:
        self.program = need_redis_server()
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        options = [
            *("--port", str(self.port), "--bind", "127.0.0.1"),
            *("--save", "", "--appendonly", "no", "--dir", str(self.folder)),
        ]
        with open(self.folder / "redis.log", "ab") as log:
            self.process = subprocess.Popen(
                [self.program, *options],
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for("redis-server to answer", self.ping, timeout=20)

    def ping(self) -> bool:
        import redis

        try:
            return bool(redis.Redis(port=self.port, socket_timeout=1).ping())
        except redis.exceptions.ConnectionError:
            return False

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)


class CeleryWorker:
    """``celery -A config worker -B`` (the beat inside it: the sweep runs too) on the
    test's database and broker, with short bot delays so that a test stays short."""

    def __init__(self, folder: Path, broker: str, database: str, **env: str) -> None:
        self.folder = folder
        self.log = folder / "worker.log"
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings_test",
            "DATABASE_URL": database,
            "CELERY_BROKER_URL": broker,
            "CELERY_RESULT_BACKEND": "",
            "CACHE_URL": "",
            "BOT_DELAY_SECONDS": "0.2",
            "BOT_GRACE_SECONDS": "2",
            "BOT_SWEEP_SECONDS": "1",
            "LOG_LEVEL": "WARNING",
            **env,
        }
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        self.starts += 1
        with open(self.log, "ab") as log:
            log.write(f"\n===== start {self.starts} =====\n".encode())
            self.process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", *self.options()],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for("the worker to be ready", self.ready, timeout=40)

    def options(self) -> list[str]:
        return [
            *("-B", "--schedule", str(self.folder / "beat-schedule")),  # the sweep runs
            *("--pool", "prefork", "--concurrency", "1", "--loglevel", "INFO"),
            *("--without-mingle", "--without-gossip", "--hostname", f"faults{self.starts}@%h"),
        ]

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def ready(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            pytest.fail(f"the worker exited ({self.process.returncode}):\n{self.text()[-3000:]}")
        return " ready." in self.text().split(f"===== start {self.starts} =====")[-1]

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """kill -9 the worker and its pool processes (its whole process group)."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.alive():
            assert self.process is not None
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()
        elif self.process is not None:
            self.kill()  # its pool processes, if any outlived it
