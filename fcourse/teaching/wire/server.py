"""``python -m fcourse serve``: the teaching model over real HTTP, for curl or a classroom.

Introduced in chapter 0 (start here). A thin shell around ``fcourse.teaching.wire.endpoint.handle``
on **tornado** (JupyterLab's own web server, so nothing new to install): every request's
method, path and body go to the endpoint, and its reply comes back (server-sent events,
flushed chunk by chunk, for ``stream=true``). Point any OpenAI-compatible client at
``http://HOST:PORT/v1``; a classroom sets ``FCOURSE_BACKEND=server`` and ``FCOURSE_BASE_URL``.

Why tornado and not a thread per connection: one event loop holds hundreds of idle or
half-sent connections for the price of a socket each, and tornado already has what a
shared server needs: ``max_body_size``, ``body_timeout``, ``idle_connection_timeout``
(which also bounds a half-sent request line and headers), streaming with ``flush()``, and
``stop()`` / ``close_all_connections()`` for a clean stop. The teaching model's work runs
on a small thread pool sized to the cores (``workers``), so the loop never waits for it.

``GET /`` is the instructor's live view of the room (``fcourse.teaching.wire.room``):
``GET /v1/fcourse/room`` is the same as JSON, ``GET /v1/fcourse/room/events`` as
server-sent events. Everything else is the endpoint's (``handlers.routes``).

Ctrl-C (SIGINT) or SIGTERM stops it with exit code 0: it stops accepting, ends the live
views' event streams, lets every reply already in flight finish (up to ``DRAIN_TIMEOUT``
seconds; a second Ctrl-C stops at once), then closes the remaining idle connections.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator

from tornado import httpserver, locks, netutil, web

from fcourse.teaching.wire.endpoint import MODEL_NAME, Reply, handle
from fcourse.teaching.wire.handlers import DRAIN_LIMIT, routes
from fcourse.teaching.wire.room import Room

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "DRAIN_TIMEOUT",
    "REQUEST_TIMEOUT",
    "TeachingServer",
    "serve",
    "warm_up",
]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765

#: Seconds a connection may wait idle or take to send its request line and headers, and seconds
#: a body may take to arrive after them, before the connection is dropped (a slow body gets 408).
REQUEST_TIMEOUT = 30.0
#: Seconds a stopping server waits for the replies already in flight.
DRAIN_TIMEOUT = 30.0

#: ``endpoint(method, path, body, client)``: ``client`` is the namespace of the asker's stored responses
Endpoint = Callable[[str, str, bytes, str], Reply]


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 2


class TeachingServer:
    """The teaching model on tornado: listening from construction, serving once ``serve()`` runs.

    ``port=0`` picks a free port (``address`` tells which). ``endpoint`` answers each request
    (by default this module's ``handle``, looked up at each request; tests pass a wrapper). Run it
    with ``await server.serve()`` on an event loop, or ``server.start()`` on a thread of its own;
    ``stop()`` from any thread.
    """

    def __init__(
        self,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        *,
        quiet: bool = False,
        request_timeout: float = REQUEST_TIMEOUT,
        drain_timeout: float = DRAIN_TIMEOUT,
        endpoint: Endpoint | None = None,
        workers: int | None = None,
    ) -> None:
        self.request_timeout = request_timeout
        self.drain_timeout = drain_timeout
        self.quiet = quiet
        self.endpoint = endpoint or (lambda method, path, body, client: handle(method, path, body, client))
        self.workers = workers or _cores()
        self.room = Room()
        self.stopping = False
        self.replying = 0  # replies being computed or written: a stop waits for them
        self.drained: bool | None = None  # after serve(): did every reply in flight finish in time?
        self._sockets = netutil.bind_sockets(port, host)  # raises OSError now if the port is taken
        self.address: tuple[str, int] = self._sockets[0].getsockname()[:2]
        self._stop_requested: asyncio.Event | None = None
        self._wake: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop

    @property
    def url(self) -> str:
        """The API's base URL, ``http://HOST:PORT/v1``."""
        host, port = self.address
        return f"http://{host}:{port}/v1"

    # -------------------------------------------------------------- the work

    def run(self, method: str, path: str, body: bytes, client: str = "") -> asyncio.Future[Reply]:
        """The endpoint's reply, computed on the thread pool; ``client`` is the asker's store namespace."""
        return self.loop.run_in_executor(self._pool, self.endpoint, method, path, body, client)

    def next_chunk(self, chunks: Iterator[bytes]) -> asyncio.Future[bytes | None]:
        """The next chunk of a lazily produced stream (``None`` at its end), on the thread pool."""
        return self.loop.run_in_executor(self._pool, next, chunks, None)

    def replied(self) -> None:
        """A reply has finished: a stopping server may be waiting for the last one."""
        if self.stopping and self.replying == 0 and self._wake is not None:
            self._wake.set()

    def _log(self, handler: web.RequestHandler) -> None:
        if self.quiet:
            return
        request = handler.request
        millis = 1000.0 * request.request_time()
        sys.stderr.write(f"{request.remote_ip} {request.method} {request.uri} {handler.get_status()} {millis:.1f} ms\n")

    # -------------------------------------------------------------- the life cycle

    async def serve(self) -> bool:
        """Serve until ``stop()``, then stop cleanly. True if every reply in flight finished in time."""
        self.loop = asyncio.get_running_loop()
        self._stop_requested = asyncio.Event()
        self._wake = asyncio.Event()
        self.changed = locks.Condition()  # the room changed (or the server stops): live views wake up
        self._pool = concurrent.futures.ThreadPoolExecutor(self.workers, thread_name_prefix="fcourse-model")
        app = web.Application(routes(self), log_function=self._log)
        http = httpserver.HTTPServer(
            app,
            max_body_size=DRAIN_LIMIT,
            idle_connection_timeout=self.request_timeout,
            body_timeout=self.request_timeout + 5,  # a backstop: the handler answers 408 first
        )
        http.add_sockets(self._sockets)
        self._ready.set()
        try:
            await self._stop_requested.wait()
        finally:
            http.stop()  # no longer accepting
            self.stopping = True
            self.changed.notify_all()  # the live views' event streams end
            drained = await self._drain()
            await http.close_all_connections()  # idle keep-alive and half-sent ones
            self._pool.shutdown(wait=False, cancel_futures=True)
            self.drained = drained
        return drained

    async def _drain(self) -> bool:
        """Wait until no reply is in flight, for at most ``drain_timeout`` (or until a second stop)."""
        assert self._wake is not None
        if self.replying:
            try:
                await asyncio.wait_for(self._wake.wait(), self.drain_timeout)
            except TimeoutError:
                pass
        return self.replying == 0

    def stop(self) -> None:
        """Ask the server to stop (from any thread). Asked again while stopping: stop without waiting.
        Asked once it has stopped: nothing to do."""
        if self._stop_requested is None:
            self._ready.wait(10)
        if self.drained is not None:
            return
        loop, event, wake = self.loop, self._stop_requested, self._wake
        assert event is not None and wake is not None
        if event.is_set():
            loop.call_soon_threadsafe(wake.set)
        else:
            loop.call_soon_threadsafe(event.set)

    def start(self) -> TeachingServer:
        """Serve on a thread of its own (tests, a notebook); returns once it is listening."""
        self._thread = threading.Thread(target=lambda: asyncio.run(self.serve()), name="fcourse-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("the teaching model server did not start")
        return self

    def close(self, timeout: float | None = None) -> bool:
        """``stop()`` a server ``start()``-ed on its thread and wait for the thread. True if it drained."""
        self.stop()
        if self._thread is not None:
            self._thread.join(timeout if timeout is not None else self.drain_timeout + 10)
        return bool(self.drained)

    def __enter__(self) -> TeachingServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def warm_up() -> None:
    """Answer one English and one Chinese request, so the first learner does not wait while the
    policy loads its resources (jieba's dictionary, the word embeddings, CC-CEDICT: about 2 s)."""
    tool = {
        "type": "function",
        "function": {"name": "get_weather", "description": "Get the weather for a city."},
    }
    for question in ("What's the weather in Paris?", "北京天气怎么样？"):
        body = {"model": MODEL_NAME, "messages": [{"role": "user", "content": question}], "tools": [tool]}
        handle("POST", "/v1/chat/completions", json.dumps(body, ensure_ascii=False).encode())


def _on_signals(server: TeachingServer) -> None:
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(signum, server.stop)
        except (NotImplementedError, RuntimeError):  # Windows: no loop signal handlers
            signal.signal(signum, lambda *_: server.stop())


async def _serve_until_signalled(server: TeachingServer) -> bool:
    _on_signals(server)
    return await server.serve()


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, quiet: bool = False) -> int:
    """Serve until Ctrl-C or SIGTERM; print the URL first. Returns the exit code."""
    try:
        server = TeachingServer(host, port, quiet=quiet)
    except OSError as err:
        print(f"fcourse serve: cannot listen on {host}:{port}: {err.strerror or err}", file=sys.stderr)
        return 1
    try:
        warm_up()
    except Exception as err:  # the endpoint will say what is wrong on each request
        print(f"fcourse serve: warm-up failed: {type(err).__name__}: {err}", file=sys.stderr)
    bound_host, bound_port = server.address
    hint = " (all interfaces: learners use this machine's address)" if bound_host in ("0.0.0.0", "::") else ""
    print(
        f"fcourse teaching model {MODEL_NAME} serving at http://{bound_host}:{bound_port}/v1{hint} (Ctrl-C to stop)",
        flush=True,
    )
    print(f"the room's live view, for the instructor: http://{bound_host}:{bound_port}/", flush=True)
    if not asyncio.run(_serve_until_signalled(server)):
        print(f"fcourse serve: some replies were still running after {DRAIN_TIMEOUT:g} s.", file=sys.stderr)
    print("fcourse teaching model stopped.", flush=True)
    return 0
