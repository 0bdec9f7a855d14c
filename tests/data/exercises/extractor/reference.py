"""The reference solution of chapter 1's extractor exercise (the notebook's "Show a solution" holds it).

In the notebook, ``strict_loads`` is the learner's own from the exercise before.
"""

import json
import re

from fcourse.prompting.scan import strict_loads

decoder = json.JSONDecoder()
LOOKS_LIKE_AN_ACTION = re.compile(r"""\{\s*["']action["']""")


def extract_action(reply):
    """The one action object in the reply, or None when there is none, or more than one, or a broken one."""
    actions, start = [], reply.find("{")
    while start != -1:
        try:
            _, end = decoder.raw_decode(reply, start)  # where the object ends (braces in strings are text)
            obj = strict_loads(reply[start:end])  # and no key twice, no NaN
        except ValueError:
            if LOOKS_LIKE_AN_ACTION.match(reply, start):
                return None  # an action we cannot read: refuse rather than run another one
            start = reply.find("{", start + 1)
            continue
        if isinstance(obj, dict) and "action" in obj:
            actions.append(obj)
        start = reply.find("{", end)
    return actions[0] if len(actions) == 1 else None
