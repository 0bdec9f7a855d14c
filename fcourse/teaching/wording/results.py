"""Turning ``role: "tool"`` results into the model's final answer, for the person who asked.

Facts come from the tool, wording from the model. Each result is one of three outcomes:

- **done**: its facts as a sentence (``facts`` reads them, ``phrasing`` words them): "In Berlin, the
  temperature is 3 °C and the condition is light snow.";
- **failed** - JSON with ``error``, ``error_code``, ``"ok": false``, an error ``status``, or text that
  starts "Error" / "错误" / "失败": said plainly - that it did not happen (never with the tool's
  description as the verb), why (an outage, a timeout, a missing permission or a thing not found in the
  reply's own words; a refusal's reason in the tool's words when they are plain, quoted in 「」 in a Chinese
  reply; never an error code, a tool name or a field name), whether it is safe to try again, and what the
  user can do. Never worded as done;
- **not known yet** - ``status`` PENDING / UNKNOWN / IN_PROGRESS or a status that says so
  (``pending_review``; chapter 4's refund that timed out): neither done nor failed; the answer says it is
  not confirmed and that trying again could do it twice.

``failure_of`` and ``pending_of`` say which, with the raw reason the decision record keeps (codes
included: the record is for the developer, the answer for the user). Introduced in chapter 2 (the loop)
and chapter 4 (errors fed back honestly).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from fcourse.teaching.deciding.conversation import text_of
from fcourse.teaching.reading.field_words import label_of
from fcourse.teaching.reading.glossary import cue_words
from fcourse.teaching.wording.capabilities import looks_up
from fcourse.teaching.wording.facts import read_result, stated_currency
from fcourse.teaching.wording.phrasing import sentence

__all__ = ["compose_answer", "failure_of", "pending_of"]

_ERROR_TEXT_RE = re.compile(
    r"^\s*(?:(?:error|exception|traceback|failed|failure)\b|错误|失败|异常|报错)", re.IGNORECASE
)
_PENDING_STATUSES = {"PENDING", "UNKNOWN", "IN_PROGRESS", "PROCESSING"}
#: a status whose words say the outcome is not settled yet ("pending_review", "awaiting_approval")
_PENDING_WORDS = re.compile(r"^(?:pending|awaiting|processing|in[ _]progress|queued)(?:[ _]\w+)?$", re.IGNORECASE)
#: a failure that says the thing asked for does not exist (closed-class words of both languages)
_NOT_FOUND = re.compile(r"not[ _]found|no \w+ found|no such|does not exist|doesn't exist|unknown|no (?:record|match)"
                        r"|matches no|找不到|不存在|未找到"
                        r"|没有找到",
                        re.IGNORECASE)
_ERROR_STATUSES = {"error", "failed", "failure", "execution_error", "timeout", "unknown_tool",
                   "invalid_argument", "tool_unavailable", "denied", "rejected"}
_CODE_RE = re.compile(r"\b(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|E\d{3,})\b\s*[:：-]?\s*")
#: an argument that names a thing by its id (O-100, SKU-88213, 6222-0201) - what a reply says the call was for
_ID = re.compile(r"^(?=.*\d)[A-Za-z0-9][A-Za-z0-9_.\-/]{1,39}$")
_WHEN = re.compile(r"^\d{4}-\d{2}(?:-\d{2})?(?:[T ].*)?$|^\d{1,2}:\d{2}")
_SNAKE_RE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
_LEAD_RE = re.compile(r"^\s*(?:error|exception|failed|failure|错误|失败|异常|报错)\s*[:：,，-]?\s*", re.IGNORECASE)
_HTTP_RE = re.compile(r"\(?\b(?:HTTP(?:\s+status)?|status code)\s*\d{3}\b\)?", re.IGNORECASE)
#: words that make a message a developer's, not a customer's: then the reply says what kind of failure it was
_TECHNICAL = re.compile(r"\b(?:upstream|api|http|endpoint|exception|traceback|stack|null|none|nonetype|socket|dns|"
                        r"ssl|json|schema|pattern|regex|stderr|errno|\d{3}\b)|\b[A-Z][a-z]+(?:[A-Z][a-z]+)*(?:Error"
                        r"|Exception)\b"
                        r"|\b(?:Error|Exception)\b", re.IGNORECASE)
#: how a failure reads, by the words of its code, status and message (English and Chinese)
_CATEGORIES = (
    ("permission", re.compile(r"denied|forbidden|not allowed|unauthori[sz]ed|not authori[sz]ed|permission|"
                              r"无权|权限|不允许|拒绝访问|未授权", re.IGNORECASE)),
    ("timeout", re.compile(r"time[ _-]?out|timed out|did not respond|didn't respond|no response|超时|未响应|没有响应",
                           re.IGNORECASE)),
    ("input", re.compile(r"invalid|not found|unknown|does not exist|doesn't exist|no such|malformed|bad request|"
                         r"missing|does not match|not a valid|无效|不存在|找不到|格式|不正确|有误", re.IGNORECASE)),
    ("temporary", re.compile(r"unavailable|\bdown\b|busy|overload|quota|rate.?limit|too many requests|maintenance|"
                             r"try again|temporar|暂时|不可用|维护|繁忙|稍后", re.IGNORECASE)),
    ("refused", re.compile(r"cannot|can't|can not|not possible|limit|already|too late|exceeded|conflict|no \w+ "
                           r"(?:for|available|left)|rejected|不能|无法|已达|上限|已经|没有空", re.IGNORECASE)),
)
_WHY = {
    "permission": ("this account isn't allowed to do that", "这个账户没有权限"),
    "timeout": ("the service took too long to answer", "服务响应超时"),
    "input": ("some of the details were not accepted", "有些信息不正确"),
    "temporary": ("the service isn't available right now", "服务暂时不可用"),
    "refused": ("the request was refused", "请求被拒绝了"),
    "failed": ("something went wrong on the service's side", "服务那边出了问题"),
}
_ADVICE = {
    "permission": ("Someone with the right permission, such as a manager or the account holder, can do it.",
                   "需要有权限的人（比如经理或账户持有人）来办理，或者先完成账户验证。"),
    "uncertain": ("Please don't try again for now: it has to be checked first, so it isn't done twice.",
                  "请先不要重试，需要先核实，以免重复办理。"),
    "not_found": ("Please check {what} and try again.", "请检查{what}后再试。"),
    "input": ("Please check {what} and try again.", "请检查{what}后再试。"),
    "temporary": ("Nothing was done; it is safe to try again in a little while.", "这次什么都没有做，可以稍后再试。"),
    "refused": ("Nothing was done; you could try something else.", "这次没有办成，可以换个方式试试。"),
    "failed": ("Nothing was done; you can try again later or ask for help.", "这次没有办成，可以稍后再试或联系客服。"),
}


def failure_of(result: Any) -> str | None:
    """Why a tool result is a failure (its code and message, for the record), or None if it is not one."""
    if isinstance(result, dict):
        error, status = result.get("error"), result.get("status")
        failed = (error not in (None, False, "", {}) or result.get("error_code") is not None
                  or result.get("ok") is False or result.get("success") is False
                  or (isinstance(status, str) and status.lower() in _ERROR_STATUSES))
        if not failed or pending_of(result):
            return None
        code = result.get("error_code") or result.get("code")
        parts = [str(code)] if code else [status] if isinstance(status, str) and status.lower() in _ERROR_STATUSES \
            else []
        if isinstance(error, dict):
            parts.extend(str(v) for k, v in error.items() if k in ("code", "type", "message") and v)
        elif error not in (None, False, True, ""):
            parts.append(str(error))
        for key in ("message", "detail", "reason"):
            if isinstance(result.get(key), str) and result[key] not in parts:
                parts.append(result[key])
        return ": ".join(dict.fromkeys(parts)) or "the tool reported a failure"
    if isinstance(result, str) and _ERROR_TEXT_RE.match(result):
        return result.strip()
    return None


def pending_of(result: Any) -> str | None:
    """Why a tool result is neither success nor failure (PENDING / UNKNOWN ...), or None."""
    if isinstance(result, dict):
        status = result.get("status")
        if isinstance(status, str) and (status.upper() in _PENDING_STATUSES or _PENDING_WORDS.match(status)):
            message = result.get("message")
            return f"{status}: {message}" if isinstance(message, str) and message else status
    return None


@dataclass(frozen=True)
class _Call:
    """The call a result answers: its tool (for what it does) and the ids it was made for."""

    tool: dict[str, Any] | None
    names: frozenset[str]
    ids: tuple[str, ...]
    arguments: dict[str, Any]


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _call(call: dict[str, Any] | None, tools: dict[str, dict[str, Any]]) -> _Call:
    fn = (call or {}).get("function") or {}
    try:
        args = json.loads(fn.get("arguments") or "{}")
    except ValueError:
        args = {}
    args = args if isinstance(args, dict) else {}
    ids = tuple(str(v) for v in args.values() if isinstance(v, str) and _ID.match(v) and not _WHEN.match(v))
    # no identifier: the first short text argument says which one ("the weather for a city (Beijing)")
    first = list(args.values())[:1]
    ids = ids or tuple(str(v).strip() for v in first if isinstance(v, str) and 0 < len(v.strip()) <= 40)
    name = str(fn.get("name", ""))
    return _Call(tools.get(name), frozenset(tools) | {name}, ids, args)


def _plain(text: str, call: _Call) -> str | None:
    """The tool's message in a customer's words, or None when it is a developer's (codes, jargon)."""
    text = _LEAD_RE.sub("", _HTTP_RE.sub("", _CODE_RE.sub("", text)))
    for name in sorted(call.names, key=len, reverse=True):
        if name:
            text = text.replace(name, "")
    text = _SNAKE_RE.sub(lambda m: label_of(m.group(0)).en, text)
    text = re.sub(r"\s{2,}", " ", text).strip(" .。:：;；,，-")
    if not text or _TECHNICAL.search(text):
        return None
    return text


