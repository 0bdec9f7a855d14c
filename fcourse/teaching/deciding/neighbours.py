"""When the values the user gave choose between two close tools (chapter 3: the model proposes, and its
proposal rests on what was said).

Stage 4c of the teaching model's policy (``fcourse.teaching.policy``). Routing
reads words; two near-neighbour descriptions ("End a ride" / "Report a faulty
bike") often score close, and the words alone pick the wrong one. The values in
the request can tell them apart, as they would for a person: a bike id fits
the fault report, not ending a ride; an address fits redirecting a parcel, not
tracking it. The record's reason says when this changed the choice.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from fcourse.teaching.deciding.arguments import param_kind
from fcourse.teaching.deciding.checking import check
from fcourse.teaching.deciding.conversation import function_of
from fcourse.teaching.deciding.filling import fill
from fcourse.teaching.reading.freetext import CUT_FROM_AROUND
from fcourse.teaching.reading.params import fits_pattern

__all__ = ["NEIGHBOUR_SHARE", "values_decide"]

#: how close (a share of the best score) a fitting tool must come to take over when it has every value
NEIGHBOUR_SHARE = 0.7


def values_decide(conversation: Any, routing: Any, act: Any, proposal: Any) -> tuple[Any, Any]:
    """The values the user gave choose between two close tools. Only with tool_choice "auto" and one chosen tool:

    - the best tool would ask back for a value, while a near neighbour that also fits gets every required value,
      one of them from the user's latest turn ("saddle on BK-90210 snapped": the fault report has its bike id,
      ending a ride has nothing);
    - the best tool would ask back and takes nothing the user said, while a near neighbour - or a tool for which
      the turn holds a value only it can take - takes some: ask for what that one lacks ("buy a ticket on C204");
    - the best tool has all it needs, and another tool its words point at takes every value it takes and more
      the user said for its required parameters ("PX1 needs to end up at 5 Mill Lane": tracking takes the
      parcel, redirecting takes the parcel and the address) - values of a shape, not free text, and not the
      ones that chose the best tool's values (a date that picked an order is not a new date); an id the best tool
      read from the context is no value the user gave ("register my son for the 5K at RC-2031": the new entry
      takes the race and distance, handing over the father's entry takes neither);
    - the best tool would ask back and has no place for the id the user gave, while the one tool that takes such an
      id has every required value ("spin booking FB-1 tonight, drop it": listing classes takes no booking,
      cancelling one does; when several tools take it, the id chooses none);
    - the best tool would ask only for the id of something that already exists (its description says so), nothing
      in the conversation fits that id and the turn asks for no change: a tool that needs no such id and takes every
      value the user gave is called, or - when it lacks a value and is near - asked back for it ("Can I get a lane
      tomorrow at 7pm?" books a lane; it changes no booking);
    - of several chosen tools, one takes nothing the user said and would ask for every value: it shares a word with
      the request, it is no second request (``_without_idle``).
    """
    if act.kind == "call" and len(act.chosen) > 1 and not conversation.forced and proposal.missing:
        return _without_idle(conversation, routing, act, proposal)
    if act.kind != "call" or len(act.chosen) != 1 or conversation.forced or not proposal.filled:
        return act, proposal
    best = act.chosen[0]
    best_all = _values(proposal.filled[0][1])
    best_how = " ".join(str(p.get("how", "")) for p in proposal.filled[0][1].provenance)  # what chose its values
    for row in routing.ranked:
        near = row["fits"] and row["score"] >= NEIGHBOUR_SHARE * best["score"]
        if row is best or not (near or row["_open"] and row["score"] > 0):
            continue  # (a near neighbour for every rule; another tool the words point at for the second)
        other = replace(act, chosen=[row], focuses={row["index"]: None}, segments={})
        got = check(conversation, routing, other, fill(conversation, routing, other))
        params = got.filled[0][1] if got.filled else None
        if params is None:
            continue
        required = (function_of(conversation.tools[row["index"]]).get("parameters") or {}).get("required") or []
        how = {p["param"]: (p.get("source"), str(p.get("how", ""))) for p in params.provenance}
        if any(how.get(r, ("", ""))[1].startswith(CUT_FROM_AROUND) for r in required):
            continue  # a value cut from the words around the routing words is no value the user gave
        shaped = [r for r in required if param_kind(r, ((function_of(conversation.tools[row["index"]]).get(
            "parameters") or {}).get("properties") or {}).get(r) or {}) != "text"]
        own = _said(params, shaped)
        if got.missing or not got.calls:
            valued = any(t["term"] in ("#value", "#value_hint") for t in row["top_terms"])  # a value only it takes
            if (near or valued) and proposal.missing and own and not _said(proposal.filled[0][1]):
                why = f"{best['name']} would ask for {proposal.missing.get(best['name'])} and takes nothing the " \
                      f"user said, while {row['name']} (score {row['score']}) takes {', '.join(sorted(own))}: ask " \
                      "for what it lacks"
            elif near and proposal.missing and own and _said(proposal.filled[0][1]) <= _values(params) \
                    and _names_nothing_existing(conversation, best, proposal, row):
                why = f"{best['name']} would ask for {proposal.missing.get(best['name'])}, the id of something " \
                      f"that already exists, but the conversation names none and asks for no change, while " \
                      f"{row['name']} (score {row['score']}) takes every value the user gave: ask for what it lacks"
            else:
                continue
            return replace(other, reason=f"{act.reason}; {why}"), replace(got)
        if proposal.missing and own and near:
            why = f"{best['name']} would ask for {proposal.missing.get(best['name'])}, while {row['name']} (score " \
                  f"{row['score']}) fits too and has every required value"
        elif proposal.missing and row["score"] > 0 and (ids := _patterned(params)) and not _patterned(
                proposal.filled[0][1]) and _takers(conversation.tools, ids) == [row["index"]]:
            why = f"{best['name']} would ask for {proposal.missing.get(best['name'])} and has no place for the id " \
                  f"the user gave ({', '.join(sorted(ids))}), while {row['name']} (score {row['score']}) takes it " \
                  "and has every required value"
        elif proposal.missing and row["score"] > 0 and _said(proposal.filled[0][1]) <= _values(params) \
                and all(how.get(r, ("", ""))[0] == "latest user turn" or how[r][1].startswith("pattern ")
                        for r in required) \
                and _names_nothing_existing(conversation, best, proposal, row):
            why = f"{best['name']} would ask for {proposal.missing.get(best['name'])}, the id of something that " \
                  f"already exists, but the conversation names none and asks for no change, while {row['name']} " \
                  f"(score {row['score']}) needs no such id and has every required value (from the user's turn, " \
                  "or an id from the context)"
        elif not proposal.missing and (extra := {v for v in own - best_all if v not in best_how
                                                 and v not in _guessed(params)}) \
                and _values(params) >= best_all - _from_context(proposal.filled[0][1]):
            why = f"{row['name']} (score {row['score']}) takes every value {best['name']} takes, and more that " \
                  f"the user said for its required parameters ({', '.join(sorted(extra))})"
        else:
            continue
        return replace(other, reason=f"{act.reason}; {why}"), replace(got)
    return act, proposal


#: words of a description for a thing that already exists (closed class: "an existing booking", 已有的预约)
_EXISTING = re.compile(r"\b(?:existing|already|current|previous)\b|已有|已经|现有|原有|原来", re.IGNORECASE)

#: a token the user wrote as an id (capitals, a dash, digits), whether or not it fits a pattern ("MS-41")
_ID_LIKE = re.compile(r"\b[A-Z]{1,5}-?\d{2,}\b")


def _names_nothing_existing(conversation: Any, best: Any, proposal: Any, row: Any) -> bool:
    """Whether the best tool asks only for ids (parameters with a pattern) that nothing in the conversation fits
    and the other tool does not require, and the latest turn asks for no change ("Can I get a lane tomorrow at
    7pm?" changes no booking: the booking tool, not the one that changes one)."""
    from fcourse.teaching.deciding.moves import asks_change

    props = (function_of(conversation.tools[best["index"]]).get("parameters") or {}).get("properties") or {}
    other = (function_of(conversation.tools[row["index"]]).get("parameters") or {}).get("required") or []
    missing = proposal.missing.get(best["name"]) or []
    said = " ".join([conversation.latest, conversation.context, *conversation.earlier])
    if not _EXISTING.search(str(function_of(conversation.tools[best["index"]]).get("description", ""))):
        return False
    if _ID_LIKE.search(conversation.latest):  # "Enrol MS-41": an id the user tried to give, though it fits no pattern
        return False
    return bool(missing) and not asks_change(conversation.latest) and all(
        isinstance(props.get(m), dict) and props[m].get("pattern") and m not in other
        and not any(fits_pattern(props[m], w) for w in re.findall(r"[\w-]+", said)) for m in missing)


def _guessed(filled: Any) -> set[str]:
    """The values of a call the sentence encoder chose from the user's words as a whole ("works" read as an enum's
    'practical'): a reading, not a value the user said, so they never take the turn from the best tool."""
    return {str(p["value"]) for p in filled.provenance if "(sentence encoder" in str(p.get("how", ""))}


def _from_context(filled: Any) -> set[str]:
    """The values of a call read from the system or developer context, not from anything the user said."""
    return {str(p["value"]) for p in filled.provenance if str(p.get("source", "")).startswith("system")}


def _values(filled: Any) -> set[str]:
    """Every argument value of a call, a fan-out's too, as text."""
    out = {str(v) for v in filled.arguments.values()}
    return out | ({str(v) for v in filled.fan_out[1]} if filled.fan_out else set())


def _without_idle(conversation: Any, routing: Any, act: Any, proposal: Any) -> tuple[Any, Any]:
    """Of several chosen tools, one that takes nothing the user said and would ask for every value is a word
    shared with the request ("call off the event": the event is no order to place), not a second request -
    when the best tool then has all it needs, it is called alone."""
    best = max(act.chosen, key=lambda r: r["score"])
    idle = [row for row, f in proposal.filled if row is not best and f.missing and not _said(f)
            and len(f.missing) == len((function_of(conversation.tools[row["index"]]).get("parameters") or {}).get(
                "required") or [])]
    if not idle:
        return act, proposal
    keep = [r for r in act.chosen if r not in idle]
    other = replace(act, chosen=keep, focuses={r["index"]: None for r in keep} if len(keep) == 1 else
                    {r["index"]: act.focuses.get(r["index"]) for r in keep}, segments={} if len(keep) == 1
                    else act.segments)
    got = check(conversation, routing, other, fill(conversation, routing, other))
    if got.missing or not got.calls:
        return act, proposal
    why = f"{', '.join(r['name'] for r in idle)} would ask for every value and takes nothing the user said: " \
          "a shared word, not a second request"
    return replace(other, reason=f"{act.reason}; {why}"), got


def _takers(tools: list[Any], ids: set[str]) -> list[int]:
    """The tools with a parameter whose pattern takes one of these ids: when only one does, the id chooses it."""
    return [index for index, tool in enumerate(tools)
            if any(fits_pattern(sub, i) for sub in ((function_of(tool).get("parameters") or {}).get("properties")
                                                   or {}).values() for i in ids)]


def _patterned(filled: Any) -> set[str]:
    """The values of a call the user's latest turn gave in the shape a parameter's pattern asks for (an id)."""
    return {str(p["value"]) for p in filled.provenance
            if p.get("source") == "latest user turn" and str(p.get("how", "")).startswith("pattern ")}


def _said(filled: Any, only: list[str] | None = None) -> set[str]:
    """The values of a call that the user's latest turn gave (of the ``only`` parameters, if named): not cut from
    the words around the routing words, not from the context or a default; a fan-out's values too."""
    out = set()
    for p in filled.provenance:
        how = str(p.get("how", ""))
        if p.get("source") == "latest user turn" and not how.startswith(CUT_FROM_AROUND) and "context" not in how \
                and (only is None or p["param"] in only):
            out.add(str(p["value"]))
    if filled.fan_out and (only is None or filled.fan_out[0] in only):
        out |= {str(v) for v in filled.fan_out[1]}
    return out
