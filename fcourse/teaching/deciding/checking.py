"""Stage 4b of the teaching model's policy: check every argument before it is proposed.

Introduced in chapter 3 ("the model proposes, code decides" starts inside the model). ``check(...)`` takes stage
4's ``Proposal`` and returns a checked one, with a ``checks`` entry for every value it changed, added or removed:

1. **Excluded values** - a value the user put only in a negated clause ("don't refund O-100, just cancel O-200",
   "refund O-311 but not O-312", "all except KY-3") is never used.
2. **Where a value came from** - a value taken from the system/developer context is kept only when the context
   names this parameter (its name or a word of its description) and holds no other value of the same shape. The
   "today" a conversation states is a reference for dates, not a value. Several candidates, none chosen: ask back.
3. **Dates** - a ``format: date`` parameter gets ``YYYY-MM-DD``, resolved against the stated today
   (``reading.day_resolver``); a date that cannot be resolved is not sent.
4. **Missing values the user did give** - a number written as words or Chinese numerals (``reading.numbers``), a
   date, or an enum value said in other words or in Chinese (``reading.semantics``, ``reading.glosses``).
5. **The tool's own JSON Schema** - the arguments are validated (``fcourse.schema``, plus ``format: date``); a value
   that does not fit is not sent: the model asks for it instead.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace
from typing import Any

from fcourse.teaching.deciding.arguments import Filled, param_kind
from fcourse.teaching.deciding.asked_for import not_asked_for
from fcourse.teaching.deciding.context_choice import EVERY, OTHER, choose_in_context, clause_of, contradicted, over
from fcourse.teaching.deciding.conversation import Conversation, function_of
from fcourse.teaching.deciding.filling import Proposal, proposal_of
from fcourse.teaching.deciding.given_enums import fill_enums, order_enums, said_once
from fcourse.teaching.deciding.given_values import fill_booleans, fill_numbers, fill_shapes, paired_values
from fcourse.teaching.deciding.intents import Act
from fcourse.teaching.deciding.moves import is_new, move_asked
from fcourse.teaching.deciding.response_schema import plain
from fcourse.teaching.deciding.routing import Routing, tool_profile
from fcourse.teaching.reading.dates import wants_day
from fcourse.teaching.reading.day_resolver import dates_in, months_in, today_in
from fcourse.teaching.reading.documents import ACTS_NOT
from fcourse.teaching.reading.exclusion import TOKEN, excluded_values, inside, negated_spans, shape
from fcourse.teaching.reading.extract import example_pattern
from fcourse.teaching.reading.freetext import AFTER_COLON, CUT_FROM_AROUND
from fcourse.teaching.reading.glosses import glossed_words
from fcourse.teaching.reading.params import fits_pattern, param_text
from fcourse.teaching.reading.proper_names import someone_else
from fcourse.teaching.reading.rx import rx

__all__ = ["check", "schema_problems"]

_WORD = re.compile(r"[A-Za-z]{3,}|[\u4e00-\u9fff]{2,}")
_STOP = frozenset("the and for with from this that what which when where your user e.g number code name "
                  "value text such like".split())

_QUOTED = re.compile(r"《([^》]+)》|“([^”]+)”|\"([^\"]+)\"")


def _quoted(text: str) -> list[str]:
    """The quoted spans of ``text`` (《title》, “...”, "...")."""
    return [next(g for g in m.groups() if g) for m in _QUOTED.finditer(text)]


_CONTRAST = re.compile(r"\b(?:but|however|except|instead)\b|但是?|不过|而是|除了", re.IGNORECASE)


def _contrasted(text: str, anchors: frozenset[str]) -> set[str]:
    """Values written after a contrast ("..., but leave L-1003 alone") whose stretch has none of the tool's words."""
    from fcourse.teaching.reading.analysis import analyse

    parts = _CONTRAST.split(text)
    out: set[str] = set()
    for part in parts[1:]:
        if not {t.key for t in analyse(part).terms} & anchors:
            out |= set(TOKEN.findall(part))
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


#: the user points at something without naming it ("print that one", "就打刚传的那个"): closed-class words
_POINTING = re.compile(r"\b(?:it|(?:that|this|the) (?:one|file|document)|the same|the last|the latest|"
                       r"(?:just|i) upload(?:ed)?)\b|那个|这个|那份|这份|那张|它|刚", re.IGNORECASE)


def _takes(schema: dict[str, Any], value: str) -> bool:
    """Whether a parameter could take this id: its pattern matches it, or it has the shape of the description's
    example ("e.g. LS-3309127"); any id, when the parameter says neither."""
    fit = fits_pattern(schema, value)
    if fit is not None:
        return fit
    example = example_pattern(str(schema.get("description", "")))
    return example is None or example.fullmatch(value) is not None


