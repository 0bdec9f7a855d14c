"""MISTAKE: Finds duplicate keys with a regex over the raw text of each brace level, which misses a duplicate written with an escape like "\\u0063ity".
"""
import json
import math
import re

KEY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:')


def _duplicate_in_text(text):
    depth_keys = [set()]
    i = 0
    in_string = False
    while i < len(text):
        ch = text[i]
        if in_string:
            if ch == "\\":
                i += 2
                continue
            if ch == '"':
                in_string = False
            i += 1
            continue
        if ch == '"':
            match = KEY.match(text, i)
            if match:
                key = match.group(1)
                if key in depth_keys[-1]:
                    return key
                depth_keys[-1].add(key)
                i = match.end()
                continue
            in_string = True
        elif ch == "{":
            depth_keys.append(set())
        elif ch == "}":
            if len(depth_keys) > 1:
                depth_keys.pop()
        i += 1
    return None


def strict_loads(text):
    """json.loads, but a key given twice, NaN/Infinity and a float that overflows raise ValueError."""
    duplicate = _duplicate_in_text(text)
    if duplicate is not None:
        raise ValueError(f"the key {duplicate!r} appears twice in one object")

    def no_constant(name):
        raise ValueError(f"{name} is not JSON")

    def finite(number):
        value = float(number)
        if math.isinf(value):
            raise ValueError(f"{number} is too large for a float")
        return value

    return json.loads(text, parse_constant=no_constant, parse_float=finite)
