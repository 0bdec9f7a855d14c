"""How long does a learner wait? The course measured against the floor a kernel sets.

    python benchmarks/bench_course.py [--repeat N]

Each figure is a ratio or a difference measured side by side in one run, because
these machines are shared and noisy:

1. ``import fcourse`` (and ``import fcourse`` + ``fcourse.connect()``) over
   ``import openai`` alone: median of N fresh interpreters each;
2. the first code cell of each notebook, over the floor: a fresh kernel runs
   ``pass``, then a fresh kernel runs the notebook's first code cell; the
   difference is what the chapter adds before the learner sees anything (judged:
   at most 0.5 s; exit code 1 when a notebook's is more);
3. the whole course under nbval (``pytest --nbval`` on every notebook) against
   the same number of trivial one-cell notebooks under nbval: the kernel
   start-up floor.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from jupyter_client.manager import start_new_kernel

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "FCOURSE_BACKEND": "offline"}


def _seconds(command: list[str], cwd: Path = ROOT) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=ENV, check=True, capture_output=True)
    return time.perf_counter() - start


def _median(command: list[str], repeat: int) -> float:
    return statistics.median(_seconds(command) for _ in range(repeat))


def _timed_in_process(code: str) -> float:
    """Seconds ``code`` takes inside a fresh interpreter (its start-up excluded)."""
    probe = f"import time; t = time.perf_counter(); {code}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=ENV, check=True, capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def import_costs(repeat: int) -> dict[str, float]:
    runs: dict[str, list[float]] = {"openai": [], "fcourse": [], "fcourse+connect": []}
    for _ in range(repeat):  # interleaved, so a burst of load on the machine hits all three alike
        runs["openai"].append(_timed_in_process("import openai"))
        runs["fcourse"].append(_timed_in_process("import fcourse"))
        runs["fcourse+connect"].append(_timed_in_process("import fcourse; fcourse.connect(quiet=True)"))
    return {name: statistics.median(times) for name, times in runs.items()}


def _first_code_cell(path: Path) -> str:
    notebook = nbformat.read(path, as_version=4)
    return next(cell.source for cell in notebook.cells if cell.cell_type == "code")


def _kernel_seconds(code: str, cwd: Path) -> float:
    """Start a fresh kernel, run ``code``, and return start + run time."""
    start = time.perf_counter()
    manager, client = start_new_kernel(kernel_name="python3", cwd=str(cwd), env=ENV, stderr=subprocess.DEVNULL)
    try:
        reply = client.execute_interactive(code, timeout=120, output_hook=lambda msg: None)
        if reply["content"]["status"] != "ok":
            raise RuntimeError(f"the cell failed: {reply['content'].get('evalue')}")
        return time.perf_counter() - start
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def first_cells(repeat: int) -> list[tuple[str, float, float]]:
    rows = []
    for path in NOTEBOOKS:
        floor, cell = [], []
        for _ in range(repeat):  # interleaved with the floor
            floor.append(_kernel_seconds("pass", path.parent))
            cell.append(_kernel_seconds(_first_code_cell(path), path.parent))
        rows.append((path.name, statistics.median(floor), statistics.median(cell)))
    return rows


def nbval_course_vs_floor() -> tuple[float, float]:
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env"]
    course = _seconds([*pytest, *[str(p) for p in NOTEBOOKS]])
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(len(NOTEBOOKS)):
            cell = nbformat.v4.new_code_cell("1 + 1", execution_count=1)
            cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": "2"}, execution_count=1)]
            nbformat.write(nbformat.v4.new_notebook(cells=[cell]), Path(tmp) / f"trivial_{n}.ipynb")
        floor = _seconds([*pytest, tmp], cwd=Path(tmp))
    return course, floor


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per median (default 5)")
    repeat = parser.parse_args().repeat

    imports = import_costs(repeat)
    print(f"imports, median of {repeat} fresh interpreters:")
    print(f"  import openai                        {imports['openai'] * 1000:7.0f} ms")
    print(f"  import fcourse                       {imports['fcourse'] * 1000:7.0f} ms")
    print(f"  import fcourse; fcourse.connect()    {imports['fcourse+connect'] * 1000:7.0f} ms "
          f"({(imports['fcourse+connect'] - imports['openai']) * 1000:+.0f} ms over import openai)")

    print(f"first code cell of each notebook, fresh kernel, median of {max(1, repeat // 2)}:")
    judged = []
    for name, floor, cell in first_cells(max(1, repeat // 2)):
        print(f"  {name:<34} kernel+pass {floor:5.2f} s   kernel+first cell {cell:5.2f} s   "
              f"over the floor {cell - floor:+.2f} s")
        judged.append((f"{name}: first code cell <= 0.5 s over the kernel floor ({cell - floor:+.2f} s)",
                       cell - floor <= 0.5))

    course, floor = nbval_course_vs_floor()
    print(f"nbval: {len(NOTEBOOKS)} course notebooks {course:.1f} s vs {len(NOTEBOOKS)} trivial notebooks "
          f"{floor:.1f} s: {course / floor:.2f}x the kernel floor")
    print(json.dumps({"import": imports, "nbval_course_s": course, "nbval_floor_s": floor}))
    for what, ok in judged:
        print(f"{'met   ' if ok else 'MISSED'}  {what}")
    return 0 if all(ok for _, ok in judged) else 1


if __name__ == "__main__":
    sys.exit(main())