_CJK = re.compile(r"[\u4e00-\u9fff]")


def _prefixed(schema: dict[str, Any], value: str) -> bool:
    """Whether the parameter's pattern opens with letters of its own ("^RT-[0-9]{5}$") and the value fits it."""
    pattern = schema.get("pattern")
    return isinstance(pattern, str) and bool(re.match(r"\^?[A-Za-z]{2,}", pattern)) and _takes(schema, value)


def _context_ok(context: str, name: str, schema: dict[str, Any], value: Any, today: dt.date | None,
                user: str = "") -> str | None:
    """Why a context value may not be used (None: it may)."""
    schema = schema if isinstance(schema, dict) else {}  # a boolean schema ("KM": false) says nothing
    text = str(value)
    if param_kind(name, schema) == "file" and not _POINTING.search(user):
        return "a file is what the request is about: the context's file only when the user points at it"
    if today and (text == today.isoformat() or text and any(m.iso == today.isoformat()  # "今天" of "今天是…"
                                                                for m in dates_in(text, today))):
        return "it is the conversation's today, a reference for dates, not a value for this parameter"
    if why := over(context, text, user):
        return why
    pattern = shape(text)
    edge = "A-Za-z0-9_-" if schema.get("pattern") else "A-Za-z0-9"  # 1188 of L-1188 is no card's last four
    found = set(rx(rf"(?<![{edge}]){pattern}(?![{edge}])").findall(context)) if text else set()
    # an event id is no candidate for a listing id, nor is a closed order one for the order in hand
    found = {f for f in found if _takes(schema, f) and not over(context, f, user)}
    if len(found) > 1:
        return f"the context holds {len(found)} candidates ({', '.join(sorted(found))}) and the user chose none"
    other = _other_kind(context, text, name)
    if other:
        return f"the context's label names another one ('{other}'), not this parameter"
    near = clause_of(context, text)
    low = near.lower()
    labels = _labels(name, schema)
    if _prefixed(schema, text) and _CJK.search(context) and not _CJK.search(param_text(name, schema)):
        return None  # "RT-88812" for "^RT-[0-9]{5}$": its shape names the parameter when no word can (进行中的申报)
    if not any(rx(rf"(?<![a-z]){re.escape(w)}(?![a-z])").search(low) if w.isascii() else w in near
               for w in labels) and not labels & glossed_words(near):
        return "the context does not name this parameter next to it"
    return None


def _day_for_another(props: dict[str, Any], name: str, text: str, today: dt.date | None) -> bool:
    """Whether the one day the user names is for another parameter of the call ("move my lesson to Friday": the
    new date), so it says nothing about which booking is meant; a day the user turns down ("not Monday, Tuesday")
    is not one of the days named."""
    refused = negated_spans(text)
    days = {m.iso for m in dates_in(text, today) if m.iso and not inside(refused, m.start)}
    return len(days) == 1 and any(wants_day(n, s) for n, s in props.items() if n != name and isinstance(s, dict))


def _new_day(context: str, today: dt.date | None, props: dict[str, Any], args: dict[str, Any],
             mentions: list[Any], add: Any, drop: Any) -> None:
    """A new day is not the day the context already gives the booking ("can't make Friday - push it to Sunday"
    with the game on Friday: Sunday): another day the user names takes its place, or it is asked for."""
    for name, sub in props.items():
        if not (isinstance(sub, dict) and wants_day(name, sub) and name in args
                and is_new(name, sub)):
            continue
        old = {d.iso for d in dates_in(context, today) if d.iso} - {today.isoformat() if today else ""}
        if args[name] not in old:
            continue
        others = list(dict.fromkeys(m.iso for m in mentions if m.iso and m.iso not in old))
        if len(others) == 1:
            add(name, others[0], f"{args[name]} is the day the context already gives it; the user's other day is new")
        else:
            drop(name, f"{args[name]} is the day the context already gives it, not a new one")


def _other_kind(context: str, value: str, name: str) -> str | None:
    """The label before a context value when it qualifies the parameter's head word differently: "Billing address
    on file: 12 Elm St" is no value for ``delivery_address`` (a billing address, not a delivery one)."""
    from fcourse.teaching.reading.analysis import stem

    words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").lower())
    while words and words[-1] in ("id", "ids", "no", "number", "code", "ref"):  # dock_station_id: a station
        words.pop()
    if len(words) < 2 or value not in context:
        return None
    head, qualifiers = stem(words[-1]), {stem(w) for w in words[:-1]}
    before = context[:context.find(value)]
    label = re.split(r"[.;。；\n]", before)[-1]
    said = [stem(w) for w in re.findall(r"[A-Za-z]{2,}", label)]  # "member's" is "member"

    def alike(a: str, b: str) -> bool:  # "member" and "membership"
        return a == b or len(a) >= 4 and len(b) >= 4 and (a.startswith(b) or b.startswith(a))

    if head in said and not any(alike(q, w) for q in qualifiers for w in said):
        i = said.index(head)
        if i > 0 and said[i - 1] not in ("the", "a", "an", "your", "my", "their", "verifi", "is", "are"):
            return label.strip(" :：")
    return None


