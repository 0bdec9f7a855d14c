"""fcourse.remote.shop_server: the chapter-4 runtime behind an MCP server, in memory through the real client.

Every call goes through Runtime.run: listing shows the model's schema with honest annotations and output
schemas, a look-up returns structured content that validates, and every refusal is isError with the
runtime's code - no traceback, no secret. The stdio process and the Agents SDK are in test_remote_cli.py.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from typing import Any

import jsonschema
import mcp
import mcp.types as types
import pytest

from fcourse.remote.shop_server import CONFIRMATION_META, PROMPTED_BY_META, ShopServer, honest_annotations
from fcourse.shop.faults import Fault
from fcourse.shop.world import build_world

KEY = "refund-O-100-m1"


def served(**options: Any) -> ShopServer:
    return ShopServer(build_world(":memory:", confirm_above_cents=options.pop("confirm_above_cents", 0)), **options)


def talk(shop: ShopServer, steps: Callable[[mcp.Client], Awaitable[Any]]) -> Any:
    """Run ``steps`` against the shop through the real MCP client, connected in memory."""
    async def go() -> Any:
        async with mcp.Client(shop.server) as client:
            return await steps(client)

    return asyncio.run(go())


def test_tools_list_the_models_schema_with_honest_annotations_and_output_schemas() -> None:
    shop = served()

    async def steps(client: mcp.Client) -> Any:
        return client.server_info, (await client.list_tools()).tools

    info, tools = talk(shop, steps)
    assert info.name == "fcourse-shop"
    by_name = {tool.name: tool for tool in tools}
    assert list(by_name) == ["refund_order", "get_order"]
    for tool in tools:
        registered = shop.world.registry.get(tool.name)
        assert tool.input_schema == registered.model_parameters() and "user_id" not in json.dumps(tool.input_schema)
        assert tool.description == registered.description and tool.output_schema is not None
    lookup, refund = by_name["get_order"].annotations, by_name["refund_order"].annotations
    assert (lookup.read_only_hint, lookup.destructive_hint, lookup.idempotent_hint, lookup.open_world_hint) == (
        True, False, True, False)
    assert (refund.read_only_hint, refund.destructive_hint, refund.idempotent_hint, refund.open_world_hint) == (
        False, True, True, False)


def test_annotations_come_from_the_tools_own_definition() -> None:
    registry = served().world.registry
    no_key = registry.get("refund_order").__class__(
        **{**registry.get("refund_order").__dict__, "idempotency_key_arg": None})
    assert honest_annotations(no_key).idempotent_hint is False  # side effects without a key: not idempotent


def test_a_look_up_succeeds_with_structured_content_that_matches_its_output_schema() -> None:
    shop = served()

    async def steps(client: mcp.Client) -> Any:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        return tools["get_order"].output_schema, await client.call_tool("get_order", {"order_id": "O-100"})

    schema, result = talk(shop, steps)
    assert result.is_error is False
    assert result.structured_content == {"order_id": "O-100", "amount_cents": 12900, "currency": "CNY",
                                         "status": "paid", "refunded_cents": 0}
    jsonschema.validate(result.structured_content, schema)
    assert json.loads(result.content[0].text) == result.structured_content
    assert shop.calls[-1].handler_ran and shop.calls[-1].session.user_id == "U-1001"


@pytest.mark.parametrize(("name", "arguments", "code"), [
    ("refund_order", {"order_id": "O-100", "idempotency_key": KEY}, "CONFIRMATION_REQUIRED"),
    ("get_order", {"order_id": "100"}, "INVALID_ARGUMENT"),
    ("get_order", {"order_id": "O-100", "user_id": "U-2002", "extra": 1}, "INVALID_ARGUMENT"),
    ("get_order", None, "INVALID_ARGUMENT"),
    ("delete_everything", {}, "UNKNOWN_TOOL"),
    ("get_order", {"order_id": "O-900"}, "BUSINESS_RULE_VIOLATION"),  # another user's order: the session's user
])
def test_a_refused_call_is_is_error_with_the_runtimes_code(name: str, arguments: Any, code: str) -> None:
    shop = served()
    result = talk(shop, lambda client: client.call_tool(name, arguments))
    assert result.is_error is True
    assert result.structured_content["error_code"] == code and result.structured_content["status"] == "ERROR"
    assert json.loads(result.content[0].text) == result.structured_content
    assert set(result.structured_content) == {"status", "error_code", "message", "data", "retry_safe"}
    assert shop.calls[-1].code == code
    assert shop.calls[-1].handler_ran is (code == "BUSINESS_RULE_VIOLATION")


def test_a_failing_handler_sends_no_traceback_and_no_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    shop = served(confirm_above_cents=50_000)

    def broken(*args: Any) -> None:
        raise RuntimeError("payments db at postgres://svc:hunter2@10.0.0.7 refused the write")

    monkeypatch.setattr(shop.world.service, "refund", broken)
    result = talk(shop, lambda client: client.call_tool("refund_order", {"order_id": "O-100",
                                                                          "idempotency_key": KEY}))
    text = result.content[0].text
    assert result.is_error is True and result.structured_content["error_code"] in ("EXECUTION_ERROR", None)
    assert "hunter2" not in text and "Traceback" not in text and "postgres" not in text
    assert any("hunter2" in note for note in shop.calls[-1].outcome.first.notes)  # kept for the audit log only


def test_a_timeout_after_success_is_recovered_by_the_runtime_over_mcp() -> None:
    shop = served(confirm_above_cents=50_000)
    shop.world.service.inject(Fault.TIMEOUT_AFTER_SUCCESS)
    result = talk(shop, lambda client: client.call_tool("refund_order", {"order_id": "O-100",
                                                                          "idempotency_key": KEY}))
    assert result.is_error is False and result.structured_content["status"] == "REFUNDED"
    assert shop.calls[-1].outcome.runtime_action == "REPLAY_SUCCESS" and len(shop.world.domain.ledger()) == 1


def test_confirmation_travels_in_meta_and_the_refund_happens_once() -> None:
    shop = served()
    world = shop.world
    arguments = {"order_id": "O-100", "idempotency_key": KEY}

    async def steps(client: mcp.Client) -> list[types.CallToolResult]:
        first = await client.call_tool("refund_order", arguments)
        token = world.confirmations.issue(world.session, "refund_order", first.structured_content["data"]
                                          ["arguments_hash"])
        forged = await client.call_tool("refund_order", {**arguments, "amount_cents": 9_000},
                                        meta={CONFIRMATION_META: token})
        done = await client.call_tool("refund_order", arguments, meta={CONFIRMATION_META: token})
        again = await client.call_tool("refund_order", arguments, meta={CONFIRMATION_META: token})
        return [first, forged, done, again]

    first, forged, done, again = talk(shop, steps)
    assert first.structured_content["error_code"] == "CONFIRMATION_REQUIRED"
    assert forged.structured_content["data"]["token_problem"] == "WRONG_BINDING"
    assert done.is_error is False and done.structured_content["status"] == "REFUNDED"
    assert again.is_error is False and again.structured_content == done.structured_content  # replayed, not redone
    assert len(world.domain.ledger()) == 1


def test_a_call_shaped_by_untrusted_text_runs_without_roles() -> None:
    shop = served(trusted_sources={"catalogue"})

    async def steps(client: mcp.Client) -> list[types.CallToolResult]:
        return [await client.call_tool("get_order", {"order_id": "O-100"}, meta={PROMPTED_BY_META: sources})
                for sources in (["reviews"], ["catalogue"], ["catalogue", "reviews"], "reviews")]

    tagged, trusted, mixed, malformed = talk(shop, steps)
    assert tagged.structured_content["error_code"] == "PERMISSION_DENIED"
    assert tagged.structured_content["data"]["reason"] == "ROLE"
    assert trusted.is_error is False and malformed.is_error is False  # only a list of names counts as a tag
    assert mixed.structured_content["error_code"] == "PERMISSION_DENIED"
    sessions = [call.session for call in shop.calls]
    assert sessions[0].user_id == "U-1001" and sessions[0].roles == frozenset()
    assert not any(call.handler_ran for call in (shop.calls[0], shop.calls[2]))


def test_lying_annotations_change_the_listing_and_nothing_the_runtime_does() -> None:
    lie = types.ToolAnnotations(read_only_hint=True, destructive_hint=False)
    shop = served(annotations={"refund_order": lie})

    async def steps(client: mcp.Client) -> Any:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        return tools["refund_order"].annotations, await client.call_tool(
            "refund_order", {"order_id": "O-100", "idempotency_key": KEY})

    annotations, result = talk(shop, steps)
    assert annotations.read_only_hint is True
    assert result.structured_content["error_code"] == "CONFIRMATION_REQUIRED" and not shop.calls[-1].handler_ran


def test_importing_fcourse_imports_neither_the_remote_package_nor_mcp() -> None:
    import subprocess
    import sys

    code = "import sys, fcourse; print('mcp' in sys.modules, 'fcourse.remote' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
