"""Third-party clients on the teaching model's Responses API (issue 29), offline and deterministic:

- the OpenAI Agents SDK in its *default* mode (the Responses API, no ``OpenAIChatCompletionsModel``) with
  a function tool, a full run in-process and over ``python -m fcourse serve``, tracing switched off (the
  SDK exports traces to the network by default);
- LangChain's ``ChatOpenAI(use_responses_api=True)`` with a bound tool, the whole round trip;
- the openai SDK itself over real sockets: one round trip and one stream.
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
from typing import Any

import httpx2
import openai
import pytest

from fcourse.teaching.wire.endpoint import MODEL_NAME
from fcourse.teaching.wire.transport import handle_request

agents = pytest.importorskip("agents")
ROOT = Path(__file__).resolve().parents[1]
QUESTION = "What's the weather in Paris?"
WEATHER = {"type": "function", "name": "get_weather", "description": "Get the current weather for a city.",
           "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}


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
        while True:  # ready when /v1/models answers
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


class Recorder:
    """An in-process transport that also notes each request's method and path."""

    def __init__(self) -> None:
        self.paths: list[str] = []

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.paths.append(f"{request.method} {request.url.path}")
        return handle_request(request)


# ------------------------------------------------------------------------------- the Agents SDK


def weather_agent(calls: list[str]) -> Any:
    @agents.function_tool
    def get_weather(city: str) -> str:
        """Get the current weather for a city.

        Args:
            city: The city, e.g. Paris.
        """
        calls.append(city)
        return json.dumps({"city": city, "temp_c": 21})

    return agents.Agent(name="weather", instructions="You answer questions about the weather.",
                        tools=[get_weather], model=MODEL_NAME)


def run_agent(client: openai.AsyncOpenAI, calls: list[str], streamed: bool = False) -> Any:
    """A full Runner run with the SDK's default OpenAI provider settings (Responses) on ``client``."""
    provider = agents.OpenAIProvider(openai_client=client)  # use_responses left to the SDK's default
    assert isinstance(provider.get_model(MODEL_NAME), agents.OpenAIResponsesModel)
    config = agents.RunConfig(model_provider=provider, tracing_disabled=True)

    async def go() -> Any:
        if not streamed:
            return await agents.Runner.run(weather_agent(calls), QUESTION, run_config=config)
        result = agents.Runner.run_streamed(weather_agent(calls), QUESTION, run_config=config)
        async for _ in result.stream_events():
            pass
        return result

    return asyncio.run(go())


@pytest.fixture(autouse=True)
def no_tracing() -> Iterator[None]:
    agents.set_tracing_disabled(True)  # and RunConfig(tracing_disabled=True) per run: nothing leaves the machine
    yield
    agents.set_tracing_disabled(False)


@pytest.mark.parametrize("streamed", [False, True], ids=["run", "run_streamed"])
def test_the_agents_sdk_runs_a_tool_in_process_in_its_default_mode(streamed: bool) -> None:
    recorder, calls = Recorder(), []
    client = openai.AsyncOpenAI(api_key="offline", base_url="http://teaching-model.invalid/v1", max_retries=0,
                                http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(recorder)))
    result = run_agent(client, calls, streamed)
    assert calls == ["Paris"]  # the handler ran once, with the value the user gave
    assert recorder.paths == ["POST /v1/responses", "POST /v1/responses"]  # the Responses API, never Chat
    kinds = [type(item).__name__ for item in result.new_items]
    assert kinds == ["ToolCallItem", "ToolCallOutputItem", "MessageOutputItem"]
    assert "21" in result.final_output
    again = run_agent(client, [], streamed)
    assert again.final_output == result.final_output  # deterministic


def test_the_agents_sdk_runs_over_fcourse_serve(server: str) -> None:
    calls: list[str] = []

    def client() -> openai.AsyncOpenAI:  # one per event loop: its pooled connections belong to that loop
        return openai.AsyncOpenAI(api_key="classroom", base_url=server, max_retries=0)

    result = run_agent(client(), calls)
    assert calls == ["Paris"] and "21" in result.final_output
    streamed = run_agent(client(), calls, streamed=True)
    assert streamed.final_output == result.final_output


# ------------------------------------------------------------------------------- LangChain


def test_langchain_chatopenai_with_the_responses_api() -> None:
    langchain_openai = pytest.importorskip("langchain_openai")
    from langchain_core.messages import HumanMessage, ToolMessage
    from langchain_core.tools import tool

    os.environ.setdefault("LANGSMITH_TRACING", "false")

    @tool
    def get_weather(city: str) -> str:
        """Get the current weather for a city."""
        return json.dumps({"city": city, "temp_c": 21})

    recorder = Recorder()
    llm = langchain_openai.ChatOpenAI(model=MODEL_NAME, api_key="offline", base_url="http://teaching-model.invalid/v1",
                                      use_responses_api=True, max_retries=0,
                                      http_client=httpx2.Client(transport=httpx2.MockTransport(recorder)))
    bound = llm.bind_tools([get_weather])
    messages: list[Any] = [HumanMessage(QUESTION)]
    proposal = bound.invoke(messages)
    assert [(c["name"], c["args"]) for c in proposal.tool_calls] == [("get_weather", {"city": "Paris"})]
    assert proposal.tool_calls[0]["id"].startswith("call_")
    messages += [proposal, *[ToolMessage(get_weather.invoke(c["args"]), tool_call_id=c["id"])
                             for c in proposal.tool_calls]]
    final = bound.invoke(messages)
    assert not final.tool_calls and "21" in final.text
    assert recorder.paths == ["POST /v1/responses", "POST /v1/responses"]


# ------------------------------------------------------------------------------- the openai SDK over sockets


def test_a_round_trip_and_a_stream_over_real_sockets(server: str) -> None:
    client = openai.OpenAI(api_key="classroom", base_url=server, max_retries=0)
    first = client.responses.create(model=MODEL_NAME, input=QUESTION, tools=[WEATHER])
    [call] = first.output
    assert call.type == "function_call" and json.loads(call.arguments) == {"city": "Paris"}
    history = [{"role": "user", "content": QUESTION}, call.to_dict(),
               {"type": "function_call_output", "call_id": call.call_id, "output": '{"temp_c": 21}'}]
    final = client.responses.create(model=MODEL_NAME, input=history, tools=[WEATHER])
    assert "21" in final.output_text
    with client.responses.stream(model=MODEL_NAME, input=history, tools=[WEATHER]) as stream:
        kinds = [event.type for event in stream]
        streamed = stream.get_final_response()
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert "response.output_text.delta" in kinds and streamed.output_text == final.output_text
    with pytest.raises(openai.BadRequestError, match=f"No tool output found for function call {call.call_id}."):
        client.responses.create(model=MODEL_NAME, input=history[:2], tools=[WEATHER])
    continued = client.responses.create(model=MODEL_NAME, input=history[2:], previous_response_id=first.id,
                                        tools=[WEATHER])
    assert continued.output_text == final.output_text  # the server's own store
