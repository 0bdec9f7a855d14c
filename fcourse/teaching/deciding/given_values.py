"""Values the user gave that the argument filler missed (chapter 3, stage 4b).

Used by ``fcourse.teaching.deciding.checking``. Each helper fills a parameter only from
the words of the request, never from the context, and only when one reading
is clear: a number written in words or Chinese numerals (the one free number);
a city after a preposition, a Chinese street address, the words after a colon;
a boolean from what its description says true and false mean; with several
values for one parameter, the other values said one per call. Enum values are
``fcourse.teaching.deciding.given_enums``'s.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.deciding.counting import (
    counted_by_noun,
    counting_numbers,
    counts_people,
    measure_word,
    people_said,
)
from fcourse.teaching.deciding.given_enums import enum_positions
from fcourse.teaching.deciding.moves import is_new
from fcourse.teaching.reading.dates import clock_range
from fcourse.teaching.reading.numbers import _UNIT_MINUTES, _ZH_UNITS, Duration, durations_in, numbers_in, unit_of
from fcourse.teaching.reading.params import param_text, value_pattern
from fcourse.teaching.reading.rx import rx

__all__ = ["fill_booleans", "fill_numbers", "fill_shapes", "paired_values"]

# a capitalised word in any alphabet ("Quito", "Tromsø", "São Paulo"), after a preposition of place
_CITY = re.compile(r"\b(in|to|from|at|near) ([^\W\d_]+(?:[ -](?=[^\W\d_a-z])[^\W\d_]+)?)")
_PREPOSITIONS = frozenset(("in", "to", "from", "at", "near", "on", "for", "by", "until"))
_FROM_WORDS = ("from", "origin", "departure", "depart", "leave", "leaving", "start")
_TO_WORDS = ("destination", "arrival", "arrive", "to ", "going")


def _cities(text: str, about: str) -> list[str]:
    """Capitalised place names after a preposition; for an origin or a destination, after "from" / "to" only."""
    found: list[tuple[str, str]] = []
    for prep, words in _CITY.findall(text):
        parts = words.replace("-", " - ").split()
        keep = []
        for w in parts:
            if w != "-" and (not w[0].isupper() or w.lower() in _PREPOSITIONS):
                break
            keep.append(w)
        name = " ".join(keep).replace(" - ", "-").strip(" -")
        if name and name[0].isupper():
            found.append((prep, name))
    if any(w in about for w in _FROM_WORDS) and not any(w in about for w in _TO_WORDS):
        found = [f for f in found if f[0] == "from"] or found
    elif any(w in about for w in _TO_WORDS) and not any(w in about for w in _FROM_WORDS):
        found = [f for f in found if f[0] != "from"] or found
    return list(dict.fromkeys(name for _, name in found))
_AFTER_COLON = re.compile(r"(?:(?<!\d)[:：]|[:：](?=\s))\s*(?!\d)([^:：]{2,})$")  # "10:30" is a time, not a colon


def fill_shapes(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any], add: Any) -> None:
    """Required free-text values in the shape their description names: a city after "in"/"to", a Chinese
    street address (…路88号), the words after a colon for a message."""
    for name in required:
        sub = props.get(name)
        if name in args or not isinstance(sub, dict) or sub.get("type") != "string" or \
                any(k in sub for k in ("enum", "pattern", "format")):
            continue
        about = f"{name} {sub.get('description', '')}".lower()
        used = {str(v) for v in args.values()}
        if "city" in about or "城市" in about:
            cities = [c for c in _cities(text, about) if c not in used]
            if len(cities) == 1:
                add(name, cities[0], f"the capitalised place name after a preposition ('{cities[0]}')")
        elif "address" in about or "地址" in about:
            from fcourse.teaching.reading.locations import street_addresses  # one reader of address shapes

            found = [a for a in dict.fromkeys(v for v, _, _ in street_addresses(text)) if a not in used]
            if len(found) == 1:
                add(name, found[0], "a street address (road and number)")
        elif any(w in about for w in ("message", "text", "body", "content", "内容", "消息")):
            m = _AFTER_COLON.search(text.strip())
            if m and m.group(1).strip() not in used:
                add(name, m.group(1).strip(), "the words after the colon")


def fill_numbers(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any],
                  mentions: list[Any], add: Any, defaulted: frozenset[str] = frozenset(),
                  cut: frozenset[str] = frozenset(), bare: frozenset[str] = frozenset(), drop: Any = None) -> None:
    """The one number the user gave for the one numeric parameter still unfilled; values of ``cut`` parameters
    (free text cut from around the routing words: "Throw a dozen eggs in my") do not hide a number in them. A
    number first taken bare for a ``bare`` parameter, whose unit or noun another parameter's description names
    ("12 metres tall" for "height, in metres"), goes to that one, and the first is read again."""
    numeric = [n for n in props if isinstance(props.get(n), dict) and props[n].get("type") in ("integer", "number")]
    for name in [n for n in bare if n in args and n in numeric] if drop else []:
        said = [m for m in numbers_in(text) if m.value == args[name]]
        # (the parameter itself among them: "40 people" that names guests and vegetarians alike moves nowhere)
        other = counted_by_noun(text, said, props, [n for n in numeric if n not in args or n == name]) if len(
            said) == 1 else {}
        if len(other) == 1 and name not in other:
            (to, number), = other.items()
            add(to, number.value, f"the number written '{number.text}', before the word its description names")
            drop(name, f"its number '{number.text}' is the {to} the description names")
    _fill_durations(text, props, [n for n in numeric if n not in args or n in defaulted], add)
    wanted = [n for n in numeric if n in required and n not in args]
    if not wanted:  # an optional number the user gave ("for two people"), when it is the only numeric parameter
        wanted = [n for n in numeric if n not in args] if len(numeric) == 1 else []
    free = _free_numbers(text, args, mentions, cut)
    if len(wanted) == 1 and (unit := unit_of(f"{props[wanted[0]].get('description', '')} {wanted[0]}")):
        # "six months" for a number of weeks: a length of time in another unit is no count of this one
        spans = [(d.start, d.end, d.minutes) for d in durations_in(text)]
        free = [n for n in free if not any(a <= n.start < b and m / _UNIT_MINUTES[unit] != n.value for a, b, m in spans)
                # "一套装备", "一个单人间": a number that counts things is no length of time
                and (any(a <= n.start < b for a, b, _ in spans) or not _counts_things(text[n.end:]))]
    elif len(wanted) == 1:  # a count of no unit of time: "2 hrs" is how long, not 2 people
        free = [n for n in free if not any(d.start <= n.start < d.end for d in durations_in(text))]
    # a number whose noun or unit names a parameter ("三个卧室", "一百二十平") is that one's, and no other's
    named = counted_by_noun(text, [n for n in free if str(n.value) not in {str(v) for v in args.values()}],
                            props, [n for n in numeric if n not in args])
    if len(wanted) == 1 and wanted[0] not in named:
        _fill_one(text, props, wanted[0], [n for n in free if n not in named.values()], add)
        if wanted[0] in required and wanted[0] not in args and not free and not counts_people(
                param_text(wanted[0], props[wanted[0]])) and (one := _one_named(text, props, args, wanted[0])):
            add(wanted[0], 1, f"'{one}': one of the value named")
    changed = _changed_to(text, free, [n for n in numeric if n not in args and n not in named and is_new(n, props[n])])
    if changed:
        named[changed[0]] = changed[1]
    for name, number in named.items():
        if name not in args and str(number.value) not in {str(v) for v in args.values()}:
            add(name, number.value, f"the number written '{number.text}', before the word its description names")


def _changed_to(text: str, free: list[Any], new: list[str]) -> tuple[str, Any] | None:
    """(parameter, number) for the one new-value parameter when the turn changes a number from one to another
    ("原来六个人，现在变成九个", "from 6 to 9"): the number after "to"/成, when another comes after "from"/原来."""
    from fcourse.teaching.deciding.choosing import FROM_CUES, TO_CUES, WAS_CUES
    from fcourse.teaching.reading.extract import preceded_by

    to = [n for n in free if preceded_by(text, n.start, TO_CUES)]
    was = [n for n in free if preceded_by(text, n.start, WAS_CUES + FROM_CUES)]
    return (new[0], to[0]) if len(new) == 1 and len(to) == 1 and len(was) == 1 and to[0] is not was[0] else None


def _counts_the_party(name: str, schema: dict[str, Any]) -> bool:
    """Whether "just me" or "the two of us" can give this count: it counts people ("Number of guests"), or it is
    the one whole count left and counts no time ("Number of skaters", "学员人数" - whoever the party is)."""
    text = param_text(name, schema)
    return counts_people(text) or schema.get("type") == "integer" and not unit_of(text)


def _counts_things(after: str) -> bool:
    """Whether a number's measure word counts things (套, 间, 个 + a noun), not time (天, 个月, 两个钟)."""
    measure = measure_word(after)
    return bool(measure) and measure not in _ZH_UNITS and measure != "次" and not re.match(
        r"个\s*(?:钟|小时|月|星期|礼拜|工作日|晚上)", after)


