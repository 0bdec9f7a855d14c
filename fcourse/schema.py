"""The one seam between fcourse and a JSON Schema validator.

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
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

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


@lru_cache(maxsize=1)
def _validator_class() -> Any:
    # Imported on first use, not when fcourse is imported: on these machines
    # ``import jsonschema`` takes seconds (an optional format checker,
    # rfc3987-syntax, builds a grammar at import time), and chapters 1-3 never
    # validate a schema.
    from jsonschema import Draft202012Validator

    return Draft202012Validator


@lru_cache(maxsize=256)
def _validator(schema_key: str) -> Any:
    return _validator_class()(json.loads(schema_key))


def _key(schema: dict[str, Any]) -> str:
    return json.dumps(schema, sort_keys=True, separators=(",", ":"))


def validate(instance: Any, schema: dict[str, Any]) -> list[SchemaIssue]:
    """Every issue of ``instance`` against ``schema`` (empty list: valid), sorted by path.

    Never raises for a bad *instance*; a bad *schema* is caught at registration
    time by ``check_schema``.
    """
    return _issues(_validator(_key(schema)), instance)


def compile_schema(schema: dict[str, Any]) -> Callable[[Any], list[SchemaIssue]]:
    """``validate`` with the schema prepared once: the registry keeps one per tool."""
    validator = _validator_class()(json.loads(_key(schema)))
    return lambda instance: _issues(validator, instance)


def _issues(validator: Any, instance: Any) -> list[SchemaIssue]:
    if validator.is_valid(instance):
        return []
    issues = {
        SchemaIssue(_path(error.absolute_path), error.message, str(error.validator))
        for error in validator.iter_errors(instance)
    }
    return sorted(issues)


def check_schema(schema: Any) -> list[SchemaIssue]:
    """Issues that make ``schema`` itself an invalid JSON Schema (empty list: fine)."""
    if not isinstance(schema, dict):
        return [SchemaIssue("$", f"a schema must be an object, not {type(schema).__name__}", "type")]
    from jsonschema import SchemaError

    try:
        _validator_class().check_schema(schema)
    except SchemaError as error:
        return [SchemaIssue(_path(error.absolute_path), error.message, str(error.validator))]
    return []
