"""The teaching model's OpenAI-compatible Chat Completions endpoint, as plain Python.

Introduced in chapter 0 (start here); its protocol checks are the subject of
chapter 2. ``handle(method, path, body)`` takes an HTTP request's method, path
and raw body and returns a ``Reply`` (status, headers, and either a body or the
server-sent-event chunks of a streaming answer). It never opens a socket: the
in-process transport (``fcourse.teaching.wire.transport``) and the HTTP server
(``fcourse.teaching.wire.server``) are both thin wrappers around it.

Routes::

    POST /v1/chat/completions    the model (stream=true answers with SSE)
    POST /v1/responses           the same model in the Responses API's shape
                                 (``fcourse.teaching.wire.responses``; GET/DELETE
                                 /v1/responses/{id} read and forget a stored one)
    GET  /v1/models              the one model, in the hosted list format
    GET  /v1/models/{id}
    POST /v1/fcourse/explain     glass box: same body, returns the decision record

What the model *says* comes from ``fcourse.teaching.policy.decide``; this module
only validates the request (``fcourse.teaching.wire.validation``), checks the
policy kept its contract (``decision.check_decision``), and has the answer
shaped exactly like the hosted API (``fcourse.teaching.wire.shaping``: ids,
``created``, ``usage``, streaming). The same token estimate as ``usage``
enforces the context window (``CONTEXT_WINDOW``), as the hosted API's 400
``context_length_exceeded`` does.

``explain(body)`` is the glass box from Python and is what ``fcourse.explain``
exports: it validates the body exactly as a completion does and returns the
record ``POST /v1/fcourse/explain`` (and ``Connection.explain``) returns.
"""

from __future__ import annotations

import threading
import traceback
from collections import OrderedDict
from types import ModuleType
from typing import Any

from fcourse.backends import TEACHING_BACKENDS, active_backend
from fcourse.errors import ConfigurationError, InvalidRequestError
from fcourse.teaching.deciding.decision import Decision, check_decision
from fcourse.teaching.wire import responses
from fcourse.teaching.wire.responses_shaping import response_body
from fcourse.teaching.wire.shaping import (
    CREATED_EPOCH,
    SYSTEM_FINGERPRINT,
    Reply,
    completion_body,
    error_reply,
    estimate_tokens,
    json_reply,
    prompt_tokens,
    request_digest,
    request_id,
    sse_reply,
    stream_chunks,
)
from fcourse.teaching.wire.validation import MODEL_NAME, parse_json_body, validate_chat_request

__all__ = [
    "CONTEXT_WINDOW",
    "CREATED_EPOCH",
    "MAX_BODY_BYTES",
    "MODEL_NAME",
    "SYSTEM_FINGERPRINT",
    "Reply",
    "chat_completion",
    "error_reply",
    "estimate_tokens",
    "explain",
    "handle",
    "reads_as",
]

#: Request bodies larger than this are refused with 413 (the server does not even read them).
MAX_BODY_BYTES = 1024 * 1024

#: The teaching model's context window, in estimated tokens (see ``estimate_tokens``).
CONTEXT_WINDOW = 128_000



def _check_context(request: dict[str, Any]) -> None:
    """Refuse a prompt longer than the context window, as the hosted API does."""
    in_messages, in_tools = prompt_tokens(request)
    total = in_messages + in_tools
    if total <= CONTEXT_WINDOW:
        return
    if in_tools:
        detail = (
            f"{total} tokens ({in_messages} in the messages, {in_tools} in the functions). "
            "Please reduce the length of the messages or functions."
        )
    else:
        detail = f"{total} tokens. Please reduce the length of the messages."
    raise InvalidRequestError(
        f"This model's maximum context length is {CONTEXT_WINDOW} tokens. However, your messages "
        f"resulted in {detail}",
        param="messages",
        code="context_length_exceeded",
    )



def _policy() -> ModuleType:
    """The policy module (imported lazily: it is the heavy part of the model)."""
    from fcourse.teaching import policy

    return policy


def _decide(request: dict[str, Any]) -> Decision:
    return check_decision(_policy().decide(request), request)


#: checked decisions of the real policy by request digest, least recently used first (at most ``_CACHE_SIZE``)
_decisions: OrderedDict[bytes, Decision] = OrderedDict()
_decisions_lock = threading.Lock()
_CACHE_SIZE = 256
#: requests longer than this (estimated tokens) are not remembered, so the cache stays within a few megabytes
_CACHE_MAX_TOKENS = 8_000


