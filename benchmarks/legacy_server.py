"""The old ``fcourse serve`` (``http.server.ThreadingHTTPServer``, a thread per connection), for ``make bench`` only.

    python benchmarks/legacy_server.py [--port 0] [--quiet]

``benchmarks/bench_classroom.py`` runs the same load against this server and the new one
(``fcourse.teaching.wire.server``, on tornado) in one run, so the figures stand side by side.
It is the server as it was before tornado, unchanged but for this docstring and the command line
at the bottom; nothing in the package imports it. Remove it once the comparison is no longer wanted.

Robustness, so one machine can hold a classroom:

- a malformed request of any kind gets a 4xx (never a 5xx): a body over
  ``MAX_BODY_BYTES`` gets 413 without being kept, a bad ``Content-Length`` 400;
- every request must arrive whole within ``REQUEST_TIMEOUT`` seconds of the
  connection becoming ready for it. One watchdog thread per server enforces it:
  an idle keep-alive connection or a half-sent request line is closed, a body
  that trickles in too slowly gets 408 — either way the handler thread is freed
  (a per-read socket timeout alone would let a client that sends one byte at a
  time hold a thread for ever);
- Ctrl-C (SIGINT) or SIGTERM stops it cleanly with exit code 0: it stops
  accepting, closes idle connections, and waits up to ``DRAIN_TIMEOUT`` seconds
  for every reply already being computed or written, so no learner loses one.
"""

from __future__ import annotations

import json
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import FrameType

from fcourse.errors import InvalidRequestError
from fcourse.teaching.wire.endpoint import MAX_BODY_BYTES, MODEL_NAME, Reply, error_reply, handle

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "DRAIN_TIMEOUT",
    "REQUEST_TIMEOUT",
    "TeachingServer",
    "close_gracefully",
    "make_server",
    "serve",
    "warm_up",
]

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765

#: Seconds a connection may wait idle, or take to send one whole request, before it is dropped.
REQUEST_TIMEOUT = 30.0
#: Seconds a stopping server waits for the replies already in flight.
DRAIN_TIMEOUT = 30.0

Endpoint = Callable[[str, str, bytes], Reply]


class _Connections:
    """Which connections are reading a request (and until when), and how many replies are in flight.

    One lock guards both, so "stop reading, start replying" is atomic with respect to a
    stop: a request fully read before the stop is answered; one still arriving is cut.
    """

    def __init__(self, interval: float = 0.1) -> None:
        self._lock = threading.Condition()
        self._reading: dict[socket.socket, float] = {}
        self._overdue: set[socket.socket] = set()
        self._replying = 0
        self._interval = interval
        self._watchdog: threading.Thread | None = None
        self.stopping = False

    def reading(self, sock: socket.socket, timeout: float) -> None:
        """The connection waits for (or reads) a request that must be whole within ``timeout``."""
        with self._lock:
            if self.stopping:
                _shut_reading(sock)
                return
            self._reading[sock] = time.monotonic() + timeout
            if self._watchdog is None:
                self._watchdog = threading.Thread(target=self._watch, name="fcourse-watchdog", daemon=True)
                self._watchdog.start()

    def overdue(self, sock: socket.socket) -> bool:
        with self._lock:
            return sock in self._overdue

    def begin_reply(self, sock: socket.socket) -> None:
        with self._lock:
            self._reading.pop(sock, None)
            self._replying += 1

    def end_reply(self) -> None:
        with self._lock:
            self._replying -= 1
            self._lock.notify_all()

    def forget(self, sock: socket.socket) -> None:
        with self._lock:
            self._reading.pop(sock, None)
            self._overdue.discard(sock)

    def drain(self, timeout: float) -> bool:
        """Cut every connection still reading; wait for the replies in flight. True if all finished."""
        with self._lock:
            self.stopping = True
            for sock in self._reading:
                _shut_reading(sock)
            self._reading.clear()
            return self._lock.wait_for(lambda: self._replying == 0, timeout)

    def _watch(self) -> None:
        while True:
            time.sleep(self._interval)
            with self._lock:
                now = time.monotonic()
                for sock, deadline in list(self._reading.items()):
                    if deadline <= now:
                        del self._reading[sock]
                        self._overdue.add(sock)
                        _shut_reading(sock)


