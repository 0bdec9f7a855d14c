"""Every exception fcourse raises, in one place.

The hierarchy (each class also subclasses the matching builtin, so callers can
catch ``ValueError`` or ``RuntimeError`` without knowing fcourse)::

    FcourseError
    ├── ConfigurationError (ValueError)      bad backend settings (chapter 0)
    ├── RegistrationError (ValueError)       a tool that cannot be registered (chapter 4)
    │   └── DuplicateToolError               the name is taken, raised at registration
    ├── UnknownToolError (KeyError)          no tool of that name (``set_available``, ``breaker``; chapter 4)
    ├── UnknownScenarioError (ValueError)    no chapter-4 demo scenario of that name
    ├── CallRefused                          internal to the registry: a check said no (never escapes)
    ├── NotJSONError (ValueError)            internal to argument parsing: NaN, a repeated key (never escapes)
    ├── InvalidRequestError (ValueError)     a request the teaching model rejects (chapter 2)
    ├── CaseFileError (ValueError)           an evaluation case file that cannot be used (chapter 3)
    ├── PolicyContractError (RuntimeError)   the teaching model's policy broke its contract (a bug)
    ├── RunawayLoopError (RuntimeError)      a program asked a scripted model too often (chapter 2)
    ├── StorageError (RuntimeError)          the refund database is unusable (chapter 4)
    ├── ToolRefusal (ValueError)             a handler refuses with a structured code (chapter 4)
    │   ├── BusinessRuleError                the domain says no (order already refunded, ...)
    │   ├── IdempotencyKeyMismatchError      same idempotency key, different arguments
    │   └── DuplicateInProgressError         the same key is being executed right now
    ├── ServiceUnavailableError (ConnectionError)  a downstream service refused (chapter 4)
    └── ToolTimeoutError (TimeoutError)      no answer in time: the outcome is unknown (chapter 4)

Errors that a *model* causes are not exceptions: the teaching model's endpoint
answers them as OpenAI-shaped error bodies, and the registry returns them as
structured responses (``ToolResponse``), so they never escape into a tool loop.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BusinessRuleError",
    "CallRefused",
    "CaseFileError",
    "ConfigurationError",
    "DuplicateInProgressError",
    "DuplicateToolError",
    "FcourseError",
    "IdempotencyKeyMismatchError",
    "InvalidRequestError",
    "NotJSONError",
    "PolicyContractError",
    "RegistrationError",
    "RunawayLoopError",
    "ServiceUnavailableError",
    "StorageError",
    "ToolRefusal",
    "ToolTimeoutError",
    "UnknownScenarioError",
    "UnknownToolError",
]


class FcourseError(Exception):
    """Base class of every exception raised by fcourse."""


class ConfigurationError(FcourseError, ValueError):
    """The backend settings (environment variables, arguments) are unusable."""


class RegistrationError(FcourseError, ValueError):
    """A tool definition is invalid and cannot be registered."""


class DuplicateToolError(RegistrationError):
    """A tool with this name is already registered."""

    def __init__(self, name: str) -> None:
        super().__init__(f"a tool named {name!r} is already registered")
        self.name = name


class CaseFileError(FcourseError, ValueError):
    """An evaluation case file (chapter 3) is malformed; ``problems`` lists every fault found.

    Each problem names where it is (``cases[3].expect.kind``) and what is wrong, so a
    learner who edits a case file sees all the mistakes at once, not the first one.
    """

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        listed = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{source}: {len(self.problems)} problem(s) in the case file\n{listed}")


class UnknownToolError(FcourseError, KeyError):
    """No tool is registered under this name."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"there is no tool named {self.name!r}"


class UnknownScenarioError(FcourseError, ValueError):
    """The chapter-4 demo has no scenario of this name."""


class CallRefused(FcourseError):
    """Internal to ``fcourse.runtime``: a check refused a call; carries the ``ToolResponse`` to return.

    The registry catches it and returns the response: it never escapes into a tool loop.
    """

    def __init__(self, response: Any) -> None:
        super().__init__(getattr(response, "message", ""))
        self.response = response


class NotJSONError(FcourseError, ValueError):
    """Text ``json.loads`` would accept but JSON does not (NaN, Infinity, 1e999, a key given twice).

    Raised inside ``fcourse.runtime.arguments``' parsing hooks and turned into ``INVALID_ARGUMENT`` there.
    """


class StorageError(FcourseError, RuntimeError):
    """The refund database cannot be opened or is in an unusable state."""


class InvalidRequestError(FcourseError, ValueError):
    """A Chat Completions request the teaching model rejects, as the hosted API would.

    Carries the fields of the hosted API's error envelope, so the endpoint can
    answer ``{"error": {"message", "type", "param", "code"}}`` with ``status``.
    Raised by ``fcourse.teaching.wire.validation`` and by ``fcourse.explain`` (and the
    endpoint's other Python functions); over HTTP it becomes the error body instead.
    """

    def __init__(
        self,
        message: str,
        *,
        param: str | None = None,
        code: str | None = None,
        status: int = 400,
        type: str = "invalid_request_error",
    ) -> None:
        super().__init__(message)
        self.message = message
        self.param = param
        self.code = code
        self.status = status
        self.type = type

    def to_body(self) -> dict[str, dict[str, str | None]]:
        """The hosted API's error envelope for this error."""
        return {
            "error": {
                "message": self.message,
                "type": self.type,
                "param": self.param,
                "code": self.code,
            }
        }


class PolicyContractError(FcourseError, RuntimeError):
    """The teaching model's policy returned something that breaks the contract in ``decision.py``.

    A bug in the teaching model, never a bad request: the endpoint answers it
    with a 500 ``server_error`` that names it.
    """


class RunawayLoopError(FcourseError, RuntimeError):
    """A program asked a scripted model (``fcourse.protocol.scripted``) more often than it allows.

    The chapter-2 exercise checker uses it to stop a tool loop that has no round limit.
    """


# --- chapter 4: refusals a handler raises on purpose, and downstream failures ---


class ToolRefusal(FcourseError, ValueError):
    """A handler's deliberate, structured "no": the registry returns ``code``, not EXECUTION_ERROR.

    ``code`` is the ``ToolResponse.error_code`` the model sees, ``data`` extra
    JSON-ready detail, and ``retry_safe`` whether sending the same call again
    could not cause a second side effect. A breaker counts a refusal as
    neither a success nor a failure: the tool worked, the request was wrong.
    """

    code = "BUSINESS_RULE_VIOLATION"
    retry_safe = True

    def __init__(self, message: str, *, data: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.data = dict(data or {})


class BusinessRuleError(ToolRefusal):
    """The refund domain refuses on a business rule; ``data["rule"]`` names it."""

    code = "BUSINESS_RULE_VIOLATION"

    def __init__(self, rule: str, message: str, **data: object) -> None:
        super().__init__(message, data={"rule": rule, **data})
        self.rule = rule


class IdempotencyKeyMismatchError(ToolRefusal):
    """The idempotency key was already used by this user with different arguments."""

    code = "IDEMPOTENCY_KEY_MISMATCH"


class DuplicateInProgressError(ToolRefusal):
    """A call with the same idempotency key is in progress; its outcome is not known yet."""

    code = "DUPLICATE_IN_PROGRESS"
    retry_safe = False


class ServiceUnavailableError(FcourseError, ConnectionError):
    """A downstream service refused the request outright (it did not execute it)."""


class ToolTimeoutError(FcourseError, TimeoutError):
    """A downstream service did not answer in time: it may or may not have executed."""
