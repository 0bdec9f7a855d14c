"""The teaching model without tools: a plain text model, and how it gets JSON wrong.

Chapter 1 starts here. Given no ``tools``, the teaching model only completes
text, like any language model:

- asked about data it cannot have ("What was my order total last month?") it
  answers *confidently anyway*, with a plausible invented figure (¥3,280 in
  the source story, where the truth was ¥0) - sampled from the request, so the
  same question always gets the same invention;
- when a system (or developer, or user) prompt shows a JSON object to reply
  with (``Reply only with {"action": "get_weather", "city": "..."}``), it
  follows the format: literal values such as the action name are kept, the
  placeholders are filled from the user's words, or null
  (``fcourse.teaching.wording.text_templates``);
- but not always cleanly. ``fcourse.teaching.failure_modes.FAILURE_MODES`` are the ways replies break in
  practice. At temperature 0 (or unset) the reply is ``clean``; above 0 a mode
  is sampled (seeded by the request and ``seed``; ``clean`` most often, flatter
  as the temperature rises); ``extra_body={"fcourse": {"failure_mode": "fence"}}``
  picks one explicitly. Where ``truncated`` cuts (sometimes inside a value) and
  how ``two_objects``' second object differs are seeded by the request too;
- when the program feeds the result of the action it wrote back as text, it
  answers the question from that result (``fcourse.teaching.wording.text_results``);
- anything else gets a short, honest, deterministic chat answer.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from typing import Any

from fcourse.errors import InvalidRequestError
from fcourse.teaching.deciding.arguments import param_kind
from fcourse.teaching.deciding.conversation import (
    context_text,
    latest_user_index,
    request_rng,
    text_of,
)
from fcourse.teaching.deciding.decision import Decision
from fcourse.teaching.deciding.failure_modes import FAILURE_MODE_WEIGHTS, FAILURE_MODES
from fcourse.teaching.deciding.speech_acts import speech_act
from fcourse.teaching.reading.analysis import analyse, language_of
from fcourse.teaching.reading.places import PLACES, find_places
from fcourse.teaching.wording import chat
from fcourse.teaching.wording.text_results import answer_from_result, result_turn
from fcourse.teaching.wording.text_templates import action_of, fill_template, find_templates, is_literal

__all__ = ["chat_answer", "find_templates", "invented_answer", "render", "reply"]


# ---------------------------------------------------------------- rendering

def _single_quoted(obj: dict[str, Any]) -> str:
    def q(v: Any) -> str:
        return "'" + v.replace("'", "\\'") + "'" if isinstance(v, str) else json.dumps(v, ensure_ascii=False)
    return "{" + ", ".join(f"{q(k)}: {q(v)}" for k, v in obj.items()) + "}"


def _place_pool(language: str, but: Any = None) -> list[str]:
    return [p for p in (zh if language == "zh" else en for en, zh in PLACES[:12]) if p != but]


def _second_object(obj: dict[str, Any], rng: Any, alternatives: Sequence[dict[str, Any]] = (),
                   language: str = "en") -> dict[str, Any]:
    """A second object a careless parser would take for the call: one value changed, else another action.

    An action with no value to change (``{"action": "get_last_month_total"}``) is followed by another
    action the prompt offers (``alternatives``), its places picked at random; only when the prompt offers
    no other action is the object repeated as it is.
    """
    second = dict(obj)
    for key, value in obj.items():
        if is_literal(key, value) or value is None:
            continue
        if isinstance(value, str) and find_places(value):
            pool = _place_pool(language_of(value), value)
            second[key] = pool[rng.randrange(len(pool))]
        elif isinstance(value, str) and re.search(r"\d+$", value):
            second[key] = re.sub(r"\d+$", lambda m: str(int(m.group()) + 1), value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            second[key] = value + 1
        else:
            continue
        return second
    others = [alt for alt in alternatives if action_of(alt) and action_of(alt) != action_of(obj)]
    if not others:
        return second
    alt = dict(others[rng.randrange(len(others))])
    for key, value in alt.items():
        if value is None and param_kind(key, {"type": "string", "description": key}) == "place":
            pool = _place_pool(language)
            alt[key] = pool[rng.randrange(len(pool))]
    return alt


def _cut_sites(clean: str) -> list[list[int]]:
    """Where a reply can be cut off, grouped by site: inside each key or value, after each ``:`` and ``,``,
    before the closing brace - never before the end of the first key (the reply has begun)."""
    sites: list[list[int]] = []
    strings: list[tuple[int, int]] = []
    i, start = 0, -1
    while i < len(clean):
        c = clean[i]
        if start >= 0:
            if c == "\\":
                i += 1
            elif c == '"':
                strings.append((start, i + 1))
                start = -1
        elif c == '"':
            start = i
        elif c in ":,":
            sites.append([i + 1])
        i += 1
    if not strings:
        return [[max(1, len(clean) * 2 // 3)]]
    lo = strings[0][1]
    sites += [list(range(a + 2, b)) for a, b in strings[1:] if b - a > 2]
    sites.append([len(clean) - 1])
    return [kept for kept in ([c for c in site if lo <= c < len(clean)] for site in sites) if kept]


def _truncate(clean: str, rng: Any) -> str:
    """``clean`` cut off at a point the seeded ``rng`` picks: a site first (so a cut inside a value,
    ``"Shangh``, is as likely as one after a comma), then a position in it."""
    sites = _cut_sites(clean)
    site = sites[rng.randrange(len(sites))]
    return clean[: site[rng.randrange(len(site))]]


def render(obj: dict[str, Any], mode: str, *, language: str = "en", rng: Any = None,
           prose_answer: str = "", alternatives: Sequence[dict[str, Any]] = ()) -> tuple[str, str]:
    """The reply text for ``obj`` in failure ``mode``, and its finish_reason.

    ``rng`` (seeded from the request) picks where ``truncated`` cuts and how ``two_objects``'
    second object differs; ``alternatives`` are the other actions the prompt offers, filled in.
    """
    rng = rng or random.Random(0)
    clean = json.dumps(obj, ensure_ascii=False)
    if mode == "clean":
        return clean, "stop"
    if mode == "prose":
        if language == "zh":
            return f"好的，这是你要的 JSON：\n{clean}\n还有什么需要帮忙的吗？", "stop"
        return f"Sure! Here is the JSON you asked for:\n{clean}\nLet me know if you need anything else.", "stop"
    if mode == "fence":
        return "```json\n" + json.dumps(obj, ensure_ascii=False, indent=2) + "\n```", "stop"
    if mode == "truncated":
        return _truncate(clean, rng), "length"
    if mode == "trailing_comma":
        return clean[:-1] + ",}", "stop"
    if mode == "single_quotes":
        return _single_quoted(obj), "stop"
    if mode == "two_objects":
        second = _second_object(obj, rng, alternatives, language)
        return clean + "\n" + json.dumps(second, ensure_ascii=False), "stop"
    if mode == "forgot":
        return prose_answer, "stop"
    raise InvalidRequestError(f"unknown failure mode {mode!r}; choose one of {', '.join(FAILURE_MODES)}",
                              param="fcourse.failure_mode", code="invalid_value")


def _choose_mode(request: dict[str, Any]) -> tuple[str, str]:
    ext = request.get("fcourse") if isinstance(request.get("fcourse"), dict) else {}
    explicit = ext.get("failure_mode")
    if explicit is not None:
        if explicit not in FAILURE_MODES:
            raise InvalidRequestError(
                f"unknown failure_mode {explicit!r}; choose one of {', '.join(FAILURE_MODES)}",
                param="fcourse.failure_mode", code="invalid_value")
        return explicit, "chosen explicitly (fcourse.failure_mode)"
    temperature = request.get("temperature")
    if not temperature or temperature <= 0:
        return "clean", "temperature 0 or unset: always clean"
    t = min(max(float(temperature), 0.05), 2.0)
    weights = [FAILURE_MODE_WEIGHTS[m] ** (1.0 / t) for m in FAILURE_MODES]
    mode = request_rng(request, "failure_mode").choices(FAILURE_MODES, weights=weights)[0]
    return mode, f"sampled at temperature {temperature} from seed and request"


# ---------------------------------------------------------------- prose answers

_OTHERWISE_RE = re.compile(r"\b(?:otherwise|else|if not|if no)\b|否则|其他情况|其余情况|不需要工具", re.IGNORECASE)
_PERSONAL_RE = re.compile(r"\b(?:my|mine|me|our|i)\b|我", re.IGNORECASE)
_PERIODS = (("last month", "上个月"), ("this month", "这个月"), ("last week", "上周"), ("yesterday", "昨天"),
            ("today", "今天"), ("last year", "去年"))
_CONDITIONS = (("sunny", "晴"), ("cloudy", "多云"), ("light rain", "小雨"), ("overcast", "阴"))


def _period(text: str, zh: bool) -> str:
    low = text.lower()
    for en, cn in _PERIODS:
        if en in low or cn in text:
            return cn if zh else en
    return ""


def invented_answer(text: str, language: str, rng: Any) -> str | None:
    """A confident, invented answer to a question about data the model cannot have."""
    keys = analyse(text).keys
    zh = language == "zh"
    places = find_places(text)
    if "#weather" in keys:
        place = places[0][0] if places else ("这里" if zh else "your city")
        cond = _CONDITIONS[rng.randrange(len(_CONDITIONS))]
        temp = rng.randrange(8, 31)
        return (f"{place}今天{cond[1]}，气温 {temp}℃ 左右。" if zh
                else f"It is {cond[0]} in {place} today, around {temp}°C.")
    if "#currency" in keys or "#convert" in keys and "#amount" in keys:
        rate = rng.randrange(690, 735) / 100
        return f"今天 1 美元约合 {rate:.2f} 人民币。" if zh else f"Today 1 US dollar is about {rate:.2f} Chinese yuan."
    if "#stock" in keys:
        price = rng.randrange(5000, 40000) / 100
        return f"目前股价是 {price:.2f} 美元。" if zh else f"The stock is trading at ${price:.2f} right now."
    if "#inventory" in keys:
        n = rng.randrange(3, 120)
        return f"目前库存还有 {n} 件。" if zh else f"There are {n} units in stock right now."
    personal = bool(_PERSONAL_RE.search(text))
    if personal and "#shipping" in keys:
        day = rng.randrange(2, 6)
        return f"您的订单预计 {day} 天后送达。" if zh else f"Your order will arrive in {day} days."
    if personal and keys & {"#amount", "#order", "#pay", "#price"}:
        amount = rng.randrange(120, 900) * 10
        period = _period(text, zh)
        if zh:
            return f"您{period}的订单总金额为 ¥{amount:,}。"
        return f"Your order total {period + ' ' if period else ''}was ¥{amount:,}."
    return None


_ARITH_RE = re.compile(
    r"(?<![\w+\-.])(-?\d{1,7}(?:\.\d+)?)\s*(\+|-|\*|/|×|÷|加|减|乘以?|除以|plus|minus|times|divided by)"
    r"\s*(-?\d{1,7}(?:\.\d+)?)(?![\d\-])",
    re.IGNORECASE,
)


def chat_answer(text: str, language: str, fallback: str | None = None) -> str:
    """A short, honest, deterministic reply to an ordinary message.

    ``fallback`` replaces the generic "I can only chat a little" line when the
    message is nothing the model recognises (sums, greetings, thanks, "who are you").
    """
    zh = language == "zh"
    m = _ARITH_RE.search(text)
    if m:
        a, op, b = float(m.group(1)), m.group(2).lower(), float(m.group(3))
        result: float | None
        if op in ("+", "加", "plus"):
            result = a + b
        elif op in ("-", "减", "minus"):
            result = a - b
        elif op in ("*", "×", "乘", "乘以", "times"):
            result = a * b
        else:
            result = a / b if b else None
        if result is not None:
            shown = str(int(result)) if result == int(result) else f"{result:.4g}"
            return f"{shown}。" if zh else f"{shown}."
    low = text.lower().strip()
    if re.search(r"\bhow are you\b", low) or "你好吗" in text or "最近怎么样" in text:
        return "我很好，谢谢！有什么可以帮你的？" if zh else "I'm fine, thanks! How can I help?"
    if fallback is not None:
        return fallback
    act = speech_act(text)
    if act == "social":
        return chat.thanks(zh) if re.search(r"\bthank|\bcheers\b|谢", low) else chat.greeting([], zh)
    if act == "meta":
        return chat.abilities([], zh)
    if act in ("creative", "info", "explain", "meaning", "advice"):
        return chat.honest([], zh, creative=act == "creative")
    return ("我是一个离线教学模型，只能简单聊几句；给我工具，我就能做更多事。" if zh
            else "I'm a small offline teaching model, so I can only chat a little. Give me tools and I can do more.")


def _claimed_done(obj: dict[str, Any], language: str) -> str | None:
    """The format forgotten on an action: the model *says* it was done (it was not)."""
    action = next((v for k, v in obj.items() if is_literal(k, v)), None)
    if not action:
        return None
    values = ", ".join(str(v) for k, v in obj.items() if v is not None and not is_literal(k, v))
    words = str(action).replace("_", " ")
    if language == "zh":
        return f"好的，已经帮你完成了：{words} {values}。".replace(" 。", "。")
    return f"Done! I have taken care of it: {words} {values}.".replace(" .", ".")


# ---------------------------------------------------------------- the text model

def reply(request: dict[str, Any]) -> Decision:
    """The plain text model's reply to a request without tools (chapter 1)."""
    messages = request.get("messages") or []
    fed_back = result_turn(messages)
    if fed_back is not None:
        content, language, read = answer_from_result(fed_back)
        record = {"kind": "text", "language": language, "tools": [], **read}
        return Decision(kind="text", content=content, finish_reason="stop", record=record)
    idx = latest_user_index(messages)
    user = text_of(messages[idx].get("content")) if idx is not None else ""
    language = language_of(user)
    context = context_text(messages)
    rng = request_rng(request, "text")
    invented = invented_answer(user, language, rng)
    prose = invented or chat_answer(user, language)
    templates = find_templates(messages)
    record: dict[str, Any] = {"kind": "text", "language": language, "tools": []}
    if not templates:
        record.update(
            behaviour="invented" if invented else "chat",
            reason=("no tools: asked about data it cannot have, it invents a plausible answer"
                    if invented else "no tools and no JSON format asked for: a plain chat answer"),
        )
        return Decision(kind="text", content=prose, finish_reason="stop", record=record)

    user_for_values = user
    if templates and all(t[1] in user for t in templates):  # the template is in the user turn itself
        for _, sentence in templates:
            user_for_values = user_for_values.replace(sentence, " ")
    user_keys = analyse(user_for_values).keys
    scored = []
    for i, (obj, sentence) in enumerate(templates):
        overlap = analyse(sentence + " " + " ".join(str(v) for v in obj.values())).keys & user_keys
        scored.append((-sum(0.8 if not k.startswith("#") else 1.0 for k in sorted(overlap)), i))
    best = min(scored)[1]
    prompt = context or user
    if min(scored)[0] == 0 and _OTHERWISE_RE.search(prompt):
        record.update(
            behaviour="invented" if invented else "chat",
            reason="the prompt's JSON formats do not match the request and it allows a normal answer: "
                   "a plain answer",
        )
        return Decision(kind="text", content=prose, finish_reason="stop", record=record)
    template = templates[best][0]
    obj, provenance = fill_template(template, user_for_values, context)
    mode, how = _choose_mode(request)
    others = [fill_template(t, user_for_values, context)[0] for i, (t, _) in enumerate(templates)
              if i != best] if mode == "two_objects" else []
    content, finish = render(obj, mode, language=language, rng=request_rng(request, "two_objects"),
                             prose_answer=invented or _claimed_done(obj, language) or prose, alternatives=others)
    record.update(
        behaviour="json_format",
        reason="no tools, but the prompt shows a JSON reply format: it follows the format",
        template=template,
        template_index=best,
        filled=obj,
        arguments=provenance,
        failure_mode=mode,
        failure_mode_how=how,
    )
    return Decision(kind="text", content=content, finish_reason=finish, record=record)  # type: ignore[arg-type]
