"""Every exception fcourse raises, in one place.

The hierarchy (each class also subclasses the matching builtin, so callers can
catch ``ValueError`` or ``RuntimeError`` without knowing fcourse)::

    FcourseError
    ├── ConfigurationError (ValueError)      bad backend settings (chapter 0)
    ├── RegistrationError (ValueError)       a tool that cannot be registered (chapter 4)
    │   └── DuplicateToolError               the name is taken, raised at registration
    └── StorageError (RuntimeError)          the refund database is unusable (chapter 4)

Errors that a *model* causes are not exceptions: the teaching model's endpoint
answers them as OpenAI-shaped error bodies, and the registry returns them as
structured responses (``ToolResponse``), so they never escape into a tool loop.
"""

from __future__ import annotations

__all__ = [
    "ConfigurationError",
    "DuplicateToolError",
    "FcourseError",
    "RegistrationError",
    "StorageError",
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


class StorageError(FcourseError, RuntimeError):
    """The refund database cannot be opened or is in an unusable state."""
