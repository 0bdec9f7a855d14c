"""Finding JSON-looking objects in a model's free text, without guessing.

Introduced in chapter 1. A text model asked to "reply only with JSON" may wrap
the object in prose or a markdown fence, cut it off, or write two. This module
only *locates* candidates; :mod:`fcourse.prompting.parse` decides what they mean.

Why a hand-written scanner and not a regular expression: JSON objects nest, and
braces inside JSON strings (``"note": "use {x}"``) must not count. The scanner
tracks depth and double-quoted strings, which is all that locating needs; the
parsing itself is left to :func:`json.loads`.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Candidate", "DuplicateKeyError", "fence_bodies", "find_candidates", "strict_loads"]

_FENCE_RE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\n(.*?)(?:\n[ \t]*```|\Z)", re.DOTALL)


class DuplicateKeyError(ValueError):
    """A JSON object names the same key twice: which value was meant is ambiguous.

    Internal to the parsers (caught and turned into a reply's ``error``); never
    escapes :func:`fcourse.prompting.parse.parse_prompt_reply`.
    """


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text} is not a finite number")
    return value


def strict_loads(text: str) -> Any:
    """``json.loads`` that refuses what JSON does not allow, or allows ambiguously.

    Python's ``json`` accepts ``NaN``/``Infinity``, reads ``1e999`` as infinity and
    silently keeps the *last* of two equal keys; all are refused here (``ValueError``;
    a duplicate key is a :class:`DuplicateKeyError`). Deep nesting raises ``RecursionError``.
    Chapter 2's ``fcourse.protocol.execute.parse_arguments`` reads tool-call arguments with it too.
    (Chapter 4's registry has its own reader, ``fcourse.runtime.arguments``: a pre-built decoder
    with a fast path, measured in ``benchmarks/bench_registry.py``, that also refuses lone surrogates.)
    """
    return json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant, parse_float=_finite_float)


@dataclass(frozen=True)
class Candidate:
    """One ``{`` ... in the text: where it starts, where it ends (None: never closed)."""

    start: int
    end: int | None
    text: str

    @property
    def closed(self) -> bool:
        """Whether the braces balance (a cut-off reply leaves the last one open)."""
        return self.end is not None


def _close(text: str, start: int) -> int | None:
    depth, in_string, i = 0, False, start
    while i < len(text):
        c = text[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == "\\":
            i += 1  # an escaped quote outside a string (double-encoded JSON) opens nothing
        elif c == '"':
            in_string = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def find_candidates(text: str) -> list[Candidate]:
    """Every top-level ``{...}`` in ``text``, in order, plus a trailing one that never closes.

    Braces inside double-quoted strings within an object are skipped. A brace
    that opens and never closes ends the scan: everything after it belongs to it.
    """
    found: list[Candidate] = []
    i = 0
    while True:
        start = text.find("{", i)
        if start < 0:
            return found
        end = _close(text, start)
        if end is None:
            found.append(Candidate(start, None, text[start:]))
            return found
        found.append(Candidate(start, end, text[start:end]))
        i = end


def fence_bodies(text: str) -> list[str]:
    """The contents of the markdown code fences (```json ... ```) in ``text``."""
    return [m.group(1) for m in _FENCE_RE.finditer(text)]
