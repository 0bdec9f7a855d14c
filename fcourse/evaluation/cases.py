"""Evaluation cases as data: load a case file, check it, hand back ``Case`` records.

Introduced in chapter 3. A case file is JSON (``fcourse/evaluation/data/*.json``
for the bundled sets, or any path a learner writes)::

    {"format": "fcourse-cases/1", "name": "selection", "description": "...",
     "toolsets": {"shop": [ <tools in the Chat Completions shape> ]},
     "default_toolset": "shop",
     "cases": [
       {"id": "en-refund-1", "lang": "en", "category": "single",
        "context": "Verified order: O-100, status: paid.",      # optional: the runtime's verified facts
        "user": "I'd like my money back for order O-100.",
        "expect": {"kind": "call", "calls": [{"name": "refund_order", "arguments": {"order_id": "O-100"}}]}},
       {"id": "en-ask-1", ..., "expect": {"kind": "ask"}},        # ask back, no call
       {"id": "en-dont-math", ..., "expect": {"kind": "answer"}}  # a plain answer, no call
     ]}

``"arguments": null`` in an expected call means "any arguments" (a free-text
search query, say): only the tool is checked. Every problem in a file is
reported at once, as a :class:`fcourse.errors.CaseFileError` whose ``problems``
name the place (``cases[3].expect.kind``) and the fault.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from fcourse.errors import CaseFileError

__all__ = [
    "BUNDLED",
    "CATEGORIES",
    "FORMAT",
    "KINDS",
    "LANGUAGES",
    "Case",
    "CaseSet",
    "ExpectedCall",
    "load_cases",
    "parse_cases",
    "with_tools",
]

FORMAT = "fcourse-cases/1"
#: what a reply can be: tool calls, an ask-back (no call), or a plain answer (no call)
KINDS = ("call", "ask", "answer")
#: what a case exercises; ``dont_call`` is a plain answer where a tool would only cost time and money
CATEGORIES = ("single", "parallel", "ask", "answer", "dont_call")
LANGUAGES = ("en", "zh", "mixed")
#: the case files that ship with fcourse, by short name
BUNDLED = {
    "selection": "selection_cases.json",
    "paraphrases": "paraphrase_cases.json",
    "reference": "reference_scenarios.json",
    "distractors": "distractor_cases.json",
    "description-exercise": "description_exercise.json",
}


@dataclass(frozen=True)
class ExpectedCall:
    """One tool call a case expects; ``arguments=None`` accepts any arguments."""

    name: str
    arguments: dict[str, Any] | None


@dataclass(frozen=True)
class Case:
    """One request and the reply it should get."""

    id: str
    lang: str
    category: str
    user: str
    kind: str
    calls: tuple[ExpectedCall, ...] = ()
    context: str | None = None
    tools: tuple[dict[str, Any], ...] = field(default=(), repr=False)
    note: str | None = None

    def messages(self) -> list[dict[str, Any]]:
        """The messages sent: the runtime's verified context (if any) as a system message, then the user."""
        messages: list[dict[str, Any]] = []
        if self.context:
            messages.append({"role": "system", "content": self.context})
        messages.append({"role": "user", "content": self.user})
        return messages

    def tool_list(self) -> list[dict[str, Any]]:
        """The tools offered with this case (a fresh copy, safe to edit)."""
        return json.loads(json.dumps(list(self.tools)))

    @property
    def expected_label(self) -> str:
        """The outcome label the case expects: a tool name (``a+b`` for several), ``ask`` or ``answer``."""
        if self.kind == "call":
            return "+".join(sorted({call.name for call in self.calls}))
        return self.kind


@dataclass(frozen=True)
class CaseSet:
    """The cases of one file, plus the file's other fields (``extra``); iterates over the cases."""

    name: str
    description: str
    cases: tuple[Case, ...]
    toolsets: Mapping[str, tuple[dict[str, Any], ...]] = field(repr=False, default_factory=dict)
    extra: Mapping[str, Any] = field(repr=False, default_factory=dict)

    def __iter__(self) -> Iterator[Case]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    def __getitem__(self, key: int | str) -> Case:
        if isinstance(key, str):
            for case in self.cases:
                if case.id == key:
                    return case
            raise KeyError(key)
        return self.cases[key]

    def where(self, **fields: Any) -> tuple[Case, ...]:
        """The cases whose fields equal the given values (``where(lang="zh")``)."""
        return tuple(c for c in self.cases if all(getattr(c, k) == v for k, v in fields.items()))


def with_tools(cases: Any, tools: list[dict[str, Any]]) -> tuple[Case, ...]:
    """The same cases, each offered ``tools`` instead of its own tool set."""
    frozen = tuple(json.loads(json.dumps(tools)))
    return tuple(replace(case, tools=frozen) for case in cases)


def load_cases(source: str | Path = "selection") -> CaseSet:
    """Load a case file: a bundled name (see :data:`BUNDLED`) or a path to a JSON file."""
    if isinstance(source, str) and source in BUNDLED:
        text = resources.files("fcourse.evaluation").joinpath("data", BUNDLED[source]).read_text("utf-8")
        label = BUNDLED[source]
    else:
        path = Path(source)
        if not path.is_file():
            names = ", ".join(BUNDLED)
            raise CaseFileError(str(source), [f"no such case file (bundled names: {names})"])
        text, label = path.read_text("utf-8"), path.name
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CaseFileError(label, [f"not valid JSON: {error}"]) from None
    return parse_cases(data, label)


