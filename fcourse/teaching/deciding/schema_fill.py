"""Filling a response schema from the conversation, with the reading that fills a tool's arguments (issue 38).

Introduced with Structured Outputs (chapter 2: the same extraction four ways). A response schema is read the
way a tool's ``parameters`` are: ``fill_schema(request, response_format)`` treats each object of the schema as
the parameters of a tool the request names (``tool_choice`` forced), and runs the policy's stages 1-4b on it -
read the conversation, score, fill (``arguments``: types, enums, patterns, formats, descriptions) and check
(``checking``: excluded values, where a context value may be used, dates, numbers in words, enum values in
other words, the JSON Schema). So a value comes only from where a tool's argument could: the user's turns, the
system/developer context, or - here also - a tool result. Nothing is invented: a required value found nowhere
is *missing*, and the wording stage turns a strict schema with a missing value into a refusal.

What the tool filler does not do, this module adds, by the schema's shape and never by its words:

- **tool results** (an agent's final answer): a field takes the value of a JSON result's key that names it
  (``result_values.by_key``); a result that is not JSON is read like the context a runtime states;
- **nested objects** (``customer: {name, email}``): filled as a tool of their own, from the same sources;
  one that gets nothing is ``null`` when it may be, else missing;
- **arrays of objects** (line items): the list's stretch of the text is cut into elements
  (``schema_lists``), and each element filled as one item - an element that gives no value is no item;
- **arrays of text or enum values**: the elements after the words that name the list, or the enum values
  named, in order.

A field nothing gave is left out when it is optional, ``null`` when it is nullable (strict schemas write
optional fields so), its ``default`` when it has one, else missing. Every value's ``path`` (``$.items[1].sku``),
``source`` and ``how`` go to the decision record (``fcourse.explain``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from fcourse.teaching.deciding.checking import check
from fcourse.teaching.deciding.conversation import read_conversation
from fcourse.teaching.deciding.filling import fill
from fcourse.teaching.deciding.intents import choose
from fcourse.teaching.deciding.response_schema import (
    ResponseFormat,
    is_array_of_objects,
    is_object,
    nullable,
    plain,
)
from fcourse.teaching.deciding.result_values import by_key, results_of
from fcourse.teaching.deciding.routing import THRESHOLD, route
from fcourse.teaching.deciding.schema_lists import elements, enum_items, led_elements, named_region, region, strip_lead
from fcourse.teaching.reading.analysis import analyse
from fcourse.teaching.reading.freetext import AFTER_COLON, CUT_FROM_AROUND
from fcourse.teaching.reading.params import main_type, name_words, param_text

__all__ = ["SchemaFill", "fill_schema"]

#: a value the reader cut from around the words of the request, or a default / null: not one the text gave
_NOT_GIVEN = (*CUT_FROM_AROUND, "schema default", "not mentioned", "nullable")
#: how a list element's leftover words are recorded
_REST = "the rest of the list's element"
#: free text taken only because a required text wants something: never for a field that may be null
_LOOSE = (*CUT_FROM_AROUND, AFTER_COLON)


@dataclass
class SchemaFill:
    """What the conversation gives for a schema: ``value`` (the object, as far as it could be filled),
    ``values`` (each value's ``path``, ``value``, ``source``, ``how``), ``missing`` (paths of required values
    found nowhere) and ``checks`` (what stage 4b changed, by path)."""

    value: Any = None
    values: list[dict[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    checks: list[dict[str, Any]] = field(default_factory=list)


def _tool_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64] or "response"


def _given(entry: dict[str, Any]) -> bool:
    """Whether a value was given by the conversation or a tool result (not a default, a null, or a guess)."""
    return entry.get("value") is not None and not str(entry.get("how", "")).startswith(_NOT_GIVEN) \
        and entry.get("source") != "schema default"


class _Reader:
    """The request, its tool results, and the filler's stages run on one object of the schema."""

    def __init__(self, request: dict[str, Any]) -> None:
        self.request = request
        messages = list(request.get("messages") or [])
        self.parsed, texts = results_of(messages)
        self.results = "\n".join(texts).strip()
        self.context = "\n".join(str(m.get("content") or "") for m in messages
                                 if m.get("role") in ("system", "developer"))
        if self.results:  # the results read as facts a runtime states (source: "tool result", see _source)
            messages = [{"role": "system", "content": self.results}, *messages]
        self.messages = messages
        user = [str(m.get("content") or "") for m in messages if m.get("role") == "user"]
        self.latest = user[-1] if user else ""

    def _source(self, entry: dict[str, Any]) -> str:
        source = str(entry.get("source", ""))
        value = str(entry.get("value"))
        if source.startswith("system") and self.results and value in self.results and value not in self.context:
            return "tool result"
        return source

    def stages(self, name: str, about: str, props: dict[str, Any], required: list[str],
               only: str | None = None) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
        """Stages 1-4b on ``props`` as a tool's parameters: ``(arguments, provenance, checks)``. ``only``
        replaces the conversation by one user turn (a list's element); ``only=""`` keeps the context alone."""
        tool_name = _tool_name(name)
        tool = {"type": "function", "function": {"name": tool_name, "description": about,
                                                 "parameters": {"type": "object", "properties": props,
                                                                "required": required}}}
        messages = [{"role": "user", "content": only}] if only is not None else self.messages
        if only == "":
            messages = [m for m in self.messages if m.get("role") in ("system", "developer")] + messages
        pseudo = {**self.request, "messages": messages, "tools": [tool], "parallel_tool_calls": False,
                  "tool_choice": {"type": "function", "function": {"name": tool_name}}, "response_format": None}
        conversation = read_conversation(pseudo, THRESHOLD)
        routing = route(conversation)
        act = choose(conversation, routing)
        proposal = check(conversation, routing, act, fill(conversation, routing, act))
        if not proposal.filled:
            return {}, [], []
        _, filled = proposal.filled[0]
        provenance = [dict(p, source=self._source(p) if not only else "latest user turn")
                      for p in filled.provenance]
        return dict(filled.arguments), provenance, list(proposal.checks)


