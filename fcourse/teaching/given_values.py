"""Values the user gave that the argument filler missed (chapter 3, stage 4b).

Used by ``fcourse.teaching.checking``. Each helper fills a parameter only from
the words of the request, never from the context, and only when one reading
is clear: a number written in words or Chinese numerals (the one free number);
a city after a preposition, a Chinese street address, the words after a colon;
a boolean from what its description says true and false mean; enum values
named as written, through a Chinese word's CC-CEDICT glosses, or - for a
missing or defaulted one - by word-embedding similarity (at least
``ENUM_FLOOR``, and ``ENUM_MARGIN`` ahead of the runner-up); several enum values
go to the parameters that share them in order, or become one call each.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.conversation import Conversation
from fcourse.teaching.counting import counted_by_noun, counting_numbers, counts_people, people_said
from fcourse.teaching.exclusion import inside, negated_spans
from fcourse.teaching.params import param_text

__all__ = ["ENUM_FLOOR", "ENUM_MARGIN", "ENUM_MEANING", "fill_booleans", "fill_enums", "fill_numbers", "fill_shapes",
           "order_enums",
           "paired_values"]

_STOP = frozenset("the and for with from this that what which when where your user e.g number code name "
                  "value text such like".split())
#: how alike a user word and an enum value must be to choose it, and by how much better than the runner-up
ENUM_FLOOR, ENUM_MARGIN = 0.45, 0.05
#: the same for the sentence encoder's reading of the user's words and phrases (floor, lead, the two together),
#: the only way an optional enum is filled from words that are not the value itself. Tuned on the v1-v3 sets.
ENUM_MEANING = (0.5, 0.05, 0.66)



def _enum_choice(values: list[Any], text: str, zh_words: list[str]) -> tuple[Any, str, str, float] | None:
    from fcourse.teaching.glosses import english_words
    from fcourse.teaching.semantics import similarity

    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]{2,}", text) if w.lower() not in _STOP]
    carried = [(w, w) for w in words] + [(g, z) for z in zh_words for g in english_words(z)[:6]]
    scored = []
    for v in values:
        if not isinstance(v, str):
            continue
        phrase = v.replace("_", " ").lower()
        best = max(((1.0 if w == phrase or w in phrase.split() else similarity(w, phrase), w, src)
                    for w, src in carried), default=(0.0, "", ""))
        scored.append((best[0], v, best[1], best[2]))
    scored.sort(key=lambda s: -s[0])
    if not scored or scored[0][0] < ENUM_FLOOR or (len(scored) > 1 and scored[0][0] - scored[1][0] < ENUM_MARGIN):
        return None
    return scored[0][1], scored[0][2], scored[0][3], scored[0][0]



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
            from fcourse.teaching.locations import street_addresses  # one reader of address shapes

            found = [a for a in dict.fromkeys(v for v, _, _ in street_addresses(text)) if a not in used]
            if len(found) == 1:
                add(name, found[0], "a street address (road and number)")
        elif any(w in about for w in ("message", "text", "body", "content", "内容", "消息")):
            m = _AFTER_COLON.search(text.strip())
            if m and m.group(1).strip() not in used:
                add(name, m.group(1).strip(), "the words after the colon")


def fill_numbers(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any],
                  mentions: list[Any], add: Any, defaulted: frozenset[str] = frozenset(),
                  cut: frozenset[str] = frozenset()) -> None:
    """The one number the user gave for the one numeric parameter still unfilled; values of ``cut`` parameters
    (free text cut from around the routing words: "Throw a dozen eggs in my") do not hide a number in them."""
    numeric = [n for n in props if isinstance(props.get(n), dict) and props[n].get("type") in ("integer", "number")]
    _fill_durations(text, props, [n for n in numeric if n not in args or n in defaulted], add)
    wanted = [n for n in numeric if n in required and n not in args]
    if not wanted:  # an optional number the user gave ("for two people"), when it is the only numeric parameter
        wanted = [n for n in numeric if n not in args] if len(numeric) == 1 else []
    free = _free_numbers(text, args, mentions, cut)
    if len(wanted) == 1:
        _fill_one(text, props, wanted[0], free, add)
    unfilled = [n for n in numeric if n not in args]
    for name, number in counted_by_noun(text, [n for n in free if str(n.value) not in
                                               {str(v) for v in args.values()}], props, unfilled).items():
        add(name, number.value, f"the number written '{number.text}', before the word its description names")


def _free_numbers(text: str, args: dict[str, Any], mentions: list[Any], cut: frozenset[str]) -> list[Any]:
    """The numbers of the text that are not part of a date, a clock time, a place or another argument's value."""
    from fcourse.teaching.dates import clock_spans
    from fcourse.teaching.locations import find_locations
    from fcourse.teaching.numbers import numbers_in

    taken = [(m.start, m.end) for m in mentions] + list(clock_spans(text))  # "7:30pm" is a time, not 7 guests
    taken += [(s, e) for _, s, e, _ in find_locations(text)]  # "9 Park Road" is a place, not 9 stems
    for name, value in args.items():
        i = text.find(str(value)) if isinstance(value, str) and value and name not in cut else -1
        if i >= 0:
            taken.append((i, i + len(value)))
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
    elif not free and counts_people(param_text(name, props[name])) and (count := people_said(text)):
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
    from fcourse.teaching.numbers import _UNIT_MINUTES, durations_in, unit_of

    timed = [(n, unit_of(f"{props[n].get('description', '')} {n}")) for n in numeric]
    timed = [(n, u) for n, u in timed if u]
    said = durations_in(text) if timed else []
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
    from fcourse.teaching.locations import find_locations
    from fcourse.teaching.numbers import numbers_in

    low = text.lower()
    at = [low.find(str(v).lower().replace("_", " ")) for v in values]
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
        # each value after its own mention of ``param`` and before the next one
        bounds = [*at[1:], len(text)]
        if len(found) == len(values) and all(at[i] <= found[i][0] < bounds[i] or
                                             (i == 0 and found[0][0] < at[0]) for i in range(len(values))):
            out[name] = [v for _, v in found]
    return out


