"""Stage 4b of the teaching model's policy: check every argument before it is proposed.

Introduced in chapter 3 ("the model proposes, code decides" starts inside the
model). ``check(conversation, routing, act, proposal)`` takes stage 4's
:class:`~fcourse.teaching.filling.Proposal` and returns a checked one, with a
``checks`` entry in the record for every value it changed, added or removed:

1. **Excluded values** - a value the user put only in a negated clause while
   giving another value of the same shape elsewhere ("don't refund O-100,
   just cancel O-200", "refund O-311 but not O-312") is never used.
2. **Where a value came from** - a value taken from the system/developer
   context is kept only when the context names this parameter (its name or a
   word of its description) and holds no other value of the same shape. The
   "today" a conversation states is a reference for dates, not a value.
   Several candidates and none chosen by the user: ask back.
3. **Dates** - a ``format: date`` parameter gets ``YYYY-MM-DD``, resolved
   against the conversation's stated today (``fcourse.teaching.day_resolver``);
   a date that cannot be resolved is not sent.
4. **Missing values the user did give** - a number written as words or
   Chinese numerals (``fcourse.teaching.numbers``), a date, or an enum value
   said in other words or in Chinese (word embeddings and CC-CEDICT glosses:
   ``fcourse.teaching.semantics``, ``fcourse.teaching.glosses``).
5. **The tool's own JSON Schema** - the arguments are validated
   (``fcourse.schema``, plus ``format: date``); a value that does not fit is
   not sent: the model asks for it instead.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import Any

from fcourse.teaching.arguments import Filled
from fcourse.teaching.conversation import Conversation, function_of
from fcourse.teaching.day_resolver import dates_in, today_in
from fcourse.teaching.filling import Proposal, proposal_of
from fcourse.teaching.intents import Act
from fcourse.teaching.routing import Routing

__all__ = ["check", "excluded_values", "negated_spans", "schema_problems"]

_CLAUSE = re.compile(r"[,;.!?，；。！？()（）]|\b(?:but|just|only|instead|then)\b|只|就|而是|但是?|然后", re.IGNORECASE)
_NEG_EN = re.compile(r"\b(?:don't|do not|dont|never|not|no)\b", re.IGNORECASE)
_NEG_ZH = re.compile(r"先别|不要|不想|不用|别|勿|甭")
_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]*[-_]?\d[\dA-Za-z-]*(?![A-Za-z0-9])")
_WORD = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}")
_STOP = frozenset("the and for with from this that what which when where your user e.g number code name "
                  "value text such like".split())
#: how alike a user word and an enum value must be to choose it, and by how much better than the runner-up
ENUM_FLOOR, ENUM_MARGIN = 0.45, 0.05


def _shape(value: str) -> str:
    out = re.sub(r"[A-Z]+", "[A-Z]+", re.escape(value))
    out = re.sub(r"[a-z]+", "[a-z]+", out)
    return re.sub(r"\d+", r"\\d+", out)


def negated_spans(text: str) -> list[tuple[int, int]]:
    """Where a negation reaches: from a negation word to the end of its clause ("..., but *not O-312*")."""
    spans, start = [], 0
    bounds = [(m.start(), m.end()) for m in _CLAUSE.finditer(text)] + [(len(text), len(text))]
    for cut, after in bounds:
        clause = text[start:cut]
        cues = [m.start() for m in (_NEG_EN.search(clause), _NEG_ZH.search(clause)) if m]
        if cues:
            spans.append((start + min(cues), cut))
        start = after
    return spans


def _in(spans: list[tuple[int, int]], pos: int) -> bool:
    return any(s <= pos < e for s, e in spans)


def excluded_values(text: str) -> set[str]:
    """Values the user excluded: written where a negation reaches, with another value of the same shape outside."""
    spans = negated_spans(text)
    negated, positive = set(), set()
    for m in _TOKEN.finditer(text):
        (negated if _in(spans, m.start()) else positive).add(m.group())
    # a negation wins over an earlier mention ("refund O-5, O-6 and O-7 but not O-6")
    return {t for t in negated if any(p != t and re.fullmatch(_shape(t), p) for p in positive)}


_QUOTED = re.compile(r"《([^》]+)》|“([^”]+)”|\"([^\"]+)\"")


def _quoted(text: str) -> list[str]:
    """The quoted spans of ``text`` (《title》, “...”, "...")."""
    return [next(g for g in m.groups() if g) for m in _QUOTED.finditer(text)]


_CONTRAST = re.compile(r"\b(?:but|however|except|instead)\b|但是?|不过|而是|除了", re.IGNORECASE)


def _contrasted(text: str, anchors: frozenset[str]) -> set[str]:
    """Values written after a contrast ("..., but leave L-1003 alone") whose stretch has none of the tool's words."""
    from fcourse.teaching.analysis import analyse

    parts = _CONTRAST.split(text)
    out: set[str] = set()
    for part in parts[1:]:
        if not {t.key for t in analyse(part).terms} & anchors:
            out |= set(_TOKEN.findall(part))
    return out