def _counts_it(wanted: str, value: str) -> bool:
    """Whether the numeric parameter counts the thing an enum value names: a quantity, or ``<thing>_count`` for
    that thing ("kayak_count" for single_kayak; "word_count" counts words, not a technical document)."""
    words = wanted.lower().split("_")
    if any(w.startswith(("quantit", "qty")) for w in words) or words in (["count"], ["number"]):
        return True
    return words[-1] in ("count", "number") and bool(set(words[:-1]) & set(value.lower().split("_")))


def _one_named(text: str, props: dict[str, Any], args: dict[str, Any], wanted: str) -> str | None:
    """"a kayak", "an extra lantern": the one thing an enum value of the call names, with "a", "an" or "one"
    before it (up to one word between), when the text gives no number."""
    for name, value in args.items():
        if isinstance(value, str) and isinstance(props.get(name), dict) and "enum" in props[name] and value.isascii() \
                and _counts_it(wanted, value):
            m = re.search(rf"\b(?:a|an|one)\s+(?:[A-Za-z-]+\s+)?(?={value_pattern(value).pattern})", text,
                          re.IGNORECASE)
            if m:
                return text[m.start():m.end() + len(value)].strip()
    return None


def _free_numbers(text: str, args: dict[str, Any], mentions: list[Any], cut: frozenset[str]) -> list[Any]:
    """The numbers of the text that are not part of a date, a clock time, a place or another argument's value."""
    from fcourse.teaching.reading.dates import clock_spans
    from fcourse.teaching.reading.locations import find_locations

    taken = [(m.start, m.end) for m in mentions] + list(clock_spans(text))  # "7:30pm" is a time, not 7 guests
    taken += [(s, e) for _, s, e, _ in find_locations(text)]  # "9 Park Road" is a place, not 9 stems
    for name, value in args.items():
        if isinstance(value, str) and value and name not in cut:
            # a value as written, or its parts apart ("8 inch" for 8_inch): its digits are no count of anything
            found = rx(re.escape(value)).search(text) or (
                value_pattern(value).search(text) if value.isascii() else None)
            if found:
                taken.append(found.span())
    return [n for n in numbers_in(text) if not any(s <= n.start and n.end <= e for s, e in taken)
            and str(n.value) not in {str(v) for v in args.values()}]


