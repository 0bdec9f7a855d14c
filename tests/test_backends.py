"""Tests for fcourse.backends: FCOURSE_BACKEND read the same way by connect() and fcourse.explain."""

from __future__ import annotations

import pytest

from fcourse.backends import BACKENDS, TEACHING_BACKENDS, active_backend
from fcourse.errors import ConfigurationError


@pytest.mark.parametrize(
    ("backend", "env", "expected"),
    [
        (None, {}, "offline"),
        (None, {"FCOURSE_BACKEND": "  "}, "offline"),
        (None, {"FCOURSE_BACKEND": " Server "}, "server"),
        ("openai", {"FCOURSE_BACKEND": "offline"}, "openai"),
    ],
)
def test_the_argument_wins_then_the_variable_then_offline(
    backend: str | None, env: dict[str, str], expected: str
) -> None:
    assert active_backend(backend, env) == expected


def test_an_unknown_backend_names_the_known_ones() -> None:
    with pytest.raises(ConfigurationError, match="unknown backend 'ollama'.*offline, server, openai"):
        active_backend(env={"FCOURSE_BACKEND": "ollama"})


def test_the_teaching_backends_are_backends() -> None:
    assert set(TEACHING_BACKENDS) < set(BACKENDS) and "openai" not in TEACHING_BACKENDS