#: units a service abbreviates and a person writes out ("after 3h" -> "after 3 hours")
_UNITS = (("h|hr|hrs", "hour"), ("min|mins", "minute"), ("d", "day"), ("wk|wks", "week"), ("mo|mos", "month"))


def _spelt_out(text: str) -> str:
    """A service's reason as a person writes it: its abbreviated units spelt out."""
    for short, unit in _UNITS:
        text = re.sub(rf"\b(\d+)\s?(?:{short})\b",
                      lambda m, u=unit: f"{m.group(1)} {u}{'' if m.group(1) == '1' else 's'}", text)
    return text


def _category(result: Any) -> tuple[str, bool | None]:
    words = json.dumps(result, ensure_ascii=False) if not isinstance(result, str) else result
    retry = result.get("retry_safe", result.get("retryable")) if isinstance(result, dict) else None
    found = next((name for name, pattern in _CATEGORIES if pattern.search(words)), "failed")
    if found == "timeout":
        found = "temporary" if retry is True else "uncertain"
    elif retry is False and found in ("temporary", "failed"):
        found = "uncertain"
    return found, retry if isinstance(retry, bool) else None


def _message(result: Any) -> str:
    if isinstance(result, str):
        return result
    error = result.get("error")
    for value in (result.get("message"), result.get("detail"), result.get("reason"),
                  error.get("message") if isinstance(error, dict) else error):
        if isinstance(value, str) and value.strip():
            return value
    return ""


