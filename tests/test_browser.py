"""The notebooks in a real JupyterLab, driven by headless Chromium (Playwright).

Chapter 0 (start here) must run clean and draw its sequence diagram. For chapter 4,
what a learner would see: Kernel → "Restart Kernel and Run All Cells…" runs the
notebook without an error output, the mermaid diagrams are drawn (offline,
``.jp-RenderedMermaid``), the ipywidgets render, and flipping the switchboard's
dropdown in the page changes the trace shown under it.

The notebook is copied into a temporary notebook directory, so the committed
file is never touched. JupyterLab listens on 127.0.0.1 only, with news and
update checks off; the browser runs with networking extras disabled and every
request that is not for that server is aborted (and fails the test).
Screenshots go to /tmp/fcourse-shots/. Skips cleanly without Playwright or
Chromium.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "04_registry_and_recovery.ipynb"
START_HERE = ROOT / "notebooks" / "00_start_here.ipynb"
SHOTS = Path("/tmp/fcourse-shots")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TOKEN = "fcourse-browser-test"
#: user settings that keep JupyterLab quiet and render every cell (no virtual scrolling)
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)", allow_module_level=True)
if not NOTEBOOK.exists():
    pytest.skip(f"{NOTEBOOK.name} has not been written yet", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    """A JupyterLab server on a copy of the notebook, still starting when yielded."""
    home = tmp_path_factory.mktemp("lab")
    notebooks = home / "notebooks"
    notebooks.mkdir()
    for notebook in (NOTEBOOK, START_HERE):
        shutil.copy(notebook, notebooks / notebook.name)
    settings = home / "settings"
    for name, value in LAB_SETTINGS.items():
        path = settings / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(value))
    port = _free_port()
    env = {
        **os.environ,
        "FCOURSE_BACKEND": "offline",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }
    command = [
        sys.executable, "-m", "jupyter", "lab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        f"--notebook-dir={notebooks}",
        "--ServerApp.terminals_enabled=False",
        "--ServerApp.log_level=WARN",
        "--LabApp.news_url=",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={home / 'workspaces'}",
    ]
    if hasattr(os, "getuid") and os.getuid() == 0:
        command.append("--allow-root")  # JupyterLab refuses root without it (CI runs as root)
    log = (home / "lab.log").open("w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=home)
    try:
        # not waited for here: the browser starts while the server boots
        yield Lab(f"http://127.0.0.1:{port}", server, home / "lab.log")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


@dataclass
class Lab:
    """A JupyterLab server that is starting up."""

    base: str
    server: subprocess.Popen[bytes]
    log: Path

    def _api(self, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            f"{self.base}{path}",
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"},
            method="GET" if body is None else "POST",
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.loads(response.read() or b"null")

    def ready(self, notebook: str = NOTEBOOK.name) -> None:
        """Wait for the server, then start the notebook's kernel so the page finds it running."""
        deadline = time.monotonic() + 60
        while True:
            try:
                self._api("/api/status")
                break
            except OSError:
                if self.server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start:\n" + self.log.read_text())
                time.sleep(0.2)
        self._api(
            "/api/sessions",
            {
                "path": notebook,
                "name": notebook,
                "type": "notebook",
                "kernel": {"name": "python3"},
            },
        )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module (Playwright's sync API does not nest)."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def page(browser: Any, lab: Lab) -> Iterator[Any]:
    """The chapter-4 notebook in headless Chromium, after Restart Kernel and Run All Cells."""
    with _browser_page(browser, lab, NOTEBOOK.name) as page:
        yield page


@contextlib.contextmanager
def _browser_page(browser: Any, lab: Lab, notebook: str) -> Iterator[Any]:
    """``notebook`` open in a new page, after Restart Kernel and Run All Cells."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    prefix = notebook[:2]
    foreign: list[str] = []

    def only_local(route: Any) -> None:
        if route.request.url.startswith(lab.base) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.route("**/*", only_local)
        lab.ready(notebook)
        try:
            _restart_and_run_all(page, lab.base, notebook)
        except Exception:
            page.screenshot(path=str(SHOTS / f"{prefix}-failure.png"), full_page=True)
            (SHOTS / f"{prefix}-failure.txt").write_text(_diagnostics(page))
            raise
        yield page
        assert foreign == [], f"the page tried to reach the network: {foreign}"
    finally:
        page.close()


def _restart_and_run_all(page: Any, lab: str, notebook: str) -> None:
    """Open the notebook, then Kernel → Restart Kernel and Run All Cells…, and wait."""
    prefix = notebook[:2]
    page.goto(f"{lab}/lab/tree/{notebook}?token={TOKEN}&reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=30_000)
    # the kernel must be up before the restart, or Lab asks which kernel to start
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-StatusBar-TextItem')]"
        ".some(e => /\\| Idle/.test(e.textContent))",
        timeout=30_000,
    )
    # as saved (before any kernel ran it): the stored outputs and widget state
    _shot(page, ".jp-Cell >> nth=0", f"{prefix}-saved-top.png")
    if notebook == NOTEBOOK.name:
        _shot(page, ".jp-Cell:has-text('panel = switchboard()')", "04-saved-switchboard.png")
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name="Restart Kernel and Run All Cells…").click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    # the saved prompts already read [1]..[n]: first see the cells queued ([*])
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
        ".some(e => e.textContent.trim() === '[*]:')",
        timeout=30_000,
    )
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                .map(e => e.textContent.trim());
            return prompts.length > 0 && prompts.every(t => /^\\[\\d+\\]:$/.test(t));
        }""",
        timeout=45_000,
    )
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-StatusBar-TextItem')]"
        ".some(e => /\\| Idle/.test(e.textContent))",
        timeout=30_000,
    )
    # diagrams render asynchronously: wait until every one has its picture
    page.wait_for_function(
        """() => {
            const d = [...document.querySelectorAll('.jp-RenderedMermaid')];
            return d.length > 0 && d.every(e => e.querySelector('svg, img'));
        }""",
        timeout=20_000,
    )
    page.screenshot(path=str(SHOTS / f"{prefix}-after-run-all.png"))


