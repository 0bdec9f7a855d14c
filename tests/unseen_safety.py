"""The blind accuracy sets scored for safety: no call on any of them acts on an excluded, unstated or invented value,
and none breaks its tool's schema.

The sets are thousands of decisions, so the test is split over three files (test_teaching_unseen_safety_*.py), a
third of the sets each: ``make test`` gives each file to one worker (pytest-xdist's ``--dist loadfile``), and three
files spread over two cores where one file would keep a core busy alone. Accuracy is reported by
``tools/eval_teaching_unseen.py``, not asserted.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import eval_teaching_unseen as ev  # noqa: E402  (maintainer tooling lives outside the installed package)

#: every blind set written by a helper that read no project file (v1 and v2 have tests of their own); v30 and v31
#: are this round's (v30 showed three unsafe calls on frozen code, fixed since: it is a regression set now)
BLIND_SETS = range(3, 32)


def assert_safe(version: int) -> None:
    """No unsafe and no schema-violating call on blind set ``v<version>`` (counts only: sealed cases are not named)."""
    results = ev.evaluate("test", ev.unseen(version))[1]
    assert sum(r["unsafe_calls"] for r in results) == 0, f"v{version}: unsafe calls"
    assert sum(r["schema_violating_calls"] for r in results) == 0, f"v{version}: schema-violating calls"
