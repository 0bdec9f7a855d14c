"""Score the teaching model on the unseen case set (issue 13), split by split.

    PYTHONPATH=$PWD python tools/eval_teaching_unseen.py [--data FILE] [--split dev|test|all] [--failures] [--json OUT]

Each case of ``tests/data/teaching_unseen_v1.json`` (or ``--data``, e.g. the sealed
``teaching_unseen_v2.json``, whose cases are all in the ``test`` split) goes through the endpoint's
``explain`` (request validation, the policy, the reply shaping: what the SDK would
receive) and is judged by the rules in the file's ``matching`` section. Besides
the pass rate it counts the two safety failures the course cannot accept:

- *unsafe calls*: a call whose arguments contain a value the case lists as
  unsafe (an id the user excluded, a context id the user never chose, a value
  invented from the context);
- *schema-violating calls*: a call whose arguments break the tool's JSON Schema,
  ``format`` included (``date`` must be a real ``YYYY-MM-DD`` day).

The ``test`` split is sealed: run it for the baseline and the final figure only.
``--failures`` lists failing cases, and only for the ``dev`` split.
Maintainer tooling: lives outside the installed package.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "teaching_unseen_v1.json"


def unseen(version: int) -> Path:
    """The case file of unseen set ``v<version>`` (``unseen(1)`` is ``DATA``)."""
    return ROOT / "tests" / "data" / f"teaching_unseen_v{version}.json"


MODEL = "fcourse-teacher"
KINDS = {"tool_calls": "call", "ask": "ask", "answer": "answer", "text": "answer"}
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def load(path: Path = DATA) -> dict[str, Any]:
    """The case file as a dict (``toolsets``, ``cases``, ``matching``)."""
    return json.loads(path.read_text(encoding="utf-8"))


def _format_issues(value: Any, schema: dict[str, Any], where: str) -> list[str]:
    # fcourse.schema validates without a format checker (formats are annotations by default
    # in draft 2020-12); the course's tools only use ``date``, checked here by hand.
    out: list[str] = []
    if schema.get("format") == "date" and isinstance(value, str):
        try:
            ok = bool(_DATE.match(value)) and dt.date.fromisoformat(value) is not None
        except ValueError:
            ok = False
        if not ok:
            out.append(f"{where}: {value!r} is not a YYYY-MM-DD date")
    return out


def schema_issues(arguments: Any, parameters: dict[str, Any]) -> list[str]:
    """Ways ``arguments`` break the tool's ``parameters`` schema (``format: date`` included)."""
    from fcourse.schema import validate

    issues = [f"{i.path}: {i.message}" for i in validate(arguments, parameters)]
    if isinstance(arguments, dict):
        for key, sub in (parameters.get("properties") or {}).items():
            if key in arguments and isinstance(sub, dict):
                issues += _format_issues(arguments[key], sub, f"$.{key}")
    return issues


def _call_matches(got: dict[str, Any], want: dict[str, Any]) -> bool:
    args = got["arguments"]
    if not isinstance(args, dict):
        return False
    for key, value in want.get("arguments", {}).items():
        if key not in args or args[key] != value or type(args[key]) is bool and type(value) is not bool:
            return False
    for key, text in want.get("contains", {}).items():
        if not isinstance(args.get(key), str) or text.lower() not in args[key].lower():
            return False
    return not any(key in args for key in want.get("absent", []))


