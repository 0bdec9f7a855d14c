"""fcourse.lab.try_it: a learner's own sentence, the reply, the record beside it; the blind figures as committed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fcourse.lab.try_it import blind_figures, say, try_panel

WEATHER = [{
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Get the current weather for a city.",
        "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name"}},
                       "required": ["city"]},
    },
}]
DATA = Path(__file__).parent / "data"


def test_a_request_the_tool_fits_is_a_call_with_its_reasons() -> None:
    exchange = say("How warm is it in Paris?", WEATHER)
    assert exchange.kind == "call"
    assert [c["name"] for c in exchange.calls] == ["get_weather"]
    assert json.loads(exchange.calls[0]["arguments"]) == {"city": "Paris"}
    assert any(line.startswith("get_weather: score") for line in exchange.why)
    assert any(line.startswith("city = 'Paris'") for line in exchange.why)
    assert "calls get_weather" in exchange.text() and "why:" in exchange.text()


def test_a_request_with_a_value_missing_is_asked_back_and_the_record_says_what_is_missing() -> None:
    exchange = say("What's the weather like?", WEATHER)
    assert exchange.kind == "ask" and not exchange.calls
    assert "get_weather still needs: city" in exchange.why


def test_the_html_view_shows_reply_and_record_side_by_side() -> None:
    bundle = say("How warm is it in Paris?", WEATHER)._repr_mimebundle_()
    assert "display:flex" in bundle["text/html"] and "<b>why</b>" in bundle["text/html"]
    assert bundle["text/plain"].startswith("you:   How warm is it in Paris?")


def test_the_panel_shows_its_default_and_answers_what_the_learner_types() -> None:
    panel = try_panel(WEATHER, "How warm is it in Paris?")
    assert panel.result.kind == "call"
    panel.controls["message"].value = "What's the weather like?"
    assert panel.result.kind == "ask" and "city" in panel.text()


def test_the_blind_figures_are_read_from_the_committed_files() -> None:
    figures = blind_figures(DATA)
    assert {"v3", "v24", "v25"} <= set(figures.first)
    v24 = json.loads((DATA / "teaching_unseen_v24_baseline.json").read_text(encoding="utf-8"))["figures"]
    assert figures.first["v24"] == v24
    rates = figures.pass_rates()
    assert len(rates) == len(figures.first) and min(rates) < max(rates)
    assert f"{min(rates):.1f}-{max(rates):.1f} %" in figures.text()


def test_the_newest_sets_show_their_latest_scoring(tmp_path: Path) -> None:
    def figures(passed: int, unsafe: int) -> dict:
        return {"figures": {"overall": {"n": 150, "passed": passed, "pass_pct": round(100 * passed / 150, 1)},
                            "kind_accuracy_pct": 80.0, "unsafe_calls": unsafe, "schema_violating_calls": 0}}

    for name, doc in {"v9_baseline": figures(75, 1), "v10_baseline": figures(90, 2), "v10_results": figures(93, 0),
                      "v3_baseline": figures(60, 0), "v2_baseline": figures(1, 0)}.items():
        (tmp_path / f"teaching_unseen_{name}.json").write_text(json.dumps(doc), encoding="utf-8")
    got = blind_figures(tmp_path)
    assert got.newest() == ["v9", "v10"]  # by number, not as text
    assert "v2" not in got.first  # written in-project, not blind
    assert got.latest["v10"]["overall"]["passed"] == 93 and got.first["v10"]["overall"]["passed"] == 90
    assert "v10: 93/150 passed (62.0 %)" in got.text() and "unsafe calls 0" in got.text()
    assert "40.0-60.0 % (median 50.0 %)" in got.text()


def test_no_result_files_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match="teaching_unseen"):
        blind_figures(tmp_path)
