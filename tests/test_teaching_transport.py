"""Tests for fcourse.teaching.wire.transport: the SDK talks to the endpoint in-process (chapter 0)."""

from __future__ import annotations

import asyncio

import httpx2
import openai

from fcourse.teaching.wire.endpoint import MODEL_NAME, handle
from fcourse.teaching.wire.transport import handle_request, teaching_transport

MESSAGES = [{"role": "user", "content": "What was my order total last month?"}]


def test_plain_httpx2_request_gets_the_endpoint_reply() -> None:
    with httpx2.Client(transport=teaching_transport(), base_url="http://teaching-model.invalid") as client:
        reply = client.get("/v1/models?limit=5")
    assert reply.status_code == 200
    assert reply.content == handle("GET", "/v1/models").body


def test_handle_request_keeps_status_and_headers() -> None:
    reply = handle_request(httpx2.Request("POST", "http://x/v1/chat/completions", content=b"nope"))
    assert reply.status_code == 400 and reply.headers["content-type"] == "application/json"
    assert reply.json()["error"]["message"].startswith("We could not parse the JSON body")


def test_async_sdk_in_process_including_stream() -> None:
    async def run() -> tuple[str, str]:
        client = openai.AsyncOpenAI(
            api_key="offline",
            base_url="http://teaching-model.invalid/v1",
            http_client=httpx2.AsyncClient(transport=teaching_transport()),
        )
        reply = await client.chat.completions.create(model=MODEL_NAME, messages=MESSAGES)  # type: ignore[arg-type]
        stream = await client.chat.completions.create(model=MODEL_NAME, messages=MESSAGES, stream=True)  # type: ignore[arg-type]
        text = "".join([chunk.choices[0].delta.content or "" async for chunk in stream if chunk.choices])
        return reply.choices[0].message.content or "", text

    content, streamed = asyncio.run(run())
    assert content and streamed == content
