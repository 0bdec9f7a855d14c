"""Chapter 1's first exercise: ``strict_loads``, a ``json.loads`` that refuses what JSON leaves ambiguous.

Introduced in chapter 1. Python's ``json.loads`` accepts more than JSON: it
reads ``NaN`` and ``Infinity``, turns ``1e999`` into infinity, and when an
object names a key twice it silently keeps the *last* value
(``{"city": "北京", "city": "武汉"}`` is Wuhan). For text a model wrote, each of
those is a guess. The learner writes ``strict_loads(text)``: the same result as
``json.loads`` for ordinary JSON (floats and exponents included), and a
``ValueError`` for

- a key given twice in one object, at any depth (two *different* objects may
  share a key name; ``"city"`` and ``"City"`` are two keys);
- ``NaN``, ``Infinity``, ``-Infinity``;
- a number too large for a float (``1e999``, ``1E999``, ``-1e400``);
- anything ``json.loads`` refuses already (a markdown fence around the JSON
  too: finding the JSON in a reply is the extractor's job).

Like ``json.loads`` it keeps nothing between calls and returns a new object
every time: a caller may change what it got.

:func:`check_strict_loads` runs cases built to defeat shortcuts: the same key
in sibling objects (counting the text ``"city":`` refuses them), ``"NaN"`` as a
string (a substring test refuses it), a duplicate hidden by a ``\\u`` escape
(a regular expression does not see it), a duplicate inside a list, an overflow
written ``1E999`` (a search for ``e999`` misses it), prices with decimals (a
``parse_float`` that refuses every float refuses them), an overflow written with
a small exponent (``1000e306``) and a large exponent that does not overflow
(``0.001e309``), and the same text again after the caller changed the first
result (a cache hands out the change). What is right is what
the reference does, worked out after the learner's function has answered; then
both run side by side on generated JSON texts. The package's tested version is
:func:`fcourse.prompting.scan.strict_loads`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fcourse.lab.exercises import solutions
from fcourse.lab.exercises.compare import Outcome, compare_when_cases_pass, run_all, same_json, short
from fcourse.lab.exercises.generated import json_texts
from fcourse.lab.exercises.integrity import finish, keep, restore, shortcut
from fcourse.lab.exercises.report import CheckCase, CheckReport
from fcourse.prompting.scan import strict_loads as package_strict_loads

__all__ = ["check_strict_loads"]

_DUPLICATE = "a key twice in one object: check each object's pairs (json.loads(..., object_pairs_hook=...))"
_SIBLINGS = ("two different objects may use the same key: look at each object's own keys, "
             "not at how often a key's text appears")
_CONSTANT = "NaN and Infinity are not JSON: refuse them while parsing (parse_constant=...), not by searching the text"
_ORDINARY = ("ordinary JSON must give exactly what json.loads gives: dicts (not lists of pairs), floats as Python "
             "floats (not Decimal)")
_FLOAT = ("a float is JSON, with or without an exponent (12.5, 1E3, 2.5e-3): accept it and return it as a float; "
          "refuse only one that is not finite")
_OVERFLOW = ("1e999, 1E999 and -1e400 all overflow to infinity: refuse a parsed float that is not finite "
             "(parse_float=..., math.isinf), not a spelling of it")
_SPELLING = ("the written exponent does not decide: 1000e306 overflows and 0.001e309 is 1e306; refuse a parsed float "
             "that is not finite (parse_float=..., math.isinf), not a spelling of it")
_FENCE = ("strict_loads reads JSON text, as json.loads does: a markdown fence (or prose) around it is not JSON, so "
          "refuse it; finding the JSON in a reply is extract_action's job")
_FRESH = ("return a new object on every call, as json.loads does: the caller may change what you returned (pop a key), "
          "and a cached result hands that change to the next caller - keep nothing between calls")
_CASE = ("keys that differ only in case or length ('city', 'City', 'city ') are different keys: compare them "
         "exactly as decoded")


def _cases() -> list[tuple[str, str, str]]:
    """(label, text, what to look at): the texts, without their verdicts."""
    return [
        ("a flat action", '{"action": "get_weather", "city": "北京"}', _ORDINARY),
        ("nested objects and a list", '{"action": "search", "filter": {"month": 3, "tags": ["a", "b"]}}', _ORDINARY),
        ("a price with decimals", '{"amount": 12.5, "discount": -0.25}', _FLOAT),
        ("a number with an exponent", '{"amount": 1E3, "rate": 2.5e-3}', _FLOAT),
        ("a float too small to tell from 0", '{"rate": 1e-400}', "1e-400 is a float that rounds to 0.0: "
                                                                 "it is finite, so accept it"),
        ("the same key in two sibling objects", '{"from": {"city": "Xi\'an"}, "to": {"city": "Lhasa"}}', _SIBLINGS),
        ("the same keys in objects of a list", '[{"city": "Oslo"}, {"city": "Bergen"}]', _SIBLINGS),
        ("keys that differ only in case", '{"city": "Oslo", "City": "Bergen"}', _CASE),
        ("keys that differ only in length", '{"city": "Oslo", "city ": "Bergen", "cit": "Lima"}', _CASE),
        ("a string value that quotes a key", '{"city": "Oslo", "note": "the \\"city\\": key"}', _SIBLINGS),
        ('"NaN" as a string', '{"code": "NaN", "label": "Infinity"}', _CONSTANT),
        ("a very large integer", '{"order": 123456789012345678901234567890}', "an integer of any size is JSON; only a "
                                                                                "float that overflows is not"),
        ("a key given twice", '{"city": "北京", "city": "武汉"}', _DUPLICATE),
        ("a key twice in a nested object", '{"action": "search", "filter": {"month": 3, "month": 4}}', _DUPLICATE),
        ("a key twice in an object inside a list", '{"calls": [{"id": 1, "id": 2}]}', _DUPLICATE),
        ("a key twice, once written with an escape", '{"city": "A", "\\u0063ity": "B"}',
         "keys are compared after decoding (\\u0063 is c): let the parser hand you the pairs"),
        ("NaN", '{"temp": NaN}', _CONSTANT),
        ("-Infinity inside a list", '{"range": [-Infinity, 3]}', _CONSTANT),
        ("a float that overflows", '{"amount": 1e999}', _OVERFLOW),
        ("an overflow written in capitals", '{"amount": 1E999}', _OVERFLOW),
        ("a negative overflow", '{"amount": -1e400}', _OVERFLOW),
        ("an overflow with a small exponent", '{"amount": 1000e306}', _SPELLING),
        ("a large exponent that does not overflow", '{"amount": 0.001e309}', _SPELLING),
        ("JSON inside a markdown fence", '```json\n{"action": "get_weather", "city": "Oslo"}\n```', _FENCE),
        ("a trailing comma", '{"city": "北京",}', "invalid JSON must still raise ValueError"),
        ("the first text again", '{"action": "get_weather", "city": "北京"}',
         "the same text must give the same answer every time: keep nothing between calls"),
        (_AGAIN, '{"action": "get_weather", "city": "Lhasa", "days": [1, 2]}', _FRESH),
    ]


#: the case that parses its text, changes the result as a caller may, and parses the same text again
_AGAIN = "the same text, after the caller changed the first result"


def _changed_then_again(strict_loads: Callable[[str], Any]) -> Callable[[str], Any]:
    """``strict_loads(text)`` a second time, after the caller changed what the first call returned (popped
    "action", added a key, emptied a list): each call must return a new object, as json.loads does."""
    def again(text: str) -> Any:
        first = strict_loads(text)
        if isinstance(first, dict):
            first.pop("action", None)
            first["changed"] = True
            for value in first.values():
                if isinstance(value, list):
                    value.clear()
        return strict_loads(text)

    return again


def _reference(text: str) -> Outcome:
    try:
        return Outcome(solutions.strict_loads(text))
    except ValueError as error:
        return Outcome(error=error)


def _judge(outcome: Outcome, reference: Outcome, hint: str) -> tuple[str, str | None, str]:
    """(what the learner's function did, the problem or None, what to look at)."""
    if outcome.timed_out:
        return "did not return", "it did not return", "strict_loads must return or raise, promptly"
    if outcome.error is not None and not isinstance(outcome.error, ValueError):
        return outcome.shown(40), "it raised something other than ValueError", \
            "a refusal is a ValueError (json.JSONDecodeError is one); raise that, or a subclass"
    accepted = reference.error is None
    if outcome.error is not None:
        shown = f"ValueError: {str(outcome.error)[:40]}"
        return shown, None if not accepted else "it refused what the reference accepts", hint
    if not accepted and outcome.value is None:
        return "returned None", "it returned None instead of refusing", \
            "refuse by raising ValueError to the caller: None is what the JSON text null gives"
    if not accepted:
        return f"returned {short(outcome.value, 40)}", "it accepted what the reference refuses", hint
    if not same_json(outcome.value, reference.value):
        return f"returned {short(outcome.value, 40)}", "it returned another value than json.loads gives", \
            hint if hint != _FLOAT else _ORDINARY
    return "the parsed value", None, ""


def _generated_hint(text: str, reference: Outcome) -> str:
    """What to look at for a generated text, from what the reference made of it."""
    if reference.error is not None:
        message = str(reference.error)
        if "twice" in message:
            return _DUPLICATE + ("; keys are compared after decoding (\\u0063 is c)" if "\\u0063" in text else "")
        if "not JSON" in message:
            return _CONSTANT
        if "too large" in message:
            return _OVERFLOW
        return "invalid JSON must still raise ValueError"
    if any(k in text for k in ('"City"', '"city "', '"cit"', '"Id"')):
        return _CASE + "; and " + _FLOAT
    return _FLOAT + "; " + _SIBLINGS


def _compare(strict_loads: Callable[[str], Any]) -> Callable[[str], tuple[str, str] | None]:
    def compare(text: str) -> tuple[str, str] | None:
        outcome = run_all(strict_loads, [((text,), {})], timeout=10)[0]
        reference = _reference(text)
        got, problem, hint = _judge(outcome, reference, _generated_hint(text, reference))
        if problem is None:
            return None
        wanted = "ValueError" if reference.error is not None else short(reference.value, 40)
        return f"{problem} (yours: {got}; the reference: {wanted})", hint

    return compare


def check_strict_loads(strict_loads: Callable[[str], Any]) -> CheckReport:
    """Run ``strict_loads(text)`` on every case, then on generated texts beside the reference; say per case what
    went wrong."""
    replaced = restore()
    if (early := shortcut(strict_loads, _REFERENCES, replaced, _VERDICT)) is not None:
        return early
    cases = _cases()
    outcomes = run_all(strict_loads, [((text,), {}) for label, text, _ in cases if label != _AGAIN])
    outcomes += run_all(_changed_then_again(strict_loads), [((text,), {}) for label, text, _ in cases
                                                            if label == _AGAIN])
    rows, notes = [], []
    for (label, text, hint), outcome in zip(cases, outcomes):
        reference = _reference(text)
        expected = "the parsed value" if reference.error is None else "ValueError"
        got, problem, look = _judge(outcome, reference, hint)
        rows.append(CheckCase(label, expected, got, problem is None, look))
        if problem and not notes:
            notes.append(f"first failure: {text} - {problem}")
    compare_when_cases_pass(rows, notes, "JSON texts", json_texts, _compare(strict_loads), examples=40, budget=120)
    return finish(rows, notes, _VERDICT, learner=strict_loads, replaced=replaced, references=_REFERENCES)


#: the last words of a report whose every case passed
_VERDICT = "nothing ambiguous gets through"
#: the reference and the package's tested version: a learner's code that is (or calls) one is not theirs
_REFERENCES = {
    "fcourse.lab.exercises.solutions.strict_loads": solutions.strict_loads,
    "fcourse.prompting.scan.strict_loads": package_strict_loads,
}

keep(__name__)
