"""What a request's ``response_format`` asks for, and its schema read the way a tool's parameters are read.

Introduced with Structured Outputs (issue 38; chapter 2's "four ways to get JSON"). ``response_format(request)``
returns a :class:`ResponseFormat`: ``json_object`` (JSON mode) or ``json_schema`` with its name, description,
schema and ``strict`` flag; ``None`` for plain text. The Responses API's ``text.format`` arrives here already
turned into the same field by the wire.

``plain(schema)`` rewrites a schema into the shape the argument filler reads: the local references a pydantic
model produces (``{"$ref": "#/$defs/Item"}``) are put in place, ``anyOf: [X, {"type": "null"}]`` (pydantic's
``Optional[X]``) becomes X with ``"null"`` added to its ``type``, and a one-member ``allOf`` is merged. What comes
out is only for *reading*; the value filled is always validated against the schema as the request sent it
(``fcourse.schema``). A reference that cannot be resolved, or one nested deeper than ``MAX_DEPTH`` (a recursive
model), becomes an empty schema, which the filler fills with nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fcourse.teaching.reading.params import main_type, types_of

__all__ = [
    "MAX_DEPTH",
    "ResponseFormat",
    "is_array_of_objects",
    "is_object",
    "nullable",
    "plain",
    "response_format",
]

#: how deep ``plain`` follows references and nesting (a recursive model stops here)
MAX_DEPTH = 12


@dataclass(frozen=True)
class ResponseFormat:
    """What the reply must be: ``kind`` "json_object" or "json_schema" (``name``, ``description``, ``schema``,
    ``strict``). ``schema`` is as the request sent it; ``plain(schema)`` is what the filler reads."""

    kind: str
    name: str = ""
    description: str = ""
    schema: Any = None
    strict: bool = False


def response_format(request: dict[str, Any]) -> ResponseFormat | None:
    """The validated request's ``response_format`` as a :class:`ResponseFormat`, or None for plain text."""
    spec = request.get("response_format")
    if not isinstance(spec, dict) or spec.get("type") not in ("json_object", "json_schema"):
        return None
    if spec["type"] == "json_object":
        return ResponseFormat("json_object")
    inner = spec.get("json_schema") if isinstance(spec.get("json_schema"), dict) else {}
    return ResponseFormat("json_schema", str(inner.get("name") or ""), str(inner.get("description") or ""),
                          inner.get("schema", {}), bool(inner.get("strict")))


def _resolve(ref: str, root: dict[str, Any]) -> Any:
    """A local JSON pointer (``#/$defs/Item``) inside ``root``, or None."""
    if not ref.startswith("#"):
        return None
    node: Any = root
    for part in ref[1:].split("/")[1:] if ref != "#" else []:
        part = part.replace("~1", "/").replace("~0", "~")
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def _merge(outer: dict[str, Any], inner: dict[str, Any]) -> dict[str, Any]:
    """``inner`` with the outer schema's own words (description, title, default) on top."""
    merged = dict(inner)
    for key in ("description", "title", "default"):
        if key in outer:
            merged[key] = outer[key]
    return merged


def plain(schema: Any, root: Any = None, depth: int = 0) -> dict[str, Any]:
    """``schema`` with references resolved and nullable unions flattened (see the module docstring)."""
    root = schema if root is None else root
    if not isinstance(schema, dict) or depth > MAX_DEPTH:
        return {}
    node = dict(schema)
    if isinstance(node.get("$ref"), str):
        target = _resolve(node.pop("$ref"), root)
        return plain(_merge(node, target), root, depth + 1) if isinstance(target, dict) else {}
    for key in ("anyOf", "oneOf"):
        options = node.get(key)
        if isinstance(options, list):
            real = [o for o in options if not (isinstance(o, dict) and o.get("type") == "null")]
            if len(real) == 1 and len(options) == 2:
                node.pop(key)
                inner = plain(real[0], root, depth + 1)
                kinds = types_of(inner) or ([main_type(inner)] if main_type(inner) != "enum" else [])
                merged = _merge(node, inner)
                merged["type"] = [*kinds, "null"] if kinds else ["null"]
                if "enum" in merged and None not in merged["enum"]:
                    merged["enum"] = [*merged["enum"], None]
                return merged
    all_of = node.get("allOf")
    if isinstance(all_of, list) and len(all_of) == 1:
        node.pop("allOf")
        return plain(_merge(node, all_of[0]) if isinstance(all_of[0], dict) else node, root, depth + 1)
    if isinstance(node.get("properties"), dict):
        node["properties"] = {k: plain(v, root, depth + 1) for k, v in node["properties"].items()}
    if isinstance(node.get("items"), dict):
        node["items"] = plain(node["items"], root, depth + 1)
    node.pop("$defs", None)
    node.pop("definitions", None)
    return node


def is_object(schema: dict[str, Any]) -> bool:
    """Whether a (plain) schema is an object with properties of its own."""
    return main_type(schema) == "object" or "properties" in schema and not types_of(schema)


def is_array_of_objects(schema: dict[str, Any]) -> bool:
    """Whether a (plain) schema is an array whose items are objects."""
    items = schema.get("items")
    return main_type(schema) == "array" and isinstance(items, dict) and is_object(items)


def nullable(schema: dict[str, Any]) -> bool:
    """Whether ``null`` is a value the (plain) schema takes."""
    return "null" in types_of(schema) or None in (schema.get("enum") or ())