#: "my other order", "另一个订单": the latest turn points away from what an earlier turn named (closed-class words)
_OTHER = re.compile(r"\b(?:other|another|different|else)\b|另一|另外一|别的|其他|其它", re.IGNORECASE)


def _check_one(conversation: Conversation, text: str, params: dict[str, Any], f: Filled,
               today: dt.date | None, excluded: set[str], notes: list[dict[str, Any]], tool: str,
               about: str = "", effect: bool = False) -> Filled:
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

    context_fan: tuple[str, list[Any]] | None = None
    for name in list(args):
        if isinstance(args[name], list) and any(str(v) in excluded for v in args[name]):  # "all except KY-3"
            kept = [v for v in args[name] if str(v) not in excluded]
            add(name, kept, "the values the user did not exclude") if kept else drop(name, "the user excluded it")
            continue
        quoted = _quoted(args[name]) if isinstance(args[name], str) else []
        if len(quoted) == 1 and len(_quoted(text)) == 1 and quoted[0].strip() and quoted[0] != args[name]:
            add(name, quoted[0].strip(), f"the quoted words in '{args[name]}'")
        if str(args[name]) in excluded:
            old = str(args[name])
            drop(name, "the user excluded this value (it stands only in a negated clause)")
            others = {t for t in TOKEN.findall(text) if re.fullmatch(shape(old), t) and t not in excluded}
            if not others:  # "the one that is not HD-2": the other candidate the context lists
                others = {t for t in re.findall(rf"(?<![A-Za-z0-9_-]){shape(old)}(?![A-Za-z0-9_-])",
                                                conversation.context) if t not in excluded}
            if len(others) == 1:
                add(name, others.pop(), "the one value of that shape the user did not exclude")
            elif len(others) > 1 and (EVERY.search(text) or OTHER.search(text)):  # "all of them except WK-2"
                context_fan = (name, sorted(others, key=conversation.context.find))
                add(name, context_fan[1][0], "every other value of that shape the context lists: one call each")
        elif source.get(name, "") == "earlier user turn" and _OTHER.search(conversation.latest or ""):
            drop(name, "the user asks about another one than the value of an earlier turn: ask which")
        elif source.get(name, "").startswith("system") and (
                why := _context_ok(conversation.context, name, props.get(name, {}), args[name], today, text)
                or someone_else(name, props, {n: v for n, v in args.items() if source.get(n) == "latest user turn"},
                                conversation.context, text)
                or (not _day_for_another(props, name, text, today)
                    and contradicted(conversation.context, str(args[name]), text, today))
                or not_asked_for(name, props.get(name, {}), name in required, effect, text)):
            value = str(args[name])
            drop(name, why)
            candidates = sorted(c for c in set(re.findall(rf"(?<![A-Za-z0-9_-]){shape(value)}(?![A-Za-z0-9_-])",
                                                          conversation.context)) - excluded
                                if _takes(props.get(name, {}), c) and not over(conversation.context, c, text))
            picked = choose_in_context(conversation.context, candidates, text, today, about) \
                if len(candidates) > 1 else None
            if len(candidates) == 1 and candidates[0] != value and not (
                    _context_ok(conversation.context, name, props.get(name, {}), candidates[0], today, text)
                    or contradicted(conversation.context, candidates[0], text, today)):
                picked = [candidates[0]], "the one candidate left that is not over"
            if picked:
                chosen, how = picked
                add(name, chosen[0], f"{how} (chosen among {', '.join(candidates)} in the context)")
                if len(chosen) > 1:
                    context_fan = (name, chosen)
    mentions = [m for m in dates_in(text, today)]
    for name, sub in props.items():  # 3. dates to the schema's format
        # format: date always; a description that says YYYY-MM-DD when the conversation states today or the value
        # its year (else it stays as the user wrote it, as before issue 13's round 4)
        day = isinstance(sub, dict) and (sub.get("format") == "date" or wants_day(name, sub) and (
            today is not None or bool(re.search(r"\b\d{4}\b", str(args.get(name, ""))))))  # or a year of its own
        if not day or name not in args or _date_ok(args[name]):
            continue
        got = [m for m in dates_in(str(args[name]), today) if m.iso]
        if got:
            old = args[name]
            add(name, got[0].iso, f"'{old}' resolved to a YYYY-MM-DD date ({got[0].why})")
        else:
            drop(name, "a date that cannot be resolved to YYYY-MM-DD (no stated today, or no such day)")
    refused = negated_spans(text)
    for name, sub in props.items():  # a day the user turns down ("Not today, tomorrow") is never the one sent
        said = [m for m in mentions if m.iso and m.iso == args.get(name)]
        if isinstance(sub, dict) and wants_day(name, sub) and said and all(inside(refused, m.start) for m in said):
            kept = {d.iso for d in dates_in(conversation.context, today)} if is_new(name, sub) \
                or move_asked(text) else set()  # the day it has now is no new one
            others = list(dict.fromkeys(m.iso for m in mentions if m.iso and m.iso != args[name]
                                        and not inside(refused, m.start) and m.iso not in kept))
            if len(others) == 1:
                add(name, others[0], f"{args[name]} is the day the user turned down; '{others[0]}' is the other")
            else:
                drop(name, "the user turned this day down")
    used = {str(v) for v in args.values()}
    # each day once ("August 20 ... the 20th"), and not a day the user turns down ("not the 19th")
    days: dict[str, Any] = {}
    for m in mentions:
        if m.iso and m.iso not in used and not inside(refused, m.start):
            days.setdefault(m.iso, m)
    free_dates = list(days.values())
    missing_dates = [n for n, s in props.items() if isinstance(s, dict) and wants_day(n, s)
                     and n not in args and n in required]
    if missing_dates and len(free_dates) >= len(missing_dates) and len(free_dates) <= len(missing_dates) + 0:
        for name, m in zip(missing_dates, free_dates):
            add(name, m.iso, f"'{m.text}' resolved to a YYYY-MM-DD date ({m.why})")
    _new_day(conversation.context, today, props, args, mentions, add, drop)
    for name, sub in props.items():  # a month the schema wants as YYYY-MM ("August 2026", "上个月")
        month_text = f"{sub.get('description', '')}" if isinstance(sub, dict) else ""
        if "YYYY-MM" in month_text.upper() and "YYYY-MM-DD" not in month_text.upper() and (
                name not in args or not re.fullmatch(r"\d{4}-\d{2}", str(args[name]))):
            said = months_in(text, today)
            if len(said) == 1:
                add(name, said[0][1], f"'{said[0][0]}' written as YYYY-MM ({said[0][2]})")
    fill_shapes(text, props, required, args, add)
    defaulted = frozenset(p["param"] for p in prov if "default" in str(p.get("how", "")) + str(p.get("source", "")))
    # numbers inside free text the user did not mark off ("下单：高级自助餐，五十人，...") still count
    cut = frozenset(p["param"] for p in prov if str(p.get("how", "")).startswith(CUT_FROM_AROUND + (AFTER_COLON,)))
    bare = frozenset(p["param"] for p in prov if p.get("how") == "number" and p.get("source") == "latest user turn")
    fill_numbers(text, props, required, args, mentions, add, defaulted, cut, bare, drop)
    fill_enums(conversation, text, props, required, args, prov, add, about)
    fill_booleans(text, props, required, args, add)
    fan_out = order_enums(text, props, required, args, add) or context_fan or f.fan_out
    for name, why in said_once(text, props, args).items():  # "翻成 German": the target, not the source too
        drop(name, why)
    problems = schema_problems(args, params)  # 5. the tool's own schema
    for name, problem in sorted(problems.items()):
        drop(name, f"does not fit the tool's schema: {problem}")
    # a value the user gave that does not fit is asked for again, even for an optional parameter
    missing = [r for r in props if r in required and r not in args or r in problems]
    ordered = {k: args[k] for k in props if k in args} | {k: v for k, v in args.items() if k not in props}
    return Filled(arguments=ordered,
                  provenance=prov, missing=missing, fan_out=fan_out if not missing else None)


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
        about = str(function_of(conversation.tools[row["index"]]).get("description") or "")
        main, effect, searches = tool_profile(conversation.tools[row["index"]])
        # a tool not known to only read counts as one that changes things (a Chinese verb the lexicon lacks: 换到)
        effect = effect or not (searches or main in ("lookup", "search") or ACTS_NOT.search(about))
        params = plain(params)  # pydantic's $ref and Optional (anyOf with null) read as the plain shape
        checked = _check_one(conversation, text, params, f, today, excluded, notes, row["name"], about, effect)
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
            if len(kept) > 1:
                paired = paired_values(text, params.get("properties") or {}, checked.arguments, param, kept)
                checked = replace(checked, paired=paired,
                                  arguments={**checked.arguments, **{q: v[0] for q, v in paired.items()}})
                notes += [{"tool": row["name"], "param": q, "value": v, "action": "paired",
                           "why": f"one value per call, in the order the {param} values were said"}
                          for q, v in paired.items()]
        filled.append((row, checked))
    out = proposal_of(filled, conversation.parallel)
    return replace(out, checks=notes)
