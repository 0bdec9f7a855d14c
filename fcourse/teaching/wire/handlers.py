"""The classroom server's tornado request handlers: the model, the room as JSON and as events, the live view.

Introduced for the classroom (chapter 0). ``ModelHandler`` passes every method and path
through to the endpoint's ``handle`` unchanged (a route the endpoint adds, such as
``POST /v1/responses``, needs nothing here) and writes its ``Reply`` back, chunk by chunk
with a flush after each when it streams. The endpoint runs on the server's thread pool, so
the event loop never waits for the model. Around it, only what tornado leaves to us:

- a body over ``MAX_BODY_BYTES`` gets the API's 413 body. Tornado would answer a bare 400
  and cut the connection, so the handler reads the body as it streams in, keeps none of an
  oversized one, and answers 413 once it has arrived (a body declared over ``DRAIN_LIMIT``
  is answered at once, without reading it);
- a body still arriving ``request_timeout`` seconds after its headers gets the API's 408
  (tornado's own ``body_timeout``, set a little later as a backstop, would only close).

Idle and half-sent connections are tornado's (``idle_connection_timeout``, which also bounds
the request line and headers), and so is the clean stop.
"""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from collections.abc import Iterator
from importlib import resources
from typing import Any, Protocol

from tornado import iostream, locks, web

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.endpoint import MAX_BODY_BYTES, Reply, error_reply
from fcourse.teaching.wire.room import Room, identify, store_namespace

__all__ = [
    "DRAIN_LIMIT",
    "ModelHandler",
    "RoomEventsHandler",
    "RoomHandler",
    "RoomPageHandler",
    "Shell",
    "routes",
]

#: An oversized body up to this size is read (and dropped) before the 413, so the client sees the answer;
#: a larger one is answered at once and the connection closed.
DRAIN_LIMIT = 16 * MAX_BODY_BYTES

#: The live view's events: at most this many updates a second, and a comment line this often when quiet.
EVENTS_PER_SECOND = 4
KEEPALIVE_SECONDS = 15.0


class Shell(Protocol):
    """What the handlers need of the server around them (``fcourse.teaching.wire.server.TeachingServer``)."""

    room: Room
    changed: locks.Condition  # notified when the room changes or the server stops
    stopping: bool
    replying: int  # replies in flight
    request_timeout: float
    loop: asyncio.AbstractEventLoop

    def run(self, method: str, path: str, body: bytes, client: str) -> asyncio.Future[Reply]: ...

    def next_chunk(self, chunks: Iterator[bytes]) -> asyncio.Future[bytes | None]: ...

    def replied(self) -> None: ...


def _error(status: int, message: str, code: str) -> Reply:
    kind = "server_error" if status >= 500 else "invalid_request_error"
    return error_reply(InvalidRequestError(message, status=status, code=code, type=kind))


class _Base(web.RequestHandler):
    """What every handler shares: the server, no ETag work, and the API's error body for tornado's own errors."""

    server: Shell

    def initialize(self, server: Shell) -> None:
        self.server = server

    def set_default_headers(self) -> None:
        self.clear_header("Content-Type")
        self.set_header("Server", "fcourse-teaching-model")

    def compute_etag(self) -> None:
        return None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Errors tornado finds itself (an unknown method, a bug in a handler), in the API's envelope."""
        self._send_plain(_error(status_code, self._reason or "Bad request", "http_error"))

    def _send_plain(self, reply: Reply, close: bool = False) -> None:
        self.set_status(reply.status)
        for name, value in reply.headers:
            self.set_header(name, value)
        if close or self.server.stopping:
            self.set_header("Connection", "close")
        self.finish(reply.body)


