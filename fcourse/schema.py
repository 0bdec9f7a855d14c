r"""The one seam between fcourse and a JSON Schema validator.

Introduced in chapter 4. The registry validates every proposed tool call's
arguments here, and nowhere else, so there is exactly one place that imports
``jsonschema``.

Why a seam: ``jsonschema`` >= 4.18 depends on ``referencing`` -> ``rpds-py``,
a Rust extension with no WebAssembly wheel, so it cannot be installed under
Pyodide. A browser-only (JupyterLite) edition of the course would replace this
one module (for example with a small pure-Python validator for the subset of
JSON Schema the course's tools use, or ``fastjsonschema``) and nothing else:
the rest of fcourse only sees ``validate(instance, schema) -> list[SchemaIssue]``
and ``check_schema(schema) -> list[SchemaIssue]``.

Two corrections to ``jsonschema``'s defaults, both from the JSON Schema spec:

- ``pattern``/``patternProperties`` are ECMA-262 regular expressions (with the
  ``u`` flag), not Python ones. Python's ``re.search`` lets ``$`` match before a
  final newline, so ``^[a-z]{8}$`` accepted ``"abcdefgh\n"``; its ``\d``/``\w``
  match non-ASCII digits and letters and its ``.`` matches ``\r``. The patterns
  run on ``regress`` (Python bindings to a Rust ECMA-262 regex engine) instead,
  and ``check_schema`` rejects a pattern that engine cannot compile.
  ``unevaluatedProperties`` next to ``patternProperties`` is refused: jsonschema
  decides which keys those patterns cover with Python's ``re``, which this seam
  cannot reach.
- A ``number`` is finite: JSON has no NaN or Infinity, so they fail ``type``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fcourse.schema_subset import compile_subset

__all__ = ["SchemaIssue", "check_schema", "compile_schema", "validate"]


@dataclass(frozen=True, order=True)
class SchemaIssue:
    """One way an instance breaks a schema, as data a model can read.

    ``path`` is a JSONPath-like pointer into the instance (``$`` is the whole
    object, ``$.amount_cents`` a field); ``message`` is the validator's
    sentence; ``validator`` the keyword that failed (``required``, ``type``, ...).
    """

    path: str
    message: str
    validator: str = ""

    def to_dict(self) -> dict[str, str]:
        """``{"path", "message", "validator"}``, ready for JSON."""
        return {"path": self.path, "message": self.message, "validator": self.validator}


def _path(parts: Any) -> str:
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


@lru_cache(maxsize=512)
def _ecma(pattern: str) -> Any:
    import regress

    return regress.Regex(pattern, flags="u")


def _matches(pattern: str, text: str) -> bool:
    """ECMA-262 ``RegExp(pattern, "u").test(text)``: a search, anchored only where the pattern says."""
    return _ecma(pattern).find(text) is not None


def _is_finite_number(checker: Any, instance: Any) -> bool:
    # an int is always finite; math.isfinite(10**400) would raise OverflowError
    if isinstance(instance, bool) or not isinstance(instance, (int, float)):
        return False
    return isinstance(instance, int) or math.isfinite(instance)


def _import_jsonschema() -> None:
    """``import jsonschema`` without building rfc3987-syntax's grammars, which cost seconds.

    ``jsonschema._format`` runs ``from rfc3987_syntax import is_valid_syntax``
    when that optional package is installed (jupyter-events pulls it in), and
    importing it builds lark grammars. fcourse never checks formats. For the
    length of the import only, ``sys.modules`` holds a stand-in whose
    ``is_valid_syntax`` imports the real module on its first call and forwards
    to it, so jsonschema registers its ``iri``/``iri-reference`` format checks
    exactly as before and pays for the grammar only if one runs. The stand-in
    is removed afterwards: anyone's later ``import rfc3987_syntax`` gets the
    real module. (Another thread importing it during those ~0.1 s would get the
    stand-in, whose one function still answers correctly.)
    """
    name = "rfc3987_syntax"
    if "jsonschema" in sys.modules or name in sys.modules or importlib.util.find_spec(name) is None:
        import jsonschema  # noqa: F401  (nothing to avoid)

        return

    def is_valid_syntax(term: str, value: str) -> bool:
        real = importlib.import_module(name)
        return real.is_valid_syntax(term, value)  # type: ignore[no-any-return]

    stand_in = types.ModuleType(name, "fcourse's lazy stand-in, present only while jsonschema is imported")
    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]
    sys.modules[name] = stand_in
    try:
        import jsonschema  # noqa: F401
    finally:
        if sys.modules.get(name) is stand_in:
            del sys.modules[name]


def __getattr__(name: str) -> Any:
    """``from fcourse.schema import jsonschema``: the jsonschema package, imported as ``_import_jsonschema`` does.

    For a notebook that uses jsonschema itself (chapter 4 builds a small
    registry on it): a plain ``import jsonschema`` there would build the
    grammars this module avoids.
    """
    if name == "jsonschema":
        _import_jsonschema()
        return sys.modules["jsonschema"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=1)
def _validator_class() -> Any:
    # Imported on first use, not when fcourse is imported: chapters 1-3 never validate a schema.
    _import_jsonschema()
    from jsonschema import Draft202012Validator, ValidationError, validators

    def pattern(validator: Any, patrn: str, instance: Any, schema: Any) -> Iterator[Any]:
        if validator.is_type(instance, "string") and not _matches(patrn, instance):
            yield ValidationError(f"{instance!r} does not match {patrn!r}")

    def pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
        if not validator.is_type(instance, "object"):
            return
        for patrn, subschema in patterns.items():
            for key, value in instance.items():
                if _matches(patrn, key):
                    yield from validator.descend(value, subschema, path=key, schema_path=patrn)

    def additional_properties(validator: Any, extra_schema: Any, instance: Any, schema: Any) -> Iterator[Any]:
        # jsonschema's own keyword, with the patternProperties match done by ECMA-262 rules
        if not validator.is_type(instance, "object"):
            return
        properties = schema.get("properties", {})
        patterns = schema.get("patternProperties", {})
        extras = sorted(
            (k for k in instance if k not in properties and not any(_matches(p, k) for p in patterns)), key=str
        )
        if validator.is_type(extra_schema, "object"):
            for extra in extras:
                yield from validator.descend(instance[extra], extra_schema, path=extra)
        elif extra_schema is False and extras:
            if patterns:
                verb = "does" if len(extras) == 1 else "do"
                listed = ", ".join(repr(p) for p in sorted(patterns))
                yield ValidationError(f"{', '.join(map(repr, extras))} {verb} not match any of the regexes: {listed}")
            else:
                were = "was" if len(extras) == 1 else "were"
                yield ValidationError(
                    f"Additional properties are not allowed ({', '.join(map(repr, extras))} {were} unexpected)"
                )

    base = Draft202012Validator
    return validators.extend(
        base,
        {"pattern": pattern, "patternProperties": pattern_properties, "additionalProperties": additional_properties},
        type_checker=base.TYPE_CHECKER.redefine("number", _is_finite_number),
    )


def _key(schema: dict[str, Any]) -> str:
    return json.dumps(schema, sort_keys=True, separators=(",", ":"))


def validate(instance: Any, schema: dict[str, Any]) -> list[SchemaIssue]:
    """Every issue of ``instance`` against ``schema`` (empty list: valid), sorted by path.

    Never raises for a bad *instance*; a bad *schema* is caught at registration
    time by ``check_schema``.
    """
    return _compiled(_key(schema))(instance)


def compile_schema(schema: dict[str, Any]) -> Callable[[Any], list[SchemaIssue]]:
    """``validate`` with the schema prepared once: the registry keeps one per tool.

    A schema within ``fcourse.schema_subset``'s keywords gets that compiled
    yes-check first; jsonschema runs only when it does not say yes (to list
    every issue, or to find none), or for a schema outside the subset.
    """
    return _compiled(_key(schema))


@lru_cache(maxsize=256)
def _compiled(schema_key: str) -> Callable[[Any], list[SchemaIssue]]:
    schema = json.loads(schema_key)  # a private copy: the caller may change theirs later
    fast = compile_subset(schema)

    @lru_cache(maxsize=1)
    def full() -> Any:  # built when first needed: a valid instance of a subset schema never imports jsonschema
        return _validator_class()(schema)

    if fast is None:
        full()  # a schema jsonschema cannot compile fails here, when it is compiled, as before
        return lambda instance: _issues(full(), instance)

    def check(instance: Any) -> list[SchemaIssue]:
        try:
            if fast(instance):
                return []
        except Exception:  # RecursionError on deep data, a regex on a lone surrogate: ask jsonschema
            pass
        return _issues(full(), instance)

    return check


def _issues(validator: Any, instance: Any) -> list[SchemaIssue]:
    issues = {
        SchemaIssue(_path(error.absolute_path), error.message, str(error.validator))
        for error in validator.iter_errors(instance)
    }
    return sorted(issues)


def check_schema(schema: Any) -> list[SchemaIssue]:
    """Issues that make ``schema`` itself an invalid JSON Schema (empty list: fine)."""
    if not isinstance(schema, dict):
        return [SchemaIssue("$", f"a schema must be an object, not {type(schema).__name__}", "type")]
    validator_class = _validator_class()  # imports jsonschema the cheap way first
    from jsonschema import SchemaError

    try:
        validator_class.check_schema(schema)
    except SchemaError as error:
        return [SchemaIssue(_path(error.absolute_path), error.message, str(error.validator))]
    return sorted(set(_pattern_issues(schema, "$")))


#: Keywords whose values are data, not subschemas: a "pattern" inside them is not a regex.
_DATA_KEYWORDS = frozenset({"const", "default", "enum", "examples"})


def _pattern_issues(node: Any, where: str) -> Iterator[SchemaIssue]:
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _pattern_issues(item, f"{where}[{index}]")
        return
    if not isinstance(node, dict):
        return
    patterns = [("pattern", node["pattern"])] if isinstance(node.get("pattern"), str) else []
    if isinstance(node.get("patternProperties"), dict):
        patterns += [("patternProperties", key) for key in node["patternProperties"]]
        if "unevaluatedProperties" in node:
            yield SchemaIssue(
                where,
                "unevaluatedProperties next to patternProperties is not supported (its key matching is not ECMA-262)",
                "unevaluatedProperties",
            )
    for keyword, patrn in patterns:
        try:
            _ecma(patrn)
        except Exception as error:  # regress.RegressError: not an ECMA-262 regular expression
            message = f"{patrn!r} is not an ECMA-262 regular expression: {error}"
            yield SchemaIssue(f"{where}.{keyword}", message, "format")
    for key, value in node.items():
        if key not in _DATA_KEYWORDS:
            yield from _pattern_issues(value, f"{where}.{key}")
