"""Is this environment ready for the course? Introduced in chapter 0 (start here).

``check_environment()`` compares what is installed with what ``fcourse``
declares in its own package metadata (``pyproject.toml``), so the check never
drifts from the real requirements. It reports *whether* each requirement is
met, not the exact installed version: a notebook output that names versions
would change with every release, and nbval compares outputs byte for byte.

It also names the OpenAI APIs the teaching model serves. Each API in
:data:`KNOWN_APIS` is probed on the in-process endpoint (an empty request: a
served route answers 400, an unknown one 404), so a route added to the
endpoint shows up here without editing this module; a new API needs one more
entry in :data:`KNOWN_APIS`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from importlib import metadata

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

__all__ = ["KNOWN_APIS", "Check", "EnvironmentReport", "check_environment", "served_apis"]

_PYTHON = SpecifierSet(">=3.11")

#: OpenAI APIs a course backend may serve: (name, method and path)
KNOWN_APIS: tuple[tuple[str, str], ...] = (
    ("Chat Completions", "POST /v1/chat/completions"),
    ("Responses", "POST /v1/responses"),
)


@dataclass(frozen=True)
class Check:
    """One requirement and whether it is met (``detail`` says why when it is not)."""

    requirement: str
    ok: bool
    detail: str = ""


@dataclass(frozen=True)
class EnvironmentReport:
    """All the checks; ``ok`` is true when every one passed."""

    checks: tuple[Check, ...]
    apis: tuple[tuple[str, str], ...] = ()

    @property
    def ok(self) -> bool:
        """True when every requirement is met."""
        return all(check.ok for check in self.checks)

    def __str__(self) -> str:
        width = max(len(check.requirement) for check in self.checks)
        lines = [
            f"{check.requirement:<{width}}  {'ok' if check.ok else 'MISSING: ' + check.detail}"
            for check in self.checks
        ]
        verdict = "ready" if self.ok else "not ready: run `make lab` again, or see README.md"
        served = [f"{'teaching model serves':<{width}}  {name} ({route})" for name, route in self.apis]
        return "\n".join([*lines, *served, f"environment: {verdict}"])

    def __repr__(self) -> str:
        return str(self)


def _check(requirement: Requirement) -> Check:
    label = f"{requirement.name}{requirement.specifier}"
    try:
        installed = metadata.version(requirement.name)
    except metadata.PackageNotFoundError:
        return Check(label, False, "not installed")
    if requirement.specifier.contains(installed, prereleases=True):
        return Check(label, True)
    return Check(label, False, f"found {installed}")


def served_apis() -> tuple[tuple[str, str], ...]:
    """The :data:`KNOWN_APIS` the teaching model's endpoint answers (in-process, no network, no model run)."""
    from fcourse.teaching.wire.endpoint import handle

    served = []
    for name, route in KNOWN_APIS:
        method, path = route.split(" ", 1)
        if handle(method, path, b"{}").status != 404:
            served.append((name, route))
    return tuple(served)


def check_environment(extras: tuple[str, ...] = ()) -> EnvironmentReport:
    """Check Python and every dependency fcourse declares (plus the named extras); name the APIs served."""
    python = ".".join(map(str, sys.version_info[:3]))
    checks = [Check(f"python{_PYTHON}", _PYTHON.contains(python), f"found {python}")]
    for line in metadata.requires("fcourse") or []:
        requirement = Requirement(line)
        marker = requirement.marker
        if marker is not None and not any(marker.evaluate({"extra": e}) for e in extras):
            continue
        checks.append(_check(requirement))
    return EnvironmentReport(tuple(checks), served_apis())
