"""Filling a response schema from the conversation (issue 38): fcourse.teaching.deciding.schema_fill.

Every value must come from the user, the system/developer context or a tool result, with its path, source and
how in the record; a required value nothing gave is *missing* (never invented); nullable fields nothing gave are
null. Schemas of many shapes: flat, enums said in other words, dates against a stated today, nested objects,
arrays of objects, of enum values and of text, pydantic's ``$defs`` / ``anyOf``, tool results by key.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fcourse.schema import validate
from fcourse.teaching.deciding.response_schema import response_format
from fcourse.teaching.deciding.schema_fill import SchemaFill, fill_schema
from fcourse.teaching.wire.validation import MODEL_NAME, validate_chat_request


def obj(props: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    """A strict object schema: every property required, no others."""
    return {"type": "object", "properties": props, "required": list(props) if required is None else required,
            "additionalProperties": False}


def ask(user: str, schema: dict[str, Any], *, system: str | None = None, after: list[dict[str, Any]] = (),
        strict: bool = True) -> SchemaFill:
    messages = ([{"role": "system", "content": system}] if system else []) + [{"role": "user", "content": user}]
    body = {"model": MODEL_NAME, "messages": [*messages, *after],
            "response_format": {"type": "json_schema", "json_schema": {"name": "out", "schema": schema,
                                                                        "strict": strict}}}
    request, _ = validate_chat_request(body)
    fmt = response_format(request)
    assert fmt is not None
    return fill_schema(request, fmt)


def where(filled: SchemaFill, path: str) -> dict[str, Any]:
    (entry,) = [v for v in filled.values if v["path"] == path]
    return entry


PERSON = obj({"full_name": {"type": "string"}, "age": {"type": "integer"},
              "phone": {"type": ["string", "null"], "description": "phone number"}})


def test_flat_values_from_the_latest_turn_and_a_nullable_one_not_given() -> None:
    filled = ask("New member: Tomasz Nowak, 52 years old.", PERSON)
    assert filled.value == {"full_name": "Tomasz Nowak", "age": 52, "phone": None} and not filled.missing
    assert where(filled, "$.age")["source"] == "latest user turn"
    assert where(filled, "$.phone") == {"path": "$.phone", "value": None, "source": "schema",
                                        "how": "nullable and not given: null"}
    assert validate(filled.value, PERSON) == []


def test_a_required_value_nobody_gave_is_missing_not_invented() -> None:
    filled = ask("New member: Tomasz Nowak.", PERSON)
    assert filled.missing == ["$.age"]
    assert "age" not in filled.value  # nothing stands in for it
    assert all(v["path"] != "$.age" for v in filled.values)


def test_chinese_values() -> None:
    filled = ask("我叫王芳，今年33岁。", PERSON)
    assert filled.value == {"full_name": "王芳", "age": 33, "phone": None}


TICKET = obj({"product": {"type": "string", "enum": ["router", "modem", "extender"]},
              "severity": {"type": "string", "enum": ["low", "normal", "critical"]},
              "serial": {"type": "string", "pattern": "^SN[0-9]{6}$"},
              "still_under_warranty": {"type": "boolean"}})


def test_enums_patterns_and_booleans() -> None:
    filled = ask("My modem SN204517 keeps rebooting, it's still under warranty. Severity: critical.", TICKET)
    assert filled.value == {"product": "modem", "severity": "critical", "serial": "SN204517",
                            "still_under_warranty": True}
    assert where(filled, "$.serial")["how"].startswith("pattern")


def test_a_value_that_breaks_the_pattern_is_not_taken() -> None:
    filled = ask("My modem SN2045 keeps rebooting, severity low, it is still under warranty.", TICKET)
    assert "$.serial" in filled.missing  # SN2045 has four digits: it does not fit ^SN[0-9]{6}$


def test_an_excluded_value_is_never_used() -> None:
    schema = obj({"booking": {"type": "string", "description": "booking reference such as BK-1001"}})
    filled = ask("Not BK-2210 - I mean BK-2290, please.", schema)
    assert filled.value == {"booking": "BK-2290"}


def test_dates_against_the_stated_today() -> None:
    schema = obj({"pickup_day": {"type": "string", "format": "date"}, "bags": {"type": "integer"}})
    filled = ask("Collect 3 bags the day after tomorrow.", schema, system="Today is 2026-09-14.")
    assert filled.value == {"pickup_day": "2026-09-16", "bags": 3}


def test_a_context_value_the_runtime_states() -> None:
    schema = obj({"account_id": {"type": "string", "description": "the customer's account id, e.g. AC-1"},
                  "topic": {"type": "string", "enum": ["billing", "delivery", "other"]}})
    filled = ask("I have a question about my billing.", schema, system="Verified caller. Account id: AC-3381.")
    assert filled.value == {"account_id": "AC-3381", "topic": "billing"}
    assert where(filled, "$.account_id")["source"] == "system/developer context"


def test_an_assistant_turn_is_no_source() -> None:
    schema = obj({"city": {"type": "string"}})
    body = {"model": MODEL_NAME, "messages": [
        {"role": "user", "content": "Where should I go?"},
        {"role": "assistant", "content": "Lisbon is lovely in spring."},
        {"role": "user", "content": "Fill in my trip."}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "t", "schema": schema, "strict": True}}}
    request, _ = validate_chat_request(body)
    filled = fill_schema(request, response_format(request))  # type: ignore[arg-type]
    assert filled.missing == ["$.city"]  # the model's own words are not the user's


def test_a_nested_object() -> None:
    schema = obj({"sender": obj({"name": {"type": "string"}, "email": {"type": "string"}}),
                  "urgent": {"type": "boolean"}})
    filled = ask("Forward this from Lena Fischer <lena.f@example.org>, it is urgent.", schema)
    assert filled.value == {"sender": {"name": "Lena Fischer", "email": "lena.f@example.org"}, "urgent": True}
    assert where(filled, "$.sender.email")["how"] == "e-mail address"


def test_a_nested_object_nothing_fills_is_null_when_it_may_be() -> None:
    schema = obj({"title": {"type": "string", "description": "the book's title, in quotes"},
                  "publisher": {"anyOf": [obj({"name": {"type": "string"}, "city": {"type": "string"}}),
                                          {"type": "null"}]}})
    filled = ask('Add "The Quiet Orchard" to my list.', schema)
    assert filled.value == {"title": "The Quiet Orchard", "publisher": None} and not filled.missing


def test_an_array_of_objects() -> None:
    schema = obj({"lines": {"type": "array", "items": obj({"code": {"type": "string"},
                                                          "count": {"type": "integer"}})}})
    filled = ask("Restock: 4 x PX-17, 12 x QT-9 and 1 x ZZ-300", schema)
    assert filled.value == {"lines": [{"code": "PX-17", "count": 4}, {"code": "QT-9", "count": 12},
                                      {"code": "ZZ-300", "count": 1}]}
    assert where(filled, "$.lines[1].code")["source"] == "latest user turn"


def test_an_array_of_objects_with_an_item_missing_a_value() -> None:
    schema = obj({"guests": {"type": "array", "items": obj({"name": {"type": "string"},
                                                           "email": {"type": "string"}})}})
    filled = ask("Invite guests: Omar Haddad (omar@example.net) and Keiko Sato", schema)
    assert filled.missing == ["$.guests[1].email"]
    assert filled.value["guests"][0] == {"name": "Omar Haddad", "email": "omar@example.net"}


def test_arrays_of_enum_values_and_of_text() -> None:
    schema = obj({"labels": {"type": "array", "items": {"type": "string", "enum": ["ui", "backend", "docs"]}},
                  "steps": {"type": "array", "items": {"type": "string"}}})
    filled = ask("The docs and the ui disagree. Steps: open settings, press save, reload the page.", schema)
    assert filled.value == {"labels": ["docs", "ui"], "steps": ["open settings", "press save", "reload the page"]}


def test_an_array_nothing_gives_is_missing() -> None:
    schema = obj({"steps": {"type": "array", "items": {"type": "string"}}})
    assert ask("It just does not work.", schema).missing == ["$.steps"]


def test_a_pydantic_schema_with_defs_refs_and_optional() -> None:
    schema = {
        "$defs": {"Size": {"enum": ["S", "M", "L"], "type": "string", "title": "Size"},
                  "Line": obj({"size": {"$ref": "#/$defs/Size"}, "qty": {"type": "integer", "title": "Qty"}})},
        **obj({"customer": {"type": "string", "title": "Customer", "description": "the customer's name"},
               "lines": {"type": "array", "items": {"$ref": "#/$defs/Line"}},
               "note": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Note"}}),
    }
    filled = ask("Order for Ines Duarte: 2 x M and 1 x L", schema)
    assert filled.value == {"customer": "Ines Duarte", "lines": [{"size": "M", "qty": 2}, {"size": "L", "qty": 1}],
                            "note": None}
    assert validate(filled.value, schema) == []


def test_values_from_a_tool_result_by_key() -> None:
    schema = obj({"station": {"type": "string"}, "wind_speed_kmh": {"type": "number"},
                  "gusts": {"type": ["number", "null"]}})
    after = [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "read_station", "arguments": '{"id": "W-4"}'}}]},
        {"role": "tool", "tool_call_id": "call_1",
         "content": json.dumps({"station": "Harbour Point", "windSpeed_kmh": 38.5, "status": "ok"})}]
    filled = ask("How windy is it at W-4?", schema, after=after)
    assert filled.value == {"station": "Harbour Point", "wind_speed_kmh": 38.5, "gusts": None}
    assert where(filled, "$.wind_speed_kmh") == {"path": "$.wind_speed_kmh", "value": 38.5, "source": "tool result",
                                                 "how": "the tool result's key 'windSpeed_kmh'"}


def test_a_tool_results_unit_must_match() -> None:
    schema = obj({"temperature_f": {"type": "number"}})
    after = [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "t", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": json.dumps({"temp_c": 21})}]
    assert ask("How warm is it?", schema, after=after).missing == ["$.temperature_f"]  # 21 °C is no °F value


def test_a_non_object_root_is_read_as_one_field() -> None:
    filled = ask("The answer is 42.", {"type": "integer"}, strict=False)
    assert filled.value == 42 and filled.values[0]["path"] == "$"


@pytest.mark.parametrize("user", ["", "Hello!", "Please fill this in."])
def test_nothing_given_means_every_required_value_missing(user: str) -> None:
    filled = ask(user or "?", PERSON)
    assert set(filled.missing) == {"$.full_name", "$.age"}
