"""An httpx2 transport that sends every request to the teaching model in-process.

Introduced in chapter 0 (start here). ``fcourse.connect()`` builds the real
``openai.OpenAI`` client on it, so a notebook talks to the teaching model
through the genuine SDK (its types, its errors, ``stream=True``) with no socket,
no network and no key. It is the seam openai-python uses to test itself::

    httpx2.Client(transport=teaching_transport())        # openai.OpenAI
    httpx2.AsyncClient(transport=teaching_transport())   # openai.AsyncOpenAI
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import httpx2

from fcourse.teaching.wire.endpoint import handle

__all__ = ["handle_request", "teaching_transport"]


class _Chunks(httpx2.SyncByteStream, httpx2.AsyncByteStream):
    """The server-sent events of a streaming reply, readable by sync and async clients."""

    def __init__(self, chunks: tuple[bytes, ...]) -> None:
        self._chunks = chunks

    def __iter__(self) -> Iterator[bytes]:
        yield from self._chunks

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for chunk in self._chunks:
            yield chunk


def handle_request(request: httpx2.Request) -> httpx2.Response:
    """Answer one httpx2 request with the endpoint (streaming replies stay streams)."""
    reply = handle(request.method, request.url.raw_path.decode("ascii", "replace"), request.content)
    headers = list(reply.headers)
    if reply.chunks is not None:
        return httpx2.Response(reply.status, headers=headers, stream=_Chunks(reply.chunks))
    return httpx2.Response(reply.status, headers=headers, content=reply.body)


def teaching_transport() -> httpx2.MockTransport:
    """A transport for ``httpx2.Client`` or ``AsyncClient`` that never opens a socket."""
    return httpx2.MockTransport(handle_request)