def _fill_one(text: str, props: dict[str, Any], name: str, free: list[Any], add: Any) -> None:
    """The one numeric parameter still wanted: the one free number (the one that counts, of several), people
    counted without a number, or "half" of the schema's range."""
    if len(free) > 1:  # "三个大人", "再加两张，一共五张", "买三张K8的一等座": the one that counts, if one does
        free = counting_numbers(text, free)
    if len(free) == 1:
        value = free[0].value
        if props[name].get("type") == "integer" and isinstance(value, float):
            return
        add(name, value, f"the number written '{free[0].text}'")
    elif not free and _counts_the_party(name, props[name]) and (count := people_said(text)):
        add(name, count[0], f"'{count[1]}' counts {count[0]} {'person' if count[0] == 1 else 'people'}")
    elif not free and (half := _HALF.search(text)):  # "halfway" on a 0-100 scale: the middle of the schema's range
        lo, hi = props[name].get("minimum"), props[name].get("maximum")
        if isinstance(lo, (int, float)) and isinstance(hi, (int, float)) and hi > lo:
            mid = (lo + hi) / 2
            if mid == int(mid) or props[name].get("type") == "number":
                add(name, int(mid) if mid == int(mid) else mid,
                    f"'{half.group()}': the middle of the range {lo}-{hi} the schema gives")


def _fill_durations(text: str, props: dict[str, Any], numeric: list[str], add: Any) -> None:
    """A length of time for a number counted in a unit of time: "half an hour" is 30 for "Maximum minutes",
    "两个半小时" 2.5 for "Hours" - one duration in the text, converted to the unit the description names."""
    timed = [(n, unit_of(f"{props[n].get('description', '')} {n}")) for n in numeric]
    timed = [(n, u) for n, u in timed if u]
    said = durations_in(text) if timed else []
    if timed and not said and (stretch := clock_range(text)):  # "6pm till 10pm" lasts 4 hours
        said = [Duration(stretch[0], 0, 0, stretch[1])]
    if len(timed) != 1 or len(said) != 1:
        return
    (name, unit), d = timed[0], said[0]
    value = d.minutes / _UNIT_MINUTES[unit]
    if value == int(value):
        value = int(value)
    elif props[name].get("type") == "integer":
        return
    if isinstance(props[name].get("enum"), list) and value not in props[name]["enum"]:
        return  # the schema check would refuse it; the number the user gave is asked for instead
    add(name, value, f"'{d.text}' is {value} {unit}{'s' if value != 1 else ''}")