def _shut_reading(sock: socket.socket) -> None:
    """End the read side: a blocked read returns at once, and a 408 can still be written."""
    try:
        sock.shutdown(socket.SHUT_RD)
    except OSError:
        pass


class TeachingServer(ThreadingHTTPServer):
    """A thread per connection, plus the bookkeeping that lets it time out and stop cleanly."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type[BaseHTTPRequestHandler]) -> None:
        self.connections = _Connections()
        super().__init__(address, handler)


def _error(status: int, message: str, code: str | None = None) -> Reply:
    return error_reply(InvalidRequestError(message, status=status, code=code))


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # so even a garbled request line gets a status line
    disable_nagle_algorithm = True  # small replies go out at once (no 40 ms delayed-ACK stall)
    server_version = "fcourse-teaching-model"
    sys_version = ""
    timeout = REQUEST_TIMEOUT  # per read and per write; the watchdog bounds the whole request
    request_timeout = REQUEST_TIMEOUT
    quiet = False
    endpoint: Endpoint = staticmethod(handle)
    server: TeachingServer

    # One method for every verb: the endpoint decides what is allowed (405 otherwise).
    def _serve(self) -> None:
        body, problem = self._read_body()
        if problem is None and self.server.connections.overdue(self.connection):
            problem = self._timed_out()
        if problem is not None:
            self.close_connection = True
            self._send(problem)
            return
        self._reply(lambda: self.endpoint(self.command, self.path, body))

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _serve  # noqa: N815 - http.server names

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's naming
        self._reply(lambda: self.endpoint("HEAD", self.path, b""), head=True)

    def _reply(self, compute: Callable[[], Reply], head: bool = False) -> None:
        """Compute and write one reply; a stopping server waits for it to finish."""
        connections = self.server.connections
        connections.begin_reply(self.connection)
        try:
            self._send(compute(), head=head)
        finally:
            connections.end_reply()
        if connections.stopping:
            self.close_connection = True

    def _timed_out(self) -> Reply:
        return _error(
            408,
            f"The request did not arrive within {self.request_timeout:g} seconds; the connection is closed.",
            "request_timeout",
        )

    def _read_body(self) -> tuple[bytes, Reply | None]:
        encoding = self.headers.get("Transfer-Encoding", "").lower()
        if "chunked" in encoding:
            return self._read_chunked()
        length_text = self.headers.get("Content-Length")
        if length_text is None:
            # No length: no body. Anything the client sends anyway cannot be told apart
            # from a next request, so answer this one and close the connection.
            if self.command in ("POST", "PUT", "PATCH"):
                self.close_connection = True
            return b"", None
        digits = length_text.strip()
        if not (digits.isascii() and digits.isdigit()):  # int() would also take "+5", "1_0"
            return b"", _error(400, f"Invalid Content-Length header: {length_text!r}")
        length = int(digits)
        if length > MAX_BODY_BYTES:
            self._drain(length)
            return b"", self._too_large(length)
        body = self.rfile.read(length)
        if len(body) < length:
            if self.server.connections.overdue(self.connection):
                return b"", self._timed_out()
            return b"", _error(400, "The request body is shorter than its Content-Length header.")
        return body, None

    def _read_chunked(self) -> tuple[bytes, Reply | None]:
        parts: list[bytes] = []
        total = 0
        while True:
            line = self.rfile.readline(1024)
            try:
                size = int(line.split(b";", 1)[0].strip(), 16)
            except ValueError:
                return b"", _error(400, "Malformed chunked request body.")
            if size < 0:
                return b"", _error(400, "Malformed chunked request body.")
            if size == 0:
                while self.rfile.readline(1024).strip():  # trailers, then the blank line
                    pass
                return b"".join(parts), None
            total += size
            if total > MAX_BODY_BYTES:
                return b"", self._too_large(total)
            chunk = self.rfile.read(size)
            if len(chunk) < size:
                if self.server.connections.overdue(self.connection):
                    return b"", self._timed_out()
                return b"", _error(400, "Malformed chunked request body.")
            parts.append(chunk)
            self.rfile.readline(1024)

    def _drain(self, length: int) -> None:
        """Read (and drop) a too-large body, so the client sees our 413 and not a reset."""
        remaining = min(length, 16 * MAX_BODY_BYTES)
        try:
            while remaining > 0:
                data = self.rfile.read(min(remaining, 65536))
                if not data:
                    return
                remaining -= len(data)
        except OSError:
            return

    def _too_large(self, size: int) -> Reply:
        return _error(
            413,
            f"Request body too large: {size} bytes. The teaching model accepts at most "
            f"{MAX_BODY_BYTES} bytes.",
            "request_too_large",
        )

    def _send(self, reply: Reply, head: bool = False) -> None:
        self.send_response(reply.status)
        for name, value in reply.headers:
            self.send_header(name, value)
        if reply.streaming:
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            if head:
                return
            for chunk in reply.iter_bytes():
                self.wfile.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
        else:
            self.send_header("Content-Length", str(len(reply.body)))
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            if not head:
                self.wfile.write(reply.body)
        self.wfile.flush()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """Errors http.server finds itself (bad request line, huge headers), OpenAI-shaped."""
        self.close_connection = True
        try:
            status = 405 if code == 501 else code if 400 <= code < 500 else 400
            self._send(_error(status, message or "Bad request"))
        except OSError:
            pass

    def handle_one_request(self) -> None:
        connections = self.server.connections
        connections.reading(self.connection, self.request_timeout)
        try:
            super().handle_one_request()
        except (ConnectionError, TimeoutError, OSError):
            self.close_connection = True
        finally:
            if connections.overdue(self.connection):
                self.close_connection = True
            connections.forget(self.connection)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        if not self.quiet:
            sys.stderr.write(f"{self.address_string()} {format % args}\n")


def make_server(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    quiet: bool = False,
    *,
    request_timeout: float = REQUEST_TIMEOUT,
    endpoint: Endpoint = handle,
) -> TeachingServer:
    """A ready-to-run server (not yet serving); ``port=0`` picks a free port.

    ``endpoint`` answers each request (``handle`` of the teaching model; tests pass a wrapper).
    """
    handler = type(
        "Handler",
        (_Handler,),
        {"quiet": quiet, "request_timeout": request_timeout, "endpoint": staticmethod(endpoint)},
    )
    return TeachingServer((host, port), handler)


def close_gracefully(server: TeachingServer, timeout: float = DRAIN_TIMEOUT) -> bool:
    """After ``serve_forever`` has returned: cut idle and half-sent connections, let every reply
    in flight finish (up to ``timeout`` seconds), then close the listening socket.
    Returns False if some reply was still running when the time ran out."""
    try:
        return server.connections.drain(timeout)
    finally:
        server.server_close()


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


def serve(host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, quiet: bool = False) -> int:
    """Serve until Ctrl-C or SIGTERM; print the URL first. Returns the exit code."""
    try:
        server = make_server(host, port, quiet)
    except OSError as err:
        print(f"fcourse serve: cannot listen on {host}:{port}: {err.strerror or err}", file=sys.stderr)
        return 1

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, stop)
    try:
        try:
            warm_up()
        except Exception as err:  # the endpoint will say what is wrong on each request
            print(f"fcourse serve: warm-up failed: {type(err).__name__}: {err}", file=sys.stderr)
        bound_host, bound_port = server.server_address[:2]
        hint = " (all interfaces: learners use this machine's address)" if bound_host == "0.0.0.0" else ""
        print(
            f"fcourse teaching model {MODEL_NAME} serving at http://{bound_host}:{bound_port}/v1{hint} "
            "(Ctrl-C to stop)",
            flush=True,
        )
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        if not close_gracefully(server):
            print(f"fcourse serve: some replies were still running after {DRAIN_TIMEOUT:g} s.", file=sys.stderr)
    print("fcourse teaching model stopped.", flush=True)
    return 0


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="the old fcourse serve, for the classroom bench")
    parser.add_argument("--host", default=DEFAULT_HOST)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--quiet", action="store_true")
    arguments = parser.parse_args()
    sys.exit(serve(arguments.host, arguments.port, arguments.quiet))