def _date_ok(value: Any) -> bool:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def schema_problems(arguments: dict[str, Any], parameters: dict[str, Any]) -> dict[str, str]:
    """Parameter -> what is wrong with its value, by the tool's JSON Schema (``format: date`` included)."""
    from fcourse.schema import validate

    problems: dict[str, str] = {}
    schema = {k: v for k, v in parameters.items() if k != "required"}
    for issue in validate(arguments, schema):
        key = issue.path[2:].split(".")[0].split("[")[0]
        if key:
            problems.setdefault(key, issue.message)
    for name, sub in (parameters.get("properties") or {}).items():
        is_date = isinstance(sub, dict) and sub.get("format") == "date"
        if name in arguments and is_date and not _date_ok(arguments[name]):
            problems.setdefault(name, f"{arguments[name]!r} is not a YYYY-MM-DD date")
    return problems


def _labels(name: str, schema: dict[str, Any]) -> set[str]:
    words = {w.lower() for w in re.split(r"[_\W]+", name) if len(w) >= 2}
    for w in _WORD.findall(str(schema.get("description", ""))):
        if w.isascii():
            words.add(w.lower())
        else:  # a Chinese run: its two-character words ("用户的唯一" names 用户)
            words |= {w[i:i + 2] for i in range(len(w) - 1)}
    return words - _STOP


def _context_ok(context: str, name: str, schema: dict[str, Any], value: Any, today: dt.date | None) -> str | None:
    """Why a context value may not be used (None: it may)."""
    text = str(value)
    if today and text == today.isoformat():
        return "it is the conversation's today, a reference for dates, not a value for this parameter"
    shape = _shape(text)
    found = set(re.findall(rf"(?<![A-Za-z0-9]){shape}(?![A-Za-z0-9])", context)) if text else set()
    if len(found) > 1:
        return f"the context holds {len(found)} candidates ({', '.join(sorted(found))}) and the user chose none"
    low = context.lower()
    if not any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", low) if w.isascii() else w in context
               for w in _labels(name, schema)):
        return "the context does not name this parameter next to it"
    return None


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


def _check_one(conversation: Conversation, text: str, params: dict[str, Any], f: Filled,
               today: dt.date | None, excluded: set[str], notes: list[dict[str, Any]], tool: str) -> Filled:
    props = params.get("properties") if isinstance(params.get("properties"), dict) else {}
    required = [r for r in params.get("required") or [] if r in props]
    args, prov = dict(f.arguments), [dict(p) for p in f.provenance]
    source = {p["param"]: p.get("source", "") for p in prov}

    def drop(name: str, why: str) -> None:
        notes.append({"tool": tool, "param": name, "value": args.pop(name, None), "action": "removed", "why": why})
        prov[:] = [p for p in prov if p["param"] != name]

    def add(name: str, value: Any, how: str) -> None:
        args[name] = value
        prov[:] = [p for p in prov if p["param"] != name] + [
            {"param": name, "value": value, "source": "latest user turn", "how": how}]
        notes.append({"tool": tool, "param": name, "value": value, "action": "filled", "why": how})

    for name in list(args):
        quoted = _quoted(args[name]) if isinstance(args[name], str) else []
        if len(quoted) == 1 and len(_quoted(text)) == 1 and quoted[0].strip() and quoted[0] != args[name]:
            add(name, quoted[0].strip(), f"the quoted words in '{args[name]}'")
        if str(args[name]) in excluded:
            old = str(args[name])
            drop(name, "the user excluded this value (it stands only in a negated clause)")
            others = {t for t in _TOKEN.findall(text) if re.fullmatch(_shape(old), t) and t not in excluded}
            if len(others) == 1:
                add(name, others.pop(), "the one value of that shape the user did not exclude")
        elif source.get(name, "").startswith("system") and (
                why := _context_ok(conversation.context, name, props.get(name, {}), args[name], today)):
            drop(name, why)
    mentions = [m for m in dates_in(text, today)]
    for name, sub in props.items():  # 3. dates to the schema's format
        if not (isinstance(sub, dict) and sub.get("format") == "date") or name not in args or _date_ok(args[name]):
            continue
        got = [m for m in dates_in(str(args[name]), today) if m.iso]
        if got:
            old = args[name]
            add(name, got[0].iso, f"'{old}' resolved to a YYYY-MM-DD date ({got[0].why})")
        else:
            drop(name, "a date that cannot be resolved to YYYY-MM-DD (no stated today, or no such day)")
    used = {str(v) for v in args.values()}
    free_dates = [m for m in mentions if m.iso and m.iso not in used]
    missing_dates = [n for n, s in props.items() if isinstance(s, dict) and s.get("format") == "date"
                     and n not in args and n in required]
    if missing_dates and len(free_dates) >= len(missing_dates) and len(free_dates) <= len(missing_dates) + 0:
        for name, m in zip(missing_dates, free_dates):
            add(name, m.iso, f"'{m.text}' resolved to a YYYY-MM-DD date ({m.why})")
    _fill_shapes(text, props, required, args, add)
    _fill_numbers(text, props, required, args, mentions, add)
    _fill_enums(conversation, text, props, required, args, prov, add)
    _fill_booleans(text, props, required, args, add)
    fan_out = _enum_order(text, props, required, args, add) or f.fan_out
    problems = schema_problems(args, params)  # 5. the tool's own schema
    for name, problem in sorted(problems.items()):
        drop(name, f"does not fit the tool's schema: {problem}")
    # a value the user gave that does not fit is asked for again, even for an optional parameter
    missing = [r for r in props if r in required and r not in args or r in problems]
    ordered = {k: args[k] for k in props if k in args} | {k: v for k, v in args.items() if k not in props}
    return Filled(arguments=ordered,
                  provenance=prov, missing=missing, fan_out=fan_out if not missing else None)


