"""fcourse.lab.ch5_diagrams: the path of a tool call from elsewhere, with the guard that stopped it marked."""

from __future__ import annotations

import pytest

from fcourse.lab.ch5_diagrams import STOPS, mcp_path
from fcourse.lab.diagrams import MERMAID_MIME


def test_the_plain_path_lists_every_guard_in_the_order_a_call_meets_them() -> None:
    text = mcp_path().text
    assert text.startswith("---\ntitle: A tool call from elsewhere\n---\nflowchart TD")
    positions = [text.index(f"\t{node_id.lower()}[") for node_id, _, _ in STOPS]
    assert positions == sorted(positions) and "classDef" not in text
    assert text.index("\tc[") < text.index("\ts[") < text.index("\tr1[") and text.rstrip().endswith("r5 --> h")


@pytest.mark.parametrize(("code", "node", "after"), [("PERMISSION_DENIED", "r2", "r3,r4,r5,h"),
                                                    ("DECLINED_BY_USER", "g2", "c,s,r1,r2,r3,r4,r5,h"),
                                                    ("CONFIRMATION_REQUIRED", "r5", "h")])
def test_the_stop_is_marked_and_what_it_kept_the_call_from_is_dimmed(code: str, node: str, after: str) -> None:
    diagram = mcp_path(code)
    assert f"\tclass {node} stop" in diagram.text and f"\tclass {after} dimmed" in diagram.text
    assert diagram._repr_mimebundle_()[MERMAID_MIME] == diagram.text == mcp_path(code).text


def test_a_code_no_guard_answers_is_refused() -> None:
    with pytest.raises(ValueError, match="no guard on the path answers 'SUCCESS'"):
        mcp_path("SUCCESS")