def paired_values(text: str, props: dict[str, Any], args: dict[str, Any], param: str,
                  values: list[Any]) -> dict[str, list[Any]]:
    """Several calls, one per value of ``param``: another parameter written as many times, in the same order
    ("pressure shows 88 and flow shows 412", "chocolate to 4 Mill Lane and tea to 7 Kings Road"), gets one value
    per call - a number, or a place. Nothing when the counts differ or the values interleave otherwise."""
    from fcourse.teaching.reading.locations import find_locations

    low = text.lower()
    at = [low.find(str(v).lower().replace("_", " ")) for v in values]
    if any(a < 0 for a in at) and isinstance(props.get(param), dict) and isinstance(props[param].get("enum"), list):
        first = {}  # named through a Chinese word's glosses ("20个小号箱和10个大号箱"): where each is named first
        for start, v in enum_positions(props[param]["enum"], text):
            first.setdefault(v, start)
        at = [first.get(v, -1) for v in values]
    if any(a < 0 for a in at) or at != sorted(at):
        return {}
    places = [(s, e, v) for v, s, e, _ in find_locations(text)]
    out: dict[str, list[Any]] = {}
    for name, sub in props.items():
        if name == param or name not in args or not isinstance(sub, dict):
            continue
        if sub.get("type") in ("integer", "number"):
            found = [(n.start, n.value) for n in numbers_in(text)
                     if not any(s <= n.start < e for s, e, _ in places)]
        elif isinstance(args[name], str) and any(args[name] == v for _, _, v in places):
            found = [(s, v) for s, _, v in places]
        else:
            continue
        # each value after its own mention of ``param`` and before the next one - or, as Chinese puts a count,
        # each before its own mention and after the one before ("20个小号箱和10个大号箱")
        bounds, before = [*at[1:], len(text)], [-1, *at[:-1]]
        if len(found) == len(values) and (
                all(at[i] <= found[i][0] < bounds[i] or (i == 0 and found[0][0] < at[0]) for i in range(len(values)))
                or all(before[i] < found[i][0] < at[i] for i in range(len(values)))):
            out[name] = [v for _, v in found]
    return out


#: "half" as a quantity (a closed-class word of both languages), read against the schema's range
_HALF = re.compile(r"\bhalf(?:way)?\b|一半|半开|半关", re.IGNORECASE)


_TRUE_FALSE = re.compile(r"\b(true|false)\b\s*(?:to|if|when|means|=|:|-)?\s*([^,;.()]+)", re.IGNORECASE)


def _user_tokens(text: str) -> set[str]:
    from fcourse.teaching.reading.glosses import gloss_tokens

    tokens = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    if re.search(r"[\u4e00-\u9fff]", text):
        from fcourse.teaching.reading.segmenter import segment

        for word, _, _ in segment(text):
            if len(word) >= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", word):
                tokens |= gloss_tokens(word)
    return tokens


def fill_booleans(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any], add: Any) -> None:
    """A boolean whose description says what true and false mean ("true to lock, false to unlock")."""
    for name, sub in props.items():
        if not isinstance(sub, dict) or sub.get("type") != "boolean" or (name not in required and name not in args):
            continue
        sides = {m.group(1).lower(): set(re.findall(r"[a-z]+", m.group(2).lower()))
                 for m in _TRUE_FALSE.finditer(str(sub.get("description", "")))}
        if set(sides) != {"true", "false"}:
            continue
        yes, no = sides["true"] - sides["false"], sides["false"] - sides["true"]
        said = _user_tokens(text)
        hit_yes, hit_no = bool(yes & said), bool(no & said)
        if hit_yes != hit_no:
            value = hit_yes
            if args.get(name) is not value:
                word = sorted((yes if hit_yes else no) & said)[0]
                add(name, value, f"the description says {str(value).lower()} means "
                                 f"'{' '.join(sorted(yes if hit_yes else no))}', and the user said '{word}'")