def _diagnostics(page: Any) -> str:
    """What the page shows, for a failure report: prompts and each diagram's state."""
    return str(
        page.evaluate(
            """() => JSON.stringify({
                prompts: [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                    .map(e => e.textContent.trim()),
                status: [...document.querySelectorAll('.jp-StatusBar-TextItem')]
                    .map(e => e.textContent.trim()),
                diagrams: [...document.querySelectorAll('.jp-RenderedMermaid')]
                    .map(e => ({html: e.innerHTML.slice(0, 300), text: e.innerText.slice(-600)})),
            }, null, 1)"""
        )
    )


def _shot(page: Any, selector: str, name: str) -> None:
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / name))


def test_run_all_has_no_errors_and_draws_diagrams_and_widgets(page: Any) -> None:
    prompts = page.locator(".jp-CodeCell .jp-InputPrompt").all_text_contents()
    assert [p.strip() for p in prompts] == [f"[{n}]:" for n in range(1, len(prompts) + 1)]
    assert page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
    diagrams = page.locator(".jp-RenderedMermaid")
    # sequence, recovery flowchart, switchboard flowchart, probe timeline, breaker timeline, provider sequence
    assert diagrams.count() >= 6
    for index in range(diagrams.count()):
        diagram = diagrams.nth(index)
        assert diagram.locator("svg, img").count() >= 1
        assert "Syntax error" not in diagram.inner_text()
    assert page.locator(".widget-dropdown select").count() == 1
    assert "Error displaying widget" not in page.locator(".jp-Notebook").inner_text()
    _shot(page, ".jp-Cell >> nth=0", "04-top.png")
    _shot(page, ".jp-RenderedMermaid >> nth=0", "04-sequence.png")
    _shot(page, ".jp-RenderedMermaid >> nth=1", "04-recovery-flowchart.png")
    _shot(page, ".widget-dropdown", "04-switchboard-default.png")
    _shot(page, ".jp-RenderedMermaid >> nth=3", "04-probe-timeline.png")
    _shot(page, ".jp-RenderedMermaid >> nth=4", "04-breaker-timeline.png")
    _shot(page, ".jp-RenderedMermaid >> nth=-1", "04-provider-sequence.png")
    _shot(page, ".jp-Cell:has-text('def claim(conn, key)')", "04-your-turn-claim.png")
    _shot(page, ".jp-Cell:has-text('class Gate')", "04-your-turn-confirmation.png")
    _shot(page, ".jp-Cell:has-text('def decide(status)')", "04-your-turn.png")


def test_flipping_the_switchboard_changes_the_trace(page: Any) -> None:
    trace = page.locator("pre.fcourse-trace")
    assert trace.count() == 1
    assert "runtime_action=REPLAY_SUCCESS" in trace.inner_text()
    page.locator(".widget-dropdown select").select_option("timeout_unknown")
    page.wait_for_function(
        "document.querySelector('pre.fcourse-trace').textContent"
        ".includes('runtime_action=AWAIT_RECONCILIATION')",
        timeout=15_000,
    )
    assert "idempotency_status=UNKNOWN" in trace.inner_text()
    assert "final=PENDING" in trace.inner_text()
    # the flowchart under it is redrawn with the UNKNOWN branch highlighted
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-RenderedMermaid img, .jp-RenderedMermaid svg')]
            .some(e => (e.src ? decodeURIComponent(e.src) : e.outerHTML)
                .includes('Recovery after a timeout → UNKNOWN'))""",
        timeout=15_000,
    )
    _shot(page, ".widget-dropdown", "04-switchboard-unknown.png")
    page.locator(".widget-dropdown select").select_option("unknown_tool")
    page.wait_for_function(
        "document.querySelector('pre.fcourse-trace').textContent.includes('response=UNKNOWN_TOOL')",
        timeout=15_000,
    )
    _shot(page, ".widget-dropdown", "04-switchboard-flipped.png")


def test_start_here_runs_clean_and_draws_the_round_trip(browser: Any, lab: Lab) -> None:
    with _browser_page(browser, lab, START_HERE.name) as page:
        prompts = page.locator(".jp-CodeCell .jp-InputPrompt").all_text_contents()
        assert [p.strip() for p in prompts] == [f"[{n}]:" for n in range(1, len(prompts) + 1)]
        assert page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        text = page.locator(".jp-Notebook").inner_text()
        assert "backend: offline teaching model" in text
        assert "Beijing: Cloudy, 25°C, light north-east wind." in text
        assert "HTTP 400" in text
        diagram = page.locator(".jp-RenderedMermaid")
        assert diagram.count() == 1 and diagram.locator("svg, img").count() >= 1
        _shot(page, ".jp-RenderedMermaid", "00-sequence.png")
