"""The chapter-4 shop served over the Model Context Protocol: every call through the chapter-4 runtime.

Introduced in chapter 5::

    shop = ShopServer(build_world(":memory:", confirm_above_cents=0))
    async with mcp.Client(shop.server) as client:        # in memory: no process, no port
        listed = await client.list_tools()
        result = await client.call_tool("get_order", {"order_id": "O-100"})

and ``python -m fcourse mcp`` serves the same kind of object over stdio (``fcourse.remote.cli``).

``tools/list`` lists the registry's tools as the model sees them (``Tool.model_parameters``: the
session's ``user_id`` is not a parameter), each with an output schema and honest annotations read
from the tool's own definition, never written by hand:

- ``readOnlyHint``: the tool has no side effects (``get_order``);
- ``destructiveHint``: it has (a refund cannot be taken back);
- ``idempotentHint``: read-only, or keyed by an idempotency key (the same call with the same key has
  no second effect: chapter 4's recovery);
- ``openWorldHint``: false - the shop's tools touch the shop's own database and nothing else.

``tools/call`` hands the name and arguments to ``Runtime.run`` (registry checks, permissions,
confirmation gate, idempotent recovery) and nothing else: there is no other path to a handler. What
comes back is ``fcourse.remote.results.call_result``: structured content, or ``isError`` with the
runtime's code.

Who calls is the server's ``session`` (the user the host started it for), never an argument. Two
entries of a request's ``_meta`` - set by the host, which the model cannot write - reach the runtime:

- ``fcourse/confirmation_token``: a confirmation token the *user* obtained for this exact call (the
  chapter-4 gate redeems it: bound to user, tool and arguments, single use);
- ``fcourse/prompted_by``: the *other* servers (as the host names them) whose tool results the model
  had read when it proposed the call. A call shaped by text from a server this one does not trust
  (``trusted_sources``, by default none) runs with the same user and **no roles**, so any tool that
  needs a role is ``PERMISSION_DENIED`` before its handler: text from elsewhere grants no
  permission to act.

Every call is kept in ``calls`` (a ``ServedCall``: the session used and the runtime's whole outcome,
``handler_ran`` included), so a notebook can show where a call was stopped.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import mcp.types as types
from mcp.server.lowlevel import Server

from fcourse.remote.results import call_result
from fcourse.runtime.identity import Session
from fcourse.runtime.recovery import RecoveryOutcome
from fcourse.runtime.tools import Tool
from fcourse.shop.world import GET_ORDER_RESULT_SCHEMA, REFUND_ORDER_RESULT_SCHEMA, World

__all__ = [
    "CONFIRMATION_META",
    "OUTPUT_SCHEMAS",
    "PROMPTED_BY_META",
    "SHOP_SERVER_NAME",
    "ServedCall",
    "ShopServer",
    "honest_annotations",
]

#: the name the shop's server gives itself (``serverInfo.name``)
SHOP_SERVER_NAME = "fcourse-shop"
#: ``_meta`` key: a confirmation token the user obtained for this call (never from the model)
CONFIRMATION_META = "fcourse/confirmation_token"
#: ``_meta`` key: the servers whose tool results the model had read when it proposed this call
PROMPTED_BY_META = "fcourse/prompted_by"
#: the shop tools' output schemas
OUTPUT_SCHEMAS: dict[str, dict[str, Any]] = {
    "get_order": GET_ORDER_RESULT_SCHEMA,
    "refund_order": REFUND_ORDER_RESULT_SCHEMA,
}


def honest_annotations(tool: Tool) -> types.ToolAnnotations:
    """What a runtime tool's own definition says about it, as MCP annotations (see the module docstring)."""
    return types.ToolAnnotations(
        read_only_hint=not tool.side_effects,
        destructive_hint=tool.side_effects,
        idempotent_hint=not tool.side_effects or tool.idempotency_key_arg is not None,
        open_world_hint=False,
    )


@dataclass(frozen=True)
class ServedCall:
    """One ``tools/call`` the server answered: what was asked, as whom, and what the runtime did."""

    tool: str
    arguments: Any
    session: Session
    prompted_by: tuple[str, ...]
    confirmed_by_token: bool
    outcome: RecoveryOutcome

    @property
    def handler_ran(self) -> bool:
        """Whether any handler was reached (the first attempt or recovery's retry)."""
        retry = self.outcome.retry
        return self.outcome.first.executed or (retry is not None and retry.executed)

    @property
    def code(self) -> str:
        """The runtime's one-word answer: the error code, else the status."""
        return self.outcome.response.code


@dataclass
class ShopServer:
    """A ``World``'s runtime behind an MCP server (``server``: the ``mcp`` low-level ``Server``).

    ``session`` defaults to the world's; ``annotations`` replaces the annotations of the named tools
    (chapter 5 uses it for a server whose annotations lie: the runtime does not read them);
    ``output_schemas`` defaults to ``OUTPUT_SCHEMAS``.
    """

    world: World
    session: Session | None = None
    name: str = SHOP_SERVER_NAME
    trusted_sources: Iterable[str] | None = None
    annotations: Mapping[str, types.ToolAnnotations] = field(default_factory=dict)
    output_schemas: Mapping[str, dict[str, Any]] = field(default_factory=lambda: dict(OUTPUT_SCHEMAS))
    calls: list[ServedCall] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.session = self.session or self.world.session
        self.trusted_sources = frozenset(self.trusted_sources or ())
        self.server: Server[Any] = Server(
            self.name,
            version="1.0",
            instructions="The course shop's orders and refunds, as one logged-in customer. Every call goes "
            "through the shop's runtime: checks, permissions, confirmation, idempotent recovery.",
            on_list_tools=self._list_tools,
            on_call_tool=self._call_tool,
        )

    def tools(self) -> list[types.Tool]:
        """What ``tools/list`` answers: every registered tool, in registration order."""
        return [
            types.Tool(
                name=tool.name,
                description=tool.description,
                input_schema=tool.model_parameters(),
                output_schema=self.output_schemas.get(tool.name),
                annotations=self.annotations.get(tool.name, honest_annotations(tool)),
            )
            for tool in self.world.registry
        ]

    def session_for(self, prompted_by: tuple[str, ...]) -> Session:
        """The session a call runs with: the server's, without its roles when untrusted text shaped the call."""
        assert self.session is not None
        untrusted = sorted(set(prompted_by) - set(self.trusted_sources or ()))
        if not untrusted:
            return self.session
        return Session(
            user_id=self.session.user_id,
            roles=frozenset(),
            session_id=f"{self.session.session_id}:shaped-by:{','.join(untrusted)}",
        )

    def call(self, name: str, arguments: Any, meta: Mapping[str, Any] | None = None) -> types.CallToolResult:
        """Answer one ``tools/call`` (what the MCP handler runs; callable directly in tests)."""
        meta = meta or {}
        token = meta.get(CONFIRMATION_META)
        token = token if isinstance(token, str) else None
        raw_sources = meta.get(PROMPTED_BY_META)
        prompted_by = tuple(str(s) for s in raw_sources) if isinstance(raw_sources, (list, tuple)) else ()
        session = self.session_for(prompted_by)
        outcome = self.world.runtime.run(name, arguments, session, confirmation_token=token)
        self.calls.append(ServedCall(name, arguments, session, prompted_by, token is not None, outcome))
        return call_result(outcome.response)

    async def _list_tools(self, ctx: Any, params: types.PaginatedRequestParams | None) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools())

    async def _call_tool(self, ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        # synchronous on purpose: the world's SQLite connection belongs to this thread, and a call is short
        return self.call(params.name, params.arguments, params.meta)
