"""Structured Outputs through the real openai SDK, in-process (issue 38): fcourse.teaching.wording.structured.

- strict ``json_schema`` in both APIs: JSON that validates against the schema, or a refusal in the API's own
  field (``message.refusal`` with ``content: null``; a ``refusal`` content part) - never an invented value;
  ``client.chat.completions.parse`` / ``client.responses.parse`` give a pydantic instance or the refusal;
- streaming gives the same, chunk by chunk;
- non-strict ``json_schema``: the same object when it can, else valid JSON with what it could fill;
- JSON mode (``json_object``): one valid JSON object whatever the temperature, and still the real 400 when
  no message says "json";
- ``fcourse.explain`` records where each value came from;
- with tools: a call is still a call, and the answer after a tool result fills the schema from the result.
"""

from __future__ import annotations

import enum
import json
from typing import Any, Literal

import openai
import pytest
from pydantic import BaseModel, Field

import fcourse
from fcourse.schema import validate
from fcourse.teaching.wire.endpoint import MODEL_NAME

Refusal = str


@pytest.fixture(scope="module")
def client() -> openai.OpenAI:
    return fcourse.connect("offline", quiet=True).client


# ------------------------------------------------------------------ schemas the teaching model never saw


class Plan(enum.StrEnum):
    basic = "basic"
    family = "family"
    business = "business"


class Signup(BaseModel):
    """A gym membership sign-up."""

    member: str = Field(description="the new member's full name")
    plan: Plan
    months: int = Field(description="how many months the membership runs")
    locker: bool


class Contact(BaseModel):
    name: str = Field(description="the person's name")
    email: str


class Parcel(BaseModel):
    recipient: Contact
    weight_kg: float
    fragile: bool


class Item(BaseModel):
    part_number: str = Field(description="part number such as AB-1234")
    quantity: int


class PurchaseOrder(BaseModel):
    supplier_email: str
    items: list[Item]
    reference: str | None = Field(description="the buyer's own reference, if given")


class Symptom(BaseModel):
    pet_name: str = Field(description="the pet's name")
    species: Literal["dog", "cat", "rabbit", "bird"]
    days_unwell: int
    signs: list[str] = Field(description="the signs the owner saw")


#: (model, request, expected value or None for a refusal)
CASES: list[tuple[type[BaseModel], str, dict[str, Any] | None]] = [
    (Signup, "Sign up Marta Kowalczyk for the family plan for 12 months, with a locker.",
     {"member": "Marta Kowalczyk", "plan": "family", "months": 12, "locker": True}),
    (Signup, "Sign up Marta Kowalczyk for the family plan, with a locker.", None),  # how many months?
    (Signup, "Put Jon Ellis on a business membership, 6 months, no locker please.",
     {"member": "Jon Ellis", "plan": "business", "months": 6, "locker": False}),
    (Parcel, "Ship to Aiko Tanaka (aiko.t@example.jp): 2.5 kg, fragile.",
     {"recipient": {"name": "Aiko Tanaka", "email": "aiko.t@example.jp"}, "weight_kg": 2.5, "fragile": True}),
    (Parcel, "Ship a fragile parcel to Aiko Tanaka.", None),  # no e-mail address, no weight
    (PurchaseOrder, "From parts@acme-supply.com: 3 x AB-1234 and 10 x CD-5678, our ref PO-88.",
     {"supplier_email": "parts@acme-supply.com", "items": [{"part_number": "AB-1234", "quantity": 3},
                                                           {"part_number": "CD-5678", "quantity": 10}],
      "reference": None}),
    (PurchaseOrder, "Order 3 x AB-1234 and 10 x CD-5678.", None),  # no supplier e-mail
    (Symptom, "My cat Miso has been unwell for 3 days. Signs: sneezing, low appetite and watery eyes.",
     {"pet_name": "Miso", "species": "cat", "days_unwell": 3, "signs": ["sneezing", "low appetite", "watery eyes"]}),
    (Symptom, "My rabbit seems unwell.", None),
]


@pytest.mark.parametrize(("model", "request_text", "expected"), CASES, ids=[f"{m.__name__}-{i}"
                                                                        for i, (m, _, _) in enumerate(CASES)])
