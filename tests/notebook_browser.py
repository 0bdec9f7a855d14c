"""Every notebook in a real JupyterLab, driven by headless Chromium (Playwright): what test_browser*.py share.

What a learner sees, for each notebook found in ``notebooks/`` (no hand-kept list):
Kernel → "Restart Kernel and Run All Cells…" runs it with no error output, every
mermaid diagram is drawn (offline, ``.jp-RenderedMermaid`` holding an SVG), every
widget panel renders, and in each panel one control, changed in the page, changes
the output shown with it. A failure names the notebook and the cell. Some notebooks
have extra checks (chapter 0's round trip, chapter 4's switchboard branches).

The notebooks are copied into a temporary notebook directory, so the committed
files are never touched. JupyterLab listens on 127.0.0.1 only, with news and
update checks off; the browser runs with networking extras disabled and every
request that is not for that server is aborted (and fails the test).
Screenshots go to ``screenshots/`` in the repository (git-ignored).

Without Playwright or Chromium the tests skip with the reason; with
``FCOURSE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) that absence is a failure.

The notebooks are checked by two test files, each with its own JupyterLab (``lab`` is module-scoped): ``make test``
gives each file to one worker, and the notebooks are the longest tests of the suite, so two files let both cores
share them. Within a file every notebook is opened and its Restart & Run All clicked before the first one is checked
(``notebooks_started``): their kernels run side by side, and one notebook's waits are spent running the others.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_support import CHROMIUM, CHROMIUM_ARGS, REQUIRED, unavailable

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
SHOTS = ROOT / "screenshots"
TOKEN = "fcourse-browser-test"
#: the course's JupyterLab defaults, as `make lab` uses them (no news pop-up, no update check)
APP_SETTINGS = ROOT / "lab-settings"
#: user settings for the test only: render every cell (no virtual scrolling), so every output can be checked
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


UNAVAILABLE = unavailable()
if UNAVAILABLE and not REQUIRED:
    pytest.skip(UNAVAILABLE, allow_module_level=True)


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
    for notebook in NOTEBOOKS:
        shutil.copy(notebook, notebooks / notebook.name)
    # notebooks read the committed blind-set results as ../tests/data, as in the repository
    (home / "tests").mkdir()
    (home / "tests" / "data").symlink_to(ROOT / "tests" / "data", target_is_directory=True)
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
        f"--LabApp.app_settings_dir={APP_SETTINGS}",
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

    def ready(self, notebook: str) -> None:
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
    if UNAVAILABLE:
        pytest.fail(f"FCOURSE_REQUIRE_BROWSER is set but {UNAVAILABLE}")
    from playwright import sync_api

    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Opened:
    """A notebook's page, its run started, and the requests it tried to send off the machine."""

    notebook: str
    page: Any
    foreign: list[str]


def open_and_start(browser: Any, lab: Lab, notebook: str) -> Opened:
    """``notebook`` open in a new page, with Restart Kernel and Run All Cells… clicked (not waited for)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    foreign: list[str] = []

    def only_local(route: Any) -> None:
        if route.request.url.startswith(lab.base) or route.request.url.startswith("data:"):
            route.continue_()
        else:
            foreign.append(route.request.url)
            route.abort()

    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.route("**/*", only_local)
    opened = Opened(notebook, page, foreign)
    lab.ready(notebook)
    _guarded(opened, _start_run_all, lab.base)
    return opened


def _guarded(opened: Opened, step: Callable[..., None], *args: Any) -> None:
    """Run one step on the page; on failure keep a screenshot and what the page showed."""
    try:
        step(opened.page, *args, opened.notebook)
    except Exception:
        prefix = opened.notebook[:2]
        opened.page.screenshot(path=str(SHOTS / f"{prefix}-failure.png"), full_page=True)
        (SHOTS / f"{prefix}-failure.txt").write_text(_diagnostics(opened.page))
        raise


def _start_run_all(page: Any, lab: str, notebook: str) -> None:
    """Open the notebook, then Kernel → Restart Kernel and Run All Cells…, and see the cells queued."""
    prefix = notebook[:2]
    page.goto(f"{lab}/lab/tree/{notebook}?token={TOKEN}&reset")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=30_000)
    # the kernel must be up before the restart, or Lab asks which kernel to start
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-StatusBar-TextItem')]"
        ".some(e => /\\| Idle/.test(e.textContent))",
        timeout=60_000,
    )
    # as saved (before any kernel ran it): the stored outputs and widget state
    _shot(page, ".jp-Cell >> nth=0", f"{prefix}-saved-top.png")
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name="Restart Kernel and Run All Cells…").click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    # the saved prompts already read [1]..[n]: first see the cells queued ([*])
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
        ".some(e => e.textContent.trim() === '[*]:')",
        timeout=30_000,
    )


def _finish_run_all(page: Any, notebook: str) -> None:
    """Wait until every cell has run, the kernel is idle and every diagram is drawn."""
    page.wait_for_function(
        """() => {
            const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                .map(e => e.textContent.trim());
            return prompts.length > 0 && prompts.every(t => /^\\[\\d+\\]:$/.test(t));
        }""",
        # the notebooks of a file run at once, and chapter 3 runs its harness about 500 times: on two shared
        # cores under load that takes minutes
        timeout=240_000,
    )
    page.wait_for_function(
        "[...document.querySelectorAll('.jp-StatusBar-TextItem')]"
        ".some(e => /\\| Idle/.test(e.textContent))",
        timeout=30_000,
    )
    # diagrams render asynchronously: wait until every one has its picture
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-RenderedMermaid')].every(e => e.querySelector('svg, img'))""",
        timeout=20_000,
    )
    page.bring_to_front()
    page.screenshot(path=str(SHOTS / f"{notebook[:2]}-after-run-all.png"))


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