def _tool_problems(where: str, tools: Any) -> list[str]:
    if not isinstance(tools, list) or not tools:
        return [f"{where} must be a non-empty list of tools"]
    problems = []
    for i, tool in enumerate(tools):
        function = tool.get("function") if isinstance(tool, dict) else None
        if not isinstance(tool, dict) or tool.get("type") != "function" or not isinstance(function, dict):
            problems.append(f'{where}[{i}] must look like {{"type": "function", "function": {{...}}}}')
        elif not isinstance(function.get("name"), str) or not function["name"]:
            problems.append(f"{where}[{i}].function.name must be a non-empty string")
    return problems


def _names(tools: Any) -> dict[str, set[str]]:
    """tool name -> its parameter names (for checking expected calls)."""
    out: dict[str, set[str]] = {}
    for tool in tools if isinstance(tools, list) else []:
        function = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(function, dict) and isinstance(function.get("name"), str):
            params = function.get("parameters") or {}
            props = params.get("properties") if isinstance(params, dict) else None
            out[function["name"]] = set(props) if isinstance(props, dict) else set()
    return out


def _expect_problems(where: str, expect: Any, params: dict[str, set[str]]) -> list[str]:
    if not isinstance(expect, dict):
        return [f"{where} must be an object with a 'kind'"]
    kind = expect.get("kind")
    if kind not in KINDS:
        return [f"{where}.kind must be one of {', '.join(KINDS)}, not {kind!r}"]
    calls = expect.get("calls")
    if kind != "call":
        return [f"{where}.calls is only for kind 'call' (an {kind} makes no call)"] if calls else []
    if not isinstance(calls, list) or not calls:
        return [f"{where}.calls must be a non-empty list for kind 'call'"]
    problems = []
    for j, call in enumerate(calls):
        at = f"{where}.calls[{j}]"
        name = call.get("name") if isinstance(call, dict) else None
        if name not in params:
            problems.append(f"{at}.name {name!r} is not a tool offered to this case ({', '.join(sorted(params))})")
            continue
        arguments = call.get("arguments")
        if arguments is None:
            continue
        if not isinstance(arguments, dict):
            problems.append(f"{at}.arguments must be an object or null (null: any arguments)")
        elif unknown := sorted(set(arguments) - params[name]):
            problems.append(f"{at}.arguments has keys {unknown} that {name} does not take")
    return problems


def parse_cases(data: Any, source: str = "<cases>") -> CaseSet:
    """Check a parsed case file and build its :class:`CaseSet` (all problems at once)."""
    if not isinstance(data, dict):
        raise CaseFileError(source, ["the file must hold a JSON object"])
    problems: list[str] = []
    if data.get("format") != FORMAT:
        problems.append(f"format must be {FORMAT!r}, not {data.get('format')!r}")
    toolsets = data.get("toolsets")
    if not isinstance(toolsets, dict) or not toolsets:
        problems.append("toolsets must be an object: name -> list of tools")
        toolsets = {}
    for name, tools in toolsets.items():
        problems += _tool_problems(f"toolsets.{name}", tools)
    default = data.get("default_toolset")
    raw_cases = data.get("cases")
    if not isinstance(raw_cases, list) or not raw_cases:
        problems.append("cases must be a non-empty list")
        raw_cases = []
    seen: set[str] = set()
    cases: list[Case] = []
    for i, raw in enumerate(raw_cases):
        where = f"cases[{i}]"
        if not isinstance(raw, dict):
            problems.append(f"{where} must be an object")
            continue
        case_id = raw.get("id")
        if not isinstance(case_id, str) or not case_id:
            problems.append(f"{where}.id must be a non-empty string")
        elif case_id in seen:
            problems.append(f"{where}.id {case_id!r} is used twice")
        else:
            seen.add(case_id)
        if raw.get("lang") not in LANGUAGES:
            problems.append(f"{where}.lang must be one of {', '.join(LANGUAGES)}, not {raw.get('lang')!r}")
        if raw.get("category") not in CATEGORIES:
            problems.append(f"{where}.category must be one of {', '.join(CATEGORIES)}, not {raw.get('category')!r}")
        if not isinstance(raw.get("user"), str) or not raw["user"].strip():
            problems.append(f"{where}.user must be the user's message (a non-empty string)")
        if raw.get("context") is not None and not isinstance(raw.get("context"), str):
            problems.append(f"{where}.context must be a string (the runtime's verified facts) or absent")
        toolset = raw.get("tools", default)
        if toolset not in toolsets:
            problems.append(f"{where}.tools names toolset {toolset!r}, which the file does not define")
            continue
        problems += _expect_problems(f"{where}.expect", raw.get("expect"), _names(toolsets[toolset]))
        if problems:
            continue
        expect = raw["expect"]
        cases.append(Case(
            id=case_id, lang=raw["lang"], category=raw["category"], user=raw["user"], kind=expect["kind"],
            calls=tuple(ExpectedCall(c["name"], c.get("arguments")) for c in expect.get("calls") or ()),
            context=raw.get("context"), tools=tuple(toolsets[toolset]), note=raw.get("note"),
        ))
    if problems:
        raise CaseFileError(source, problems)
    known = {"format", "name", "description", "toolsets", "default_toolset", "cases"}
    return CaseSet(
        name=str(data.get("name") or source), description=str(data.get("description") or ""),
        cases=tuple(cases), toolsets={k: tuple(v) for k, v in toolsets.items()},
        extra={k: v for k, v in data.items() if k not in known},
    )
