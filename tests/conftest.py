"""Test-wide settings: property-based tests draw the same examples on every run.

``make test`` must give the same verdict on every machine and every run (CI lands
a change only on a green run), so Hypothesis is derandomized by default: a
latent bug is found by whoever looks for it, not by whichever CI run happens to
draw it. To explore with fresh random examples, run
``HYPOTHESIS_PROFILE=explore pytest tests``.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("fcourse", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "fcourse"))

#: the longest test files (a minute or more of a worker's time each, see ``make test``'s --durations), started
#: first: ``make test`` hands whole files to its workers in collection order, and a long file handed out last keeps
#: one core busy while the other waits
LONGEST_FIRST = (
    "test_browser_later_chapters.py",
    "test_browser.py",
    "test_lab_exercises_wrong_solutions.py",
    "test_lab_exercises_wrong_solutions_later.py",
    "test_teaching_unseen_safety_2.py",
    "test_teaching_unseen_safety_1.py",
    "test_teaching_unseen_safety_3.py",
    "test_course_time.py",
    "test_lab_settings.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the items of ``LONGEST_FIRST``'s files to the front, in that order; everything else keeps its order."""
    rank = {name: index for index, name in enumerate(LONGEST_FIRST)}
    order = {id(item): position for position, item in enumerate(items)}
    items.sort(key=lambda item: (rank.get(item.path.name, len(rank)), order[id(item)]))
