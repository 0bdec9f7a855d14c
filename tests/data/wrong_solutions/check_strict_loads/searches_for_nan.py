"""MISTAKE: Refuses NaN by searching the text: a string value "NaN" is refused too (and 1e999 is let through).
"""


import json


def strict_loads(text):
    if "NaN" in text or "Infinity" in text:
        raise ValueError("NaN and Infinity are not JSON")

    def no_duplicates(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"duplicate key {key!r}")
            seen.add(key)
        return dict(pairs)

    return json.loads(text, object_pairs_hook=no_duplicates)

HINT = 'not by searching the text'
