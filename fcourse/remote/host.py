"""An MCP host: a model, the servers it is connected to, an adapter, and (optionally) a guard.

Introduced in chapter 5. ``Host.ask(question, api="chat" | "responses")`` runs the tool loop of
chapter 2 with tools that live in MCP servers: it connects to every server (in memory for a server
object, a child process for ``StdioServerParameters``), lists their tools, offers them to the model
through the adapter (yours from chapter 5's first exercise, or ``fcourse.remote.adapter``), sends
each proposed call to the server that offers the tool, and feeds the result back, until the model
answers or ``max_rounds`` is reached. Every step lands in the run's ``trace``; every proposal, with
what became of it, in its ``calls``.

What stands between a proposal and a server, in order (each optional, each its own layer):

1. the **guard** (your turn 2, ``fcourse.remote.guard.Guard``): a tool it refuses is not even
   offered to the model; a call it says to ``confirm`` goes only if ``user_confirms`` says yes;
   results of a server it does not trust (``guard.trusted_servers``) go back through ``guard.as_data``;
2. the **provenance tag** (``tag_sources``): a call carries, in ``_meta["fcourse/prompted_by"]``,
   the other servers whose results the model had read since the user's question, so a server that
   does not trust them can withhold its permissions (the shop does: ``fcourse.remote.shop_server``);
3. the **server's own runtime**: when it answers ``CONFIRMATION_REQUIRED`` and ``issue_token`` is
   given (the user's side of the shop's confirmation page, in memory only), the host asks the user
   and, on a yes, sends the same call once more with the token in ``_meta``.

The model never sees a token, a tag or the guard: those travel outside the tool arguments.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

import mcp
import mcp.types as types

from fcourse.remote import adapter as package_adapter
from fcourse.remote.shop_server import CONFIRMATION_META, PROMPTED_BY_META

__all__ = ["DEFAULT_SYSTEM", "Host", "HostCall", "HostRun", "host_error"]

#: the host's system prompt: the application owns the idempotency key of each request, not the model
DEFAULT_SYSTEM = "You are the shop's assistant. The idempotency key for this request is req-7f3a-0001."

Api = Literal["chat", "responses"]


def host_error(code: str, message: str) -> types.CallToolResult:
    """An error the host answers itself, shaped like a server's, so the adapter treats it the same way."""
    error = {"error_code": code, "message": message}
    return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(error))],
                                structured_content=error, is_error=True)


@dataclass
class HostCall:
    """One proposed call and what became of it."""

    server: str
    tool: str
    arguments: Any
    verdict: str | None = None       # the guard's answer, when there is a guard
    user_said: bool | None = None    # the user's answer, when they were asked
    sent: bool = False               # it reached the server
    prompted_by: tuple[str, ...] = ()
    is_error: bool = False
    code: str = ""                   # the server's error code, SUCCESS, or the host's own code

    def __str__(self) -> str:
        arguments = json.dumps(self.arguments, ensure_ascii=False, sort_keys=True)
        return f"{self.server}.{self.tool}({arguments}) -> {self.code}"


@dataclass
class HostRun:
    """What one ``Host.ask`` did: every call, the answer (None at the round limit), the trace, the conversation
    (``history``: messages or items) and the tools menu the model was offered (``menu``, in the API's shape)."""

    question: str
    api: str
    calls: list[HostCall] = field(default_factory=list)
    answer: str | None = None
    trace: list[str] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    menu: list[dict[str, Any]] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(self.trace)