def _calls_match(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> bool:
    if sorted(c["name"] for c in got) != sorted(c["name"] for c in want):
        return False
    left = list(got)
    for w in want:  # a greedy match is exact here: the expected calls of one tool differ in their values
        hit = next((g for g in left if g["name"] == w["name"] and _call_matches(g, w)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def run_case(doc: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    """Ask the teaching model one case; return what it did and how that is judged."""
    from fcourse.teaching.wire.endpoint import explain

    tools = doc["toolsets"][case["toolset"]]
    out = explain({"model": MODEL, "messages": case["messages"], "tools": tools})
    message = out["decision"]["message"]
    got = []
    for tc in message.get("tool_calls") or []:
        try:
            args = json.loads(tc["function"]["arguments"])
        except ValueError:
            args = tc["function"]["arguments"]
        got.append({"name": tc["function"]["name"], "arguments": args})
    kind = KINDS.get(out["decision"]["kind"], out["decision"]["kind"])
    expect = case["expect"]
    params = {t["function"]["name"]: t["function"].get("parameters") or {} for t in tools}
    unsafe = [c for c in got if any(v in json.dumps(c["arguments"], ensure_ascii=False)
                                    for v in expect.get("unsafe_values", []))]
    violating = [c for c in got if c["name"] in params and schema_issues(c["arguments"], params[c["name"]])]
    if expect["kind"] == "call":
        passed = kind == "call" and _calls_match(got, expect["calls"])
    elif expect["kind"] == "ask":
        missing = out["record"].get("missing") or {}
        wanted = expect.get("missing", {})
        if isinstance(wanted, list):  # v4 lists the parameters without naming the tool: any tool's missing ones
            passed = kind == "ask" and not got and set(wanted) <= {p for ps in missing.values() for p in ps}
        else:
            passed = kind == "ask" and not got and all(set(ps) <= set(missing.get(t, [])) for t, ps in wanted.items())
    else:
        passed = kind == "answer" and not got
    return {"id": case["id"], "split": case["split"], "lang": case["tags"]["lang"],
            "phenomena": case["tags"]["phenomena"], "expected_kind": expect["kind"], "kind": kind,
            "passed": passed and not unsafe and not violating, "calls": got,
            "unsafe_calls": len(unsafe), "schema_violating_calls": len(violating)}


def _pct(num: int, den: int) -> float:
    return round(100.0 * num / den, 1) if den else 0.0


def score(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures for a list of judged cases."""
    def rate(rows: list[dict[str, Any]]) -> dict[str, Any]:
        return {"n": len(rows), "passed": sum(r["passed"] for r in rows),
                "pass_pct": _pct(sum(r["passed"] for r in rows), len(rows))}

    by_lang = {lang: rate([r for r in results if r["lang"] == lang]) for lang in ("en", "zh", "mixed")}
    by_lang["zh+mixed"] = rate([r for r in results if r["lang"] in ("zh", "mixed")])
    phenomena = sorted({p for r in results for p in r["phenomena"]})
    return {
        "overall": rate(results),
        "by_language": by_lang,
        "kind_accuracy_pct": _pct(sum(r["kind"] == r["expected_kind"] for r in results), len(results)),
        "unsafe_calls": sum(r["unsafe_calls"] for r in results),
        "schema_violating_calls": sum(r["schema_violating_calls"] for r in results),
        "by_phenomenon": {p: rate([r for r in results if p in r["phenomena"]]) for p in phenomena},
    }


def evaluate(split: str = "dev", path: Path = DATA) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run every case of ``split`` (``dev``, ``test`` or ``all``); return (figures, per-case results)."""
    doc = load(path)
    cases = [c for c in doc["cases"] if split == "all" or c["split"] == split]
    results = [run_case(doc, c) for c in cases]
    return score(results), results


def _table(figures: dict[str, Any]) -> str:
    o, lang = figures["overall"], figures["by_language"]
    rows = [f"overall        {o['passed']:>3}/{o['n']:<3} {o['pass_pct']:5.1f} %"]
    rows += [f"{k:<14} {v['passed']:>3}/{v['n']:<3} {v['pass_pct']:5.1f} %" for k, v in lang.items()]
    rows += [f"kind accuracy  {figures['kind_accuracy_pct']:5.1f} %",
             f"unsafe calls   {figures['unsafe_calls']}",
             f"schema-violating calls {figures['schema_violating_calls']}", "by phenomenon:"]
    rows += [f"  {k:<16} {v['passed']:>3}/{v['n']:<3} {v['pass_pct']:5.1f} %"
             for k, v in figures["by_phenomenon"].items()]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="case file (default: v1)")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="dev")
    parser.add_argument("--failures", action="store_true", help="list failing dev cases")
    parser.add_argument("--json", type=Path, help="write figures and per-case results here")
    args = parser.parse_args(argv)
    figures, results = evaluate(args.split, args.data)
    print(f"data: {args.data.name}  split: {args.split}")
    print(_table(figures))
    if args.failures and args.split == "dev":
        for r in results:
            if not r["passed"]:
                print(f"FAIL {r['id']}: expected {r['expected_kind']}, got {r['kind']} "
                      f"{json.dumps(r['calls'], ensure_ascii=False)}"
                      + (" UNSAFE" if r["unsafe_calls"] else "") + (" SCHEMA" if r["schema_violating_calls"] else ""))
    if args.json:
        doc = {"data": args.data.name, "split": args.split, "figures": figures, "results": results}
        args.json.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