#: "half" as a quantity (a closed-class word of both languages), read against the schema's range
_HALF = re.compile(r"\bhalf(?:way)?\b|一半|半开|半关", re.IGNORECASE)


_TRUE_FALSE = re.compile(r"\b(true|false)\b\s*(?:to|if|when|means|=|:|-)?\s*([^,;.()]+)", re.IGNORECASE)


def _user_tokens(text: str) -> set[str]:
    from fcourse.teaching.glosses import gloss_tokens

    tokens = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
    if re.search(r"[\u4e00-\u9fff]", text):
        from fcourse.teaching.segmenter import segment

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


def _enum_mentions(values: list[Any], text: str, taken: tuple[str, ...] = ()) -> list[Any]:
    """The enum values the text names - as written, or through a Chinese word's glosses - in order of mention;
    not inside a value another argument took ("docx" in "budget_2028.docx")."""
    from fcourse.teaching.glosses import gloss_tokens

    found: list[tuple[int, Any]] = []
    low = text.lower()
    spans = negated_spans(text) + [(m.start(), m.end()) for t in taken if len(t) > 2
                                   for m in re.finditer(re.escape(t.lower()), low)]
    for v in values:
        if not isinstance(v, str):
            continue
        for form in {v.lower(), v.lower().replace("_", " ")}:
            for m in re.finditer(rf"(?<![a-z]){re.escape(form)}(?![a-z])", low):
                if not inside(spans, m.start()):
                    found.append((m.start(), v))
    if re.search(r"[\u4e00-\u9fff]", text):
        from fcourse.teaching.segmenter import segment

        for word, start, _ in segment(text):
            if len(word) >= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", word):
                tokens = gloss_tokens(word)
                found += [(start, v) for v in values if isinstance(v, str) and set(v.lower().split("_")) <= tokens
                          and not inside(spans, start)]
    return list(dict.fromkeys(v for _, v in sorted(found, key=lambda x: x[0])))


