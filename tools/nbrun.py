"""Re-execute the chapter notebooks the way a learner's Restart & Run All would.

Introduced for the course build (used by every chapter, 1 to 4; ``make notebooks``)::

    python tools/nbrun.py notebooks/*.ipynb          # execute and write back
    python tools/nbrun.py --check notebooks/*.ipynb  # execute in memory, report drift

Each notebook runs in a fresh kernel of the *current* Python environment (the
interpreter running this module, like ``pytest --nbval-current-env``), with the
notebook's folder as working directory and ``FCOURSE_BACKEND=offline`` forced,
so execution counts are 1..n and the outputs are the ones nbval will compare.

Only volatile metadata is stripped: per-cell execution timing, and the random
model ids of ipywidgets. Widget state itself is *kept* (``metadata.widgets``,
about 5 KB for a panel; ``--drop-widget-state`` leaves it out): nbconvert's HTML
export, nbviewer and a *trusted* JupyterLab notebook use it to draw the saved
controls. (An untrusted notebook, i.e. any fresh clone, shows each widget
output's ``text/plain`` instead, which is why fcourse panels make that text
readable.) The model ids (uuid4 hex, new on every run) are renamed to ids
derived from the notebook name and the order in which the widgets are
displayed, in the outputs and the state alike, so a re-run with unchanged
code leaves the file byte-identical.

A cell that raises stops the run with a non-zero exit naming the cell, unless
it is marked as expected to raise the way nbval reads it: a
``# NBVAL_RAISES_EXCEPTION`` comment line, or a ``raises-exception`` /
``nbval-raises-exception`` tag. A marked cell that does *not* raise fails too.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat import NotebookNode

__all__ = [
    "NotebookRunError",
    "RunReport",
    "check_notebook",
    "execute_notebook",
    "main",
    "normalize_notebook",
    "notebook_text",
    "run_notebook",
]

WIDGET_STATE_MIME = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
CURRENT_ENV_KERNEL = "fcourse-current-env"
RAISES_TAGS = frozenset({"raises-exception", "nbval-raises-exception"})
RAISES_COMMENT = "NBVAL_RAISES_EXCEPTION"
IGNORE_OUTPUT_TAGS = frozenset({"nbval-ignore-output"})
IGNORE_OUTPUT_COMMENT = "NBVAL_IGNORE_OUTPUT"
#: cell metadata written by execution tools, never by an author
VOLATILE_CELL_METADATA = ("execution", "ExecuteTime")
DEFAULT_KERNELSPEC = {
    "display_name": "Python 3 (ipykernel)",
    "language": "python",
    "name": "python3",
}
_MODEL_ID = re.compile(r"^[0-9a-f]{32}$")
_MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]{32})")


class NotebookRunError(RuntimeError):
    """A cell raised (or failed to raise) while a notebook was being re-executed."""

    def __init__(self, path: str, cell_index: int, source: str, detail: str) -> None:
        first = source.strip().splitlines()[0] if source.strip() else ""
        super().__init__(
            f"{path}: cell {cell_index} failed: {detail}\n  first line: {first}"
        )
        self.path = path
        self.cell_index = cell_index
        self.detail = detail


@dataclass
class RunReport:
    """What ``--check`` found for one notebook."""

    path: str
    changed: bool
    changed_cells: list[int] = field(default_factory=list)
    diff: str = ""


class _CurrentEnvKernelSpecs(KernelSpecManager):
    """Resolve one kernel name to ipykernel running in *this* interpreter."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        if kernel_name == CURRENT_ENV_KERNEL:
            import ipykernel.kernelspec

            return self.kernel_spec_class(
                resource_dir=ipykernel.kernelspec.RESOURCES,
                **ipykernel.kernelspec.get_kernel_dict(),
            )
        return super().get_kernel_spec(kernel_name)


def _marked(cell: NotebookNode, tags: frozenset[str], comment: str) -> bool:
    """True when the cell carries one of ``tags`` or a ``# comment`` line, as nbval reads markers."""
    cell_tags = cell.get("metadata", {}).get("tags", [])
    if isinstance(cell_tags, list) and tags.intersection(cell_tags):
        return True
    for line in cell.get("source", "").splitlines():
        line = line.strip()
        if line.startswith("#") and line.lstrip("#").strip() == comment:
            return True
    return False


def _expects_exception(cell: NotebookNode) -> bool:
    return _marked(cell, RAISES_TAGS, RAISES_COMMENT)


def _ignores_output(cell: NotebookNode) -> bool:
    """A cell whose output differs on every run by nature (e.g. a race), so nbval skips comparing it."""
    return _marked(cell, IGNORE_OUTPUT_TAGS, IGNORE_OUTPUT_COMMENT)


def _kernel_env() -> dict[str, str]:
    env = dict(os.environ)
    env["FCOURSE_BACKEND"] = "offline"
    # The kernel imports the same fcourse as this process, installed or not.
    package_root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(
        [package_root] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    )
    # Keep the kernel's stderr free of the debugger's frozen-modules notice.
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


