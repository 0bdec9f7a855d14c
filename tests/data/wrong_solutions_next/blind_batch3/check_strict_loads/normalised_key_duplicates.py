"""MISTAKE: compares keys after NFKC normalisation and strip(), refusing distinct keys as duplicates.

"Ｃｉｔｙ" (full-width), "city " and "city" are three different JSON keys; json.loads keeps all
three. The learner treats look-alikes as the same key "to catch tricks", so ordinary JSON
with such keys raises ValueError where json.loads returns a value.
"""
import json
import math
import unicodedata


def strict_loads(text):
    def no_duplicates(pairs):
        seen = set()
        for key, _ in pairs:
            canonical = unicodedata.normalize("NFKC", key).strip()
            if canonical in seen:
                raise ValueError(f"the key {key!r} appears twice in one object")
            seen.add(canonical)
        return dict(pairs)

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant, parse_float=finite)
