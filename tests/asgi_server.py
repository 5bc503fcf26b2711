"""The site under its ASGI server (uvicorn), in a thread of the test process: the server of
live pages' push (config/push.py), which Django's live server (WSGI) cannot hold. It shares
the test's database as Django's live server does (a transactional test's committed rows)."""

from __future__ import annotations

import threading
import time

import pytest


class AsgiServer:
    """uvicorn serving ``config.asgi.application`` on 127.0.0.1; ``port`` 0 takes a free
    one, kept by :meth:`restart` (a server restarting where the pages left it)."""

    def __init__(self, port: int = 0, *, app=None, lifespan: str = "off") -> None:
        self.port = port
        self.app = app  # None: Django's handler alone; config.asgi.application: the whole
        self.lifespan = lifespan  # "on": the application's start and end run (its host)
        self.server = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> AsgiServer:
        import uvicorn
        from django.core.asgi import get_asgi_application

        config = uvicorn.Config(
            self.app or get_asgi_application(),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan=self.lifespan,
            timeout_graceful_shutdown=1,  # open streams end with the server
        )
        self.server = server = uvicorn.Server(config)
        self.thread = threading.Thread(target=server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 15
        while not server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                pytest.fail(f"the ASGI server did not start on port {self.port}")
            time.sleep(0.05)
        self.port = server.servers[0].sockets[0].getsockname()[1]
        return self

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True
            self.thread.join(10)
            self.server = None

    def restart(self) -> None:
        self.stop()
        self.start()
