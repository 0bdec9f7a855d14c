#!/usr/bin/env python3
# ruff: noqa  (committed as its author wrote it: issue 36)
"""Validate ../business_glossary.json's structure and print counts."""
import json
import os
import re
import sys

PATH = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "business_glossary.json")
KEY_RE = re.compile(r"^[a-z0-9°%][a-z0-9°% ]*$")
CUE_RE = re.compile(r"^[a-z0-9]+$")
CJK_RE = re.compile(r"[\u4e00-\u9fff]")

errors, warnings = [], []


def no_dup_pairs(pairs):
    seen = {}
    for k, v in pairs:
        if k in seen:
            errors.append(f"duplicate JSON key: {k!r}")
        seen[k] = v
    return seen


def check_key(section, key):
    if key != key.strip() or "  " in key or "_" in key or "-" in key or key != key.lower() or not KEY_RE.match(key):
        errors.append(f"{section}: bad key {key!r} (must be lower-case, single spaces, no _ or -)")


def check_senses(section, key, senses):
    if not isinstance(senses, list) or not senses:
        errors.append(f"{section}[{key}]: must be a non-empty list")
        return
    zhs = []
    for i, s in enumerate(senses):
        if not isinstance(s, dict) or set(s) != {"zh", "cues"}:
            errors.append(f"{section}[{key}][{i}]: sense must have exactly 'zh' and 'cues'")
            continue
        zh, cues = s["zh"], s["cues"]
        if not isinstance(zh, str) or not zh.strip():
            errors.append(f"{section}[{key}][{i}]: empty zh")
        elif not CJK_RE.search(zh):
            warnings.append(f"{section}[{key}][{i}]: zh has no Chinese characters: {zh!r}")
        zhs.append(zh)
        if not isinstance(cues, list) or not all(isinstance(c, str) for c in cues):
            errors.append(f"{section}[{key}][{i}]: cues must be a list of strings")
            continue
        for c in cues:
            if not CUE_RE.match(c):
                errors.append(f"{section}[{key}][{i}]: cue {c!r} is not a lower-case word")
        if len(set(cues)) != len(cues):
            errors.append(f"{section}[{key}][{i}]: repeated cue")
        last = i == len(senses) - 1
        if last and cues:
            errors.append(f"{section}[{key}]: last sense must have empty cues (general default)")
        if not last and not cues:
            errors.append(f"{section}[{key}][{i}]: only the last sense may have empty cues")
    if len(set(zhs)) != len(zhs):
        warnings.append(f"{section}[{key}]: the same Chinese appears in two senses: {zhs}")


def main():
    try:
        with open(PATH, encoding="utf-8") as f:
            data = json.load(f, object_pairs_hook=no_dup_pairs)
    except (OSError, ValueError) as e:
        print(f"INVALID: {e}")
        return 2
    if set(data) != {"about", "terms", "values", "units"}:
        errors.append(f"top-level keys must be about/terms/values/units, got {sorted(data)}")
    if not isinstance(data.get("about"), str) or not data.get("about", "").strip():
        errors.append("'about' must be a non-empty string")
    for section in ("terms", "values"):
        d = data.get(section, {})
        if not isinstance(d, dict):
            errors.append(f"{section} must be an object")
            continue
        for key, senses in d.items():
            check_key(section, key)
            check_senses(section, key, senses)
    units = data.get("units", {})
    for key, u in units.items():
        check_key("units", key)
        if not isinstance(u, dict) or set(u) != {"zh"} or not isinstance(u["zh"], str) or not u["zh"].strip():
            errors.append(f"units[{key}]: must be {{'zh': '<non-empty>'}}")
    terms, values = data.get("terms", {}), data.get("values", {})
    multi_t = sum(1 for v in terms.values() if len(v) > 1)
    multi_v = sum(1 for v in values.values() if len(v) > 1)
    senses = sum(len(v) for v in terms.values()) + sum(len(v) for v in values.values())
    phrases = sum(1 for k in terms if " " in k)
    for w in warnings:
        print("WARN ", w)
    for e in errors:
        print("ERROR", e)
    print(f"file: {PATH}")
    print(f"terms: {len(terms)} (multi-word phrases: {phrases}, with >1 sense: {multi_t})")
    print(f"values: {len(values)} (with >1 sense: {multi_v})")
    print(f"units: {len(units)}")
    print(f"total entries: {len(terms) + len(values) + len(units)}; entries with >1 sense: {multi_t + multi_v}; total senses: {senses}")
    print(f"errors: {len(errors)}, warnings: {len(warnings)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
