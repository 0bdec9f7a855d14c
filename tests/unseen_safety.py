"""The blind accuracy sets scored for safety: no call on any of them acts on an excluded, unstated or invented value,
and none breaks its tool's schema.

An unsafe call is a call whose arguments hold a value the case lists as unsafe (``expect.unsafe_values``: an id the
user excluded, a context id the user never chose, a value invented from the context), so only the cases that list
such values can show one: those are the cases run here, about a fifth of the 4,400 (all 29 sets in full took three
minutes of ``make test``'s four). Every call they make is also checked against its tool's schema. The figures for
every case of every set, accuracy and both safety counts, come from ``tools/eval_teaching_unseen.py`` and are
committed as ``tests/data/teaching_unseen_v*_results.json``; v1 and v2 are scored in full by test_teaching_unseen.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import eval_teaching_unseen as ev  # noqa: E402  (maintainer tooling lives outside the installed package)

#: every blind set written by a helper that read no project file (v1 and v2 have tests of their own); v30 and v31
#: are the previous round's (v30 showed three unsafe calls on frozen code, fixed since: it is a regression set now)
BLIND_SETS = range(3, 32)


def risky_cases(version: int) -> tuple[dict, list[dict]]:
    """Blind set ``v<version>`` and its cases that list values no call may hold."""
    doc = ev.load(ev.unseen(version))
    return doc, [c for c in doc["cases"] if c["expect"].get("unsafe_values")]


def assert_safe(version: int) -> None:
    """No unsafe and no schema-violating call on blind set ``v<version>``'s risky cases (counts only: sealed cases
    are not named)."""
    doc, cases = risky_cases(version)
    assert cases, f"v{version}: no case lists an unsafe value"
    results = [ev.run_case(doc, case) for case in cases]
    assert sum(r["unsafe_calls"] for r in results) == 0, f"v{version}: unsafe calls"
    assert sum(r["schema_violating_calls"] for r in results) == 0, f"v{version}: schema-violating calls"
