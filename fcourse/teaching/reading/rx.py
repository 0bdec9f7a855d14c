"""Regular expressions built from the request's own words, compiled once per process.

Introduced in chapter 3 (how the teaching model reads). Many of the model's
patterns are made at run time from a tool's enum values, a description's words
or an argument's value (``rf"(?<![a-z]){re.escape(word)}(?![a-z])"``). Python's
``re`` keeps only the last 512 patterns it compiled and drops the oldest first,
so a few hundred such patterns per request pushed out its fixed ones too, and
every request compiled a thousand patterns again (compiling is pure Python:
about a tenth of a decision's time). ``rx`` keeps its own larger cache.
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["rx"]


@lru_cache(maxsize=8192)
def rx(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, from a cache of 8,192 patterns."""
    return re.compile(pattern, flags)