def test_chat_parse_gives_an_instance_or_a_refusal(client: openai.OpenAI, model: type[BaseModel],
                                                    request_text: str, expected: dict[str, Any] | None) -> None:
    completion = client.chat.completions.parse(model=MODEL_NAME, messages=[{"role": "user", "content": request_text}],
                                               response_format=model)
    message = completion.choices[0].message
    assert completion.choices[0].finish_reason == "stop"
    if expected is None:
        assert message.parsed is None and message.content is None
        assert isinstance(message.refusal, Refusal) and "make" in message.refusal
    else:
        assert message.refusal is None and isinstance(message.parsed, model)
        assert message.parsed.model_dump(mode="json") == expected
        assert validate(json.loads(message.content or ""), model.model_json_schema()) == []


@pytest.mark.parametrize(("model", "request_text", "expected"), CASES, ids=[f"{m.__name__}-{i}"
                                                                        for i, (m, _, _) in enumerate(CASES)])
def test_responses_parse_gives_the_same(client: openai.OpenAI, model: type[BaseModel], request_text: str,
                                        expected: dict[str, Any] | None) -> None:
    response = client.responses.parse(model=MODEL_NAME, input=request_text, text_format=model)
    (message,) = response.output
    (part,) = message.content
    if expected is None:
        assert response.output_parsed is None and part.type == "refusal" and part.refusal
    else:
        assert part.type == "output_text" and response.output_parsed is not None
        assert response.output_parsed.model_dump(mode="json") == expected


def test_a_refusal_names_what_is_missing_in_the_users_language(client: openai.OpenAI) -> None:
    english = client.chat.completions.parse(
        model=MODEL_NAME, messages=[{"role": "user", "content": "Ship a fragile parcel to Aiko Tanaka."}],
        response_format=Parcel).choices[0].message.refusal
    assert english is not None and "the email of the recipient" in english and "the weight" in english
    chinese = client.chat.completions.parse(
        model=MODEL_NAME, messages=[{"role": "user", "content": "给我的猫登记一下，它叫米索。"}],
        response_format=Symptom).choices[0].message.refusal
    assert chinese is not None and "编造" in chinese


def _schema_format(schema: dict[str, Any], strict: bool = True) -> dict[str, Any]:
    return {"type": "json_schema", "json_schema": {"name": "out", "schema": schema, "strict": strict}}


RSVP = {"type": "object", "additionalProperties": False, "required": ["guest", "attending", "dietary"],
        "properties": {"guest": {"type": "string", "description": "the guest's name"}, "attending": {"type": "boolean"},
                       "dietary": {"type": ["string", "null"], "enum": ["vegetarian", "vegan", "halal", None]}}}


def test_raw_json_schema_strict_and_not(client: openai.OpenAI) -> None:
    given = [{"role": "user", "content": "RSVP from Noor Rahman: yes, attending, vegetarian."}]
    strict = client.chat.completions.create(model=MODEL_NAME, messages=given, response_format=_schema_format(RSVP))
    assert json.loads(strict.choices[0].message.content or "") == {"guest": "Noor Rahman", "attending": True,
                                                                   "dietary": "vegetarian"}
    loose = client.chat.completions.create(model=MODEL_NAME, messages=given,
                                           response_format=_schema_format(RSVP, strict=False))
    assert loose.choices[0].message.content == strict.choices[0].message.content  # the same when it can
    vague = [{"role": "user", "content": "Noor Rahman replied."}]
    refused = client.chat.completions.create(model=MODEL_NAME, messages=vague, response_format=_schema_format(RSVP))
    assert refused.choices[0].message.content is None and refused.choices[0].message.refusal
    partial = client.chat.completions.create(model=MODEL_NAME, messages=vague,
                                             response_format=_schema_format(RSVP, strict=False))
    got = json.loads(partial.choices[0].message.content or "")  # valid JSON with what it could fill
    assert partial.choices[0].message.refusal is None
    assert got == {"guest": "Noor Rahman", "dietary": None}
    assert [i.validator for i in validate(got, RSVP)] == ["required"]  # and the schema is not met


