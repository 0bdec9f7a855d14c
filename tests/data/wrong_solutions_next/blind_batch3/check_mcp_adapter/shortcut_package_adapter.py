"""SHORTCUT: re-exports the package's adapter (the notebook's fallback, fcourse.remote.adapter) under the four names."""
from fcourse.remote.adapter import chat_tools, function_output, responses_tools, tool_message  # noqa: F401
