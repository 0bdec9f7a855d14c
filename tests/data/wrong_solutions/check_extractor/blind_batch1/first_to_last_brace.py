"""MISTAKE: Parses the slice from the first "{" to the last "}" of the reply, so prose containing a brace after the object (or before it) makes a good reply fail.
"""
from fcourse.prompting.scan import strict_loads


def extract_action(reply):
    """The one action object in the reply, or None."""
    start, end = reply.find("{"), reply.rfind("}")
    if start == -1 or end < start:
        return None
    try:
        obj = strict_loads(reply[start:end + 1])
    except ValueError:
        return None
    if isinstance(obj, dict) and "action" in obj:
        return obj
    return None
