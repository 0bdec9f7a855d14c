"""Every committed wrong solution fails its checker, and the checker's report names the mistake.

The wrong solutions are in ``tests/data/wrong_solutions/<checker>/``: the team's, and the batches written blind by a
reviewer who had not read the tests (``blind_batch<N>/``, kept as written; :mod:`exercise_support` explains the
layout). Each runs as a learner's notebook would run it: after the earlier cells it needs, then the checker's call.
This file runs chapters 0-2's and checks every file; test_lab_exercises_wrong_solutions_later.py runs the others.
"""

from __future__ import annotations

import ast
from collections import Counter

import pytest
from exercise_support import MANIFEST, WrongSolution, assert_fails_with_its_hint, wrong_solutions

SOLUTIONS = wrong_solutions()


@pytest.mark.parametrize("solution", [s for s in SOLUTIONS if MANIFEST[s.checker]["notebook"] < "03"],
                         ids=lambda s: s.id)
def test_a_wrong_solution_fails_its_checker_and_the_report_names_the_mistake(solution: WrongSolution) -> None:
    # chapters 0-2 here; test_lab_exercises_wrong_solutions_later.py runs the others (two files: two workers)
    assert_fails_with_its_hint(solution)


def test_every_file_says_what_is_wrong_and_every_checker_has_enough_of_them() -> None:
    kinds: Counter[tuple[str, str]] = Counter()
    for solution in SOLUTIONS:
        assert solution.kind in ("MISTAKE", "SHORTCUT") and solution.about, solution.id
        kinds[solution.checker, solution.kind] += 1
    for checker in MANIFEST:
        assert kinds[checker, "MISTAKE"] >= 6 and kinds[checker, "SHORTCUT"] >= 2, (checker, kinds)


def test_each_file_defines_what_its_checker_is_called_with() -> None:
    for solution in SOLUTIONS:
        tree = ast.parse(solution.path.read_text(encoding="utf-8"))
        defined = {node.name for node in tree.body if isinstance(node, ast.FunctionDef | ast.ClassDef)}
        defined |= {t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets
                    if isinstance(t, ast.Name)}
        defined |= {(a.asname or a.name) for node in tree.body if isinstance(node, ast.ImportFrom) for a in node.names}
        wanted = MANIFEST[solution.checker]["defines"]
        assert wanted[-1] in defined, f"{solution.id} does not define {wanted[-1]}"


def test_only_the_recorded_ones_pass() -> None:
    assert {s.id for s in SOLUTIONS if s.passes} == {
        "check_cases/blind_batch1/shortcut_copied_revealed_solution",
        "check_description/blind_batch2/fake_check_description",
        "check_cases/blind_batch2/fake_check_cases",
        "check_description/blind_batch1/chinese_only",
        "check_description/blind_batch1/names_other_tools_to_exclude",
        "check_mcp_guard/blind_batch2/pins_whole_tool",
        "check_run_tool_call/blind_batch2/patch_checker_fake_report",
        "check_strict_loads/blind_batch2/patch_checker_fake_report",
        "check_extractor/blind_batch2/patch_checker_fake_report",
        "check_extractor/blind_batch2/identical_duplicates_accepted",
        "check_validate_action/blind_batch2/patch_checker_fake_report",
        "check_executor/blind_batch2/fake_check_executor",
        "check_loop/blind_batch2/patch_checker_fake_report",
        "check_parallel_loop/blind_batch2/patch_checker_fake_report",
        "check_responses_loop/blind_batch2/patch_checker_fake_report",
    }