def test_streamed_structured_output_reassembles(client: openai.OpenAI) -> None:
    ask = [{"role": "user", "content": "Sign up Jon Ellis: business plan, 6 months, no locker."}]
    with client.chat.completions.stream(model=MODEL_NAME, messages=ask, response_format=Signup) as stream:
        kinds = {event.type for event in stream}
        final = stream.get_final_completion()
    assert "content.delta" in kinds and final.choices[0].message.parsed == Signup(
        member="Jon Ellis", plan=Plan.business, months=6, locker=False)
    refuse = [{"role": "user", "content": "Sign up Jon Ellis."}]
    with client.chat.completions.stream(model=MODEL_NAME, messages=refuse, response_format=Signup) as stream:
        kinds = {event.type for event in stream}
        final = stream.get_final_completion()
    assert {"refusal.delta", "refusal.done"} <= kinds and "content.delta" not in kinds
    assert final.choices[0].message.parsed is None and final.choices[0].message.refusal
    with client.responses.stream(model=MODEL_NAME, input=ask[0]["content"], text_format=Signup) as stream:
        kinds = {event.type for event in stream}
        response = stream.get_final_response()
    assert "response.output_text.delta" in kinds and response.output_parsed == Signup(
        member="Jon Ellis", plan=Plan.business, months=6, locker=False)
    with client.responses.stream(model=MODEL_NAME, input="Sign up Jon Ellis.", text_format=Signup) as stream:
        kinds = {event.type for event in stream}
        response = stream.get_final_response()
    assert {"response.refusal.delta", "response.refusal.done"} <= kinds
    assert response.output[0].content[0].type == "refusal" and response.output_parsed is None


def test_the_same_request_gives_the_same_bytes(client: openai.OpenAI) -> None:
    ask = {"model": MODEL_NAME, "messages": [{"role": "user", "content": "RSVP: Noor Rahman, vegan."}],
           "response_format": _schema_format(RSVP)}
    first = client.chat.completions.with_raw_response.create(**ask).http_response.content
    assert client.chat.completions.with_raw_response.create(**ask).http_response.content == first


def test_explain_records_where_each_value_came_from() -> None:
    schema = {"type": "object", "additionalProperties": False, "required": ["deliver_to", "colour", "pairs"],
              "properties": {"deliver_to": {"type": "string", "description": "delivery address"},
                             "colour": {"type": "string", "enum": ["navy", "olive", "grey"]},
                             "pairs": {"type": "integer"}}}
    record = fcourse.explain({"model": MODEL_NAME, "messages": [
        {"role": "system", "content": "Verified customer. Delivery address: 9 Quay Street, Galway."},
        {"role": "user", "content": "Two pairs of the olive socks, please."}],
        "response_format": _schema_format(schema)})
    entry = record["record"]["structured"]
    assert record["record"]["behaviour"] == "structured_output" and entry["outcome"] == "json"
    assert json.loads(record["decision"]["message"]["content"]) == {"deliver_to": "9 Quay Street, Galway",
                                                                    "colour": "olive", "pairs": 2}
    sources = {v["path"]: v["source"] for v in entry["values"]}
    assert sources == {"$.deliver_to": "system/developer context", "$.colour": "latest user turn",
                       "$.pairs": "latest user turn"}
    assert all(v["how"] for v in entry["values"])


def test_explain_records_a_refusal_and_why() -> None:
    record = fcourse.explain({"model": MODEL_NAME, "input": "Sign up Jon Ellis.",
                              "text": {"format": {"type": "json_schema", "name": "signup", "strict": True,
                                                  "schema": {"type": "object", "additionalProperties": False,
                                                             "required": ["member", "months"],
                                                             "properties": {"member": {"type": "string"},
                                                                            "months": {"type": "integer"}}}}}})
    assert record["record"]["structured"]["outcome"] == "refusal"
    assert record["record"]["structured"]["missing"] == ["$.months"]
    assert record["decision"]["output"][0]["content"][0]["type"] == "refusal"


# ------------------------------------------------------------------ JSON mode


FORMAT = 'Reply only with JSON in this format: {"name": "...", "age": 0}'


@pytest.mark.parametrize("temperature", [0, 0.7, 1.5, 2.0])
def test_json_mode_is_always_one_valid_json_object(client: openai.OpenAI, temperature: float) -> None:
    for seed in range(8):
        for user in ("Bea Ortiz is 29.", "Who is Bea Ortiz?"):
            reply = client.chat.completions.create(
                model=MODEL_NAME, messages=[{"role": "system", "content": FORMAT}, {"role": "user", "content": user}],
                response_format={"type": "json_object"}, temperature=temperature, seed=seed)
            assert isinstance(json.loads(reply.choices[0].message.content or ""), dict)


