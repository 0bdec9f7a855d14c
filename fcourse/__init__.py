"""fcourse: an offline, hands-on course on LLM function calling.

The public API is assembled here; each name's docstring says which chapter
introduces it.
"""

from __future__ import annotations

__all__: list[str] = []
__version__ = "0.1.0"