@dataclass
class Host:
    """A host for MCP servers (``servers``: the host's name for each -> a server object or stdio parameters)."""

    client: Any
    model: str
    servers: Mapping[str, Any]
    adapter: Any = package_adapter
    guard: Any = None
    user_confirms: Callable[[HostCall], bool] = lambda call: False
    issue_token: Callable[[str, str, Mapping[str, Any]], str | None] | None = None
    system: str = DEFAULT_SYSTEM
    failure_mode: str | None = None
    tag_sources: bool = True
    max_rounds: int = 4

    async def ask(self, question: str, api: Api = "chat") -> HostRun:
        """Answer ``question`` with the servers' tools (see the module docstring)."""
        run = HostRun(question, api)
        run.trace.append(f"user: {question}")
        async with contextlib.AsyncExitStack() as stack:
            clients = {name: await stack.enter_async_context(mcp.Client(getattr(server, "server", server)))
                       for name, server in self.servers.items()}
            offered: dict[str, tuple[str, Any]] = {}
            clash = ""
            for name, client in clients.items():
                for tool in (await client.list_tools()).tools:
                    verdict = self.guard.check(name, tool) if self.guard is not None else None
                    if verdict == "refuse":
                        run.trace.append(f"guard: {name}.{tool.name} is not offered (not approved as it reads now)")
                    elif tool.name in offered:
                        clash = clash or (f"two servers offer a tool named {tool.name!r}: "
                                          f"{offered[tool.name][0]} and {name}")
                    else:
                        offered[tool.name] = (name, tool)
            listed = [tool for _, tool in offered.values()]
            if clash:
                pass  # raised below, once the connections are closed
            elif api == "chat":
                await self._chat(run, clients, offered, listed)
            else:
                await self._responses(run, clients, offered, listed)
        if clash:  # which one would the model's call reach? Neither guess is safe
            raise ValueError(clash)
        return run

    def _quoted(self, server: str) -> bool:
        """Whether a result from ``server`` goes back quoted as data: it has a guard and is not one it trusts."""
        trusted = getattr(self.guard, "trusted_servers", ())
        return self.guard is not None and bool(server) and server not in trusted

    def _extra(self) -> dict[str, Any]:
        return {"extra_body": {"fcourse": {"failure_mode": self.failure_mode}}} if self.failure_mode else {}

    async def _chat(self, run: HostRun, clients: dict[str, Any], offered: dict[str, tuple[str, Any]],
                    listed: list[Any]) -> None:
        messages: list[dict[str, Any]] = [{"role": "system", "content": self.system},
                                          {"role": "user", "content": run.question}]
        tools = run.menu = self.adapter.chat_tools(listed)
        read_from: set[str] = set()
        for _ in range(self.max_rounds):
            reply = self.client.chat.completions.create(model=self.model, messages=messages, tools=tools,
                                                        **self._extra())
            message = reply.choices[0].message
            if not message.tool_calls:
                run.answer = message.content
                run.trace.append(f"model answers: {message.content}")
                break
            messages.append(message.to_dict())
            round_servers = set()
            for call in message.tool_calls:
                server, result = await self._run(run, clients, offered, call.function.name,
                                                 call.function.arguments, read_from)
                reply_message = self.adapter.tool_message(call, result)
                if self._quoted(server):
                    reply_message = {**reply_message, "content": self.guard.as_data(server, reply_message["content"])}
                messages.append(reply_message)
                round_servers.add(server)
            read_from |= round_servers - {""}
        else:
            run.trace.append(f"host: stopped after {self.max_rounds} rounds")
        run.history = messages

    async def _responses(self, run: HostRun, clients: dict[str, Any], offered: dict[str, tuple[str, Any]],
                         listed: list[Any]) -> None:
        items: list[dict[str, Any]] = [{"role": "user", "content": run.question}]
        tools = run.menu = self.adapter.responses_tools(listed)
        read_from: set[str] = set()
        for _ in range(self.max_rounds):
            response = self.client.responses.create(model=self.model, instructions=self.system, input=items,
                                                    tools=tools, **self._extra())
            calls = [item for item in response.output if item.type == "function_call"]
            if not calls:
                run.answer = response.output_text
                run.trace.append(f"model answers: {response.output_text}")
                break
            items.extend(item.to_dict() for item in response.output)
            round_servers = set()
            for call in calls:
                server, result = await self._run(run, clients, offered, call.name, call.arguments, read_from)
                output = self.adapter.function_output(call, result)
                if self._quoted(server):
                    output = {**output, "output": self.guard.as_data(server, output["output"])}
                items.append(output)
                round_servers.add(server)
            read_from |= round_servers - {""}
        else:
            run.trace.append(f"host: stopped after {self.max_rounds} rounds")
        run.history = items

    async def _run(self, run: HostRun, clients: dict[str, Any], offered: dict[str, tuple[str, Any]], name: str,
                   raw: str, read_from: set[str]) -> tuple[str, types.CallToolResult]:
        """Take one proposed call through the host's layers; the server it went to ("" if none) and the result."""
        try:
            arguments = json.loads(raw or "{}")
        except ValueError:
            arguments = raw
        if name not in offered:
            call = HostCall("", name, arguments, code="UNKNOWN_TOOL")
            run.calls.append(call)
            run.trace.append(f"model proposes: {name}({raw}) - no server offers it")
            return "", host_error("UNKNOWN_TOOL", f"no connected server offers a tool named {name!r}")
        server, tool = offered[name]
        call = HostCall(server, name, arguments, prompted_by=tuple(sorted(read_from - {server})))
        run.calls.append(call)
        run.trace.append(f"model proposes: {call.server}.{name}({json.dumps(arguments, ensure_ascii=False)})")
        if not isinstance(arguments, dict):
            call.code, call.is_error = "INVALID_ARGUMENT", True
            run.trace.append("host: the arguments are not a JSON object; not sent")
            return server, host_error("INVALID_ARGUMENT", "the arguments must be a JSON object")
        if self.guard is not None:
            call.verdict = self.guard.check(server, tool)
            run.trace.append(f"guard: {call.verdict}")
            if call.verdict == "refuse":
                call.code, call.is_error = "REFUSED_BY_HOST", True
                return server, host_error("REFUSED_BY_HOST", f"{name} changed since the user approved it")
            if call.verdict == "confirm":
                call.user_said = bool(self.user_confirms(call))
                run.trace.append(f"user asked to allow it: {'yes' if call.user_said else 'no'}")
                if not call.user_said:
                    call.code, call.is_error = "DECLINED_BY_USER", True
                    return server, host_error("DECLINED_BY_USER", "the user did not allow this call; it was not made")
        meta: dict[str, Any] = {}
        if self.tag_sources and call.prompted_by:
            meta[PROMPTED_BY_META] = list(call.prompted_by)
            run.trace.append(f"host: tagged as shaped by text from {', '.join(call.prompted_by)}")
        result = await clients[server].call_tool(name, arguments, meta=meta or None)
        call.sent = True
        code = _code(result)
        if code == "CONFIRMATION_REQUIRED" and self.issue_token is not None:
            run.trace.append(f"{server}: CONFIRMATION_REQUIRED")
            if call.user_said is None:
                call.user_said = bool(self.user_confirms(call))
                run.trace.append(f"user asked to confirm it: {'yes' if call.user_said else 'no'}")
            token = self.issue_token(server, name, result.structured_content or {}) if call.user_said else None
            if token:
                result = await clients[server].call_tool(name, arguments, meta={**meta, CONFIRMATION_META: token})
                code = _code(result)
        call.code, call.is_error = code, bool(result.is_error)
        run.trace.append(f"{server}: {code}")
        return server, result


def _code(result: types.CallToolResult) -> str:
    """The error code in a result's structured content (``error_code``), else ERROR or SUCCESS."""
    structured = result.structured_content if isinstance(result.structured_content, dict) else {}
    if result.is_error:
        return str(structured.get("error_code") or "ERROR")
    return "SUCCESS"