def _ids(call: _Call, said: str, zh: bool) -> str:
    """The ids the call was made for, as the user or the service wrote them (one the model derived itself, such as a
    performance id it built, is not named: the user never saw it)."""
    ids = [i for i in call.ids if i and i in said and _ID.match(i) and not _WHEN.match(i)
           and re.search(r"[A-Za-z]", i)]  # a code, not a number (a card's last four digits, an amount)
    return ("、".join(ids) if zh else ", ".join(ids)) if ids else ""


def _failure_sentence(result: Any, call: _Call, zh: bool, said: str) -> str:
    """Say plainly that it did not happen, why (in the reply's words, never the service's raw message), whether to
    try again, and what to do - never that it worked. The tool's description is never the verb of the sentence."""
    category, _ = _category(result)
    timed_out = category == "uncertain"
    if timed_out and looks_up(call.tool):  # a look-up that timed out changed nothing: ask again
        category = "temporary"
    if category in ("input", "failed") and (_NOT_FOUND.search(_message(result))  # its message, or its code
                                             or _NOT_FOUND.search(json.dumps(result, ensure_ascii=False))):
        category = "not_found"
    ids = _ids(call, said, zh)
    fields = [label_of(k).zh_in() if zh else label_of(k).en for k in call.arguments
              if isinstance(call.arguments[k], str)]
    fields = [f for f in fields if f]
    checked = ("、".join(fields[:2]) if zh else " and ".join(fields[:2])) or ("这些信息" if zh else "the details")
    advice = _ADVICE[category][zh].format(what=checked if zh else f"the {checked}" if fields else checked)
    if category == "not_found":
        what = ids or ("要找的记录" if zh else "what was asked for")
        return f"抱歉，没有找到{what}。{advice}" if zh else f"Sorry, I couldn't find {what}. {advice}"
    why = _WHY["timeout" if timed_out else category][zh]  # a look-up that timed out still took too long
    # a refusal's own reason is the answer ("no tables for 6 at 20:00"); an outage, a timeout or a missing
    # permission is said in the reply's words, never by repeating the service's message
    plain = _plain(_message(result), call) if category in ("refused", "input", "failed") else None
    if plain:
        why = f"「{plain}」" if zh and not _CJK.search(plain) else plain if zh else _spelt_out(plain)
    if category == "uncertain":
        if zh:
            head = f"抱歉，{ids or '现在'}无法确认{'' if ids else '它'}是否已经完成：{why}。"
        else:
            head = f"Sorry, I couldn't confirm whether {'the request for ' + ids if ids else 'it'} went through: {why}."
        return f"{head}{advice}" if zh else f"{head} {advice}"
    if zh:
        return f"抱歉，{ids + '的' if ids else ''}这次操作没有完成：{why}。{advice}"
    return f"Sorry, I couldn't complete {'the request for ' + ids if ids else 'that request'}: {why}. {advice}"