def order_enums(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any],
                add: Any) -> tuple[str, list[Any]] | None:
    """Several enum values named: to parameters that share the values, in order ("from checking to savings");
    or, for a tool that takes one, several calls ("the kitchen and the study"). Returns a fan-out, if any."""
    groups: dict[str, list[str]] = {}
    for name, sub in props.items():
        if isinstance(sub, dict) and isinstance(sub.get("enum"), list):
            groups.setdefault(repr(sub["enum"]), []).append(name)
    for names in groups.values():
        said = _enum_mentions(props[names[0]]["enum"], text,
                              tuple(v for n, v in args.items() if isinstance(v, str) and n not in names))
        if len(names) > 1 and len(said) >= len(names) and len({args.get(n) for n in names}) < len(names):
            for name, value in zip(names, said):
                add(name, value, f"the enum values named in order ({', '.join(map(str, said))}) go to the "
                                 f"parameters that take them, in the schema's order")
        elif len(names) == 1 and names[0] in required and len(said) > 1:
            add(names[0], said[0], f"several values named ({', '.join(map(str, said))}): one call each")
            return names[0], said
    return None


def _dictionary_words(text: str) -> list[str]:
    """The Chinese words of ``text`` whose glosses may name a value: jieba's words, and after two single
    characters jieba cut apart, the word CC-CEDICT knows them as together (中 + 号 -> 中号, "medium-sized")."""
    from fcourse.teaching.glosses import glosses
    from fcourse.teaching.segmenter import segment

    words = [w for w, _, _ in segment(text)]
    out: list[str] = []
    for i, w in enumerate(words):
        if not re.fullmatch(r"[\u4e00-\u9fff]+", w):
            continue
        out.append(w)
        if len(w) == 1 and i + 1 < len(words) and len(words[i + 1]) == 1 and glosses(w + words[i + 1]):
            out.append(w + words[i + 1])
    return out


def _description_words(about: str) -> frozenset[str]:
    """The words of a tool's description: English stems ("docking" -> "dock"), Chinese words as jieba cuts them."""
    from fcourse.teaching.analysis import stem

    words = {stem(w) for w in re.findall(r"[A-Za-z][A-Za-z'-]*", about)}
    if re.search(r"[\u4e00-\u9fff]", about):
        from fcourse.teaching.segmenter import segment

        words |= {w for w, _, _ in segment(about) if re.fullmatch(r"[\u4e00-\u9fff]{2,}", w)}
    return frozenset(words)


def fill_enums(conversation: Conversation, text: str, props: dict[str, Any], required: list[str],
                args: dict[str, Any], prov: list[dict[str, Any]], add: Any, about: str = "") -> None:
    """Enum values the user named or meant; ``about`` is the tool's description, whose words (the ones that chose
    the tool: "hold" for "Hold a bike") say nothing about which value is meant."""
    # a value the schema defaulted, or one read from the context: the user's own words, if they mean a value, win
    defaulted = {p["param"] for p in prov if "default" in str(p.get("how", "")) + str(p.get("source", ""))
                 or str(p.get("source", "")).startswith("system")}
    zh_words: list[str] | None = None
    for name, sub in props.items():
        if not isinstance(sub, dict) or not isinstance(sub.get("enum"), list):
            continue
        if name in args and name not in defaulted:
            continue
        optional = name not in args and name not in required
        if zh_words is None:
            zh_words = _dictionary_words(text) if conversation.zh or re.search(r"[\u4e00-\u9fff]", text) else []
        choice = None if optional else _enum_choice(sub["enum"], text, zh_words)
        if choice is None and all(isinstance(v, str) for v in sub["enum"]):
            from fcourse.teaching.sentences import closest_value

            # the description's words, but not those the parameter's description pairs with a value
            paired = " ".join(part for part in re.split(r"[,，;；。.]", str(sub.get("description", "")))
                              if any(str(v).lower() in part.lower() for v in sub["enum"]))
            skip = _description_words(about) - _description_words(paired)
            meant = closest_value(tuple(sub["enum"]), text, *ENUM_MEANING, skip=skip)
            if meant:
                value, said, sim, lead = meant
                add(name, value, f"enum value {value!r} is what the user's '{said}' means (sentence encoder: "
                                 f"{sim}, {lead} ahead of the next value)")
                continue
        if choice and choice[0] != args.get(name):
            value, word, said, sim = choice
            via = f"'{said}' (gloss '{word}')" if said != word else f"'{word}'"
            add(name, value, f"enum value {value!r} is most like the user's {via} (similarity {sim})")


