"""MISTAKE: Wraps the whole check-and-run in one try/except Exception that returns None, so a failed check or crash comes back as None instead of a refusal dict.
"""
import json

import jsonschema


def run_tool_call(name, arguments, tools, handlers):
    """Run a proposed call only after checking its name, its JSON and its schema."""
    try:
        schemas = {tool["function"]["name"]: tool["function"]["parameters"] for tool in tools}
        schema = schemas[name]
        kwargs = json.loads(arguments)
        jsonschema.validate(kwargs, schema, cls=jsonschema.Draft202012Validator)
        return handlers[name](**kwargs)
    except Exception:
        return None
