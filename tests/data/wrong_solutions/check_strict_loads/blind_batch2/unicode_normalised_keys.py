"""MISTAKE: compares keys after Unicode NFC normalisation and stripping, so distinct keys ("é" vs "e\u0301", "a" vs " a") count as duplicates.

The learner generalises "keys are compared after decoding (\\u0063 is c)" to "compare keys as
people read them". JSON keys are equal only when their code points are; json.loads keeps both.
"""
import json
import math
import unicodedata


def strict_loads(text):
    def no_duplicates(pairs):
        seen = set()
        for key, _ in pairs:
            canonical = unicodedata.normalize("NFC", key).strip()
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
