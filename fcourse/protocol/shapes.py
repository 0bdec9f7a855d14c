"""Three vendors, one idea: the tool round trip in OpenAI Chat Completions, OpenAI Responses and Anthropic
Messages, as data (``shapes.json``).

Introduced in chapter 2 (the same round trip, two shapes). Each vendor offers a tool as a JSON Schema, has
the model propose a call with an id, and wants the result back naming that id; only the field names and
where things sit differ. :func:`tool_shapes` returns the table (one row per aspect, one column per
vendor) and one worked example per vendor (the tool, the call, the result), so a notebook shows the
comparison without typing it in. The field names are checked by tests/test_protocol_shapes.py: the
OpenAI examples against the installed openai SDK's own types, every example against its own row.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["ShapeTable", "tool_shapes"]


@dataclass(frozen=True)
class ShapeTable:
    """The comparison: ``aspects`` (key, meaning), ``vendors`` (each a dict of those keys and ``example``)."""

    about: str
    aspects: tuple[tuple[str, str], ...]
    vendors: tuple[dict[str, Any], ...]

    def row(self, aspect: str) -> dict[str, str]:
        """``{vendor name: value}`` for one aspect ("call_id", "result", ...)."""
        return {vendor["name"]: vendor[aspect] for vendor in self.vendors}

    def example(self, vendor: str) -> dict[str, Any]:
        """The worked example (``tool``, ``call``, ``result``) of one vendor, by name."""
        for entry in self.vendors:
            if entry["name"] == vendor:
                return dict(entry["example"])
        raise KeyError(f"no vendor named {vendor!r}; the vendors are {[v['name'] for v in self.vendors]}")

    def text(self) -> str:
        """The table as plain text, one aspect per block."""
        lines = []
        for key, meaning in self.aspects:
            lines.append(f"{key} ({meaning}):")
            lines += [f"  {v['name']}: {v[key] or '-'}" for v in self.vendors]
        return "\n".join(lines)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        head = "".join(f"<th>{html.escape(v['name'])}</th>" for v in self.vendors)
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(meaning)}</th>"
            + "".join(f"<td style='text-align:left'><code>{html.escape(v[key] or '-')}</code></td>"
                      for v in self.vendors) + "</tr>"
            for key, meaning in self.aspects)
        return {"text/plain": self.text(),
                "text/html": f"<table><thead><tr><th></th>{head}</tr></thead><tbody>{rows}</tbody></table>"}


def tool_shapes() -> ShapeTable:
    """The three vendors' tool round trips side by side (chapter 2), read from the package's ``shapes.json``."""
    data = json.loads(resources.files("fcourse.protocol").joinpath("shapes.json").read_text(encoding="utf-8"))
    return ShapeTable(data["about"], tuple((k, m) for k, m in data["aspects"]), tuple(data["vendors"]))