# --------------------------------------------------------------------------- every notebook

#: the widget controls a panel may offer, in the order they are tried
CONTROLS = (
    ".widget-dropdown select",
    ".widget-toggle-buttons button",
    ".widget-radio-box input",
    ".widget-checkbox input",
    ".widget-text input",
    ".widget-textarea textarea",
    ".widget-slider .noUi-handle, .widget-slider .slider-handle",
    ".widget-button",
)


def _cell_label(notebook: str, index: int, cell: Any) -> str:
    source = cell.locator(".jp-InputArea-editor").inner_text().strip().splitlines()
    return f"{notebook}, code cell {index + 1} ({source[0][:60] if source else 'empty'!r})"


def _outputs_text(cell: Any) -> str:
    return str(cell.locator(".jp-OutputArea").inner_text())


def _change(control: Any, kind: str) -> list[Callable[[], None]]:
    """Ways to change one control, each a different new value."""
    if kind.startswith(".widget-dropdown"):
        current, values = control.evaluate("s => [s.value, [...s.options].map(o => o.value)]")
        return [lambda v=v: control.select_option(v) for v in values if v != current]
    if kind.startswith(".widget-text ") or kind.startswith(".widget-textarea"):
        value = control.input_value()
        if control.get_attribute("type") == "number":
            number = float(value or 0)
            return [lambda n=n: (control.fill(f"{n:g}"), control.press("Enter")) for n in (number + 1, number - 1)]
        return [
            lambda: (control.fill(""), control.press("Tab")),
            lambda: (control.fill(value[::-1] or "x"), control.press("Tab")),
        ]
    if kind.startswith(".widget-slider"):
        return [lambda: (control.focus(), control.press("ArrowRight")), lambda: control.press("ArrowLeft")]
    return [control.click]


def _flip_one_control(page: Any, cell: Any, where: str) -> str:
    """Change a control of the panel in ``cell`` until its output changes; return what changed."""
    for kind in CONTROLS:
        controls = cell.locator(kind)
        for index in range(controls.count()):
            control = controls.nth(index)
            if not control.is_enabled():
                continue
            for change in _change(control, kind):
                before = _outputs_text(cell)
                change()
                try:
                    page.wait_for_function(
                        "([el, before]) => el.innerText !== before",
                        arg=[cell.locator(".jp-OutputArea").element_handle(), before],
                        timeout=5_000,
                    )
                    return kind
                except Exception:  # this change left the output alone: try another
                    continue
    raise AssertionError(f"{where}: no control of this panel changes its output")


