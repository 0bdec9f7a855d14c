"""The parse panel and the failure gallery, driven from Python."""

from __future__ import annotations

import pytest

from fcourse.client import Connection, connect
from fcourse.lab.parse_panel import SAMPLED, GalleryView, failure_gallery, parse_panel, sample_reply
from fcourse.prompting.demo import SWEEP_QUESTIONS
from fcourse.teaching.deciding.failure_modes import FAILURE_MODES


@pytest.fixture(scope="module")
def conn() -> Connection:
    return connect(backend="offline", quiet=True)


def test_default_state_shows_two_objects_and_repair_going_wrong(conn) -> None:
    panel = parse_panel(*conn)
    assert panel.values == {"mode": "two_objects", "seed": 0, "question": 0}
    text = panel.text()
    assert "failure mode: two_objects, seed 0" in text
    assert "defensive [failed loudly] refused AMBIGUOUS" in text
    assert "repair    [parsed but wrong] get_weather" in text
    assert panel.outputs()[0]["text/html"].count("<tr>") == 4  # header + three strategies
    expected = "controls: mode='two_objects', seed=0, question=0 (interactive once the notebook runs)"
    assert panel.placeholder() == expected


def test_changing_the_controls_recomputes(conn) -> None:
    panel = parse_panel(*conn)
    panel.controls["mode"].value = "fence"
    panel.controls["question"].value = 1
    sample = panel.result
    assert sample.mode == "fence" and sample.question == SWEEP_QUESTIONS[1]
    assert sample.reply.startswith("```json")
    assert [sample.outcome(p) for p in sample.parsed] == ["loud", "right", "right"]
    panel.controls["mode"].value = SAMPLED
    before = panel.result.reply
    panel.controls["seed"].value = 5
    assert panel.result.seed == 5 and "seed 5" in panel.text()
    assert isinstance(before, str)


def test_sampled_mode_matches_the_sweep_for_the_same_seed(conn) -> None:
    from fcourse.prompting.sweep import run_sweep

    result = run_sweep(*conn, 6)
    for reply in result.replies:
        assert sample_reply(*conn, reply.question, SAMPLED, reply.seed).reply == reply.reply


def test_gallery_has_every_mode(conn) -> None:
    gallery = failure_gallery(*conn)
    assert isinstance(gallery, GalleryView) and [s.mode for s in gallery.samples] == list(FAILURE_MODES)
    text = gallery.text()
    assert all(f"── {mode} " in text for mode in FAILURE_MODES)
    assert gallery._repr_mimebundle_()["text/html"].count("<tr>") == len(FAILURE_MODES) + 1


def test_an_unknown_mode_is_refused(conn) -> None:
    with pytest.raises(ValueError, match="mode must be one of"):
        parse_panel(*conn, mode="nope")