def _reply_decision(request: dict[str, Any], digest: bytes) -> Decision:
    """The decision a completion replies with, remembered by the request's digest.

    The policy is deterministic and reads nothing but the validated request, and
    ``digest`` is the SHA-256 of that request's canonical JSON, so an identical
    request (a re-run cell, an evaluation repeated) gets the identical decision
    without running the policy again. Only completions use it: they never hand
    the Decision (or its record) to the caller, so nothing can change a
    remembered one. A stand-in policy (a test's) is always asked.
    """
    policy = _policy()
    if getattr(policy, "__name__", None) != "fcourse.teaching.policy":
        return _decide(request)
    with _decisions_lock:
        decision = _decisions.get(digest)
        if decision is not None:
            _decisions.move_to_end(digest)
            return decision
    decision = _decide(request)
    if sum(prompt_tokens(request)) > _CACHE_MAX_TOKENS:  # a long prompt's record is long too: not kept
        return decision
    with _decisions_lock:
        _decisions[digest] = decision
        while len(_decisions) > _CACHE_SIZE:
            _decisions.popitem(last=False)
    return decision


# --------------------------------------------------------------------------- Python API


def _validated(body: object) -> tuple[dict[str, Any], dict[str, bool]]:
    request, delivery = validate_chat_request(body)
    _check_context(request)
    return request, delivery


def chat_completion(body: dict[str, Any]) -> dict[str, Any]:
    """Answer a Chat Completions request body (a dict) with the completion as a dict.

    The same as ``POST /v1/chat/completions`` without HTTP; ``stream`` is ignored.
    Raises ``fcourse.errors.InvalidRequestError`` for a request the API would reject.
    """
    request, _ = _validated(body)
    digest = request_digest(request)
    return completion_body(request, _reply_decision(request, digest), digest)


def reads_as(term: str, surface: str) -> str:
    """What a term of the decision record means, in words: "place" for ``#place``, not a stem.

    Concepts (``#weather``, ``#place``) read as their name; a value only one
    tool's parameter can take (``#value``) says so; the whole request
    compared with the whole description (``~sentence``) says so; any other term is a word
    matched as itself (the record's ``term`` is its stem, e.g. "beij", so that
    "Beijing" and "beijing's" match alike).
    """
    if term in ("#value", "#value_hint"):
        return "a value shaped like the tool's parameter"
    if term == "~sentence":
        return "the description, read as a whole (sentence meaning)"
    if term.startswith("#"):
        return term[1:].replace("_", " ")
    return f'the word "{surface}"'


def _in_words(record: dict[str, Any]) -> dict[str, Any]:
    """The record's word -> meaning mapping as a learner reads it: "Beijing → place"."""
    query = record.get("query")
    terms = query.get("terms", []) if isinstance(query, dict) else []
    rows = record.get("tools") if isinstance(record.get("tools"), list) else []
    return {
        "terms": [f"{t['surface']} → {reads_as(t['term'], t['surface'])}" for t in terms],
        "tools": {
            row["name"]: [f"{t['surface']} → {reads_as(t['term'], t['surface'])}" for t in row.get("top_terms", [])]
            for row in rows
        },
    }


def _is_responses_body(body: object) -> bool:
    """A Responses API body (``input``, no ``messages``) rather than a Chat Completions one."""
    return isinstance(body, dict) and "input" in body and "messages" not in body


def _responses_explanation(body: object, namespace: str = "") -> dict[str, Any]:
    request, _ = responses.prepare(body, CONTEXT_WINDOW, namespace)
    decision = _decide(request.chat)
    response = response_body(request, decision, request_digest(request.canonical()))
    return {
        "object": "fcourse.explanation",
        "id": response["id"],
        "model": MODEL_NAME,
        "decision": {
            "kind": decision.kind,
            "finish_reason": decision.finish_reason,
            "status": response["status"],
            "output": response["output"],
        },
        "record": decision.record,
        "in_words": _in_words(decision.record),
    }


def _explanation(body: object, namespace: str = "") -> dict[str, Any]:
    """The glass-box record for a body (what ``POST /v1/fcourse/explain`` answers)."""
    if _is_responses_body(body):
        return _responses_explanation(body, namespace)
    request, _ = _validated(body)
    digest = request_digest(request)
    decision = _decide(request)
    completion = completion_body(request, decision, digest)
    return {
        "object": "fcourse.explanation",
        "id": completion["id"],
        "model": request["model"],
        "decision": {
            "kind": decision.kind,
            "finish_reason": decision.finish_reason,
            "message": completion["choices"][0]["message"],
        },
        "record": decision.record,
        "in_words": _in_words(decision.record),
    }