@web.stream_request_body
class ModelHandler(_Base):
    """Any method, any path: read the body, ask the endpoint on the thread pool, write the reply."""

    def prepare(self) -> None:
        self._parts: list[bytes] = []
        self._size = 0
        self._too_large = False
        self._answered = False
        self._began = time.monotonic()
        length = self.request.headers.get("Content-Length", "0")
        declared = int(length) if length.isascii() and length.isdigit() else 0  # tornado answers 400 to the rest
        connection = self.request.connection
        if declared > DRAIN_LIMIT:
            connection.set_max_body_size(declared)  # so tornado adds no 400 of its own after ours
            self._answer_now(self._too_large_reply(declared))
            return
        connection.set_max_body_size(DRAIN_LIMIT)
        self._too_large = declared > MAX_BODY_BYTES
        self._overdue = self.server.loop.call_later(self.server.request_timeout, self._body_overdue)

    def data_received(self, chunk: bytes) -> None:
        self._size += len(chunk)
        if self._size > MAX_BODY_BYTES:
            self._too_large = True
            self._parts.clear()
        elif not self._too_large:
            self._parts.append(chunk)

    def _body_overdue(self) -> None:
        self._answer_now(
            _error(
                408,
                f"The request did not arrive within {self.server.request_timeout:g} seconds; "
                "the connection is closed.",
                "request_timeout",
            )
        )

    def _answer_now(self, reply: Reply) -> None:
        """Answer before the body has arrived (tornado closes the connection once this is written)."""
        if self._answered or self._finished:
            return
        self._answered = True
        self._record(reply)
        self._send_plain(reply, close=True)

    def _too_large_reply(self, size: int) -> Reply:
        return _error(
            413,
            f"Request body too large: {size} bytes. The teaching model accepts at most {MAX_BODY_BYTES} bytes.",
            "request_too_large",
        )

    def _record(self, reply: Reply) -> None:
        who = identify(self.request.headers, self.request.remote_ip or "")
        self.server.room.record(who, reply.status, b"" if reply.status < 400 else reply.body)
        self.server.changed.notify_all()

    async def _serve(self, *args: str) -> None:
        if self._answered:
            return
        self._overdue.cancel()
        if self._too_large:
            self._answer_now(self._too_large_reply(self._size))
            return
        self.server.replying += 1
        try:
            body = b"".join(self._parts)
            self._parts = []
            client = store_namespace(self.request.headers, self.request.remote_ip or "")
            reply = await self.server.run(self.request.method or "GET", self.request.uri or "/", body, client)
            self._record(reply)
            await self._send(reply)
        except iostream.StreamClosedError:  # the client went away: nothing left to tell it
            pass
        finally:
            self.server.replying -= 1
            self.server.replied()

    get = post = put = patch = delete = options = head = _serve

    async def _send(self, reply: Reply) -> None:
        if not reply.streaming:
            self._send_plain(reply)
            return
        self.set_status(reply.status)
        for name, value in reply.headers:
            self.set_header(name, value)
        if self.server.stopping:
            self.set_header("Connection", "close")
        chunks = reply.iter_bytes()
        if isinstance(reply.chunks, tuple):  # already computed: write them as they are
            for chunk in chunks:
                self.write(chunk)
                await self.flush()
        else:  # produced lazily: each next() may be model work, so it runs on the pool too
            while (chunk := await self.server.next_chunk(chunks)) is not None:
                self.write(chunk)
                await self.flush()
        await self.finish()

    def on_connection_close(self) -> None:
        overdue = getattr(self, "_overdue", None)
        if overdue is not None:
            overdue.cancel()


class RoomHandler(_Base):
    """``GET /v1/fcourse/room``: the room as JSON, for scripts."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(self.server.room.snapshot(), ensure_ascii=False))


class RoomEventsHandler(_Base):
    """``GET /v1/fcourse/room/events``: the room as server-sent events, a new snapshot whenever it changes."""

    async def get(self) -> None:
        self.set_header("Content-Type", "text/event-stream; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self._gone = False
        sent = -1
        self.server.replying += 1  # a reply in flight: a stopping server lets it end cleanly
        try:
            while not (self._gone or self.server.stopping):
                if self.server.room.version != sent:
                    snapshot = self.server.room.snapshot()
                    sent = snapshot["version"]
                    self.write(f"data: {json.dumps(snapshot, ensure_ascii=False)}\n\n")
                    await self.flush()
                    await asyncio.sleep(1 / EVENTS_PER_SECOND)
                    continue
                woken = await self.server.changed.wait(timeout=datetime.timedelta(seconds=KEEPALIVE_SECONDS))
                if not woken:
                    self.write(": still here\n\n")
                    await self.flush()
            await self.finish()
        except iostream.StreamClosedError:
            pass
        finally:
            self.server.replying -= 1
            self.server.replied()

    def on_connection_close(self) -> None:
        self._gone = True
        self.server.changed.notify_all()


class RoomPageHandler(_Base):
    """``GET /``: the live view, one self-contained page (no script or font from elsewhere)."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
        )
        self.finish(_page())


def _page() -> bytes:
    return resources.files("fcourse.teaching.wire").joinpath("room_page.html").read_bytes()


def routes(server: Shell) -> list[Any]:
    """The server's URL table: the room's three routes, then everything else to the endpoint."""
    args = {"server": server}
    return [
        (r"/", RoomPageHandler, args),
        (r"/v1/fcourse/room", RoomHandler, args),
        (r"/v1/fcourse/room/events", RoomEventsHandler, args),
        (r".*", ModelHandler, args),
    ]
