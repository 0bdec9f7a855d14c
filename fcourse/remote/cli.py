"""``python -m fcourse mcp``: the chapter-4 shop as an MCP server on stdio, for any MCP host.

Introduced in chapter 5::

    python -m fcourse mcp                       # a fresh demo shop in memory, as customer U-1001
    python -m fcourse mcp --db shop.db          # the shop kept in a SQLite file between runs
    python -m fcourse mcp --confirm-above-cents 50000   # chapter 4's rule instead of "every refund"

stdout carries the protocol and nothing else; anything the server says goes to stderr. The
README shows the configuration an MCP host needs to start it. Over stdio there is no channel for a
confirmation token yet (MCP's elicitation would be one), so a refund that needs the user's
confirmation is answered ``CONFIRMATION_REQUIRED``, which is the safe answer.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["build_parser", "main", "serve_stdio"]


def build_parser() -> argparse.ArgumentParser:
    """The options of ``python -m fcourse mcp``."""
    parser = argparse.ArgumentParser(
        prog="python -m fcourse mcp",
        description="Serve the course shop's tools (get_order, refund_order) over MCP on stdio, every call "
        "through the chapter-4 runtime.",
    )
    parser.add_argument("--db", default=":memory:", help="SQLite file for the shop (default: a fresh one in memory)")
    parser.add_argument(
        "--confirm-above-cents",
        type=int,
        default=0,
        help="refunds above this many cents need the user's confirmation (default 0: every refund)",
    )
    return parser


def serve_stdio(db: str = ":memory:", confirm_above_cents: int = 0) -> int:
    """Build the shop and serve it on this process's stdin/stdout until the client closes them."""
    import anyio
    from mcp.server.stdio import stdio_server

    from fcourse.remote.shop_server import ShopServer
    from fcourse.shop.world import build_world

    world = build_world(db, confirm_above_cents=confirm_above_cents)
    shop = ShopServer(world)

    async def run() -> None:
        async with stdio_server() as (read_stream, write_stream):
            await shop.server.run(read_stream, write_stream, shop.server.create_initialization_options())

    try:
        anyio.run(run)
    finally:
        world.close()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``python -m fcourse mcp [options]``; returns the exit code."""
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.confirm_above_cents < 0:
        print("fcourse mcp: --confirm-above-cents must be 0 or more", file=sys.stderr)
        return 2
    return serve_stdio(args.db, args.confirm_above_cents)