def _pending_sentence(result: dict[str, Any], call: _Call, zh: bool, said: str, cues: frozenset[str]) -> str:
    """Say that the outcome is not known yet - neither done nor failed - and that a retry could do it twice."""
    ids = _ids(call, said, zh)
    rest = {k: v for k, v in result.items() if k not in ("status", "message", "error_code", "error", "retry_safe")}
    reading = read_result(rest, call.arguments)
    facts = sentence(reading, zh, cues) if reading.facts or reading.text else ""  # nothing to report: say nothing
    if zh:
        head = f"{ids + '的' if ids else ''}请求还没有最终确认，目前仍在处理中。"
        return head + facts + "我不能说它已经完成；重复操作可能会做两次，请等待核实或人工处理。"
    head = f"{'The request for ' + ids if ids else 'It'} isn't confirmed yet: it is still pending."
    return " ".join(p for p in (head, facts, "I can't say it's done, and trying again could do it twice, so "
                                "please wait: it will be checked, or a person will look at it.") if p)


def _cues(result: Any, call: _Call) -> frozenset[str]:
    """The words that choose a Chinese label's sense: the result's field names and the tool's name and description."""
    keys: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            keys.extend(str(k) for k in value)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value[:3]:
                walk(v)

    walk(result)
    fn = (call.tool or {}).get("function") or call.tool or {}
    return cue_words([*keys, str(fn.get("name", "")), str(fn.get("description", ""))])


def _parse(content: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return content


def compose_answer(assistant: dict[str, Any], tool_messages: list[dict[str, Any]], language: str,
                   tools: list[dict[str, Any]] | None = None, said: str = "") -> tuple[str, dict[str, Any]]:
    """The final answer built from tool results, and its record. ``said`` is what the user and the context wrote
    (the ids a reply may name)."""
    calls = {c.get("id"): c for c in assistant.get("tool_calls") or [] if isinstance(c, dict)}
    by_name = {str((t.get("function") or {}).get("name")): t for t in tools or [] if isinstance(t, dict)}
    zh = language == "zh"
    lines: list[str] = []
    results: list[dict[str, Any]] = []
    said = said + "\n" + "\n".join(text_of(m.get("content")) for m in tool_messages)
    currency = stated_currency([json.dumps(t, ensure_ascii=False) for t in by_name.values()])
    for msg in tool_messages:
        result = _parse(text_of(msg.get("content")))
        call = _call(calls.get(msg.get("tool_call_id")), by_name)
        cues = _cues(result, call)
        pending = pending_of(result)
        failure = None if pending else failure_of(result)
        if pending and isinstance(result, dict) and looks_up(call.tool):  # a status read, not an outcome unknown
            lines.append(sentence(read_result(result, call.arguments, currency), zh, cues) + (
                "目前还没有最终确认。" if zh else " It isn't final yet."))
        elif pending and isinstance(result, dict):
            lines.append(_pending_sentence(result, call, zh, said, cues))
        elif failure:
            lines.append(_failure_sentence(result, call, zh, said))
        else:
            lines.append(sentence(read_result(result, call.arguments, currency), zh, cues))
        name = (calls.get(msg.get("tool_call_id")) or {}).get("function", {}).get("name", "the tool")
        results.append({"tool_call_id": msg.get("tool_call_id"), "tool": name, "failed": failure is not None,
                        "failure": failure, "pending": pending})
    record = {
        "reason": "the conversation ends with tool results: answer from them (facts from the tool, "
                  "wording from the model)",
        "results": results,
    }
    return "\n".join(lines), record
