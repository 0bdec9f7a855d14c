"""The ``fcourse`` command line: ``serve`` the teaching model, serve the shop over ``mcp``, or run a ``demo``.

Introduced in chapter 0 (start here)::

    python -m fcourse serve [--host 127.0.0.1] [--port 8765] [--quiet]
    python -m fcourse mcp [--db PATH] [--confirm-above-cents N]   # chapter 5: the shop as an MCP server (stdio)
    python -m fcourse demo refund [--scenario NAME]
    python -m fcourse cache          # build the teaching model's resource cache now (make install runs it)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for ``python -m fcourse``."""
    from fcourse.teaching.wire.server import DEFAULT_HOST, DEFAULT_PORT

    parser = argparse.ArgumentParser(
        prog="python -m fcourse",
        description="An offline, hands-on course on LLM function calling.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    serve = commands.add_parser(
        "serve",
        help="serve the offline teaching model over HTTP (OpenAI-compatible)",
        description="Serve the offline teaching model at http://HOST:PORT/v1 until Ctrl-C.",
    )
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    serve.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=f"port to listen on, 0 for any free one (default {DEFAULT_PORT})",
    )
    serve.add_argument("--quiet", action="store_true", help="do not log each request")
    commands.add_parser(
        "cache",
        help="build the teaching model's resource cache now, so the first reply need not",
        description="Derive the teaching model's word tables and encoder arrays into the resource cache "
        "(FCOURSE_CACHE_DIR, else ~/.cache/fcourse) and print where they are.",
    )
    commands.add_parser(
        "mcp",
        help="serve the chapter-4 shop's tools as an MCP server on stdio (for an MCP host)",
        description="Chapter 5: the shop's tools over the Model Context Protocol; `mcp --help` lists the options.",
        add_help=False,
    ).add_argument("args", nargs=argparse.REMAINDER, help="options for the MCP server (see `mcp --help`)")
    demo = commands.add_parser("demo", help="run a demo, e.g. `demo refund --scenario NAME`", add_help=False)
    demo.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the demo")
    return parser


def _warm_cache() -> list[str]:
    """Open every cached resource of the teaching model once, building what is missing; a line for each."""
    import time

    from fcourse.teaching.reading import encoder, glosses, proper_names, resources, segmenter

    lines = []
    for name, load in (("jieba's dictionary tables", segmenter._tables), ("CC-CEDICT's glosses", glosses._table),
                       ("CC-CEDICT's English vocabulary", proper_names._vocabulary_and_stems),
                       ("the sentence encoder", encoder.encoder)):
        start = time.perf_counter()
        load()
        lines.append(f"{name}: ready in {time.perf_counter() - start:.1f} s")
    lines.append(f"resource cache: {resources.cache_root()}")
    return lines


def _demo(argv: list[str]) -> int:
    from fcourse.shop import demo

    return int(demo.main(argv) or 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["mcp"]:  # its options are its own (argparse's REMAINDER would not pass `--help` on)
        from fcourse.remote import cli

        return cli.main(argv[1:])
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        if not 0 <= args.port <= 65535:
            print(f"fcourse serve: --port must be between 0 and 65535, got {args.port}", file=sys.stderr)
            return 2
        from fcourse.teaching.wire.server import serve

        return serve(args.host, args.port, args.quiet)
    if args.command == "cache":
        for line in _warm_cache():
            print(line)
        return 0
    return _demo(args.args)


if __name__ == "__main__":
    sys.exit(main())