def execute_notebook(
    nb: NotebookNode, path: str | os.PathLike[str], timeout: int = 300
) -> NotebookNode:
    """Execute ``nb`` in place from a fresh kernel; return it (chapter: course build).

    ``path`` is the notebook's file: its folder becomes the kernel's working
    directory, and its name appears in error messages. Raises
    :class:`NotebookRunError` when a cell raises without being marked to.
    """
    path = Path(path)
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
    problems: list[NotebookRunError] = []

    def on_error(cell: NotebookNode, cell_index: int, execute_reply: dict[str, Any]) -> None:
        if not _expects_exception(cell):
            content = execute_reply.get("content", {})
            error = NotebookRunError(
                str(path),
                cell_index,
                cell.source,
                f"{content.get('ename', 'Error')}: {content.get('evalue', '')}",
            )
            problems.append(error)
            raise error

    def on_executed(cell: NotebookNode, cell_index: int, execute_reply: dict[str, Any]) -> None:
        status = execute_reply.get("content", {}).get("status")
        if _expects_exception(cell) and status != "error":
            error = NotebookRunError(
                str(path),
                cell_index,
                cell.source,
                f"marked {RAISES_COMMENT} but raised nothing",
            )
            problems.append(error)
            raise error

    km = AsyncKernelManager(
        kernel_name=CURRENT_ENV_KERNEL,
        kernel_spec_manager=_CurrentEnvKernelSpecs(),
    )
    client = NotebookClient(
        nb,
        km=km,
        timeout=timeout,
        allow_errors=True,  # decided per cell by on_error, like nbval's markers
        record_timing=False,
        store_widget_state=True,
        on_cell_error=on_error,
        on_cell_executed=on_executed,
        resources={"metadata": {"path": str(path.resolve().parent)}},
    )
    try:
        client.execute(env=_kernel_env())
    except NotebookRunError:
        raise
    except Exception:
        if problems:  # the hook's error, wrapped by the event loop machinery
            raise problems[0] from None
        raise
    if problems:
        raise problems[0]
    return nb


