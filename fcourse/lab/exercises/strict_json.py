"""Chapter 1's first exercise: ``strict_loads``, a ``json.loads`` that refuses what JSON leaves ambiguous.

Introduced in chapter 1. Python's ``json.loads`` accepts more than JSON: it
reads ``NaN`` and ``Infinity``, turns ``1e999`` into infinity, and when an
object names a key twice it silently keeps the *last* value
(``{"city": "北京", "city": "武汉"}`` is Wuhan). For text a model wrote, each of
those is a guess. The learner writes ``strict_loads(text)``: the same result as
``json.loads`` for ordinary JSON, and a ``ValueError`` for

- a key given twice in one object, at any depth (two *different* objects may
  share a key name);
- ``NaN``, ``Infinity``, ``-Infinity``;
- a number too large for a float (``1e999``);
- anything ``json.loads`` refuses already.

:func:`check_strict_loads` runs cases built to defeat shortcuts: the same key
in sibling objects (counting the text ``"city":`` refuses them), ``"NaN"`` as a
string (a substring test refuses it), a duplicate hidden by a ``\\u`` escape
(a regular expression does not see it), a duplicate inside a list. The
package's tested version is :func:`fcourse.prompting.scan.strict_loads`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fcourse.lab.exercises.report import CheckCase, CheckReport

__all__ = ["StrictCase", "check_strict_loads", "strict_cases"]


@dataclass(frozen=True)
class StrictCase:
    """One text; ``accept`` says whether it is fine (then the result must equal ``json.loads``)."""

    label: str
    text: str
    accept: bool
    hint: str


_DUPLICATE = "a key twice in one object: check each object's pairs (json.loads(..., object_pairs_hook=...))"
_SIBLINGS = ("two different objects may use the same key: look at each object's own keys, "
             "not at how often a key's text appears")
_CONSTANT = "NaN and Infinity are not JSON: refuse them while parsing (parse_constant=...), not by searching the text"
_CASES: tuple[StrictCase, ...] = (
    StrictCase("a flat action", '{"action": "get_weather", "city": "北京"}', True,
               "ordinary JSON must give what json.loads gives"),
    StrictCase("nested objects and a list", '{"action": "search", "filter": {"month": 3, "tags": ["a", "b"]}}', True,
               "ordinary JSON must give what json.loads gives (dicts, not lists of pairs)"),
    StrictCase("the same key in two sibling objects", '{"from": {"city": "Xi\'an"}, "to": {"city": "Lhasa"}}', True,
               _SIBLINGS),
    StrictCase("the same keys in objects of a list", '[{"city": "Oslo"}, {"city": "Bergen"}]', True, _SIBLINGS),
    StrictCase('a string value that quotes a key', '{"city": "Oslo", "note": "the \\"city\\": key"}', True,
               _SIBLINGS),
    StrictCase('"NaN" as a string', '{"code": "NaN", "label": "Infinity"}', True, _CONSTANT),
    StrictCase("a very large integer", '{"order": 123456789012345678901234567890}', True,
               "an integer of any size is JSON; only a float that overflows is not"),
    StrictCase("a key given twice", '{"city": "北京", "city": "武汉"}', False, _DUPLICATE),
    StrictCase("a key twice in a nested object", '{"action": "search", "filter": {"month": 3, "month": 4}}', False,
               _DUPLICATE),
    StrictCase("a key twice in an object inside a list", '{"calls": [{"id": 1, "id": 2}]}', False, _DUPLICATE),
    StrictCase("a key twice, once written with an escape", '{"city": "A", "\\u0063ity": "B"}', False,
               "keys are compared after decoding (\\u0063 is c): let the parser hand you the pairs"),
    StrictCase("NaN", '{"temp": NaN}', False, _CONSTANT),
    StrictCase("-Infinity inside a list", '{"range": [-Infinity, 3]}', False, _CONSTANT),
    StrictCase("a float that overflows", '{"amount": 1e999}', False,
               "1e999 becomes inf: refuse a float that is not finite (parse_float=...)"),
    StrictCase("a trailing comma", '{"city": "北京",}', False, "invalid JSON must still raise ValueError"),
)


def strict_cases() -> tuple[StrictCase, ...]:
    """Every case the checker runs."""
    return _CASES


def _short(value: Any, limit: int = 50) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _judge(case: StrictCase, strict_loads: Callable[[str], Any]) -> CheckCase:
    expected = "the parsed value" if case.accept else "ValueError"
    try:
        returned = strict_loads(case.text)
    except ValueError as error:
        if case.accept:
            return CheckCase(case.label, expected, f"ValueError: {str(error)[:40]}", False, case.hint)
        return CheckCase(case.label, expected, "ValueError", True)
    except Exception as error:  # noqa: BLE001 - the learner's bug is reported, not raised
        return CheckCase(case.label, expected, f"raised {type(error).__name__}", False,
                         "a refusal is a ValueError (json.JSONDecodeError is one); raise that, or a subclass")
    if not case.accept:
        return CheckCase(case.label, expected, f"returned {_short(returned)}", False, case.hint)
    wanted = json.loads(case.text)
    if returned != wanted or type(returned) is not type(wanted):
        return CheckCase(case.label, expected, f"returned {_short(returned)}", False, case.hint)
    return CheckCase(case.label, expected, "the parsed value", True)


def check_strict_loads(strict_loads: Callable[[str], Any]) -> CheckReport:
    """Run ``strict_loads(text)`` on every case; say per case what went wrong."""
    return CheckReport(tuple(_judge(case, strict_loads) for case in _CASES),
                       verdict="nothing ambiguous gets through")