def _check_notebook(page: Any, notebook: str) -> None:
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    prompts = [p.strip() for p in page.locator(".jp-CodeCell .jp-InputPrompt").all_text_contents()]
    assert prompts == [f"[{n}]:" for n in range(1, len(prompts) + 1)], f"{notebook}: prompts {prompts}"
    panels = 0
    for index in range(cells.count()):
        cell = cells.nth(index)
        where = _cell_label(notebook, index, cell)
        errors = cell.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
            ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']"
        )
        if errors.count():
            expected = "NBVAL_RAISES_EXCEPTION" in cell.locator(".jp-InputArea-editor").inner_text()
            assert expected, f"{where}: error output {errors.first.inner_text()[:300]!r}"
        assert "Error displaying widget" not in _outputs_text(cell), f"{where}: a widget did not render"
        diagrams = cell.locator(".jp-RenderedMermaid")
        for d in range(diagrams.count()):
            diagram = diagrams.nth(d)
            assert diagram.locator("svg, img").count() >= 1, f"{where}: mermaid diagram {d + 1} not drawn"
            assert "Syntax error" not in diagram.inner_text(), f"{where}: mermaid syntax error"
        # a panel is a widget a learner can operate (a progress bar is a widget too, but not a panel)
        if cell.locator(".jp-OutputArea").locator(", ".join(CONTROLS)).count():
            panels += 1
            cell.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{notebook[:2]}-panel{panels}-default.png"))
            _flip_one_control(page, cell, where)
            page.screenshot(path=str(SHOTS / f"{notebook[:2]}-panel{panels}-changed.png"))


def notebooks_started(browser: Any, lab: Lab, notebooks: list[str]) -> Iterator[dict[str, Opened]]:
    """Each notebook open in its own page with its run started, all at once: their kernels run side by side
    while the test checks them one after another."""
    opened: dict[str, Opened] = {}
    try:
        for notebook in notebooks:
            opened[notebook] = open_and_start(browser, lab, notebook)
        yield opened
    finally:
        for one in opened.values():
            one.page.close()


def check_notebook_in_lab(opened: Opened) -> None:
    """Wait for the notebook's Restart & Run All, then every check above and the notebook's extra one."""
    _guarded(opened, lambda page, notebook: _finish_run_all(page, notebook))
    page = opened.page
    _check_notebook(page, opened.notebook)
    extra = EXTRA_CHECKS.get(opened.notebook[:2])
    if extra is not None:
        extra(page)
    assert opened.foreign == [], f"the page tried to reach the network: {opened.foreign}"


# --------------------------------------------------------------------------- extra checks


def _start_here(page: Any) -> None:
    text = page.locator(".jp-Notebook").inner_text()
    assert "backend: offline teaching model" in text
    assert "Beijing: Cloudy, 25°C, light north-east wind." in text
    assert "HTTP 400" in text
    assert page.locator(".jp-RenderedMermaid").count() >= 1


def _switchboard(page: Any) -> None:
    """Chapter 4: each branch of the recovery shows its own trace and highlighted flowchart."""
    trace = page.locator("pre.fcourse-trace")
    select = page.locator(".jp-OutputArea .widget-dropdown select").first
    if trace.count() == 0 or select.count() == 0:
        return
    select.select_option("timeout_unknown")
    page.wait_for_function(
        "document.querySelector('pre.fcourse-trace').textContent"
        ".includes('runtime_action=AWAIT_RECONCILIATION')",
        timeout=15_000,
    )
    assert "idempotency_status=UNKNOWN" in trace.first.inner_text()
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-RenderedMermaid img, .jp-RenderedMermaid svg')]
            .some(e => (e.src ? decodeURIComponent(e.src) : e.outerHTML).includes('UNKNOWN'))""",
        timeout=15_000,
    )
    select.select_option("unknown_tool")
    page.wait_for_function(
        "document.querySelector('pre.fcourse-trace').textContent.includes('response=UNKNOWN_TOOL')",
        timeout=15_000,
    )


EXTRA_CHECKS: dict[str, Callable[[Any], None]] = {"00": _start_here, "04": _switchboard}


def checks_for(notebooks: list[str]) -> tuple[Any, Any]:
    """The module fixture that opens and starts ``notebooks``, and the test of each (one pair per test file)."""

    @pytest.fixture(scope="module")
    def opened(browser: Any, lab: Lab) -> Iterator[dict[str, Opened]]:
        yield from notebooks_started(browser, lab, notebooks)

    @pytest.mark.parametrize("notebook", notebooks)
    def test_notebook_runs_clean_draws_and_its_panels_respond(opened: dict[str, Opened], notebook: str) -> None:
        check_notebook_in_lab(opened[notebook])

    return opened, test_notebook_runs_clean_draws_and_its_panels_respond
