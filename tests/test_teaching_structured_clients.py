"""Structured Outputs through the SDK helpers and two agent libraries, offline (issue 38).

In-process (``fcourse.connect()``'s transport) and over real HTTP (``python -m fcourse serve``):

- ``client.chat.completions.parse(response_format=Model)`` and ``client.responses.parse(text_format=Model)``:
  a model instance, or ``None`` and the refusal;
- the OpenAI Agents SDK's ``output_type`` in its default (Responses) mode, with and without a tool: the
  final output is a model instance built from the tool's result; a refusal is the SDK's ``ModelRefusalError``;
- LangChain's ``ChatOpenAI(...).with_structured_output(Model)``, on Chat Completions and on the Responses API.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import httpx2
import openai
import pytest
from pydantic import BaseModel, Field

from fcourse.client import OFFLINE_BASE_URL
from fcourse.teaching.wire.endpoint import MODEL_NAME
from fcourse.teaching.wire.transport import teaching_transport

agents = pytest.importorskip("agents")
langchain_openai = pytest.importorskip("langchain_openai")
ROOT = Path(__file__).resolve().parents[1]


class Booking(BaseModel):
    guest: str = Field(description="the guest's full name")
    nights: int
    room: Literal["single", "double", "suite"]
    late_checkout: bool


GIVEN = "Book a double room for Ruth Adeyemi, 4 nights, late checkout please."
EXPECTED = Booking(guest="Ruth Adeyemi", nights=4, room="double", late_checkout=True)
NOT_GIVEN = "Book a room for Ruth Adeyemi."


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """``python -m fcourse serve --port 0`` in a subprocess; its base URL."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "fcourse", "serve", "--port", "0", "--quiet"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:\d+/v1", proc.stdout.readline())
    try:
        assert found, "the server printed no URL"
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx2.get(found.group(0) + "/models", timeout=1).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            assert time.monotonic() < deadline and proc.poll() is None, "the server did not become ready"
            time.sleep(0.05)
        yield found.group(0)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(params=["in-process", "http"])
def where(request: pytest.FixtureRequest) -> str:
    """The base URL: the in-process teaching model, or a served one."""
    return OFFLINE_BASE_URL if request.param == "in-process" else request.getfixturevalue("server")


def sync_client(base: str) -> openai.OpenAI:
    if base == OFFLINE_BASE_URL:
        return openai.OpenAI(api_key="offline", base_url=base, max_retries=0,
                             http_client=httpx2.Client(transport=teaching_transport()))
    return openai.OpenAI(api_key="classroom", base_url=base, max_retries=0)


def async_client(base: str) -> openai.AsyncOpenAI:
    if base == OFFLINE_BASE_URL:
        return openai.AsyncOpenAI(api_key="offline", base_url=base, max_retries=0,
                                  http_client=httpx2.AsyncClient(transport=teaching_transport()))
    return openai.AsyncOpenAI(api_key="classroom", base_url=base, max_retries=0)


# ------------------------------------------------------------------ the SDK's parse helpers


def test_chat_parse(where: str) -> None:
    client = sync_client(where)
    given = client.chat.completions.parse(model=MODEL_NAME, messages=[{"role": "user", "content": GIVEN}],
                                          response_format=Booking).choices[0].message
    assert given.parsed == EXPECTED and given.refusal is None
    refused = client.chat.completions.parse(model=MODEL_NAME, messages=[{"role": "user", "content": NOT_GIVEN}],
                                            response_format=Booking).choices[0].message
    assert refused.parsed is None and refused.content is None
    assert refused.refusal and "the nights" in refused.refusal


def test_responses_parse(where: str) -> None:
    client = sync_client(where)
    assert client.responses.parse(model=MODEL_NAME, input=GIVEN, text_format=Booking).output_parsed == EXPECTED
    refused = client.responses.parse(model=MODEL_NAME, input=NOT_GIVEN, text_format=Booking)
    assert refused.output_parsed is None and refused.output[0].content[0].type == "refusal"


def test_served_and_in_process_bytes_are_the_same(server: str) -> None:
    body = {"model": MODEL_NAME, "input": NOT_GIVEN, "text": {"format": {
        "type": "json_schema", "name": "booking", "strict": True,
        "schema": {"type": "object", "additionalProperties": False, "required": ["guest", "nights"],
                   "properties": {"guest": {"type": "string"}, "nights": {"type": "integer"}}}}}}
    served = httpx2.post(server + "/responses", json=body).content
    local = sync_client(OFFLINE_BASE_URL).responses.with_raw_response.create(**body).http_response.content
    assert served == local


# ------------------------------------------------------------------ the OpenAI Agents SDK: output_type


class Shipment(BaseModel):
    tracking: str = Field(description="the tracking number")
    status: Literal["in_transit", "delivered", "held"]
    eta_days: int | None


def shipping_agent(calls: list[str]) -> Any:
    @agents.function_tool
    def track(tracking: str) -> str:
        """Look up a parcel by its tracking number.

        Args:
            tracking: The tracking number, e.g. TRK-5521.
        """
        calls.append(tracking)
        return json.dumps({"trackingNumber": tracking, "status": "in_transit", "eta_days": 2, "hub": "Utrecht"})

    return agents.Agent(name="shipping", instructions="You report on parcels.", tools=[track], model=MODEL_NAME,
                        output_type=Shipment)


def run_agent(base: str, agent: Any, question: str) -> Any:
    provider = agents.OpenAIProvider(openai_client=async_client(base))  # the SDK's default: the Responses API
    config = agents.RunConfig(model_provider=provider, tracing_disabled=True)
    return asyncio.run(agents.Runner.run(agent, question, run_config=config))


@pytest.fixture(autouse=True)
def no_tracing() -> Iterator[None]:
    agents.set_tracing_disabled(True)  # nothing leaves the machine
    yield
    agents.set_tracing_disabled(False)


def test_the_agents_sdk_output_type_after_a_tool(where: str) -> None:
    calls: list[str] = []
    result = run_agent(where, shipping_agent(calls), "Where is my parcel TRK-5521?")
    assert calls == ["TRK-5521"]
    assert result.final_output == Shipment(tracking="TRK-5521", status="in_transit", eta_days=2)


def test_the_agents_sdk_output_type_without_tools(where: str) -> None:
    agent = agents.Agent(name="booking", instructions="Fill in the booking.", model=MODEL_NAME, output_type=Booking)
    assert run_agent(where, agent, GIVEN).final_output == EXPECTED
    with pytest.raises(agents.exceptions.ModelRefusalError):
        run_agent(where, agent, NOT_GIVEN)


# ------------------------------------------------------------------ LangChain: with_structured_output


@pytest.mark.parametrize("responses_api", [False, True], ids=["chat", "responses"])
def test_langchain_with_structured_output(where: str, responses_api: bool) -> None:
    http = httpx2.Client(transport=teaching_transport()) if where == OFFLINE_BASE_URL else None
    llm = langchain_openai.ChatOpenAI(model=MODEL_NAME, api_key="offline", base_url=where, max_retries=0,
                                      use_responses_api=responses_api, **({"http_client": http} if http else {}))
    assert llm.with_structured_output(Booking).invoke(GIVEN) == EXPECTED
    raw = llm.with_structured_output(Booking, include_raw=True).invoke(NOT_GIVEN)
    assert raw["parsed"] is None and "the nights" in str(raw["parsing_error"])
