"""Digging a prompt-hack action out of a model's text: three strategies, none of which raises.

Introduced in chapter 1. Before native tool calling, a system prompt asked the
model to answer with a flat JSON object such as
``{"action": "get_weather", "city": "北京"}`` and a parser pulled the action out
of whatever text came back. :func:`parse_prompt_reply` does that three ways:

``"naive"``
    ``json.loads`` of the whole reply. Right when the reply is exactly the
    object; a refusal otherwise.
``"defensive"``
    looks for exactly one action object in surrounding prose or a markdown
    fence, and refuses what is ambiguous (two actions, a key given twice),
    cut off, double-encoded, inside an array, or not an object.
``"repair"``
    hands the reply to the json-repair library, then makes the same checks.
    It rescues trailing commas and single quotes, and it can also turn a broken
    reply into a *valid but wrong* call (the last of two objects, a city name
    cut in half): chapter 1 measures how often.

Naive and defensive never return a call the reply did not unambiguously
contain. With ``tools`` (OpenAI-style tool definitions) the action must name
one of them and the arguments must satisfy its JSON Schema (checked through
:mod:`fcourse.schema`), so a wrong call is *detected* where the schema can see
it. Every failure is data: ``ok=False``, an error ``code`` and an ``error`` in
words; nothing raises, whatever the input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fcourse.prompting.scan import DuplicateKeyError, fence_bodies, find_candidates, strict_loads

__all__ = ["ACTION_KEY", "ERROR_CODES", "STRATEGIES", "ParsedReply", "parse_prompt_reply", "tool_schemas"]

#: the key that names the action in the flat prompt-hack format
ACTION_KEY = "action"

#: the three parsing strategies, from most to least trusting of the model's formatting
STRATEGIES: tuple[str, ...] = ("naive", "defensive", "repair")

#: every ``ParsedReply.code`` a failure can carry, with what it means
ERROR_CODES: dict[str, str] = {
    "BAD_INPUT": "the reply is not a string",
    "EMPTY": "the reply is empty",
    "NOT_JSON": "no parsable JSON object in the reply",
    "NOT_AN_OBJECT": "JSON, but an array, string, number or null instead of one object",
    "DOUBLE_ENCODED": "a JSON object encoded again inside a JSON string",
    "TRUNCATED": "an object that opens and never closes: the reply was cut off",
    "AMBIGUOUS": "more than one action, or a key given twice: which one was meant is a guess",
    "NO_ACTION": "a JSON object without an 'action' key",
    "BAD_ACTION": "the 'action' value is not a non-empty string",
    "UNKNOWN_ACTION": "the action names no tool in the tool list",
    "INVALID_ARGUMENTS": "the arguments break the tool's JSON Schema",
    "BAD_TOOLS": "the tool definitions given to the parser are unusable",
    "UNKNOWN_STRATEGY": "no such parsing strategy",
}

_LOOKS_LIKE_JSON = re.compile(r"^\{\s*[\"'\\]")
_MENTIONS_ACTION = re.compile(r"""\\?["']action\\?["']""")


@dataclass(frozen=True)
class ParsedReply:
    """What a strategy made of one reply.

    ``ok`` is True only for one well-formed action (valid for ``tools`` when
    given); then ``name`` is the action and ``arguments`` the other keys.
    ``repaired`` says the text had to be changed to get there (repair only).
    On failure ``name`` is None, ``arguments`` empty, ``code`` one of
    :data:`ERROR_CODES` and ``error`` says why in words; ``issues`` lists the
    schema violations for ``INVALID_ARGUMENTS``.
    """

    ok: bool
    strategy: str
    name: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    repaired: bool = False
    error: str | None = None
    code: str | None = None
    issues: tuple[Any, ...] = ()

    @property
    def call(self) -> dict[str, Any] | None:
        """``{"name", "arguments"}`` when ok, else None."""
        return {"name": self.name, "arguments": dict(self.arguments)} if self.ok else None

    def summary(self) -> str:
        """One line: the call, or the refusal and why."""
        if self.ok:
            args = json.dumps(self.arguments, ensure_ascii=False, sort_keys=True)
            return f"{self.name} {args}" + ("  (repaired)" if self.repaired else "")
        return f"refused {self.code}: {self.error}"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every field."""
        return {
            "ok": self.ok, "strategy": self.strategy, "name": self.name, "arguments": dict(self.arguments),
            "repaired": self.repaired, "error": self.error, "code": self.code,
            "issues": [getattr(i, "to_dict", lambda i=i: str(i))() for i in self.issues],
        }

    def __str__(self) -> str:
        return f"{self.strategy}: {self.summary()}"


def _fail(strategy: str, code: str, error: str, *, repaired: bool = False, issues: tuple[Any, ...] = ()) -> ParsedReply:
    return ParsedReply(False, strategy, error=error, code=code, repaired=repaired, issues=issues)


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def tool_schemas(tools: Any) -> dict[str, dict[str, Any]] | str:
    """``{tool name: parameters schema}`` from OpenAI-style definitions, or why they are unusable.

    Accepts ``{"type": "function", "function": {"name", "parameters"}}`` and the
    bare ``{"name", "parameters"}``; a tool without ``parameters`` takes an
    empty object.
    """
    if isinstance(tools, Mapping) or not isinstance(tools, Sequence) or isinstance(tools, str | bytes):
        return f"tools must be a list of tool definitions, not {type(tools).__name__}"
    table: dict[str, dict[str, Any]] = {}
    for index, tool in enumerate(tools):
        spec = tool.get("function", tool) if isinstance(tool, Mapping) else None
        name = spec.get("name") if isinstance(spec, Mapping) else None
        if not isinstance(name, str) or not name:
            return f"tools[{index}] has no function name"
        params = spec.get("parameters", {"type": "object", "properties": {}})
        if not isinstance(params, Mapping):
            return f"tools[{index}] ({name}): parameters must be a JSON Schema object"
        table[name] = dict(params)
    return table


def _check(obj: dict[str, Any], strategy: str, repaired: bool, tools: Any) -> ParsedReply:
    """The checks every strategy shares, once it holds one JSON object."""
    if ACTION_KEY not in obj:
        keys = ", ".join(map(repr, list(obj)[:5])) or "no keys"
        return _fail(strategy, "NO_ACTION", f"a JSON object without an {ACTION_KEY!r} key ({keys})",
                     repaired=repaired)
    name = obj[ACTION_KEY]
    if not isinstance(name, str) or not name.strip():
        return _fail(strategy, "BAD_ACTION", f"{ACTION_KEY!r} must name a tool, got {_short(name)}",
                     repaired=repaired)
    arguments = {k: v for k, v in obj.items() if k != ACTION_KEY}
    if tools is not None:
        table = tool_schemas(tools)
        if isinstance(table, str):
            return _fail(strategy, "BAD_TOOLS", table, repaired=repaired)
        if name not in table:
            known = ", ".join(sorted(table)) or "none"
            return _fail(strategy, "UNKNOWN_ACTION", f"{_short(name)!r} is not one of the tools ({known})",
                         repaired=repaired)
        try:
            from fcourse.schema import validate

            issues = tuple(validate(arguments, table[name]))
        except Exception as error:  # noqa: BLE001 - a broken schema is reported, never raised
            return _fail(strategy, "BAD_TOOLS", f"the schema of {name!r} cannot be used: {error}", repaired=repaired)
        if issues:
            said = "; ".join(f"{i.path}: {i.message}" for i in issues[:3])
            more = f" (and {len(issues) - 3} more)" if len(issues) > 3 else ""
            return _fail(strategy, "INVALID_ARGUMENTS", f"arguments for {name} break its schema: {said}{more}",
                         repaired=repaired, issues=issues)
    return ParsedReply(True, strategy, name=name, arguments=arguments, repaired=repaired)


def _not_object(strategy: str, value: Any, *, repaired: bool = False) -> ParsedReply:
    if isinstance(value, str):
        try:
            inner = strict_loads(value)
        except (ValueError, RecursionError):
            inner = None
        if isinstance(inner, dict):
            return _fail(strategy, "DOUBLE_ENCODED",
                         "the reply is a JSON string holding a JSON object (double-encoded); refusing to decode twice",
                         repaired=repaired)
    kind = {list: "an array", str: "a string", bool: "a boolean", type(None): "null"}.get(type(value), "a number")
    return _fail(strategy, "NOT_AN_OBJECT", f"the JSON is {kind}, not one object: {_short(value)}", repaired=repaired)


# ------------------------------------------------------------------ naive


def _naive(text: str, tools: Any) -> ParsedReply:
    try:
        value = strict_loads(text)
    except DuplicateKeyError as error:
        return _fail("naive", "AMBIGUOUS", str(error))
    except (ValueError, RecursionError) as error:
        return _fail("naive", "NOT_JSON", f"json.loads failed: {error}")
    if not isinstance(value, dict):
        return _not_object("naive", value)
    return _check(value, "naive", False, tools)


# ------------------------------------------------------------------ defensive


def _whole_not_object(text: str) -> ParsedReply | None:
    """The reply (or a fence in it) is valid JSON but not an object: say so."""
    for body in [text, *fence_bodies(text)]:
        try:
            value = strict_loads(body.strip())
        except DuplicateKeyError as error:
            return _fail("defensive", "AMBIGUOUS", str(error))
        except (ValueError, RecursionError):
            continue
        if not isinstance(value, dict):
            return _not_object("defensive", value)
    return None


def _holds_action(value: Any, depth: int = 0) -> bool:
    """Whether an action object is nested anywhere inside ``value``."""
    if depth > 50:
        return True  # too deep to tell: treat as suspicious
    if isinstance(value, dict):
        return ACTION_KEY in value or any(_holds_action(v, depth + 1) for v in value.values())
    if isinstance(value, list):
        return any(_holds_action(v, depth + 1) for v in value)
    return False


def _inside_array(text: str, start: int) -> bool:
    before = text[:start].rstrip()
    return before.endswith(("[", ","))


def _defensive(text: str, tools: Any) -> ParsedReply:
    whole = _whole_not_object(text)
    if whole is not None:
        return whole
    actions: list[dict[str, Any]] = []
    others = 0
    problems: list[ParsedReply] = []
    for candidate in find_candidates(text):
        if not candidate.closed:
            if _LOOKS_LIKE_JSON.match(candidate.text):
                problems.append(_fail("defensive", "TRUNCATED",
                                      f"an object opens and never closes (cut off?): {_short(candidate.text)}"))
            continue
        try:
            value = strict_loads(candidate.text)
        except DuplicateKeyError as error:
            problems.append(_fail("defensive", "AMBIGUOUS", str(error)))
            continue
        except (ValueError, RecursionError) as error:
            if '\\"' in candidate.text and _MENTIONS_ACTION.search(candidate.text):
                problems.append(_fail("defensive", "DOUBLE_ENCODED",
                                      "an object with escaped quotes: JSON inside a JSON string; refusing to guess"))
            elif _MENTIONS_ACTION.search(candidate.text):
                problems.append(_fail("defensive", "NOT_JSON",
                                      f"an object naming an action is not valid JSON ({error}): "
                                      f"{_short(candidate.text)}"))
            continue  # braces in prose, such as "{name}": not an action
        if not isinstance(value, dict):  # pragma: no cover - a {...} that parses is always an object
            continue
        if ACTION_KEY in value and _inside_array(text, candidate.start):
            problems.append(_fail("defensive", "NOT_AN_OBJECT", "the action object is inside a JSON array"))
        elif ACTION_KEY in value:
            actions.append(value)
        elif _holds_action(value):
            problems.append(_fail("defensive", "AMBIGUOUS", "an action nested inside another object: "
                                  f"{_short(candidate.text)}"))
        else:
            others += 1
    if len(actions) > 1:
        names = ", ".join(_short(a.get(ACTION_KEY), 30) for a in actions)
        same = all(a == actions[0] for a in actions)
        detail = "identical copies: run once or twice?" if same else "which one was meant is a guess"
        return _fail("defensive", "AMBIGUOUS", f"{len(actions)} action objects in one reply ({names}); {detail}")
    if problems:
        first = problems[0]
        if actions:
            return _fail("defensive", first.code or "AMBIGUOUS", f"one action plus a broken object: {first.error}")
        return first
    if actions:
        return _check(actions[0], "defensive", False, tools)
    if others:
        return _fail("defensive", "NO_ACTION", f"{others} JSON object(s), none with an {ACTION_KEY!r} key")
    return _fail("defensive", "NOT_JSON", "no JSON object in the reply (the format was forgotten?)")


# ------------------------------------------------------------------ repair


def _repair(text: str, tools: Any) -> ParsedReply:
    try:
        import json_repair

        value = json_repair.repair_json(text, return_objects=True)
    except Exception as error:  # noqa: BLE001 - the library's failure is reported, never raised
        return _fail("repair", "NOT_JSON", f"json-repair gave up: {type(error).__name__}: {error}")
    try:
        repaired = strict_loads(text) != value
    except (ValueError, RecursionError):
        repaired = True
    if value in ("", None) and not text.strip().startswith(('""', "null")):
        return _fail("repair", "NOT_JSON", "json-repair found no JSON in the reply", repaired=repaired)
    if not isinstance(value, dict):
        return _not_object("repair", value, repaired=repaired)
    return _check(value, "repair", repaired, tools)


_STRATEGY_FUNCTIONS = {"naive": _naive, "defensive": _defensive, "repair": _repair}


def parse_prompt_reply(text: Any, strategy: str = "defensive", tools: Any = None) -> ParsedReply:
    """Parse a prompt-hack reply (``{"action": ..., <arguments>}``) with one strategy.

    ``strategy`` is one of :data:`STRATEGIES`; ``tools`` (optional) is the
    OpenAI-style tool list the action must come from, whose JSON Schemas the
    arguments must satisfy. Never raises: every failure is a ``ParsedReply``
    with ``ok=False``, a ``code`` and an ``error``. Introduced in chapter 1.
    """
    name = strategy if isinstance(strategy, str) else repr(strategy)
    function = _STRATEGY_FUNCTIONS.get(strategy) if isinstance(strategy, str) else None
    if function is None:
        return _fail(name, "UNKNOWN_STRATEGY", f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}")
    if not isinstance(text, str):
        return _fail(name, "BAD_INPUT", f"the reply must be a string, not {type(text).__name__}")
    if not text.strip():
        return _fail(name, "EMPTY", "the reply is empty")
    try:
        return function(text, tools)
    except Exception as error:  # noqa: BLE001 - the promise: no strategy raises on any input
        return _fail(name, "NOT_JSON", f"unparsable reply ({type(error).__name__}: {error})")
