"""fcourse.remote.cli: ``python -m fcourse mcp`` answers an external MCP client over stdio, and the Agents SDK
drives it offline through ``MCPServerStdio`` with the teaching model.

Each test starts the server as a child process, as an MCP host would (about a second or two to import).
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx2
import mcp
import openai
import pytest
from mcp.client.stdio import stdio_client

from fcourse.remote import cli
from fcourse.teaching.wire.endpoint import MODEL_NAME
from fcourse.teaching.wire.transport import handle_request

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
SERVER = mcp.StdioServerParameters(command=sys.executable, args=["-m", "fcourse", "mcp"], cwd=str(ROOT), env=ENV)


def test_an_external_client_over_stdio_gets_the_runtimes_answers() -> None:
    async def go() -> dict[str, Any]:
        with tempfile.TemporaryFile("w+") as errlog:  # a real file for the child's stderr: what a notebook needs
            async with mcp.Client(stdio_client(SERVER, errlog=errlog)) as client:
                tools = {tool.name: tool for tool in (await client.list_tools()).tools}
                return {
                    "server": client.server_info.name,
                    "tools": tools,
                    "lookup": await client.call_tool("get_order", {"order_id": "O-100"}),
                    "refund": await client.call_tool("refund_order", {"order_id": "O-100",
                                                                      "idempotency_key": "refund-O-100-s1"}),
                    "bad": await client.call_tool("get_order", {"order_id": 100}),
                    "unknown": await client.call_tool("cancel_everything", {}),
                }

    seen = asyncio.run(go())
    assert seen["server"] == "fcourse-shop"
    tools = seen["tools"]
    assert set(tools) == {"get_order", "refund_order"}
    assert tools["get_order"].annotations.read_only_hint is True and tools["get_order"].output_schema
    assert tools["refund_order"].annotations.destructive_hint is True
    assert tools["refund_order"].annotations.idempotent_hint is True
    assert seen["lookup"].is_error is False and seen["lookup"].structured_content["amount_cents"] == 12900
    for name, code in (("refund", "CONFIRMATION_REQUIRED"), ("bad", "INVALID_ARGUMENT"), ("unknown", "UNKNOWN_TOOL")):
        result = seen[name]
        assert result.is_error is True and result.structured_content["error_code"] == code, name
        assert json.loads(result.content[0].text)["error_code"] == code


def test_the_command_line_refuses_a_negative_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--confirm-above-cents", "-1"]) == 2
    assert "0 or more" in capsys.readouterr().err


def test_the_agents_sdk_drives_the_stdio_server_offline_with_the_teaching_model() -> None:
    agents = pytest.importorskip("agents")
    from agents.mcp import MCPServerStdio

    paths: list[str] = []

    def transport(request: httpx2.Request) -> httpx2.Response:
        paths.append(request.url.path)
        return handle_request(request)

    client = openai.AsyncOpenAI(api_key="offline", base_url="http://teaching-model.invalid/v1", max_retries=0,
                                http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(transport)))
    config = agents.RunConfig(model_provider=agents.OpenAIProvider(openai_client=client), tracing_disabled=True)

    async def go() -> Any:
        params = {"command": sys.executable, "args": ["-m", "fcourse", "mcp"], "cwd": str(ROOT), "env": ENV}
        async with MCPServerStdio(params=params, name="shop", client_session_timeout_seconds=30) as shop:
            agent = agents.Agent(name="shop assistant", instructions="You help the customer with their orders.",
                                 mcp_servers=[shop], model=MODEL_NAME)
            return await agents.Runner.run(agent, "What's the status of my order O-100?", run_config=config)

    agents.set_tracing_disabled(True)
    try:
        result = asyncio.run(go())
    finally:
        agents.set_tracing_disabled(False)
    kinds = [type(item).__name__ for item in result.new_items]
    assert kinds == ["ToolCallItem", "ToolCallOutputItem", "MessageOutputItem"]
    call, output = result.new_items[0].raw_item, result.new_items[1]
    assert (call.name, json.loads(call.arguments)) == ("get_order", {"order_id": "O-100"})
    assert "12900" in str(output.output) and "paid" in result.final_output
    assert paths == ["/v1/responses", "/v1/responses"]  # the Agents SDK's default: the Responses API
