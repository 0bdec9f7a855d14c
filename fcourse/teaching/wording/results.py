"""Turning ``role: "tool"`` results into the model's final sentence.

Facts come from the tool, wording from the model: the teaching model quotes
what each tool returned, next to what it asked for ("北京：多云，25℃，东北风3级。").
A result that reports a failure - JSON with ``error``, ``error_code``,
``"status": "ERROR"``, ``"ok": false``, or text starting "Error" / "错误" /
"失败" - is said to have failed, with its reason, and never as a success; one
whose ``status`` is ``PENDING``/``UNKNOWN`` is neither (chapter 4's refund that
timed out): the answer says the outcome is not known yet.
Introduced in chapter 2 (the loop) and chapter 4 (errors fed back honestly).
"""

from __future__ import annotations

import json
import re
from typing import Any

from fcourse.teaching.deciding.conversation import text_of

__all__ = ["compose_answer", "failure_of", "pending_of"]

_ERROR_TEXT_RE = re.compile(
    r"^\s*(?:(?:error|exception|traceback|failed|failure)\b|错误|失败|异常|报错)", re.IGNORECASE
)
_PENDING_STATUSES = {"PENDING", "UNKNOWN", "IN_PROGRESS", "PROCESSING"}
_META_KEYS = {"ok", "success", "retry_safe", "error_code", "error"}
_ERROR_STATUSES = {"error", "failed", "failure", "execution_error", "timeout", "unknown_tool",
                   "invalid_argument", "tool_unavailable", "denied", "rejected"}


def failure_of(result: Any) -> str | None:
    """Why a tool result is a failure, or None if it reads as a success."""
    if isinstance(result, dict):
        parts: list[str] = []
        error = result.get("error")
        status = result.get("status")
        failed = (
            error not in (None, False, "", {})
            or result.get("error_code") is not None
            or result.get("ok") is False
            or result.get("success") is False
            or (isinstance(status, str) and status.lower() in _ERROR_STATUSES)
        )
        code = result.get("error_code") or (result.get("code") if failed else None)
        if not failed:
            return None
        if code:
            parts.append(str(code))
        if not code and isinstance(status, str) and status.lower() in _ERROR_STATUSES:
            parts.append(status)
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
    """Why a tool result is neither success nor failure (PENDING / UNKNOWN), or None."""
    if isinstance(result, dict):
        status = result.get("status")
        if isinstance(status, str) and status.upper() in _PENDING_STATUSES:
            message = result.get("message")
            return f"{status}: {message}" if isinstance(message, str) and message else status
    return None


def _facts(result: Any) -> str:
    """What a tool returned, as short text (a runtime envelope shows its ``message`` and ``data``)."""
    if isinstance(result, dict):
        if isinstance(result.get("status"), str) and "data" in result:
            parts = [str(result["message"])] if result.get("message") else []
            if result["data"] not in (None, "", [], {}):
                parts.append(_facts(result["data"]))
            return ", ".join(parts) or f"status {result['status']}"
        return ", ".join(f"{k} {_facts(v)}" for k, v in result.items()
                         if k not in _META_KEYS and v not in (None, "", [], {}))
    if isinstance(result, list):
        return "; ".join(_facts(v) for v in result)
    if result is None:
        return "null"
    return str(result).strip().rstrip("。.")


def _parse(content: str) -> Any:
    try:
        return json.loads(content)
    except ValueError:
        return content


def _subject(call: dict[str, Any] | None) -> tuple[str, str]:
    if not call:
        return "the tool", ""
    fn = call.get("function") or {}
    name = str(fn.get("name", "the tool"))
    try:
        args = json.loads(fn.get("arguments") or "{}")
    except ValueError:
        args = {}
    shown = [str(v) for v in args.values() if isinstance(v, (str, int, float)) and not isinstance(v, bool)] \
        if isinstance(args, dict) else []
    return name, ", ".join(shown)


def _failure_sentence(name: str, subject: str, failure: str, zh: bool) -> str:
    """Say that a tool failed, and why - never that it worked."""
    if zh:
        who = f"{name}（{subject}）" if subject else name
        return f"抱歉，{who}没有成功：{failure}。我没有拿到结果，所以不能说它已经完成。"
    who = f"{name} ({subject})" if subject else name
    return f"Sorry, {who} failed: {failure}. I have no result from it, so I can't say it was done."


def _pending_sentence(name: str, subject: str, pending: str, zh: bool) -> str:
    """Say that the outcome is not known yet - neither success nor failure."""
    if zh:
        who = f"{name}（{subject}）" if subject else name
        return f"{who}还没有确定的结果（{pending}）。我不能确认它已经完成，需要等待对账或人工处理。"
    who = f"{name} ({subject})" if subject else name
    return (f"{who} has no final outcome yet ({pending}). I can't confirm it happened; "
            "it is waiting for reconciliation or a person to check.")


def compose_answer(
    assistant: dict[str, Any], tool_messages: list[dict[str, Any]], language: str
) -> tuple[str, dict[str, Any]]:
    """The final answer built from tool results, and its record."""
    calls = {c.get("id"): c for c in assistant.get("tool_calls") or [] if isinstance(c, dict)}
    zh = language == "zh"
    lines: list[str] = []
    results: list[dict[str, Any]] = []
    for msg in tool_messages:
        raw = text_of(msg.get("content"))
        result = _parse(raw)
        name, subject = _subject(calls.get(msg.get("tool_call_id")))
        failure = failure_of(result)
        label = subject or name
        pending = None if failure else pending_of(result)
        if failure:
            lines.append(_failure_sentence(name, subject, failure, zh))
        elif pending:
            lines.append(_pending_sentence(name, subject, pending, zh))
        else:
            facts = _facts(result)
            lines.append(f"{label}：{facts}。" if zh else f"{label}: {facts}.")
        results.append({"tool_call_id": msg.get("tool_call_id"), "tool": name, "failed": failure is not None,
                        "failure": failure, "pending": pending})
    record = {
        "reason": "the conversation ends with tool results: answer from them (facts from the tool, "
                  "wording from the model)",
        "results": results,
    }
    return "\n".join(lines), record
