"""The install routes agree: environment.yml (conda, Binder) asks for what pyproject.toml declares."""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _pyproject_requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project["dependencies"] + project["optional-dependencies"]["test"]


def _environment_pip_requirements() -> list[str]:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip_sections = [item["pip"] for item in environment["dependencies"] if isinstance(item, dict)]
    assert len(pip_sections) == 1
    return pip_sections[0]


def test_environment_yml_lists_exactly_the_pyproject_requirements() -> None:
    assert _environment_pip_requirements() == _pyproject_requirements()


def test_environment_yml_pins_the_python_the_project_requires() -> None:
    environment = yaml.safe_load((ROOT / "environment.yml").read_text())
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert "python=3.11" in environment["dependencies"]
    assert requires == ">=3.11"


def test_binder_post_build_installs_the_package_itself() -> None:
    post_build = ROOT / "postBuild"
    assert post_build.stat().st_mode & 0o111, "postBuild must be executable"
    assert "pip install --no-deps -e ." in post_build.read_text()


def test_binder_post_build_installs_the_courses_jupyterlab_defaults(tmp_path: Path) -> None:
    """postBuild copies lab-settings/overrides.json where JupyterLab reads an environment's defaults."""
    prefix = tmp_path / "prefix"
    (prefix / "bin").mkdir(parents=True)
    fake_python = prefix / "bin" / "python"  # answers for python: pip does nothing, sys.prefix is ours
    fake_python.write_text(f'#!/bin/sh\n[ "$1" = "-c" ] && echo {prefix}\nexit 0\n')
    fake_python.chmod(0o755)
    env = {**os.environ, "PATH": f"{prefix / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    subprocess.run(["bash", str(ROOT / "postBuild")], cwd=ROOT, env=env, check=True, timeout=60)
    installed = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert installed.read_bytes() == (ROOT / "lab-settings" / "overrides.json").read_bytes()


def test_the_mcp_bound_is_the_version_chapter_5_is_tested_with() -> None:
    """mcp>=2.3: in-memory Client(server), MCPServer, ToolAnnotations and protocol 2026-07-28 are what fcourse.remote
    uses, and they are what this suite runs against (the installed version satisfies the bound)."""
    from importlib import metadata

    from packaging.requirements import Requirement

    [declared] = [Requirement(r) for r in _pyproject_requirements() if r.startswith("mcp")]
    assert str(declared.specifier) == ">=2.3"
    assert declared.specifier.contains(metadata.version("mcp"))
    import mcp
    import mcp.types
    from mcp.server.mcpserver import MCPServer  # noqa: F401
    from mcp_types.version import MODERN_PROTOCOL_VERSIONS

    assert "2026-07-28" in MODERN_PROTOCOL_VERSIONS and hasattr(mcp, "Client")
    assert {"read_only_hint", "destructive_hint", "idempotent_hint", "open_world_hint"} <= set(
        mcp.types.ToolAnnotations.model_fields)