_CITY = re.compile(r"\b(?:in|to|from|at|near) ([A-Z][a-z]+(?: [A-Z][a-z]+)?)")
_ZH_ADDRESS = re.compile(r"[\u4e00-\u9fff]{1,8}(?:路|街|道|巷|大街)\d+号(?:[\u4e00-\u9fff\d]{0,6}(?:室|楼|层))?")
_AFTER_COLON = re.compile(r"(?<!\d)[:：]\s*(?!\d)([^:：]{2,})$")


def _fill_shapes(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any], add: Any) -> None:
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
            cities = [c for c in dict.fromkeys(_CITY.findall(text)) if c not in used]
            if len(cities) == 1:
                add(name, cities[0], f"the capitalised place name after a preposition ('{cities[0]}')")
        elif "address" in about or "地址" in about:
            found = [a for a in dict.fromkeys(_ZH_ADDRESS.findall(text)) if a not in used]
            if len(found) == 1:
                add(name, found[0], "a street address (road and number)")
        elif any(w in about for w in ("message", "text", "body", "content", "内容", "消息")):
            m = _AFTER_COLON.search(text.strip())
            if m and m.group(1).strip() not in used:
                add(name, m.group(1).strip(), "the words after the colon")


def _fill_numbers(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any],
                  mentions: list[Any], add: Any) -> None:
    numeric = [n for n in props if isinstance(props.get(n), dict) and props[n].get("type") in ("integer", "number")]
    wanted = [n for n in numeric if n in required and n not in args]
    if not wanted:  # an optional number the user gave ("for two people"), when it is the only numeric parameter
        wanted = [n for n in numeric if n not in args] if len(numeric) == 1 else []
    if len(wanted) != 1:
        return
    from fcourse.teaching.numbers import numbers_in

    taken = [(m.start, m.end) for m in mentions]
    for value in args.values():
        i = text.find(str(value)) if isinstance(value, str) and value else -1
        if i >= 0:
            taken.append((i, i + len(value)))
    free = [n for n in numbers_in(text) if not any(s <= n.start and n.end <= e for s, e in taken)
            and str(n.value) not in {str(v) for v in args.values()}]
    if len(free) == 1:
        value = free[0].value
        if props[wanted[0]].get("type") == "integer" and isinstance(value, float):
            return
        add(wanted[0], value, f"the number written '{free[0].text}'")


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


def _fill_booleans(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any], add: Any) -> None:
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


