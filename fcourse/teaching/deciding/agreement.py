"""The last word of stage 2 for a request no tool fits on its own: do two weak signals agree?

Introduced in chapter 3. Routing needs a tool to reach the threshold with a
specific term; a request in other words than the description's ("a big car from
the station to the ferry") or in another language may share only an everyday
word with it, or none. The whole request's meaning (``fcourse.teaching.reading.sentences``)
then decides, but only together with the words:

- the tool whose words score highest is also the one the whole request is
  closest to (at least ``AGREE_FLOOR`` alike and ``AGREE_LEAD`` ahead): it fits;
- no tool shares a word with the request at all: the tool it is clearly closest
  to (``ALONE_LEAD`` ahead) fits - when the request also gives a value of the
  shape one of that tool's parameters asks for ("ART210这门我不上了"); a request
  that gives none ("write a birthday wish") is answered, whatever it is closest to.

Only for a request, and a question that gives a day or a value a look-up tool takes ("any coaches from
Manchester to Leeds tomorrow?"): other questions, thanks and greetings stay answers. The row
says why it fits (``words_and_sentence_agree``), so the decision record shows it.
"""

from __future__ import annotations

from typing import Any

from fcourse.teaching.deciding.arguments import param_kind
from fcourse.teaching.deciding.conversation import function_of
from fcourse.teaching.reading.extract import candidates

__all__ = ["AGREE_FLOOR", "AGREE_LEAD", "ALONE_LEAD", "value_shapes", "words_and_sentence_agree"]

#: how alike the whole request must be to the tool, and how far ahead of the next tool. Tuned on the v1-v3 sets.
AGREE_FLOOR, AGREE_LEAD = 0.05, 0.01
#: the lead the sentence alone needs when no tool shares a word with the request. Tuned on the v1-v3 sets.
ALONE_LEAD = 0.05


def words_and_sentence_agree(tools: list[dict[str, Any]], rows: list[dict[str, Any]], latest: str,
                             question: bool = False) -> None:
    """A request that no tool fits on its own (its words are weak evidence): when the tool whose words score highest
    is also the one the whole request is closest to in meaning, two weak signals agree, and it fits. A question
    (``question``) only reaches a tool that looks things up (routing blocks the rest), and only when it gives a day
    or a value of the tool's shape ("any coaches from Leeds tomorrow?"): "is it too scary for a 5 year old?" is
    answered."""
    from fcourse.teaching.reading.sentences import sentence_similarities, tool_text

    if question and not _dated(latest) and not any(_gives_a_value(t, latest) for t in tools):
        return

    sims = sentence_similarities(latest, tuple(tool_text(function_of(t)) for t in tools))
    order = sorted(range(len(sims)), key=lambda i: (-sims[i], i))
    best = order[0]
    lead = round(sims[best] - (sims[order[1]] if len(order) > 1 else 0.0), 3)
    # the words alone, not the sentence again; for a question, among the tools it may reach (a look-up)
    by_words = sorted((r for r in rows if r["_open"] or not question), key=lambda r: (-r["_words"], r["index"]))
    if not by_words:
        return
    top = by_words[0]
    runner_up = by_words[1]["_words"] if len(by_words) > 1 else 0.0
    no_words = not any(r["_words"] for r in rows)  # "ART210这门我不上了" to English descriptions: no shared word
    if no_words and not rows[best].get("blocked_by_question") and not rows[best].get("main_action_negated") \
            and sims[best] >= AGREE_FLOOR and lead >= ALONE_LEAD and _gives_a_value(tools[best], latest):
        top = rows[best]
        top["fits"] = top["user_matched_specific_term"] = True
        top["words_and_sentence_agree"] = (f"no tool shares a word with the request, and the whole request is "
                                           f"clearly closest to this one ({sims[best]:.3f}; next best "
                                           f"{sims[best] - lead:.3f})")
    elif (top["index"] == best and top["_open"] and top["_words"] > runner_up
            and sims[best] >= AGREE_FLOOR and lead >= AGREE_LEAD):
        top["fits"] = top["user_matched_specific_term"] = True
        top["words_and_sentence_agree"] = (f"its words score highest, and the whole request is closest to it "
                                           f"({sims[best]:.3f}; next best {sims[best] - lead:.3f})")


def _dated(latest: str) -> bool:
    from fcourse.teaching.reading.day_resolver import dates_in

    return bool(dates_in(latest))


def _gives_a_value(tool: dict[str, Any], latest: str) -> bool:
    """Whether the request holds a value with the exact shape a required parameter of the tool asks for."""
    return bool(value_shapes(tool, latest))


def value_shapes(tool: dict[str, Any], latest: str) -> dict[tuple[int, int], tuple[str, str]]:
    """Values in the latest turn with the exact shape a required parameter asks for (span -> param, value)."""
    params = function_of(tool).get("parameters")
    if not isinstance(params, dict) or not isinstance(params.get("properties"), dict) or not latest:
        return {}
    found: dict[tuple[int, int], tuple[str, str]] = {}
    for name in params.get("required") or []:
        schema = params["properties"].get(name)
        if not isinstance(schema, dict) or param_kind(name, schema) not in ("example", "pattern"):
            continue
        for c in candidates(param_kind(name, schema), name, schema, latest, 0):
            found.setdefault((c.start, c.end), (name, str(c.value)))
    return found
