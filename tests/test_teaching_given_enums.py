"""fcourse.teaching.deciding.given_enums: enum values named or meant in the request's own words."""

from __future__ import annotations

from fcourse.teaching.deciding.given_enums import enum_positions

SIZES = ["small", "medium", "large"]


def test_values_are_found_where_they_are_named_also_through_glosses_and_split_words() -> None:
    assert enum_positions(SIZES, "one small and one large, please") == [(4, "small"), (18, "large")]
    text = "送40个中号箱子和15个大号箱子"  # 中 / 号 cut apart by jieba; 个大号 glued to its measure word
    assert [v for _, v in enum_positions(SIZES, text)] == ["medium", "large"]


def test_a_word_that_names_several_values_a_negated_value_or_one_inside_another_value_names_none() -> None:
    assert enum_positions(SIZES, "大小都行") == []  # 大小 is "size": it names small and large
    assert enum_positions(SIZES, "the large one, not the small one") == [(4, "large")]
    assert enum_positions(["pdf", "docx"], "send report.docx as pdf", ("report.docx",)) == [(20, "pdf")]


def test_a_value_is_chosen_by_the_words_its_description_gives_it() -> None:
    from fcourse.teaching.policy import decide

    speed = {"type": "string", "enum": ["std", "exp"],
             "description": "Shipping speed. std = delivery within five working days; exp = next-day courier delivery."}
    tool = {"type": "function", "function": {"name": "ship_parcel", "description": "Send a parcel to an address.",
                                             "parameters": {"type": "object", "properties": {
                                                 "address": {"type": "string", "description": "Delivery address"},
                                                 "speed": speed}, "required": ["address", "speed"]}}}
    d = decide({"model": "m", "messages": [{"role": "user", "content": "Send this parcel to 4 Elm Road, it has to "
                                                                     "arrive tomorrow by courier."}], "tools": [tool]})
    assert [(c.name, c.arguments) for c in d.tool_calls] == [("ship_parcel", {"address": "4 Elm Road", "speed": "exp"})]
    assert "next-day" not in str(d.tool_calls[0].arguments)  # the label chooses the value; the value is sent



def test_a_value_named_once_goes_to_one_of_the_parameters_that_share_it() -> None:
    from fcourse.teaching.deciding.given_enums import said_once

    langs = ["english", "german", "french"]
    props = {"source_language": {"type": "string", "enum": langs, "description": "Language of the original"},
             "target_language": {"type": "string", "enum": langs, "description": "Language to translate into"}}
    both = {"source_language": "german", "target_language": "german"}
    assert list(said_once("a contract to translate into German", props, both)) == ["source_language"]
    assert list(said_once("这份合同要翻成 German", props, both)) == ["source_language"]
    assert list(said_once("a contract from German, target still open", props, both)) == ["target_language"]
    assert sorted(said_once("a German contract", props, both)) == ["source_language", "target_language"]
    assert said_once("from German into French", props, {"source_language": "german",
                                                        "target_language": "french"}) == {}


def test_a_value_written_in_the_shape_of_the_enum_but_not_on_it_is_asked_for() -> None:
    from test_teaching_policy import ask, tool

    prints = tool("order_prints", "Order photo prints.", {
        "size": {"type": "string", "enum": ["4x6", "8x10"], "description": "Print size"},
        "copies": {"type": "integer", "minimum": 1, "maximum": 50, "description": "How many"}}, ["size", "copies"])
    reply = ask("5 prints at 11x14 please", [prints])
    assert reply.kind == "ask" and reply.record["missing"] == {"order_prints": ["size"]}
    assert [c.arguments for c in ask("5 prints at 8x10 please", [prints]).tool_calls] == [
        {"size": "8x10", "copies": 5}]


def test_a_gloss_that_is_the_whole_value_beats_one_word_of_a_longer_value() -> None:
    from fcourse.teaching.deciding.given_enums import _enum_choice

    # 血浆 is glossed "blood plasma": the whole of plasma, only one word of whole_blood
    assert _enum_choice(["whole_blood", "plasma", "serum"], "", ["血浆"])[0] == "plasma"


def test_a_language_named_beats_a_value_that_only_shares_the_idea_of_a_language() -> None:
    from test_teaching_policy import ask, tool

    guide = tool("book_guide", "Book a guided walk.", {
        "language": {"type": "string", "enum": ["english", "mandarin", "spanish"], "description": "Guide language"},
        "people": {"type": "integer", "minimum": 1, "maximum": 10, "description": "How many"}}, ["language", "people"])
    assert [c.arguments for c in ask("两个人，要中文导游", [guide]).tool_calls] == [
        {"language": "mandarin", "people": 2}]
    assert [c.arguments for c in ask("two of us, a Spanish-speaking guide", [guide]).tool_calls] == [
        {"language": "spanish", "people": 2}]


def test_a_required_slot_is_chosen_by_the_clock_time_the_user_gives() -> None:
    from test_teaching_policy import ask, tool

    wash = tool("book_wash", "Book a car wash.", {
        "slot": {"type": "string", "enum": ["first", "second"],
                 "description": "first = 08:00-12:00; second = 12:00-18:00"}}, ["slot"])
    assert [c.arguments for c in ask("wash my car at 2pm", [wash]).tool_calls] == [{"slot": "second"}]
    assert [c.arguments for c in ask("下午三点来洗车", [wash]).tool_calls] == [{"slot": "second"}]
    assert ask("wash my car, any time", [wash]).kind == "ask"


