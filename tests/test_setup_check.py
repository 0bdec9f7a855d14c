"""Tests for fcourse.lab.setup_check: the chapter-0 environment check."""

from __future__ import annotations

from importlib import metadata

import pytest

from fcourse.lab import setup_check
from fcourse.lab.setup_check import check_environment


def test_reports_every_declared_dependency_and_python() -> None:
    report = check_environment()
    names = [check.requirement for check in report.checks]
    assert names[0] == "python>=3.11"
    declared = [line.split(";")[0] for line in metadata.requires("fcourse") if "extra" not in line]
    assert len(names) == 1 + len(declared)
    assert report.ok, str(report)
    assert str(report).endswith("environment: ready")


def test_extras_are_checked_only_when_asked() -> None:
    plain = {c.requirement.split(">")[0] for c in check_environment().checks}
    with_test = {c.requirement.split(">")[0] for c in check_environment(("test",)).checks}
    assert "nbval" not in plain
    assert {"pytest", "nbval", "hypothesis"} <= with_test


def test_output_names_requirements_not_installed_versions() -> None:
    text = str(check_environment())
    assert metadata.version("openai") not in text.replace(">=3.57", "")


def test_missing_and_too_old_packages_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    real = metadata.version

    def fake(name: str) -> str:
        if name == "openai":
            raise metadata.PackageNotFoundError(name)
        if name == "jsonschema":
            return "3.2.0"
        return real(name)

    monkeypatch.setattr(setup_check.metadata, "version", fake)
    report = check_environment()
    by_name = {c.requirement.split(">")[0]: c for c in report.checks}
    assert not report.ok
    assert by_name["openai"].detail == "not installed"
    assert by_name["jsonschema"].detail == "found 3.2.0"
    assert "MISSING: found 3.2.0" in str(report)
    assert "not ready" in str(report)


def test_the_apis_the_teaching_model_serves_are_named_from_its_routes(monkeypatch: pytest.MonkeyPatch) -> None:
    report = check_environment()
    assert report.apis == (("Chat Completions", "POST /v1/chat/completions"), ("Responses", "POST /v1/responses"))
    assert "teaching model serves" in str(report) and "Chat Completions (POST /v1/chat/completions)" in str(report)
    assert "Responses (POST /v1/responses)" in str(report)
    # an API is listed exactly when the endpoint has a route for it (a 404 means none)
    from fcourse.teaching.wire import endpoint

    real = endpoint.handle
    monkeypatch.setattr(endpoint, "handle", lambda method, path, body=b"": real(method, "/v1/nowhere", body))
    assert setup_check.served_apis() == ()
