"""Tests for fcourse.teaching.deciding.failure_modes: the list both the request checks and the text model read."""

from __future__ import annotations

import pytest

from fcourse.errors import InvalidRequestError
from fcourse.teaching.deciding.failure_modes import FAILURE_MODE_WEIGHTS, FAILURE_MODES
from fcourse.teaching.wire.validation import MODEL_NAME, validate_chat_request


def test_weights_cover_every_mode() -> None:
    assert set(FAILURE_MODE_WEIGHTS) == set(FAILURE_MODES)
    assert max(FAILURE_MODE_WEIGHTS, key=FAILURE_MODE_WEIGHTS.__getitem__) == "clean"


def _body(mode: str) -> dict[str, object]:
    return {"model": MODEL_NAME, "messages": [{"role": "user", "content": "hi"}], "fcourse": {"failure_mode": mode}}


@pytest.mark.parametrize("mode", FAILURE_MODES)
def test_the_request_checks_accept_exactly_these_modes(mode: str) -> None:
    request, _ = validate_chat_request(_body(mode))
    assert request["fcourse"] == {"failure_mode": mode}


def test_a_mode_not_in_the_list_is_refused_naming_the_list() -> None:
    with pytest.raises(InvalidRequestError) as info:
        validate_chat_request(_body("sloppy"))
    assert info.value.param == "fcourse.failure_mode"
    assert all(f"'{mode}'" in info.value.message for mode in FAILURE_MODES)
