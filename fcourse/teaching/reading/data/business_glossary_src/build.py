#!/usr/bin/env python3
# ruff: noqa  (committed as its author wrote it: issue 36)
"""Build ../business_glossary.json from the compact source files beside this script (the author's src/).

Source format (one entry per line, '#' starts a comment line):
    [terms] / [values] / [units]          -- section switch
    key = 中文 <cue cue> | 中文 <cue> | 默认中文
    (units:  key = 中文)
Keys are normalised: lower-case, '_' and '-' become spaces, runs of spaces collapse.
"""
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SENSE_RE = re.compile(r"^\s*([^<>]+?)\s*(?:<([^<>]*)>)?\s*$")


def norm_key(k):
    k = k.strip().lower().replace("_", " ").replace("-", " ")
    return re.sub(r"\s+", " ", k)


def parse():
    data = {"terms": {}, "values": {}, "units": {}}
    problems = []
    for path in sorted(glob.glob(os.path.join(HERE, "*.txt"))):
        section = None
        for lineno, raw in enumerate(open(path, encoding="utf-8"), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            where = f"{os.path.basename(path)}:{lineno}"
            m = re.fullmatch(r"\[(terms|values|units)\]", line)
            if m:
                section = m.group(1)
                continue
            if section is None:
                problems.append(f"{where}: no section")
                continue
            if "=" not in line:
                problems.append(f"{where}: no '=': {line}")
                continue
            key, rhs = line.split("=", 1)
            key = norm_key(key)
            if not key:
                problems.append(f"{where}: empty key")
                continue
            if key in data[section]:
                problems.append(f"{where}: duplicate {section} key '{key}' (kept first)")
                continue
            if section == "units":
                zh = rhs.strip()
                if not zh or "|" in zh or "<" in zh:
                    problems.append(f"{where}: bad unit '{rhs}'")
                    continue
                data["units"][key] = {"zh": zh}
                continue
            senses = []
            for part in rhs.split("|"):
                sm = SENSE_RE.match(part)
                if not sm:
                    problems.append(f"{where}: bad sense '{part}'")
                    break
                zh = sm.group(1).strip()
                cues = sm.group(2).split() if sm.group(2) is not None else []
                cues = [c.lower() for c in cues]
                if sm.group(2) is not None and not cues:
                    problems.append(f"{where}: empty <> in '{part}'")
                # drop duplicate cues within a sense, keep order
                seen = set()
                cues = [c for c in cues if not (c in seen or seen.add(c))]
                senses.append({"zh": zh, "cues": cues})
            else:
                if senses[-1]["cues"]:
                    problems.append(f"{where}: last sense of '{key}' has cues")
                    continue
                if any(not s["cues"] for s in senses[:-1]):
                    problems.append(f"{where}: non-final sense without cues in '{key}'")
                    continue
                data[section][key] = senses
    return data, problems


def main():
    data, problems = parse()
    terms, values, units = data["terms"], data["values"], data["units"]
    multi = sum(1 for d in (terms, values) for v in d.values() if len(v) > 1)
    total = len(terms) + len(values) + len(units)
    out = {
        "about": (
            "English->Simplified Chinese glossary of field-name words/phrases and enum/status values "
            "of everyday business APIs, for rendering JSON tool results as Chinese customer-service "
            "sentences. Compiled entirely from the author's general knowledge of English, Mainland "
            "Chinese usage and common API conventions; no project file (nothing under /work/main or "
            "any other project folder) was read. Each sense lists cue words (lower-case English words "
            "expected in sibling field names or the tool name/description) that select it; the last "
            "sense of every entry has empty cues and is the general default. "
            f"Counts: {len(terms)} terms, {len(values)} values, {len(units)} units, "
            f"{total} entries in total; {multi} terms/values have more than one sense."
        ),
        "terms": dict(sorted(terms.items())),
        "values": dict(sorted(values.items())),
        "units": dict(sorted(units.items())),
    }
    with open(os.path.join(HERE, os.pardir, "business_glossary.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")
    for p in problems:
        print("PROBLEM", p)
    print(f"terms={len(terms)} values={len(values)} units={len(units)} total={total} multi={multi} problems={len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
