"""Whether a value the verified context offers is the user's to use in this call (issue 26's safety gate).

The context says what exists - a member's usual instructor, an enrolment already made - not that the user wants
it used. Stage 4 (checking) asks this of every value filled from the context."""
from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.deciding.arguments import param_kind
from fcourse.teaching.reading.analysis import stem
from fcourse.teaching.reading.exclusion import negated_spans

#: words of a parameter's name that name no thing ("booking_id": "booking" names it, "id" does not)
_NAME_FILLERS = frozenset({"id", "ids", "no", "num", "number", "code", "ref", "reference", "key", "uuid"})


#: the user asks for one more of a thing, not the one they have ("book another lesson", 再报一场, 再订两张)
_ONE_MORE = re.compile(r"\b(?:another|one more|a second|a new|new one)\b|再[^，。,！？!?]{0,3}[一两二三几]"
                       r"|又[^，。,！？!?]{0,3}[一两二三几]", re.IGNORECASE)


#: an identifier the user types (NC-6010), letters then digits; a date or an amount is none
_AN_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z]+[-_]?\d[\dA-Za-z-]*(?![A-Za-z0-9])")


#: a contact detail: the verified caller's own, which an order for them may carry unasked
_CONTACT = re.compile(r"phone|mobile|e-?mail|address|contact|手机|电话|邮箱|地址|联系", re.IGNORECASE)


def not_asked_for(name: str, schema: dict[str, Any], required: bool, effect: bool, user: str) -> str | None:
    """Why a context value is not the user's to use here (None: it is).

    No value the user's turn turns down ("don't send it to the address on file"). An optional parameter takes
    a context value only when the user's turn names the parameter ("with my usual instructor"), or when it is a
    contact detail (the caller's own phone). A required identifier of a tool that changes things does not take
    the context's one when the user asks for one more and names the new one (再报一场NC-6010: a new enrolment,
    not the one they have) - it is asked for instead. The one entity a context verifies is still used for a
    plain request ("我要退款" with one verified order), and a look-up still uses the session's own id. A parameter
    for a new value ("New total number of players", new_date) never takes the context's (issue 36)."""
    if not isinstance(schema, dict):
        return None
    from fcourse.teaching.deciding.moves import is_new

    if is_new(name, schema):  # "New total number of players": the context says what is, never what is wanted
        return "the parameter is for a new value, and the context holds the current one"
    words = {w for w in re.split(r"[_\W]+", name.lower()) if len(w) >= 3 and w not in _NAME_FILLERS}
    if param_kind(name, schema) not in ("id", "pattern", "example"):  # "don't send it to the address on file"
        refused = {stem(t) for a, b in negated_spans(user) for t in re.findall(r"[a-z]+", user[a:b].lower())}
        if {stem(w) for w in words} & refused:
            return "the user turns down the context's value for it"
    if required:
        if (effect and param_kind(name, schema) in ("id", "pattern", "example") and _ONE_MORE.search(user)
                and _AN_ID.search(user)):  # the new one is named (NC-6010); "another hour" is the same booking
            return "the user asks for one more, and the context's identifier is for the one they already have"
        return None
    if "default" in schema or _CONTACT.search(f"{name} {schema.get('description', '')}"):
        return None  # the caller's own phone or address for their own order (someone_else handles another's)
    said = {stem(t) for t in re.findall(r"[a-z]+", user.lower())}
    if any(t.startswith(stem(w)) for w in words for t in said):  # "member_id" and "my membership"
        return None
    head = re.findall(r"[\u4e00-\u9fff]{2,}", str(schema.get("description", "")))[:1]  # a Chinese description's
    if head and any(head[0][i:i + 2] in user for i in range(len(head[0]) - 1)):   # first word names the thing
        return None
    return "an optional value from the context the user's turn does not ask for"
