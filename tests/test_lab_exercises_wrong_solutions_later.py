"""The committed wrong solutions of chapters 3-5's exercises fail their checkers, each report naming the mistake.

test_lab_exercises_wrong_solutions.py runs chapters 0-2's and checks the files themselves; the wrong solutions are
split over two files so that ``make test``'s two workers share them.
"""

from __future__ import annotations

import pytest
from exercise_support import MANIFEST, WrongSolution, assert_fails_with_its_hint, wrong_solutions


@pytest.mark.parametrize("solution", [s for s in wrong_solutions() if MANIFEST[s.checker]["notebook"] >= "03"],
                         ids=lambda s: s.id)
def test_a_wrong_solution_fails_its_checker_and_the_report_names_the_mistake(solution: WrongSolution) -> None:
    assert_fails_with_its_hint(solution)
