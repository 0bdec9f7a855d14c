"""Every decision the teaching model makes on the committed case sets, as one fingerprint per case.

    PYTHONPATH=$PWD python tools/decision_digest.py --write before.json     # record
    PYTHONPATH=$PWD python tools/decision_digest.py --compare before.json   # same decisions now?

A change that is meant to alter no decision (a speed-up, a refactor) is checked
with it: record the fingerprints, make the change, compare. Each case of every
``tests/data/teaching_unseen_v*.json`` set and every conversational probe goes
through the endpoint's ``explain`` (what a completion would return) and is
fingerprinted twice: its ``decision`` (the reply: kind, finish reason, message
with calls and text) and its decision ``record`` (scores, what filled each
argument). ``--compare`` lists the cases whose decision changed and counts those
whose record alone changed; it exits 1 when a decision changed.
Maintainer tooling: lives outside the installed package.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
MODEL = "fcourse-teacher"


def requests() -> Iterator[tuple[str, dict[str, Any]]]:
    """``(set/case id, request body)`` for every committed case, set by set."""
    for path in sorted(DATA.glob("teaching_unseen_v*.json"), key=lambda p: p.name):
        if not path.stem.split("_v")[-1].isdigit():
            continue  # *_baseline.json and *_results.json hold figures, not cases
        doc = json.loads(path.read_text(encoding="utf-8"))
        for case in doc["cases"]:
            tools = doc["toolsets"][case["toolset"]]
            yield f"{path.stem}/{case['id']}", {"model": MODEL, "messages": case["messages"], "tools": tools}
    probes = json.loads((DATA / "conversation_probes.json").read_text(encoding="utf-8"))
    for probe in probes["probes"]:
        yield f"conversation_probes/{probe['id']}", {"model": MODEL, "messages": probe["messages"],
                                                     "tools": probe["tools"]}


def _hash(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def fingerprints() -> dict[str, dict[str, str]]:
    """``{case: {"decision": hash, "record": hash}}`` for every committed case."""
    from fcourse.teaching.wire.endpoint import explain

    out: dict[str, dict[str, str]] = {}
    for key, body in requests():
        try:
            got = explain(body)
        except Exception as exc:  # an invalid request is a decision too: the error it gets
            out[key] = {"decision": _hash(f"{type(exc).__name__}: {exc}"), "record": ""}
            continue
        out[key] = {"decision": _hash(got["decision"]), "record": _hash(got["record"])}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--write", type=Path, help="write the fingerprints here")
    group.add_argument("--compare", type=Path, help="compare with fingerprints written earlier")
    args = parser.parse_args(argv)
    now = fingerprints()
    if args.write:
        args.write.write_text(json.dumps(now, indent=0, sort_keys=True), encoding="utf-8")
        print(f"{len(now)} cases fingerprinted into {args.write}")
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    common = sorted(set(before) & set(now))
    decisions = [k for k in common if before[k]["decision"] != now[k]["decision"]]
    records = [k for k in common if k not in decisions and before[k]["record"] != now[k]["record"]]
    print(f"{len(common)} cases compared ({len(set(now) - set(before))} new, {len(set(before) - set(now))} gone): "
          f"{len(decisions)} decisions changed, {len(records)} records changed with the same decision")
    for key in decisions:
        print(f"  decision changed: {key}")
    return 1 if decisions else 0


if __name__ == "__main__":
    sys.exit(main())
