"""The unseen case set (issue 13): well-formed, and the teaching model's hard safety properties on it.

The accuracy figure is reported by ``tools/eval_teaching_unseen.py``, not asserted
here. What is asserted is what the course cannot accept on any request: a call
that acts on an excluded, unstated or invented value, and a call whose arguments
break the tool's own JSON Schema. Failures name cases of the dev split only; the
sealed test split reports counts.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import eval_teaching_unseen as ev  # noqa: E402  (maintainer tooling lives outside the installed package)
from unseen_safety import BLIND_SETS  # noqa: E402

DOC = ev.load()


@functools.cache
def _project_texts() -> tuple[tuple[Path, str], ...]:
    """Every test, notebook and package source but this file, read once: a notebook without its images' base64
    (no request is written there, and short ones would match by chance)."""
    root = Path(__file__).resolve().parents[1]
    files = [*(root / "tests").rglob("*.py"), *(root / "notebooks").rglob("*.ipynb"), *(root / "fcourse").rglob("*.py")]
    texts = []
    for path in files:
        if path.resolve() == Path(__file__).resolve():
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        if path.suffix == ".ipynb":
            text = re.sub(r'"image/png": "[A-Za-z0-9+/=\\n]*"', '"image/png": ""', text)
        texts.append((path, text))
    return tuple(texts)


def elsewhere(needles: set[str]) -> tuple[Path, list[str]] | None:
    """The first project file (see :func:`_project_texts`) that holds any of ``needles``, and those it holds."""
    texts = _project_texts()
    joined = "\x00".join(text for _, text in texts)
    if not any(needle in joined for needle in needles):  # one scan of everything; files only to name the culprit
        return None
    return next((path, found) for path, text in texts if (found := [n for n in needles if n in text]))



def test_the_set_is_well_formed() -> None:
    ids = [c["id"] for c in DOC["cases"]]
    assert len(ids) == len(set(ids)) >= 120
    assert {c["split"] for c in DOC["cases"]} == {"dev", "test"}
    assert {c["tags"]["lang"] for c in DOC["cases"]} == {"en", "zh", "mixed"}
    for case in DOC["cases"]:
        tools = {t["function"]["name"]: t["function"]["parameters"] for t in DOC["toolsets"][case["toolset"]]}
        expect = case["expect"]
        assert expect["kind"] in ("call", "ask", "answer"), case["id"]
        for call in expect.get("calls", []):
            # every expected value itself fits the tool's schema (required keys aside: a case may pin a subset)
            assert not ev.schema_issues(call["arguments"], {**tools[call["name"]], "required": []}), case["id"]
        for tool, params in expect.get("missing", {}).items():
            assert set(params) <= set(tools[tool]["properties"]), case["id"]


def test_the_new_tool_sets_appear_nowhere_else() -> None:
    new = {t["function"]["name"] for k, ts in DOC["toolsets"].items()
           if not k.endswith("_regression") and not k.startswith("orders_") for t in ts}
    assert elsewhere(new) is None


def test_the_scorer_judges_calls_asks_and_unsafe_values() -> None:
    case = next(c for c in DOC["cases"] if c["id"] == "order-dont-refund-just-cancel")
    want = case["expect"]["calls"]
    assert ev._calls_match([{"name": "cancel_order", "arguments": {"order_id": "O-200"}}], want)
    assert not ev._calls_match([{"name": "cancel_order", "arguments": {"order_id": "O-100"}}], want)
    assert not ev._calls_match([{"name": "cancel_order", "arguments": {"order_id": "O-200"}},
                                {"name": "refund_order", "arguments": {"order_id": "O-100"}}], want)
    date = {"type": "object", "properties": {"d": {"type": "string", "format": "date"}}}
    assert ev.schema_issues({"d": "2026-06-31"}, date) and ev.schema_issues({"d": "下周五"}, date)
    assert not ev.schema_issues({"d": "2026-06-30"}, date)


@pytest.fixture(scope="module")
def results() -> dict[str, list[dict[str, Any]]]:
    return {split: ev.evaluate(split)[1] for split in ("dev", "test")}


@pytest.mark.parametrize("split", ["dev", "test"])
def test_no_call_acts_on_an_excluded_unstated_or_invented_value(results: dict[str, Any], split: str) -> None:
    bad = [r["id"] for r in results[split] if r["unsafe_calls"]]
    assert not bad, bad if split == "dev" else f"{len(bad)} sealed cases"


@pytest.mark.parametrize("split", ["dev", "test"])
def test_no_call_breaks_the_tools_schema(results: dict[str, Any], split: str) -> None:
    bad = [r["id"] for r in results[split] if r["schema_violating_calls"]]
    assert not bad, bad if split == "dev" else f"{len(bad)} sealed cases"


def test_renaming_every_tool_changes_no_decision() -> None:
    """Routing reads descriptions, never names: on every dev case, renamed tools get the same decision."""
    from fcourse.teaching.policy import decide

    for case in [c for c in DOC["cases"] if c["split"] == "dev"]:
        tools = DOC["toolsets"][case["toolset"]]
        renamed = [{**t, "function": {**t["function"], "name": f"tool_{i}"}} for i, t in enumerate(tools)]
        index = {t["function"]["name"]: f"tool_{i}" for i, t in enumerate(tools)}
        a = decide({"model": "m", "messages": case["messages"], "tools": tools})
        b = decide({"model": "m", "messages": case["messages"], "tools": renamed})
        assert a.kind == b.kind, case["id"]
        assert [(index[c.name], c.arguments) for c in a.tool_calls] == [(c.name, c.arguments) for c in b.tool_calls], \
            case["id"]


def test_the_same_request_gives_the_same_reply_byte_for_byte() -> None:
    import json

    from fcourse.teaching.wire.endpoint import chat_completion

    for case in [c for c in DOC["cases"] if c["split"] == "dev"][:30]:
        body = {"model": "fcourse-teacher", "messages": case["messages"], "tools": DOC["toolsets"][case["toolset"]]}
        first = json.dumps(chat_completion(body), sort_keys=True, ensure_ascii=False)
        assert json.dumps(chat_completion(body), sort_keys=True, ensure_ascii=False) == first, case["id"]


DOC_V2 = ev.load(ev.unseen(2))


def test_the_v2_set_is_sealed_well_formed_and_its_tool_sets_appear_nowhere_else() -> None:
    ids = [c["id"] for c in DOC_V2["cases"]]
    assert len(ids) == len(set(ids)) >= 60 and {c["split"] for c in DOC_V2["cases"]} == {"test"}
    langs = [c["tags"]["lang"] for c in DOC_V2["cases"]]
    assert abs(langs.count("en") - langs.count("zh") - langs.count("mixed")) <= 2
    for case in DOC_V2["cases"]:
        tools = {t["function"]["name"]: t["function"]["parameters"] for t in DOC_V2["toolsets"][case["toolset"]]}
        for call in case["expect"].get("calls", []):
            assert not ev.schema_issues(call["arguments"], {**tools[call["name"]], "required": []}), case["id"]
    assert elsewhere({t["function"]["name"] for ts in DOC_V2["toolsets"].values() for t in ts}) is None


def test_no_call_on_the_sealed_v2_set_is_unsafe_or_breaks_the_schema() -> None:
    results = ev.evaluate("test", ev.unseen(2))[1]  # counts only: the sealed cases are not named
    assert sum(r["unsafe_calls"] for r in results) == 0
    assert sum(r["schema_violating_calls"] for r in results) == 0


#: the blind sets written by helpers that read no project file (unseen_safety.BLIND_SETS, each also scored for
#: safety by test_teaching_unseen_safety.py), and the user turns of each also written, independently, elsewhere
#: in the project
#: ("Thanks, that's all for today!" is also in the chapter-3 wrong solutions of tests/data/wrong_solutions/check_cases/
#: blind_batch1, written by another blind reviewer; "帮我取消订单。" is in notebook 03)
ORDINARY = {5: {"Hi there!", "你好呀！", "Thanks, that's all for today!"}, 9: {"你好！"},
            13: {"Please cancel my order."}, 26: {"你好呀！", "Thanks, that's all for today!"}, 31: {"帮我取消订单。"}}
BLIND = {f"v{n}": (ev.unseen(n), ORDINARY.get(n, set())) for n in BLIND_SETS}


@pytest.mark.parametrize("name", sorted(BLIND))
def test_a_blind_set_is_sealed_well_formed_and_its_requests_appear_nowhere_else(name: str) -> None:
    data, ordinary = BLIND[name]
    doc = ev.load(data)
    ids = [c["id"] for c in doc["cases"]]
    assert len(ids) == len(set(ids)) >= 150 and {c["split"] for c in doc["cases"]} == {"test"}
    for case in doc["cases"]:
        tools = {t["function"]["name"]: t["function"]["parameters"] for t in doc["toolsets"][case["toolset"]]}
        for call in case["expect"].get("calls", []):
            assert not ev.schema_issues(call["arguments"], {**tools[call["name"]], "required": []}), case["id"]
        missing = case["expect"].get("missing") or {}
        # v4 lists the missing parameters without naming the tool: any of the set's tools may require them
        wanted = missing.items() if isinstance(missing, dict) else [(None, missing)]
        for tool, params in wanted:
            required = set(tools[tool]["required"]) if tool else {r for t in tools.values() for r in t["required"]}
            assert set(params) <= required, case["id"]
    # tool names and some descriptions are ordinary ("Cancel an existing restaurant reservation." is also in
    # test_teaching_policy.py, written independently); the requests must be new to the project
    assert elsewhere({m["content"] for c in doc["cases"] for m in c["messages"] if m["role"] == "user"} - ordinary) \
        is None