def _enum_mentions(values: list[Any], text: str) -> list[Any]:
    """The enum values the text names - as written, or through a Chinese word's glosses - in order of mention."""
    from fcourse.teaching.glosses import gloss_tokens

    found: list[tuple[int, Any]] = []
    low = text.lower()
    spans = negated_spans(text)
    for v in values:
        if not isinstance(v, str):
            continue
        for form in {v.lower(), v.lower().replace("_", " ")}:
            for m in re.finditer(rf"(?<![a-z]){re.escape(form)}(?![a-z])", low):
                if not _in(spans, m.start()):
                    found.append((m.start(), v))
    if re.search(r"[\u4e00-\u9fff]", text):
        from fcourse.teaching.segmenter import segment

        for word, start, _ in segment(text):
            if len(word) >= 2 and re.fullmatch(r"[\u4e00-\u9fff]+", word):
                tokens = gloss_tokens(word)
                found += [(start, v) for v in values if isinstance(v, str) and set(v.lower().split("_")) <= tokens
                          and not _in(spans, start)]
    return list(dict.fromkeys(v for _, v in sorted(found, key=lambda x: x[0])))


def _enum_order(text: str, props: dict[str, Any], required: list[str], args: dict[str, Any],
                add: Any) -> tuple[str, list[Any]] | None:
    """Several enum values named: to parameters that share the values, in order ("from checking to savings");
    or, for a tool that takes one, several calls ("the kitchen and the study"). Returns a fan-out, if any."""
    groups: dict[str, list[str]] = {}
    for name, sub in props.items():
        if isinstance(sub, dict) and isinstance(sub.get("enum"), list):
            groups.setdefault(repr(sub["enum"]), []).append(name)
    for key, names in groups.items():
        said = _enum_mentions(props[names[0]]["enum"], text)
        if len(names) > 1 and len(said) >= len(names) and len({args.get(n) for n in names}) < len(names):
            for name, value in zip(names, said):
                add(name, value, f"the enum values named in order ({', '.join(map(str, said))}) go to the "
                                 f"parameters that take them, in the schema's order")
        elif len(names) == 1 and names[0] in required and len(said) > 1:
            add(names[0], said[0], f"several values named ({', '.join(map(str, said))}): one call each")
            return names[0], said
    return None


def _fill_enums(conversation: Conversation, text: str, props: dict[str, Any], required: list[str],
                args: dict[str, Any], prov: list[dict[str, Any]], add: Any) -> None:
    defaulted = {p["param"] for p in prov if "default" in str(p.get("how", "")) + str(p.get("source", ""))}
    zh_words: list[str] | None = None
    for name, sub in props.items():
        if not isinstance(sub, dict) or not isinstance(sub.get("enum"), list):
            continue
        if name in args and name not in defaulted:
            continue
        if name not in args and name not in required:
            continue
        if zh_words is None:
            from fcourse.teaching.segmenter import segment

            zh_words = [w for w, _, _ in segment(text) if re.fullmatch(r"[\u4e00-\u9fff]+", w)] if conversation.zh \
                or re.search(r"[\u4e00-\u9fff]", text) else []
        choice = _enum_choice(sub["enum"], text, zh_words)
        if choice and choice[0] != args.get(name):
            value, word, said, sim = choice
            via = f"'{said}' (gloss '{word}')" if said != word else f"'{word}'"
            add(name, value, f"enum value {value!r} is most like the user's {via} (similarity {sim})")


def check(conversation: Conversation, routing: Routing, act: Act, proposal: Proposal) -> Proposal:
    """Stage 4b: the proposal with every argument checked (see the module docstring); ``checks`` in the record."""
    if act.kind != "call" or not proposal.filled:
        return proposal
    latest = routing.latest
    today = today_in([conversation.context, *routing.primary, *conversation.earlier])
    excluded = excluded_values(latest)
    notes: list[dict[str, Any]] = []
    filled: list[tuple[dict[str, Any], Filled]] = []
    for row, f in proposal.filled:
        params = function_of(conversation.tools[row["index"]]).get("parameters")
        if not isinstance(params, dict):
            filled.append((row, f))
            continue
        focus = act.focuses.get(row["index"])
        seg = act.segments.get(focus) if focus is not None else None
        text = latest[seg[0]:seg[1]] if seg else " ".join(routing.primary)
        checked = _check_one(conversation, text, params, f, today, excluded, notes, row["name"])
        if checked.fan_out:
            param, values = checked.fan_out
            contrast = _contrasted(text, row["_anchors"])
            kept = [v for v in values if str(v) not in excluded and str(v) not in contrast]
            for v in values:
                if str(v) in contrast:
                    notes.append({"tool": row["name"], "param": param, "value": v, "action": "removed",
                                  "why": "it stands after a contrast ('but ...') that does not ask for this tool"})
            checked = replace(checked, fan_out=(param, kept) if len(kept) > 1 else None,
                              arguments={**checked.arguments, param: kept[0]} if kept else checked.arguments)
        filled.append((row, checked))
    out = proposal_of(filled, conversation.parallel)
    return replace(out, checks=notes)