def test_the_words_that_name_the_tool_choose_no_value_across_the_two_languages() -> None:
    from test_teaching_policy import ask, tool

    skating = tool("reserve_skating", "预约一节滑冰课。", {
        "level": {"type": "string", "enum": ["beginner", "intermediate", "advanced"],
                  "description": "水平：beginner = 零基础；intermediate = 能独立滑行；advanced = 能跳跃"},
        "skater": {"type": "string", "description": "学员姓名"}}, ["level", "skater"])
    reply = ask("Please book a lesson for Nadia", [skating])  # 课 is "lesson": the tool's word, not a level
    assert reply.kind == "ask" and reply.record["missing"] == {"reserve_skating": ["level"]}


def test_a_word_the_dictionary_lacks_names_a_value_by_its_parts_unless_one_is_a_pronoun_a_number_or_too() -> None:
    from fcourse.teaching.deciding.given_enums import _enum_choice, _parts

    assert _parts("鞋架") == ("鞋", "架")  # CC-CEDICT has 鞋 "shoe" and 架 "rack", not 鞋架
    assert _parts("太小") == () and _parts("我家") == ()  # "too small", "my home"
    racks = ["shoe_rack", "umbrella_stand", "other"]
    assert _enum_choice(racks, "", ["鞋架"])[0] == "shoe_rack"
    assert _enum_choice(["small", "large"], "", ["太小"]) is None  # "too small" asks for another size


def test_a_negation_word_or_a_negated_clause_chooses_no_value() -> None:
    from fcourse.teaching.deciding.given_enums import _enum_choice

    reasons = ["faulty", "not_needed", "wrong_size"]
    assert _enum_choice(reasons, "", ["不是"]) is None  # 不是 is "not", though CC-CEDICT also glosses it "fault"
    assert _enum_choice(["north_pier", "harbour", "south_cove"], "Not north pier, please", []) is None


def test_the_sentence_encoder_reads_past_a_clause_a_dash_closes() -> None:
    from fcourse.teaching.policy import decide

    spot = {"type": "string", "enum": ["north_pier", "harbour", "south_cove"],
            "description": "north_pier = the long pier north of town; harbour = inside the breakwater; "
                           "south_cove = sandy cove south of the headland."}
    tide = {"type": "function", "function": {"name": "tide_table", "description": "Get the tide table for a spot.",
                                             "parameters": {"type": "object", "properties": {"spot": spot},
                                                            "required": ["spot"]}}}
    d = decide({"model": "m", "messages": [{"role": "user", "content": "Not north pier — what are the tides at "
                                                                       "the other one tomorrow?"}], "tools": [tide]})
    assert d.kind == "ask" and "north_pier" not in str([c.arguments for c in d.tool_calls])


def test_a_number_in_one_values_name_chooses_it_unless_a_date_a_time_or_another_arguments_number() -> None:
    from fcourse.teaching.deciding.given_enums import _number_named

    sizes = ["cup_250", "jar_750", "tub_2000"]
    assert _number_named(sizes, "two of the 750 jars please", [], []) == ("jar_750", "750")
    assert _number_named(sizes, "两罐750毫升的", [], []) == ("jar_750", "750")
    assert _number_named(sizes, "deliver on the 250th day", [], []) is None  # an ordinal
    assert _number_named(sizes, "at 750: nothing", [], []) == ("jar_750", "750")
    assert _number_named(sizes, "送到250号楼", [], []) is None  # 号: a label, not a size
    assert _number_named(sizes, "250 of them", [], [250]) is None  # another argument's count
    assert _number_named(sizes, "to 750 Elm Road", [], ["750 Elm Road"]) is None  # inside another argument
    assert _number_named(sizes, "not the 750, the 2000", [(0, 12)], []) == ("tub_2000", "2000")
    assert _number_named(sizes, "the 250 or the 750", [], []) is None  # two values


def test_a_number_glued_to_its_unit_names_the_value_whose_name_joins_them() -> None:
    from fcourse.teaching.deciding.given_enums import _number_named

    suits = ["drysuit", "suit_3mm", "suit_7mm"]
    assert _number_named(suits, "I need a 7mm suit for the weekend", [], []) == ("suit_7mm", "7mm")
    assert _number_named(suits, "a 3 mm one", [], [])[0] == "suit_3mm"
    assert _number_named(suits, "not the 7mm, it is too warm", [(0, 10)], []) is None  # turned down
    assert _number_named(["shelf_5cm", "shelf_5mm"], "a 5mm shelf", [], []) == ("shelf_5mm", "5mm")
    assert _number_named(["suit_3mm", "suit_3cm"], "a 3mm one", [], []) == ("suit_3mm", "3mm")  # not 3cm


ABSENCE = {"type": "function", "function": {"name": "report_absence", "description": "Report a pupil's absence.",
                                            "parameters": {"type": "object", "properties": {
                                                "pupil_id": {"type": "string", "pattern": "^P-\\d{4}$"},
                                                "reason": {"type": "string", "description": "Reason",
                                                           "enum": ["illness", "injury", "family", "other"]}},
                                                "required": ["pupil_id", "reason"]}}}


def test_a_person_is_no_reason_but_what_happened_to_them_is() -> None:
    # issue 36: "my daughter won't be in" says no reason - family would be invented; a sprained ankle says injury
    from fcourse.teaching.policy import decide

    context = {"role": "system", "content": "Logged-in parent of pupil P-1042."}
    d = decide({"model": "m", "tools": [ABSENCE], "messages": [
        context, {"role": "user", "content": "My daughter won't be in school today."}]})
    assert d.kind == "ask" and d.record["missing"] == {"report_absence": ["reason"]}
    d = decide({"model": "m", "tools": [ABSENCE], "messages": [
        context, {"role": "user", "content": "She sprained her ankle, she won't be in school today."}]})
    assert [c.arguments.get("reason") for c in d.tool_calls] == ["injury"]
