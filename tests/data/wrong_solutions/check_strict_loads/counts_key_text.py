"""MISTAKE: Counts how often each key's text appears in the whole reply: sibling objects look like duplicates.
"""


import json
import math
import re


def strict_loads(text):
    keys = re.findall(r'"([^"\\]+)"\s*:', text)
    for key in keys:
        if keys.count(key) > 1:
            raise ValueError(f"duplicate key {key!r}")
    value = json.loads(text, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
    if isinstance(value, float) and math.isinf(value):
        raise ValueError("not finite")
    return value

HINT = 'two different objects may use the same key'
