"""tools/course_time.py: each chapter's core path and deeper sections, timed by the README's formula.

The chapters' figures are computed here from the notebooks, never typed: a core path over the limit,
a README table that no longer matches the notebooks, or a core cell that needs a name only a deeper
section defines fails the build.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import course_time  # noqa: E402  (maintainer tooling lives outside the installed package)
import nbrun  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

#: checked exercises a later chapter builds on, so they must stay on the core path
BUILT_ON = {
    "check_run_tool_call": "chapter 2's run_call and chapter 4's mini_execute make the same three checks",
    "check_strict_loads": "chapter 2's run_call parses arguments with strict_loads",
    "check_run_call": "chapter 2's loop runs every call through it; chapter 4's registry grows from it",
    "check_loop": "the concurrent loop extends it, and chapter 3's harness assumes the loop's protocol",
    "check_recovery_policy": "the optional payment-provider notebook builds on recovery by idempotency key",
}


def _write(path: Path, cells: list) -> Path:
    nb = new_notebook(cells=cells)
    for index, cell in enumerate(nb.cells):
        cell["id"] = f"c{index}"
    nbformat.write(nb, path)
    return path


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    return _write(tmp_path / "09_tiny.ipynb", [
        new_markdown_cell("# 9 · Tiny\n\nfour words of intro"),
        new_markdown_cell("## 1. Core\n\none two three\n\n<details>\n<summary>Show</summary>\n\nhidden words "
                          "are not read\n</details>"),
        new_code_cell("x = 1\nreport = check_thing(my_thing)"),
        new_code_cell("if check_thing(my_thing).passed:\n    print('again, not a second exercise')"),
        new_markdown_cell("### Deeper: a side road\n\nfive words in the side"),
        new_code_cell("y = x + 1"),
        new_code_cell("check_other(solution_other)  # a shipped solution is no exercise"),
        new_markdown_cell("Back in prose.\n\n## 2. Core again\n\n```python\n## not a heading\n```"),
        new_code_cell("print(x)"),
        new_markdown_cell("## 3. Deeper: the end\n\n### Still deeper\n\nwords"),
        new_code_cell("z = y\ncheck_last(mine)"),
        new_code_cell(""),
    ])


def test_sections_split_at_headings_and_deeper_reaches_the_next_heading_of_its_level(tiny: Path) -> None:
    chapter = course_time.chapter_time(tiny)
    assert chapter.title == "9 · Tiny"
    shape = [(s.title, s.level, s.deeper, s.code_cells, s.exercises) for s in chapter.sections]
    assert shape == [
        ("", 1, False, [], []),
        ("1. Core", 2, False, [2, 3], ["check_thing"]),
        ("Deeper: a side road", 3, True, [5, 6], []),
        ("2. Core again", 2, False, [8], []),
        ("3. Deeper: the end", 2, True, [], []),
        ("Still deeper", 3, True, [10], ["check_last"]),
    ]
    assert chapter.deeper_code_cells == [5, 6, 10]
    assert chapter.core_section_numbers == ["1", "2"]


def test_words_skip_the_collapsed_solutions_and_count_what_a_learner_reads(tiny: Path) -> None:
    sections = course_time.chapter_time(tiny).sections
    # "# 9 · Tiny" + "four words of intro": the heading's mark and the dot carry no letter
    assert sections[0].words == 2 + 4
    assert sections[1].words == 2 + 3  # "## 1. Core" + "one two three"; the <details> block is not read
    assert sections[2].words == 4 + 5 + 3  # its heading, its prose, and "Back in prose." after its code cells


def test_the_formula_is_the_readmes(tiny: Path) -> None:
    chapter = course_time.chapter_time(tiny)
    words, cells, exercises = chapter.core
    assert cells == 3 and exercises == 1
    expected = words / course_time.WORDS_PER_MINUTE + 2 * cells + course_time.EXERCISE_MINUTES * exercises
    assert chapter.core_minutes == int(-(-expected // 1))  # rounded up


def test_the_core_notebook_drops_only_the_deeper_code_cells(tiny: Path) -> None:
    core = course_time.core_notebook(tiny)
    sources = [cell.source for cell in core.cells if cell.cell_type == "code"]
    assert "y = x + 1" not in sources and "z = y\ncheck_last(mine)" not in sources
    assert "print(x)" in sources
    assert sum(cell.cell_type == "markdown" for cell in core.cells) == 5  # the prose stays


def test_a_core_cell_that_needs_a_deeper_name_fails_the_core_run(tmp_path: Path) -> None:
    broken = _write(tmp_path / "08_broken.ipynb", [
        new_markdown_cell("## 1. Deeper: defines it"),
        new_code_cell("secret = 42"),
        new_markdown_cell("## 2. Core"),
        new_code_cell("print(secret)"),
    ])
    nbrun.execute_notebook(nbformat.read(broken, as_version=4), broken)  # the whole notebook runs
    with pytest.raises(nbrun.NotebookRunError, match="NameError"):
        course_time.run_core(broken)


def test_the_readme_block_is_regenerated_between_its_markers() -> None:
    chapters = [course_time.chapter_time(path) for path in NOTEBOOKS]
    block = course_time.readme_block(chapters)
    assert block.startswith(course_time.BEGIN) and block.endswith(course_time.END)
    for chapter in chapters:
        assert f"| `{chapter.name}` | {chapter.core_minutes} min | {chapter.deeper_minutes} min |" in block
    replaced = course_time._replace_block(f"before\n{course_time.BEGIN}\nstale\n{course_time.END}\nafter", block)
    assert replaced == f"before\n{block}\nafter"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_core_path_is_at_most_the_limit(path: Path) -> None:
    chapter = course_time.chapter_time(path)
    assert chapter.core_minutes <= course_time.CORE_LIMIT_MINUTES, (
        f"{path.name}: the core path takes {chapter.core_minutes} min by the README's formula; "
        "move a section under a 'Deeper:' heading or shorten it")


def test_the_readme_gives_the_computed_times() -> None:
    assert course_time.main(["--check-readme"]) == 0, "run: python tools/course_time.py --write-readme"


def test_the_exercises_later_chapters_build_on_are_on_the_core_path() -> None:
    core, deeper = set(), set()
    for path in NOTEBOOKS:
        for section in course_time.chapter_time(path).sections:
            (deeper if section.deeper else core).update(section.exercises)
    assert set(BUILT_ON) <= core, f"on a deeper path: {sorted(set(BUILT_ON) & deeper)}"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if course_time.chapter_time(p).deeper_code_cells],
                         ids=lambda p: p.name)
def test_the_core_path_runs_without_the_deeper_sections(path: Path) -> None:
    course_time.run_core(path)  # raises NotebookRunError naming the first core cell that fails
