"""The resource cache: a derived file is built once, read by everyone after, keyed by its inputs, and a cache
that cannot be written never fails a request."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from fcourse.teaching.reading import resources


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FCOURSE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(resources, "_warned", set())
    return tmp_path / "cache"


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "source.txt"
    path.write_text("alpha beta\n", encoding="utf-8")
    return path


def _upper(source: Path, calls: list[str]):  # noqa: ANN202
    def build(path: Path) -> None:
        calls.append(str(path))
        path.write_text(source.read_text(encoding="utf-8").upper(), encoding="utf-8")

    return build


def test_a_file_is_built_once_and_then_read(cache: Path, source: Path) -> None:
    calls: list[str] = []
    first = resources.artifact("upper.txt", [source], _upper(source, calls))
    second = resources.artifact("upper.txt", [source], _upper(source, calls))
    assert first == second and first is not None and first.is_relative_to(cache)
    assert first.read_text(encoding="utf-8") == "ALPHA BETA\n"
    assert len(calls) == 1
    assert [p.name for p in first.parent.iterdir() if not p.name.endswith(".lock")] == ["upper.txt"]  # no leftovers


def test_a_changed_input_builds_afresh_instead_of_reading_a_stale_file(cache: Path, source: Path) -> None:
    calls: list[str] = []
    old = resources.artifact("upper.txt", [source], _upper(source, calls))
    source.write_text("alpha beta gamma\n", encoding="utf-8")
    new = resources.artifact("upper.txt", [source], _upper(source, calls))
    assert old != new and len(calls) == 2
    assert new is not None and new.read_text(encoding="utf-8") == "ALPHA BETA GAMMA\n"


def test_a_failed_build_leaves_nothing_a_reader_could_open(cache: Path, source: Path) -> None:
    def broken(path: Path) -> None:
        path.write_text("half a fi", encoding="utf-8")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        resources.artifact("upper.txt", [source], broken)
    folder = resources.cache_folder([source])
    assert not (folder / "upper.txt").exists()
    assert [p.name for p in folder.iterdir()] == ["upper.txt.lock"]
    calls: list[str] = []
    assert resources.artifact("upper.txt", [source], _upper(source, calls)) is not None and len(calls) == 1


def test_concurrent_first_users_build_the_file_once(cache: Path, source: Path) -> None:
    calls: list[str] = []
    build = _upper(source, calls)

    def slow(path: Path) -> None:
        threading.Event().wait(0.05)
        build(path)

    paths: list[Path | None] = []
    threads = [threading.Thread(target=lambda: paths.append(resources.artifact("upper.txt", [source], slow)))
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(paths)) == 1 and None not in paths
    assert len(calls) == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_cache_that_cannot_be_written_is_reported_once_and_nothing_fails(
    tmp_path: Path, source: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    readonly = tmp_path / "readonly"
    readonly.mkdir()
    readonly.chmod(0o500)
    monkeypatch.setenv("FCOURSE_CACHE_DIR", str(readonly / "cache"))
    monkeypatch.setattr(resources, "_warned", set())
    calls: list[str] = []
    assert resources.artifact("upper.txt", [source], _upper(source, calls)) is None
    assert resources.artifact("upper.txt", [source], _upper(source, calls)) is None
    assert calls == []
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "building upper.txt in memory" in err[0]


def test_a_cache_path_that_is_a_file_is_reported_once_and_nothing_fails(
    tmp_path: Path, source: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("FCOURSE_CACHE_DIR", str(blocker))
    monkeypatch.setattr(resources, "_warned", set())
    assert resources.artifact("upper.txt", [source], _upper(source, [])) is None
    assert resources.artifact("upper.txt", [source], _upper(source, [])) is None
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot write the resource cache" in err[0]


def test_the_teaching_model_answers_the_same_without_a_cache(tmp_path: Path) -> None:
    """A fresh process whose cache path cannot be a folder still decides, with the same reply."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    code = (
        "import json, sys; from fcourse.teaching.wire.endpoint import explain; "
        "tools = [{'type': 'function', 'function': {'name': 'get_weather', 'description': 'Get the weather for a "
        "city.', 'parameters': {'type': 'object', 'properties': {'city': {'type': 'string'}}, 'required': "
        "['city']}}}]; "
        "out = explain({'model': 'fcourse-teacher', 'messages': [{'role': 'user', 'content': sys.argv[1]}], "
        "'tools': tools}); print(json.dumps(out['decision'], sort_keys=True))"
    )
    replies = {}
    for name, env in (("cached", {}), ("in memory", {"FCOURSE_CACHE_DIR": str(blocker)})):
        out = subprocess.run([sys.executable, "-c", code, "上海明天会下雨吗？"], capture_output=True, text=True,
                             env={**os.environ, **env}, timeout=120, check=True)
        replies[name] = out.stdout
        if name == "in memory":
            assert "building" in out.stderr and "in memory" in out.stderr
    assert replies["cached"] == replies["in memory"]
    assert '"get_weather"' in replies["cached"]