def _about(name: str, schema: dict[str, Any]) -> str:
    return str(schema.get("description") or schema.get("title") or name_words(name)).strip()


def _list_words(name: str, schema: dict[str, Any]) -> frozenset[str]:
    items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
    return frozenset(analyse(param_text(name, schema) + " " + str(items.get("description", ""))).keys)


def _scalar_list(reader: _Reader, name: str, schema: dict[str, Any]) -> tuple[list[Any], str] | None:
    """An array of enum values or of text the filler leaves: the values named, or the list's elements."""
    items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
    for text in (reader.latest, reader.results):
        if not text:
            continue
        if "enum" in items:
            named = enum_items(named_region(text, _list_words(name, schema)) or text, list(items["enum"]))
            if named:
                return named, "the enum values named, in order"
            continue
        if main_type(items) != "string":
            continue
        stretch = named_region(text, _list_words(name, schema))
        if stretch:
            return elements(stretch), "the elements of the list after the words that name it"
    return None


def _scalars(value: Any) -> list[Any]:
    """Every string and number inside a filled value."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in _scalars(v)]
    if isinstance(value, list):
        return [x for v in value for x in _scalars(v)]
    return [] if value is None or isinstance(value, bool) else [value]


def _holds_another(values: dict[str, Any], key: str, out: SchemaFill, path: str) -> bool:
    """Whether the loose text ``values[key]`` holds a value another field took from the same words ("We need 12
    seats" is no company name once ``seats`` is 12): the same words are not two fields' values."""
    text = str(values[key])
    return any(str(x) in text for other, value in values.items()
               if other != key and not _how(out, f"{path}.{other}").startswith(_LOOSE) for x in _scalars(value))


def _how(out: SchemaFill, path: str) -> str:
    return next((str(v.get("how", "")) for v in out.values if v["path"] == path), "")


def _items(reader: _Reader, name: str, schema: dict[str, Any], path: str, out: SchemaFill) -> list[Any] | None:
    """An array of objects: each element of the list's stretch filled as one item (None: no list found).

    An element that gives no value is no item; when some elements give a value a finder read (a number, an
    e-mail address, a pattern), one whose only value is its own leftover words ("our ref PO-88" after
    "3 x AB-1234 and 10 x CD-5678") is no item either."""
    item = schema["items"]
    words = _list_words(name, schema)
    text = reader.latest
    found: list[tuple[SchemaFill, Any]] = []
    for k, element in enumerate(led_elements(region(text, words))):
        scratch = SchemaFill()
        value = _object(reader, item, name, _about(name, item), f"{path}[#{k}]", scratch, element)
        if any(_given(v) for v in scratch.values):
            found.append((scratch, value))

    def read(scratch: SchemaFill) -> bool:
        return any(_given(v) and v["how"] != _REST for v in scratch.values)

    if any(read(scratch) for scratch, _ in found):
        found = [(scratch, value) for scratch, value in found if read(scratch)]
    names_list = bool(words & analyse(text).keys) or named_region(text, words) is not None
    if not (len(found) >= 2 or (found and names_list)):
        return None
    marks = re.compile(re.escape(path) + r"\[#(\d+)\]")
    for i, (scratch, _) in enumerate(found):
        def renumber(p: str, i: int = i) -> str:
            return marks.sub(f"{path}[{i}]", p)
        out.values += [dict(v, path=renumber(v["path"])) for v in scratch.values]
        out.missing += [renumber(p) for p in scratch.missing]
        out.checks += [dict(c, path=renumber(str(c.get("path", "")))) for c in scratch.checks]
    return [value for _, value in found]


#: words that join a count to the thing counted in a list ("2 x SKU-100", "3 units of", "两份")
_GLUE = re.compile(r"^(?:[x×*]|of|units? of|pieces? of|pcs\.? of|pcs|份|个|杯|件)\s*|\s+(?:each|apiece)$",
                   re.IGNORECASE)


def _rest_of(element: str, flat: dict[str, Any], required: list[str],
             values: dict[str, Any]) -> tuple[str, str] | None:
    """The one required text field an element left empty (or filled with the whole element), and what the
    other fields' values leave of the element: ``(field, text)``, or None."""
    from fcourse.schema import validate

    open_fields = [k for k in required if main_type(flat[k]) == "string" and "enum" not in flat[k]
                   and (k not in values or values[k] in (element.strip(), strip_lead(element)))]
    if len(open_fields) != 1:
        return None
    rest = strip_lead(element)
    for key, value in values.items():
        if key != open_fields[0] and value is not None and not isinstance(value, bool):
            rest = rest.replace(str(value), " ", 1)
    rest = " ".join(rest.split())
    while (trimmed := _GLUE.sub("", rest).strip(" ,.;:：，。")) != rest:
        rest = trimmed
    if not rest or validate(rest, flat[open_fields[0]]):
        return None
    return open_fields[0], rest


def _object(reader: _Reader, schema: dict[str, Any], name: str, about: str, path: str, out: SchemaFill,
            only: str | None = None) -> dict[str, Any]:
    """One object of the schema filled (see the module docstring); notes go to ``out``."""
    props = {k: v for k, v in (schema.get("properties") or {}).items() if isinstance(v, dict)}
    required = [r for r in schema.get("required") or [] if isinstance(r, str) and r in props]
    values: dict[str, Any] = {}

    def note(key: str, value: Any, source: str, how: str) -> None:
        values[key] = value
        out.values[:] = [v for v in out.values if v["path"] != f"{path}.{key}"]
        out.values.append({"path": f"{path}.{key}", "value": value, "source": source, "how": how})

    if only is None:
        for key, sub in props.items():  # 1. what a tool result gave, by its key
            hit = by_key(reader.parsed, key, sub)
            if hit is not None:
                note(key, hit[0], "tool result", hit[1])
    flat = {k: v for k, v in props.items() if k not in values and not is_object(v) and not is_array_of_objects(v)}
    if flat:  # 2. the tool filler's stages on the flat fields; a nullable one is optional to them
        wanted = [r for r in required if r in flat and not nullable(flat[r])]
        args, provenance, checks = reader.stages(name, about, flat, wanted, only)
        for entry in provenance:
            key, how = entry["param"], str(entry.get("how", ""))
            if key in flat and nullable(flat[key]) and how.startswith(_LOOSE):
                args.pop(key, None)  # a field that may be null takes no text merely cut from around the request
            elif key in args and key in flat:
                note(key, args[key], entry["source"], how)
        for key in args:
            if key in flat and key not in values:
                note(key, args[key], "schema default" if "default" in flat[key] else "schema", "filled by default")
        out.checks += [dict(c, path=f"{path}.{c.get('param')}") for c in checks]
        if only is None:  # a text the context labels beats words merely cut from around the request
            loose = {k: flat[k] for k in wanted if main_type(flat[k]) == "string" and "enum" not in flat[k]
                     and (k not in values or _how(out, f"{path}.{k}").startswith(_LOOSE))}
            if loose and reader.context:
                stated, provenance, _ = reader.stages(name, about, loose, list(loose), "")
                for entry in provenance:
                    if entry["param"] in stated and str(entry.get("source", "")).startswith("system"):
                        note(entry["param"], stated[entry["param"]], entry["source"], str(entry.get("how", "")))
        if only is not None:  # a list's element: what the other fields leave of it names the item
            rest = _rest_of(only, flat, [r for r in required if r in flat], values)
            if rest is not None:
                note(rest[0], rest[1], "latest user turn", _REST)
        for key, sub in flat.items():  # arrays the filler leaves: enum values named, a list's elements
            if key not in values and main_type(sub) == "array" and only is None:
                got = _scalar_list(reader, key, sub)
                if got is not None:
                    note(key, got[0], "latest user turn", got[1])
    for key, sub in props.items():  # 3. nested objects; 4. arrays of objects
        if key in values:
            continue
        if is_object(sub):
            scratch = SchemaFill()
            value = _object(reader, sub, key, _about(key, sub), f"{path}.{key}", scratch, only)
            taken = [v for v in values.values() if isinstance(v, str)]
            given = [v for v in scratch.values if _given(v)
                     and not any(isinstance(v["value"], str) and v["value"] in t for t in taken)]
            if given and not (scratch.missing and nullable(sub)):  # half an object that may be null is null
                values[key] = value
                out.values += scratch.values
                out.missing += scratch.missing
                out.checks += scratch.checks
        elif is_array_of_objects(sub) and only is None:
            got_items = _items(reader, key, sub, f"{path}.{key}", out)
            if got_items is not None:
                values[key] = got_items
    for key in list(values):  # the same words are not two fields' values
        if _how(out, f"{path}.{key}").startswith(_LOOSE) and _holds_another(values, key, out, path):
            out.checks.append({"path": f"{path}.{key}", "param": key, "value": values.pop(key), "action": "removed",
                               "why": "text cut from around the request that holds another field's value"})
            out.values[:] = [v for v in out.values if v["path"] != f"{path}.{key}"]
    for key, sub in props.items():  # 5. what nothing gave
        if key in values:
            continue
        if "default" in sub:
            note(key, sub["default"], "schema default", "not mentioned; default used")
        elif nullable(sub) and key in required:
            note(key, None, "schema", "nullable and not given: null")
        elif key in required:
            out.missing.append(f"{path}.{key}")
    return {k: values[k] for k in props if k in values}


def fill_schema(request: dict[str, Any], fmt: ResponseFormat) -> SchemaFill:
    """Fill ``fmt``'s schema from the validated request's conversation (see the module docstring)."""
    root = plain(fmt.schema)
    wrapped = not is_object(root)
    key = _tool_name(fmt.name or "value")
    if wrapped:  # a schema whose root is no object (non-strict only): read it as the one field of an object
        root = {"type": "object", "properties": {key: root}, "required": [key]}
    out = SchemaFill()
    reader = _Reader(request)
    value = _object(reader, root, fmt.name or "response", fmt.description or _about(fmt.name, root), "$", out)
    if wrapped:
        value = value.get(key)
        for entry in out.values:
            entry["path"] = entry["path"].replace(f"$.{key}", "$", 1)
        out.missing = [p.replace(f"$.{key}", "$", 1) for p in out.missing]
    out.value = value
    return out