def test_json_mode_fills_the_format_and_leaves_a_value_nobody_gave_null(client: openai.OpenAI) -> None:
    def ask(user: str) -> Any:
        reply = client.chat.completions.create(
            model=MODEL_NAME, messages=[{"role": "system", "content": FORMAT}, {"role": "user", "content": user}],
            response_format={"type": "json_object"})
        return json.loads(reply.choices[0].message.content or "")

    assert ask("Bea Ortiz is 29.") == {"name": "Bea Ortiz", "age": 29}
    assert ask("Bea Ortiz is on the list.") == {"name": "Bea Ortiz", "age": None}  # valid JSON; no schema promised


def test_json_mode_without_a_format_wraps_the_answer(client: openai.OpenAI) -> None:
    reply = client.responses.create(model=MODEL_NAME, input="Reply in JSON: what is 6 * 7?",
                                    text={"format": {"type": "json_object"}})
    assert json.loads(reply.output_text) == {"answer": "42."}


def test_json_mode_still_needs_the_word_json(client: openai.OpenAI) -> None:
    with pytest.raises(openai.BadRequestError, match="must contain the word 'json'"):
        client.chat.completions.create(model=MODEL_NAME, messages=[{"role": "user", "content": "Bea Ortiz is 29."}],
                                       response_format={"type": "json_object"})
    with pytest.raises(openai.BadRequestError, match="must contain the word 'json'"):
        client.responses.create(model=MODEL_NAME, input="Bea Ortiz is 29.", text={"format": {"type": "json_object"}})


# ------------------------------------------------------------------ with tools


LOOKUP = {"type": "function", "function": {
    "name": "find_flight", "description": "Look up a flight's status by its flight number.", "strict": True,
    "parameters": {"type": "object", "properties": {"flight": {"type": "string", "description": "e.g. LX318"}},
                   "required": ["flight"], "additionalProperties": False}}}


class FlightStatus(BaseModel):
    flight: str
    status: Literal["on_time", "delayed", "cancelled"]
    gate: str | None


def test_a_tool_call_stays_a_tool_call_and_the_answer_fills_the_schema(client: openai.OpenAI) -> None:
    messages: list[Any] = [{"role": "user", "content": "Is LX318 on time?"}]
    first = client.chat.completions.parse(model=MODEL_NAME, messages=messages, tools=[LOOKUP],
                                          response_format=FlightStatus)
    (call,) = first.choices[0].message.tool_calls or []
    assert first.choices[0].finish_reason == "tool_calls" and json.loads(call.function.arguments) == {
        "flight": "LX318"}
    messages += [first.choices[0].message, {"role": "tool", "tool_call_id": call.id, "content": json.dumps(
        {"flightNumber": "LX318", "status": "delayed", "delay_min": 40})}]
    final = client.chat.completions.parse(model=MODEL_NAME, messages=messages, tools=[LOOKUP],
                                          response_format=FlightStatus)
    assert final.choices[0].message.parsed == FlightStatus(flight="LX318", status="delayed", gate=None)


def test_after_a_refusal_the_missing_value_completes_the_object(client: openai.OpenAI) -> None:
    first = client.responses.parse(model=MODEL_NAME, input="Sign up Jon Ellis for the basic plan, no locker.",
                                   text_format=Signup)
    assert first.output_parsed is None and "months" in first.output[0].content[0].refusal  # type: ignore[union-attr]
    second = client.responses.parse(model=MODEL_NAME, input="Make it 6 months.", previous_response_id=first.id,
                                    text_format=Signup)
    assert second.output_parsed == Signup(member="Jon Ellis", plan=Plan.basic, months=6, locker=False)
    messages: list[Any] = [{"role": "user", "content": "Sign up Jon Ellis for the basic plan, no locker."}]
    refused = client.chat.completions.parse(model=MODEL_NAME, messages=messages, response_format=Signup)
    messages += [refused.choices[0].message, {"role": "user", "content": "Make it 6 months."}]
    done = client.chat.completions.parse(model=MODEL_NAME, messages=messages, response_format=Signup)
    assert done.choices[0].message.parsed == second.output_parsed