def _canonical_model_ids(nb: NotebookNode, stem: str) -> dict[str, str]:
    """Map each random widget model id to a stable one, in display order."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE_MIME, {}).get("state", {})
    order: list[str] = []

    def visit(model_id: str) -> None:
        if model_id in order:
            return
        order.append(model_id)
        refs = _MODEL_REF.findall(json.dumps(state.get(model_id, {}), sort_keys=True))
        for ref in refs:
            visit(ref)

    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW_MIME)
            if isinstance(view, dict) and _MODEL_ID.match(str(view.get("model_id", ""))):
                visit(view["model_id"])
    leftovers = sorted(
        (m for m in state if m not in order),
        key=lambda m: json.dumps(_MODEL_REF.sub("", json.dumps(state[m], sort_keys=True))),
    )
    for model_id in leftovers:
        visit(model_id)
    return {
        old: hashlib.sha256(f"{stem}/widget/{n}".encode()).hexdigest()[:32]
        for n, old in enumerate(order, start=1)
    }


def normalize_notebook(
    nb: NotebookNode, stem: str = "notebook", keep_widget_state: bool = True
) -> NotebookNode:
    """Strip volatile metadata and make widget model ids stable; return a new node.

    ``stem`` (the notebook's file name without suffix) seeds the stable ids so
    two notebooks never share one. ``keep_widget_state=False`` drops
    ``metadata.widgets`` altogether (the outputs keep their stable model ids).
    """
    nb = nbformat.from_dict(json.loads(json.dumps(nb)))
    for cell in nb.cells:
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
        if "outputs" in cell:
            cell.outputs = _coalesce_streams(cell.outputs)
    if not nb.metadata.get("kernelspec"):
        nb.metadata["kernelspec"] = dict(DEFAULT_KERNELSPEC)
    if nb.nbformat == 4 and nb.nbformat_minor < 5:
        nb.nbformat_minor = 5
    seen: set[str] = set()
    for index, cell in enumerate(nb.cells):
        cell_id = cell.get("id")
        if not cell_id or cell_id in seen:
            cell["id"] = hashlib.sha256(f"{stem}/cell/{index}".encode()).hexdigest()[:8]
        seen.add(cell["id"])
    mapping = _canonical_model_ids(nb, stem)
    if mapping:
        text = json.dumps(nb)
        text = re.sub(
            r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])", lambda m: mapping.get(m.group(0), m.group(0)), text
        )
        nb = nbformat.from_dict(json.loads(text))
        states = nb.metadata["widgets"][WIDGET_STATE_MIME]["state"]
        ordered = {new: states[new] for new in mapping.values() if new in states}
        nb.metadata["widgets"][WIDGET_STATE_MIME]["state"] = ordered
    if not keep_widget_state:
        nb.metadata.pop("widgets", None)
    return nb


def _coalesce_streams(outputs: list[NotebookNode]) -> list[NotebookNode]:
    """Merge adjacent stdout (or stderr) chunks into one output, as nbval and Lab show them.

    Where the kernel cuts a long print into chunks depends on timing, so
    without this the same output could be stored as one, two or three
    ``stream`` entries from one run to the next.
    """
    merged: list[NotebookNode] = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (
            output.get("output_type") == "stream"
            and previous is not None
            and previous.get("output_type") == "stream"
            and previous.get("name") == output.get("name")
        ):
            previous["text"] = _text(previous["text"]) + _text(output["text"])
        else:
            merged.append(output)
    return merged


def _text(text: str | list[str]) -> str:
    return text if isinstance(text, str) else "".join(text)


def notebook_text(nb: NotebookNode) -> str:
    """The file text nbformat writes (indent 1, sorted keys), with a final newline."""
    text = nbformat.writes(nb, version=4)
    return text if text.endswith("\n") else text + "\n"


def _fresh_copy(path: Path) -> NotebookNode:
    return nbformat.read(path, as_version=4)


def run_notebook(
    path: str | os.PathLike[str], timeout: int = 300, keep_widget_state: bool = True
) -> bool:
    """Execute the notebook at ``path`` and write it back; True if the file changed."""
    path = Path(path)
    before = path.read_text(encoding="utf-8")
    nb = execute_notebook(_fresh_copy(path), path, timeout=timeout)
    after = notebook_text(normalize_notebook(nb, path.stem, keep_widget_state))
    if after != before:
        path.write_text(after, encoding="utf-8", newline="\n")
        return True
    return False


def _changed_cells(old: NotebookNode, new: NotebookNode) -> list[int]:
    changed = []
    for index in range(max(len(old.cells), len(new.cells))):
        a = old.cells[index] if index < len(old.cells) else None
        b = new.cells[index] if index < len(new.cells) else None
        if a is None or b is None or json.dumps(a, sort_keys=True) != json.dumps(
            b, sort_keys=True
        ):
            changed.append(index)
    return changed


def check_notebook(
    path: str | os.PathLike[str], timeout: int = 300, keep_widget_state: bool = True
) -> RunReport:
    """Execute the notebook in memory and report whether its file would change."""
    path = Path(path)
    before = path.read_text(encoding="utf-8")
    old = nbformat.reads(before, as_version=4)
    executed = execute_notebook(_fresh_copy(path), path, timeout)
    new_nb = normalize_notebook(executed, path.stem, keep_widget_state)
    for index, cell in enumerate(new_nb.cells):
        # like nbval: the output of a cell marked NBVAL_IGNORE_OUTPUT is not compared
        if index < len(old.cells) and _ignores_output(cell) and old.cells[index].get("source") == cell.source:
            cell.outputs = old.cells[index].get("outputs", [])
    after = notebook_text(new_nb)
    if after == before:
        return RunReport(str(path), changed=False)
    diff = "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            fromfile=f"{path} (committed)",
            tofile=f"{path} (re-executed)",
            n=2,
        )
    )
    return RunReport(str(path), True, _changed_cells(old, new_nb), diff)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point; returns the process exit status."""
    parser = argparse.ArgumentParser(
        prog="python tools/nbrun.py",
        description="Restart & Run All each notebook offline and store its outputs.",
    )
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument(
        "--check",
        action="store_true",
        help="execute in memory only; exit 1 if a committed notebook would change",
    )
    parser.add_argument("--timeout", type=int, default=300, help="seconds per cell")
    parser.add_argument(
        "--drop-widget-state",
        action="store_true",
        help="do not store metadata.widgets (saved widget state) in the notebook",
    )
    parser.add_argument(
        "--diff-lines", type=int, default=60, help="diff lines shown per drifting notebook"
    )
    args = parser.parse_args(argv)
    status = 0
    keep = not args.drop_widget_state
    for path in _existing(args.notebooks):
        try:
            if args.check:
                report = check_notebook(path, args.timeout, keep)
                if report.changed:
                    status = 1
                    print(f"DRIFT {path}: cells {report.changed_cells} would change")
                    lines = report.diff.splitlines()
                    print("\n".join(lines[: args.diff_lines]))
                    if len(lines) > args.diff_lines:
                        print(f"... ({len(lines) - args.diff_lines} more diff lines)")
                else:
                    print(f"ok    {path}")
            else:
                changed = run_notebook(path, args.timeout, keep)
                print(f"{'wrote' if changed else 'same '} {path}")
        except NotebookRunError as error:
            print(f"FAIL  {error}", file=sys.stderr)
            return 1
        except (CellTimeoutError, DeadKernelError) as error:
            print(f"FAIL  {path}: {type(error).__name__}: {error}", file=sys.stderr)
            return 1
    return status


def _existing(paths: Iterable[Path]) -> list[Path]:
    found = []
    for path in paths:
        if not path.is_file():
            raise SystemExit(f"no such notebook: {path}")
        found.append(path)
    return found


if __name__ == "__main__":
    sys.exit(main())