def explain(body: dict[str, Any]) -> dict[str, Any]:
    """The glass box: why the teaching model answers this request the way it does (``fcourse.explain``).

    Takes the same body as ``client.chat.completions.create(**body)`` (``model``,
    ``messages``, ``tools``, ...) and returns what ``Connection.explain`` and
    ``POST /v1/fcourse/explain`` return: ``{"object": "fcourse.explanation",
    "id", "model", "decision": {"kind", "finish_reason", "message"}, "record",
    "in_words"}``. A Responses API body (``input`` and no ``messages``, as for
    ``client.responses.create(**body)``) is explained too: its ``decision`` has
    ``"status"`` and ``"output"`` (the response's items) in place of ``"message"``,
    and the record is the same one the equivalent Chat Completions request gets.
    Here ``record`` is the policy's decision record (chapter 3
    reads it) and ``in_words`` its word -> meaning mapping in words a learner
    reads: ``{"terms": ["Beijing → place", ...], "tools": {name: [...]}}``.

    Raises ``fcourse.errors.InvalidRequestError`` (status, param, code and the
    hosted wording) for a request the endpoint would reject, exactly as a
    completion would, and ``fcourse.errors.ConfigurationError`` when the active
    backend (``FCOURSE_BACKEND``) is not the teaching model: a provider cannot
    say why it answered. With ``FCOURSE_BACKEND=server`` the record is computed
    in-process, by the same deterministic model the classroom server runs.
    """
    backend = active_backend()
    if backend not in TEACHING_BACKENDS:
        raise ConfigurationError(
            f"fcourse.explain needs the teaching model, but FCOURSE_BACKEND is {backend!r}: a provider "
            f"cannot say why it answered. Set FCOURSE_BACKEND to one of {', '.join(TEACHING_BACKENDS)} "
            "(or unset it) to read the teaching model's decision record."
        )
    return _explanation(body)


# --------------------------------------------------------------------------- HTTP


def _model_object() -> dict[str, Any]:
    return {"id": MODEL_NAME, "object": "model", "created": CREATED_EPOCH, "owned_by": "fcourse"}


def _chat(raw: bytes) -> Reply:
    request, delivery = _validated(parse_json_body(raw))
    digest = request_digest(request)
    decision = _reply_decision(request, digest)
    extra = (("x-request-id", request_id(digest)),)
    if delivery["stream"]:
        return sse_reply(stream_chunks(request, decision, digest, delivery["include_usage"]), extra)
    return json_reply(completion_body(request, decision, digest), extra)


def _explain_route(raw: bytes, client: str) -> Reply:
    return json_reply(_explanation(parse_json_body(raw), client))


def _route(method: str, path: str, raw: bytes, client: str) -> Reply:
    routes: dict[str, dict[str, Any]] = {
        "/v1/chat/completions": {"POST": lambda: _chat(raw)},
        "/v1/responses": {"POST": lambda: responses.create(raw, _reply_decision, CONTEXT_WINDOW, client)},
        "/v1/fcourse/explain": {"POST": lambda: _explain_route(raw, client)},
        "/v1/models": {"GET": lambda: json_reply({"object": "list", "data": [_model_object()]})},
    }
    if path.startswith("/v1/responses/") and path.count("/") == 3:
        return responses.item_route(method, path[len("/v1/responses/") :], client)
    if path.startswith("/v1/models/"):
        model = path[len("/v1/models/") :]
        if method != "GET":
            return _method_not_allowed(method, path, ("GET",))
        if model != MODEL_NAME:
            return error_reply(
                InvalidRequestError(
                    f"The model '{model}' does not exist", param="model", code="model_not_found", status=404
                )
            )
        return json_reply(_model_object())
    if path not in routes:
        return error_reply(InvalidRequestError(f"Invalid URL ({method} {path})", status=404))
    handlers = routes[path]
    if method not in handlers:
        return _method_not_allowed(method, path, tuple(handlers))
    return handlers[method]()


def _method_not_allowed(method: str, path: str, allowed: tuple[str, ...]) -> Reply:
    err = InvalidRequestError(f"Method Not Allowed: {method} {path} (use {', '.join(allowed)})", status=405)
    return error_reply(err, (("allow", ", ".join(allowed)),))


def handle(method: str, path: str, body: bytes = b"", client: str = "") -> Reply:
    """Answer one HTTP request to the teaching model. Never raises.

    ``path`` may carry a query string (it is ignored). ``client`` is the namespace
    of the asker's stored responses (``responses_store``): the server passes the
    ``X-Fcourse-Client`` header or the client's address; in-process it is ``""``.
    A request the hosted API would reject gets its 4xx error body; only a bug in
    the policy or here can give a 500, whose message names the exception.
    """
    try:
        path = path.split("?", 1)[0].split("#", 1)[0].encode("utf-8", "replace").decode("utf-8")
        method = method.encode("utf-8", "replace").decode("utf-8")
        if len(body) > MAX_BODY_BYTES:
            raise InvalidRequestError(
                f"Request body too large: {len(body)} bytes. The teaching model accepts at most "
                f"{MAX_BODY_BYTES} bytes.",
                code="request_too_large",
                status=413,
            )
        return _route(method.upper(), path, body, client)
    except InvalidRequestError as err:
        return error_reply(err)
    except Exception as err:  # a bug, not a bad request: say so, never crash the caller
        where = traceback.extract_tb(err.__traceback__)[-1]
        message = (
            "The server had an error while processing your request. Sorry about that! "
            f"(teaching model bug: {type(err).__name__}: {err} at "
            f"{where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
        )
        return error_reply(InvalidRequestError(message, status=500, type="server_error"))
