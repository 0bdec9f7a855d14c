"""Stage 4b (fcourse.teaching.deciding.checking): no excluded, unstated or invented value; nothing off-schema."""

from __future__ import annotations

import json
from typing import Any

from fcourse.teaching.deciding.checking import schema_problems
from fcourse.teaching.policy import decide
from fcourse.teaching.reading.exclusion import excluded_values


def tool(name: str, description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description, "parameters": {
        "type": "object", "properties": properties, "required": required}}}


ORDER = {"order_id": {"type": "string", "description": "Order number, e.g. O-100"}}
ORDERS = [tool("refund_order", "Refund a paid order: give the customer their money back.", ORDER, ["order_id"]),
          tool("cancel_order", "Cancel an unpaid order so it is never charged.", ORDER, ["order_id"])]
KENNEL = [tool("board_pet", "Board a pet at the kennel for a stay.", {
    "pet": {"type": "string", "description": "Pet's name"},
    "arrive": {"type": "string", "format": "date", "description": "Drop-off day"},
    "nights": {"type": "integer", "minimum": 1, "maximum": 14, "description": "How many nights"}},
    ["pet", "arrive", "nights"])]


def run(messages: Any, tools: list[dict[str, Any]]) -> Any:
    msgs = [{"role": "user", "content": messages}] if isinstance(messages, str) else messages
    return decide({"model": "m", "messages": msgs, "tools": tools})


def test_excluded_values_need_a_negation_and_another_value_of_the_same_shape() -> None:
    assert excluded_values("Don't refund O-100, just cancel O-200") == {"O-100"}
    assert excluded_values("退 O-7 但不要退 O-8") == {"O-8"}
    assert excluded_values("Don't redirect YT1111222233, just tell me where it is") == set()


def test_an_excluded_id_is_never_used_and_the_other_one_is() -> None:
    d = run("Please do not cancel O-431; cancel O-432", ORDERS)
    assert [(c.name, c.arguments) for c in d.tool_calls] == [("cancel_order", {"order_id": "O-432"})]
    assert any(c["action"] == "removed" and c["value"] == "O-431" for c in d.record["checks"])


def test_several_context_candidates_and_none_chosen_means_ask_back() -> None:
    ctx = {"role": "system", "content": "Open orders: O-501 (paid), O-502 (paid)."}
    d = run([ctx, {"role": "user", "content": "refund my order"}], ORDERS)
    assert d.kind == "ask" and not d.tool_calls
    one = {"role": "system", "content": "Verified order: O-503, paid."}
    d = run([one, {"role": "user", "content": "refund my order"}], ORDERS)
    assert [c.arguments for c in d.tool_calls] == [{"order_id": "O-503"}]


def test_dates_resolve_against_the_stated_today_and_never_the_clock() -> None:
    today = {"role": "system", "content": "Current date: 2026-02-02."}
    d = run([today, {"role": "user", "content": "Board my dog Rex at the kennel from tomorrow, three nights"}], KENNEL)
    (call,) = d.tool_calls
    assert (call.arguments["arrive"], call.arguments["nights"]) == ("2026-02-03", 3)
    d = run("Board my dog Rex at the kennel from tomorrow, three nights", KENNEL)
    assert d.kind == "ask" and "arrive" in d.record["missing"]["board_pet"]
    # the context's "今天是…" says what today is; its 今天 is no day the user asked for
    move = tool("move_visit", "把已有的上门预约改到另一天。", {
        "visit_id": {"type": "string", "pattern": "^AP-[0-9]{4}$", "description": "已有预约的编号，例如 AP-1234。"},
        "new_date": {"type": "string", "format": "date", "description": "新的上门日期，格式 YYYY-MM-DD。"}},
        ["visit_id", "new_date"])
    facts = "今天是2026年2月2日，星期一。已核实：顾客的上门预约 AP-1234（2月5日下午）。"
    d = run([{"role": "system", "content": facts},
             {"role": "user", "content": "我那个上门预约要改期。"}], [move])
    assert d.kind == "ask" and d.record["missing"] == {"move_visit": ["new_date"]}


def test_a_value_that_breaks_the_schema_is_asked_for_instead_of_sent() -> None:
    d = run("Board Rex at the kennel on 2026-02-30 for 3 nights", KENNEL)
    assert d.kind == "ask" and "arrive" in d.record["missing"]["board_pet"]
    d = run("Board Rex at the kennel on 2026-02-10 for 40 nights", KENNEL)
    assert d.kind == "ask" and "nights" in d.record["missing"]["board_pet"]


def test_schema_problems_name_the_parameter() -> None:
    params = KENNEL[0]["function"]["parameters"]
    assert set(schema_problems({"pet": "Rex", "arrive": "soon", "nights": 0}, params)) == {"arrive", "nights"}
    assert schema_problems({"pet": "Rex", "arrive": "2026-02-10", "nights": 2}, params) == {}


def test_a_negation_reaches_to_the_end_of_its_clause_and_wins_over_an_earlier_mention() -> None:
    assert excluded_values("Cancel O-200 - not O-100!") == {"O-100"}
    assert excluded_values("refund O-5, O-6 and O-7 but not O-6") == {"O-6"}
    assert excluded_values("Cancel O-601 (not paid yet) and refund O-602") == set()


def test_only_keep_leave_alone_and_bu_shi_exclude_the_other_value() -> None:
    assert excluded_values("Both Z-71 and Z-72 are mine. Close Z-72 only, keep Z-71.") == {"Z-71"}
    assert excluded_values("Reboot db-3. Leave db-4 alone.") == {"db-4"}
    assert excluded_values("查一下K-101，不是K-102") == {"K-102"}
    assert excluded_values("只关掉 Z-8，Z-9 照常") == {"Z-9"}
    assert excluded_values("Close Z-7 and Z-8") == set()


def test_a_chinese_negation_reaches_back_over_an_object_written_first() -> None:
    assert excluded_values("换掉 W-31，W-32 先别动") == {"W-32"}
    assert excluded_values("W-5 不要退了，退 W-6") == {"W-5"}


def test_an_enum_value_in_a_negated_stretch_makes_no_call() -> None:
    fan = [tool("fan", "Turn a ceiling fan on or off.", {
        "room": {"type": "string", "enum": ["hall", "attic", "porch"], "description": "Room"},
        "on": {"type": "boolean", "description": "true to switch on, false to switch off"}}, ["room", "on"])]
    d = run("Switch the attic fan off, not the porch one", fan)
    assert [c.arguments for c in d.tool_calls] == [{"room": "attic", "on": False}]


def _after_refund(latest: str) -> list[dict[str, Any]]:
    return [{"role": "user", "content": "Refund O-310 please"},
            {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {
                "name": "refund_order", "arguments": "{\"order_id\": \"O-310\"}"}}]},
            {"role": "tool", "tool_call_id": "call_1", "content": "{\"refunded\": true}"},
            {"role": "assistant", "content": "Refunded."},
            {"role": "user", "content": latest}]


def test_a_value_of_an_earlier_turn_is_not_reused_when_the_user_points_to_another_one() -> None:
    for latest in ("and cancel the other order as well", "再把另一个订单取消"):
        d = run(_after_refund(latest), ORDERS)
        assert d.kind == "ask" and not d.tool_calls, latest
        assert d.record["missing"] == {"cancel_order": ["order_id"]} and "order_id" not in (d.content or ""), latest


def test_a_capitalised_city_the_gazetteer_lacks_fills_a_city_parameter() -> None:
    from fcourse.teaching.deciding.given_values import _cities

    assert _cities("How cold is it in Tromsø tonight?", "city name") == ["Tromsø"]
    trip = "a coach from Cusco to Puerto Maldonado on Monday"
    assert _cities(trip, "departure city") == ["Cusco"]
    assert _cities(trip, "arrival city") == ["Puerto Maldonado"]


def test_half_is_the_middle_of_the_schemas_range_and_a_colon_after_digits_still_opens_a_message() -> None:
    from fcourse.teaching.deciding.given_values import fill_numbers, fill_shapes

    got: list[Any] = []
    level = {"level": {"type": "integer", "minimum": 0, "maximum": 10, "description": "Fan speed"}}
    fill_numbers("run the fan at half", level, ["level"], {}, [], lambda *a: got.append(a[:2]))
    assert got == [("level", 5)]
    got.clear()
    fill_numbers("run the fan at half", {"level": {"type": "integer"}}, ["level"], {}, [], lambda *a: got.append(a))
    assert got == []  # no range in the schema: nothing to take half of
    note = {"note": {"type": "string", "description": "Message text"}}
    fill_shapes("page +4915112345678: parking lot B is full", note, ["note"], {}, lambda *a: got.append(a[:2]))
    assert got == [("note", "parking lot B is full")]
    got.clear()
    fill_shapes("alarm at 07:30 tomorrow", note, ["note"], {}, lambda *a: got.append(a[:2]))
    assert got == []


def test_the_id_the_user_says_it_is_not_is_excluded_and_the_other_in_the_context_taken() -> None:
    from fcourse.teaching.reading.exclusion import excluded_values

    assert excluded_values("不是RS-201那个，另一个取消") == {"RS-201"}
    assert excluded_values("renew it, not the one that is RS-201") == {"RS-201"}
    assert excluded_values("don't renew RS-201, just tell me when it ends") == set()  # the act is negated
    assert excluded_values("cancel any booking other than B-7") == {"B-7"}
    assert excluded_values("cancel RS-201") == set()


CONVERT = [tool("convert_document", "Convert an uploaded document to another format.", {
    "file_name": {"type": "string", "description": "File name of the uploaded document"},
    "target": {"type": "string", "enum": ["pdf", "docx", "txt"], "description": "Format to convert to"}},
    ["file_name", "target"])]


def test_a_file_name_comes_from_its_shape_in_the_request_never_from_the_words_around_it() -> None:
    d = run("convert budget_2028.docx to pdf, thanks a lot", CONVERT)
    assert [(c.name, c.arguments) for c in d.tool_calls] == [
        ("convert_document", {"file_name": "budget_2028.docx", "target": "pdf"})]
    asked = run("convert my essay to pdf, thanks a lot", CONVERT)  # no file named: ask, not "my essay"
    assert asked.kind == "ask" and asked.record["missing"] == {"convert_document": ["file_name"]}


def test_the_contexts_file_is_taken_only_when_the_user_points_at_it() -> None:
    system = {"role": "system", "content": "Verified: the file the user uploaded last is notes_week3.txt."}
    pointed = run([system, {"role": "user", "content": "turn the one I uploaded into a pdf"}], CONVERT)
    assert [c.arguments for c in pointed.tool_calls] == [{"file_name": "notes_week3.txt", "target": "pdf"}]
    other = run([system, {"role": "user", "content": "convert my new cover letter to pdf"}], CONVERT)
    assert other.kind == "ask" and not other.tool_calls


SCOOTERS = [tool("hold_scooter", "Hold a scooter at a docking bay for a few minutes.", {
    "bay": {"type": "string", "pattern": "^BY-[0-9]{3}$", "description": "Bay id, e.g. BY-101"},
    "kind": {"type": "string", "enum": ["standard", "electric", "cargo"], "description": "Kind of scooter to hold"}},
    ["bay", "kind"])]


def test_the_words_that_chose_the_tool_do_not_choose_an_enum_value() -> None:
    d = run("could you hold one for me at the dock, BY-204?", SCOOTERS)  # not "cargo" for "hold" or "dock"
    assert d.kind == "ask" and d.record["missing"] == {"hold_scooter": ["kind"]}
    d = run("hold an electric one at BY-204", SCOOTERS)
    assert [c.arguments for c in d.tool_calls] == [{"bay": "BY-204", "kind": "electric"}]


CRATES = [tool("order_crates", "Order plastic storage crates for delivery.", {
    "size": {"type": "string", "enum": ["small", "medium", "large"], "description": "Crate size"},
    "count": {"type": "integer", "minimum": 1, "description": "How many crates"}}, ["size", "count"])]


def test_two_characters_jieba_cut_apart_are_read_as_the_dictionary_word_they_make() -> None:
    d = run("送40个中号箱子过来", CRATES)  # jieba cuts 中 / 号: together they are 中号, "medium-sized" (个 is "size")
    assert [c.arguments for c in d.tool_calls] == [{"size": "medium", "count": 40}]


BASKET = [tool("add_to_basket", "Add a product to the shopping basket.", {
    "product": {"type": "string", "description": "What to add"},
    "quantity": {"type": "integer", "minimum": 1, "description": "How many"}}, ["product", "quantity"])]


def test_a_number_inside_free_text_cut_from_the_sentence_still_counts() -> None:
    d = run("Pop a dozen lemons in my basket", BASKET)
    assert [c.arguments["quantity"] for c in d.tool_calls] == [12]
    d = run("加四包挂面到购物篮", BASKET)
    assert [c.arguments["quantity"] for c in d.tool_calls] == [4]


FLOWERS = [tool("send_flowers", "Send a bouquet to an address.", {
    "bouquet": {"type": "string", "enum": ["roses", "tulips"], "description": "Which bouquet"},
    "gift_wrap": {"type": "boolean", "description": "可选，是否礼品包装。"},
    "leave_with_reception": {"type": "boolean", "description": "没人在时是否可以放在前台。"}}, ["bouquet"])]


def test_a_chinese_boolean_is_set_by_its_own_words_and_cleared_by_their_negation() -> None:
    d = run("送一束roses，要礼品包装", FLOWERS)
    assert [c.arguments for c in d.tool_calls] == [{"bouquet": "roses", "gift_wrap": True}]
    d = run("送一束tulips，我会亲自签收，别放前台", FLOWERS)  # jieba's guessed 别放 is 别 / 放: a negation
    assert [c.arguments for c in d.tool_calls] == [{"bouquet": "tulips", "leave_with_reception": False}]


STUDIO = [tool("book_studio", "Book a music rehearsal studio.", {
    "hours": {"type": "integer", "minimum": 1, "maximum": 6, "description": "Length of the booking in hours"},
    "musicians": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Number of people playing"},
    "amps": {"type": "integer", "minimum": 0, "maximum": 4, "description": "Amplifiers to set up"}}, ["hours"])]


def test_optional_numbers_go_to_the_parameters_their_nouns_name() -> None:
    d = run("订排练室，三个小时，我们五个人", STUDIO)  # 个人 counts people: "Number of people playing"
    assert [c.arguments for c in d.tool_calls] == [{"hours": 3, "musicians": 5}]


def test_chinese_counts_before_their_sizes_pair_one_per_call_and_a_word_for_size_names_no_size() -> None:
    d = run("送40个中号箱子和15个大号箱子", CRATES)  # jieba: 个大号 is 个 + 大号 ("large size")
    assert [c.arguments for c in d.tool_calls] == [{"size": "medium", "count": 40}, {"size": "large", "count": 15}]
    d = run("要12个箱子，大小随便", CRATES)  # 大小 is "size": it names small and large, so neither
    assert d.kind == "ask" and d.record["missing"] == {"order_crates": ["size"]}


TOUR = [tool("book_tour", "Book a guided tour of the castle.", {
    "language": {"type": "string", "enum": ["english", "chinese", "japanese"], "description": "Language of the guide"},
    "people": {"type": "integer", "minimum": 1, "maximum": 30, "description": "Group size"}}, ["language", "people"])]


def test_a_concept_every_value_shares_names_none_of_them() -> None:
    d = run("城堡导览，要韩语的，四个人", TOUR)  # Korean is a language, but none of the three the tour has
    assert d.kind == "ask" and d.record["missing"] == {"book_tour": ["language"]}
    d = run("城堡导览，要日语的，四个人", TOUR)
    assert [c.arguments for c in d.tool_calls] == [{"language": "japanese", "people": 4}]


VANS = [tool("hire_van", "Hire a van for moving things.", {
    "van": {"type": "string", "enum": ["small", "luxury", "suv", "one_tonne"], "description": "Van class"},
    "day": {"type": "string", "format": "date", "description": "Pick-up day"}}, ["van", "day"])]


def test_a_day_or_a_number_inside_a_gloss_chooses_no_enum_value() -> None:
    today = {"role": "system", "content": "Today is 2027-03-09 (Tuesday)."}
    d = run([today, {"role": "user", "content": "周日租一辆敞篷的"}], VANS)  # 周日 is Sunday, not an SUV
    assert d.kind == "ask" and d.record["missing"] == {"hire_van": ["van"]}
    d = run([today, {"role": "user", "content": "下周日租车，给多少钱都行"}], VANS)  # 钱: "one tenth of a tael"
    assert d.kind == "ask" and d.record["missing"] == {"hire_van": ["van"]}


POSTERS = [tool("print_poster", "Print a poster.", {
    "paper_size": {"type": "string", "enum": ["a2", "a1", "letter"], "description": "Paper size"},
    "copies": {"type": "integer", "minimum": 1, "description": "Copies"}}, ["paper_size", "copies"])]


def test_the_parameters_own_word_chooses_no_value() -> None:
    d = run("Print 3 copies on B0 paper", POSTERS)  # "paper" names the parameter; B0 is no size it has
    assert d.kind == "ask" and d.record["missing"] == {"print_poster": ["paper_size"]}
    assert [c.arguments for c in run("Print 3 copies on A1 paper", POSTERS).tool_calls] == [
        {"paper_size": "a1", "copies": 3}]


PAUSE = [tool("pause_plan", "Pause a gym plan for a while.", {
    "plan": {"type": "string", "pattern": "^PL-[0-9]{4}$", "description": "Plan id, e.g. PL-1234"},
    "weeks": {"type": "integer", "minimum": 1, "maximum": 12, "description": "How many weeks to pause"}},
    ["plan", "weeks"])]


def test_a_length_of_time_in_another_unit_is_no_count_of_this_one() -> None:
    d = run("pause PL-1234 for two months", PAUSE)  # not 2 weeks: ask how many weeks
    assert d.kind == "ask" and d.record["missing"] == {"pause_plan": ["weeks"]}
    assert [c.arguments for c in run("pause PL-1234 for two weeks", PAUSE).tool_calls] == [
        {"plan": "PL-1234", "weeks": 2}]
    assert [c.arguments for c in run("pause PL-1234 for 14 days", PAUSE).tool_calls] == [
        {"plan": "PL-1234", "weeks": 2}]


CLASSES = [tool("enrol_class", "Sign a child up for a dance class.", {
    "class_id": {"type": "string", "pattern": "^CL-[0-9]{4}$", "description": "Class id, e.g. CL-1001"},
    "child_name": {"type": "string", "description": "Name of the person taking the class"},
    "teacher": {"type": "string", "description": "Preferred teacher (optional)"}}, ["class_id", "child_name"])]


def test_a_sentences_first_word_in_another_spelling_is_no_name_and_an_optional_text_is_not_taken_from_context() -> None:
    d = run("Enrol my daughter in CL-1001.", CLASSES)  # "Enrol" (enroll) is an ordinary word, not her name
    assert d.kind == "ask" and d.record["missing"] == {"enrol_class": ["child_name"]}
    system = {"role": "system", "content": "Family's usual teacher: Marco."}
    d = run([system, {"role": "user", "content": "Mia Chen for CL-1001 please"}], CLASSES)
    assert [c.arguments for c in d.tool_calls] == [{"class_id": "CL-1001", "child_name": "Mia Chen"}]


PARTY = [tool("quote_party", "Price a party package.", {
    "guests": {"type": "integer", "minimum": 5, "maximum": 300, "description": "Number of guests"},
    "day": {"type": "string", "format": "date", "description": "Party day"},
    "venue_address": {"type": "string", "description": "Where the party is held"}}, ["guests", "day", "venue_address"])]


def test_a_count_of_guests_is_no_id_a_day_of_a_month_is_no_count_and_another_address_is_not_this_one() -> None:
    system = {"role": "system", "content": "Today is 2027-03-10 (Wednesday). Home address on file: 4 Oak Row."}
    d = run([system, {"role": "user", "content": "Price a party for 40 guests on April 2, please"}], PARTY)
    assert d.kind == "ask" and d.record["missing"] == {"quote_party": ["venue_address"]}  # not the home address
    assert {a["param"]: a["value"] for a in d.record["arguments"]} == {"guests": 40, "day": "2027-04-02"}
    d = run([system, {"role": "user", "content": "Price a party on April 20 at 9 Mill Lane"}], PARTY)
    assert d.kind == "ask" and d.record["missing"] == {"quote_party": ["guests"]}  # 20 is the day, not guests


CAKES = [tool("quote_cake", "Price a celebration cake.", {
    "flavour": {"type": "string", "enum": ["vanilla", "lemon", "chocolate"], "description": "Sponge flavour"}},
    ["flavour"])]


def test_anything_but_excludes_a_value() -> None:
    d = run("A cake quote please - anything but lemon, she can't stand it. Vanilla then.", CAKES)
    assert [c.arguments for c in d.tool_calls] == [{"flavour": "vanilla"}]


BEANS = [tool("order_beans", "买一包咖啡豆。", {
    "roast": {"type": "string", "enum": ["house", "deep_roast", "decaf"],
              "description": "烘焙：house=店里的招牌；deep_roast=深度烘焙；decaf=低因。"},
    "grams": {"type": "integer", "minimum": 100, "maximum": 1000, "description": "克数"}}, ["roast", "grams"])]


def test_a_value_a_chinese_clause_turns_down_by_its_described_word_is_never_chosen() -> None:
    d = run("买250克咖啡豆，不要深度烘焙，随便烤烤", BEANS)  # 深度烘焙 is deep_roast's word in the description
    assert "deep_roast" not in str([c.arguments for c in d.tool_calls])
    assert d.kind == "ask" and d.record["missing"] == {"order_beans": ["roast"]}


def test_an_enum_value_written_with_its_parts_apart_is_named_and_its_digits_count_nothing() -> None:
    from fcourse.teaching.reading.params import value_pattern

    assert value_pattern("8_inch").search("an 8-inch pizza") and value_pattern("half_sheet").search("a Half Sheet")
    assert not value_pattern("8_inch").search("an 18 inch pizza")  # another number, not this value
    pizza = [tool("quote_pizza", "Price a pizza.", {
        "size": {"type": "string", "enum": ["10_inch", "14_inch"], "description": "Pizza size"},
        "toppings": {"type": "integer", "minimum": 0, "maximum": 5, "description": "How many extra toppings"}},
        ["size"])]
    d = run("What does a 14 inch pizza cost?", pizza)
    assert [c.arguments for c in d.tool_calls] == [{"size": "14_inch"}]  # no 14 toppings, and nothing asked
    d = run("What does a 14 inch pizza with 2 toppings cost?", pizza)
    assert [c.arguments for c in d.tool_calls] == [{"size": "14_inch", "toppings": 2}]


def test_a_number_inside_text_taken_after_a_colon_still_counts() -> None:
    party = [tool("order_platters", "Order party platters.", {
        "platter": {"type": "string", "enum": ["sushi", "cheese"], "description": "Which platter"},
        "guests": {"type": "integer", "minimum": 5, "maximum": 200, "description": "Number of guests"},
        "notes": {"type": "string", "description": "Anything else for the kitchen"}}, ["platter", "guests"])]
    d = run("订餐：奶酪拼盘，三十人，少放坚果", party)
    assert [c.arguments["guests"] for c in d.tool_calls] == [30]


def test_an_id_of_another_shape_in_the_context_is_no_second_candidate() -> None:
    locker = [tool("release_locker", "Give up a rented locker.", {
        "locker_id": {"type": "string", "description": "Locker, e.g. LK-1234"}}, ["locker_id"])]
    system = {"role": "system", "content": "Verified: the member's only locker is LK-2201 (in hall HL-31)."}
    d = run([system, {"role": "user", "content": "I don't need it any more, please release it."}], locker)
    assert [c.arguments for c in d.tool_calls] == [{"locker_id": "LK-2201"}]
    system = {"role": "system", "content": "Verified: the member's lockers are LK-2201 and LK-2202."}
    d = run([system, {"role": "user", "content": "I don't need it any more, please release it."}], locker)
    assert d.kind == "ask"  # two lockers, none chosen


def test_a_context_id_labelled_as_another_kind_of_the_thing_is_not_taken_even_when_alone() -> None:
    scooter = [tool("end_trip", "End the current scooter trip.", {
        "trip_id": {"type": "string", "pattern": "^TR-[0-9]{4}$", "description": "Trip, e.g. TR-1234"},
        "return_bay_id": {"type": "string", "pattern": "^BY-[0-9]{2}$", "description": "Bay where the scooter was "
                                                                                    "returned, e.g. BY-07"}},
        ["trip_id", "return_bay_id"])]
    system = {"role": "system", "content": "Verified: the current trip is TR-5521. The trip started at bay BY-12."}
    d = run([system, {"role": "user", "content": "End my trip, I left it near the park."}], scooter)
    assert d.kind == "ask" and d.record["missing"] == {"end_trip": ["return_bay_id"]}
    assert "BY-12" not in str(d.record["arguments"])


def test_todays_date_in_the_context_says_nothing_about_the_id_after_it() -> None:
    classes = [tool("reserve_group_class", "预约一节团体课。", {
        "member_id": {"type": "string", "description": "会员卡号，例如 MC-1234。"},
        "day": {"type": "string", "format": "date", "description": "上课日期"}}, ["member_id", "day"])]
    system = {"role": "system", "content": "今天是2027年3月10日，星期三。已核实：会员名下唯一的卡号为MC-7788。"}
    d = run([system, {"role": "user", "content": "明天帮我约一节课。"}], classes)
    assert [c.arguments for c in d.tool_calls] == [{"member_id": "MC-7788", "day": "2027-03-11"}]


def test_a_word_of_the_tools_own_description_names_no_enum_value_by_synonym() -> None:
    cleaning = [tool("home_clean_visit", "Book a home cleaning visit.", {
        "kind": {"type": "string", "enum": ["standard", "deep_clean"], "description": "Kind of visit"},
        "address": {"type": "string", "description": "Street address"}}, ["kind", "address"])]
    d = run("I need my home cleaned, 4 Mill Lane.", cleaning)
    assert d.kind == "ask" and d.record["missing"] == {"home_clean_visit": ["kind"]}  # "cleaned" is the tool, not deep
    d = run("Could someone deep clean my flat at 4 Mill Lane?", cleaning)
    assert [c.arguments for c in d.tool_calls] == [{"kind": "deep_clean", "address": "4 Mill Lane"}]


def test_a_length_of_time_is_no_count_of_people_or_things() -> None:
    rental = [tool("rent_bikes", "Rent city bikes by the hour.", {
        "bikes": {"type": "integer", "minimum": 1, "maximum": 6, "description": "How many bikes"},
        "hours": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Rental length in hours"},
        "riders_under_12": {"type": "integer", "minimum": 0, "maximum": 6, "description": "Children riding"}},
        ["bikes", "hours"])]
    d = run("Two bikes for 3 hrs please", rental)
    assert [c.arguments for c in d.tool_calls] == [{"bikes": 2, "hours": 3}]  # no 3 children from "3 hrs"


def test_the_new_day_of_a_move_says_nothing_about_which_booking_the_context_means() -> None:
    ref = {"type": "string", "pattern": "^DS-[0-9]{5}$", "description": "Lesson booking, e.g. DS-10482"}
    lessons = [tool("move_lesson", "Move a driving lesson to another date.", {
        "booking": ref, "new_date": {"type": "string", "format": "date", "description": "New date"}},
        ["booking", "new_date"]),
               tool("cancel_lesson", "Cancel a driving lesson.", {"booking": ref}, ["booking"])]
    system = {"role": "system", "content": "Today is 2027-08-11 (Wednesday). Verified: the student's booking "
                                           "DS-12345 (lesson on 2027-08-14)."}
    d = run([system, {"role": "user", "content": "Can you move my lesson to Friday?"}], lessons)
    assert [c.arguments for c in d.tool_calls] == [{"booking": "DS-12345", "new_date": "2027-08-13"}]
    d = run([system, {"role": "user", "content": "Cancel my lesson on Friday."}], lessons)
    assert d.kind == "ask"  # the booking is on Saturday: not the one the user means
    # a day turned down first is not a second day named: the other is the new one
    for said, day in [("Move my lesson, not to Thursday, to Friday instead.", "2027-08-13"),
                      ("课挪一下，周四不行，挪到周五。", "2027-08-13")]:
        d = run([system, {"role": "user", "content": said}], lessons)
        assert [c.arguments for c in d.tool_calls] == [{"booking": "DS-12345", "new_date": day}], said


def test_a_context_id_whose_shape_the_parameters_pattern_names_needs_no_label_in_the_same_language() -> None:
    ref = {"type": "string", "pattern": "^RT-[0-9]{5}$", "description": "Tax return reference, e.g. RT-10482."}
    status = [tool("return_status", "Check where a tax return is in the process.", {"return_id": ref}, ["return_id"])]
    system = {"role": "system", "content": "已核实：客户编号 TX-2031；进行中的申报 RT-88812。"}
    d = run([system, {"role": "user", "content": "Where is my tax return at?"}], status)
    assert [c.arguments for c in d.tool_calls] == [{"return_id": "RT-88812"}]
    loose = [tool("return_status", "Check where a tax return is in the process.", {"return_id": {
        "type": "string", "description": "Tax return reference"}}, ["return_id"])]
    system = {"role": "system", "content": "已核实：客户的订单 RT-88812。"}
    d = run([system, {"role": "user", "content": "Where is my tax return at?"}], loose)
    assert d.kind == "ask"  # no pattern, and the context names an order: not this parameter


def test_a_thing_named_with_a_or_an_is_one_of_it_when_no_number_is_given() -> None:
    gear = [tool("rent_gear", "Rent camping gear.", {
        "item": {"type": "string", "enum": ["sleeping_bag", "lantern", "kayak"], "description": "What to rent"},
        "quantity": {"type": "integer", "minimum": 1, "maximum": 10, "description": "How many"}},
        ["item", "quantity"])]
    assert [c.arguments for c in run("I'd like to rent a kayak", gear).tool_calls] == [{"item": "kayak", "quantity": 1}]
    assert [c.arguments for c in run("rent 3 sleeping bags", gear).tool_calls] == [
        {"item": "sleeping_bag", "quantity": 3}]
    assert run("I'd like to rent the kayak", gear).kind == "ask"  # "the": how many is not said
    quote = [tool("quote_print", "Quote a print job.", {
        "kind": {"type": "string", "enum": ["poster", "booklet"], "description": "What to print"},
        "page_count": {"type": "integer", "minimum": 1, "maximum": 500, "description": "Number of pages"}},
        ["kind", "page_count"])]
    assert run("How much to print a booklet?", quote).kind == "ask"  # a booklet is no count of its pages


def test_a_day_said_twice_is_one_day_and_a_day_turned_down_is_none() -> None:
    stays = [tool("check_availability", "See which pitches are free for given dates.", {
        "arrival": {"type": "string", "format": "date", "description": "Arrival date"},
        "nights": {"type": "integer", "minimum": 1, "maximum": 14, "description": "Number of nights"}},
        ["arrival", "nights"])]
    system = {"role": "system", "content": "Today is 2027-08-11 (Wednesday)."}
    d = run([system, {"role": "user", "content": "Anything free from August 20 for 3 nights? Not the 19th, the 20th."}],
            stays)
    assert [c.arguments for c in d.tool_calls] == [{"arrival": "2027-08-20", "nights": 3}]


def test_a_new_day_is_never_the_day_the_context_already_gives_the_booking() -> None:
    ref = {"type": "string", "pattern": "^GB-[0-9]{4}$", "description": "Golf booking, e.g. GB-1234"}
    golf = [tool("move_tee_time", "Move a golf booking to another day.", {
        "booking": ref, "new_date": {"type": "string", "format": "date", "description": "New day"}},
        ["booking", "new_date"])]
    system = {"role": "system", "content": "Today is 2027-10-05 (Tuesday). Verified: the member's booking GB-2041 "
                                           "(2027-10-08, 09:10)."}
    d = run([system, {"role": "user", "content": "Friday won't work for me any more, can we make it Sunday?"}], golf)
    assert [c.arguments for c in d.tool_calls] == [{"booking": "GB-2041", "new_date": "2027-10-10"}]
    d = run([system, {"role": "user", "content": "Please move my round to Friday."}], golf)
    assert d.kind == "ask"  # Friday is the day it already is: which new day is not said


def test_a_closed_context_id_is_no_candidate_and_is_never_chosen() -> None:
    ref = {"type": "string", "pattern": "^PO-[0-9]{6}$", "description": "Plant order, e.g. PO-100000"}
    delivery = [tool("move_delivery", "Move the delivery of a plant order to another day.", {
        "order_id": ref, "new_date": {"type": "string", "format": "date", "description": "New delivery day"}},
        ["order_id", "new_date"])]
    today = "Today is 2027-10-12 (Tuesday). "
    closed = {"role": "system", "content": today + "Verified: the previous order PO-300417 was delivered and closed."}
    d = run([closed, {"role": "user", "content": "Can the next delivery come on Friday instead?"}], delivery)
    assert d.kind == "ask" and "PO-300417" not in str(d.record["arguments"])
    both = {"role": "system", "content": today + "Verified: order PO-300417 is closed. Order PO-300499 ships soon."}
    d = run([both, {"role": "user", "content": "Can my delivery come on Friday instead?"}], delivery)
    assert [c.arguments for c in d.tool_calls] == [{"order_id": "PO-300499", "new_date": "2027-10-15"}]


def test_a_number_whose_unit_names_another_parameter_is_never_the_wanted_ones() -> None:
    from fcourse.teaching.deciding.given_values import fill_numbers

    props = {"area": {"type": "integer", "minimum": 20, "maximum": 500, "description": "使用面积（平方米）"},
             "bathrooms": {"type": "integer", "minimum": 1, "maximum": 5, "description": "Number of bathrooms"}}
    got: list[Any] = []
    fill_numbers("公寓九十平，两个卫生间", props, ["area"], {}, [], lambda *a: got.append(a[:2]))
    assert sorted(got) == [("area", 90), ("bathrooms", 2)]
    got.clear()
    fill_numbers("公寓两个卫生间", props, ["area"], {}, [], lambda *a: got.append(a[:2]))
    assert got == [("bathrooms", 2)]  # the area is not said: asked for, never the bathrooms' count


def test_one_shared_word_of_a_two_word_value_is_not_enough_after_a_word_of_another_kind() -> None:
    from fcourse.teaching.reading.named_values import enum_value

    finish = {"type": "string", "enum": ["dry_wax", "hot_foam", "polish"], "description": "Finish"}
    assert enum_value("finish", finish, ["a cold wax would do"]) is None  # "cold wax" is no dry_wax
    assert enum_value("finish", finish, ["wax it, please"])[0] == "dry_wax"  # "wax" alone still reads as one


def test_a_context_value_is_taken_only_when_its_own_clause_names_the_parameter() -> None:
    van = [tool("reserve_van", "Reserve a moving van.", {
        "pickup_spot": {"type": "string",
                        "description": "Branch where the van is collected, as the customer named it."},
        "day": {"type": "string", "format": "date", "description": "Pickup day."}}, ["pickup_spot", "day"])]
    facts = "Today is 2031-06-03 (Tuesday). Verified: customer Ann Lee, home address 14 Elm Road, Leeds."
    d = run([{"role": "system", "content": facts}, {"role": "user", "content": "Reserve a van for tomorrow"}], van)
    assert d.kind == "ask" and d.record["missing"] == {"reserve_van": ["pickup_spot"]}  # "customer" is elsewhere


def test_a_day_the_user_turns_down_is_never_sent() -> None:
    today = {"role": "system", "content": "Current date: 2026-02-02."}
    d = run([today, {"role": "user", "content": "Board my dog Rex at the kennel. Not today, tomorrow, 3 nights."}],
            KENNEL)
    assert [c.arguments["arrive"] for c in d.tool_calls] == ["2026-02-03"]
    d = run([today, {"role": "user", "content": "Board my dog Rex for 3 nights in 9 days, not tomorrow"}], KENNEL)
    assert [c.arguments["arrive"] for c in d.tool_calls] == ["2026-02-11"]


def test_from_one_value_to_another_the_new_one_is_where_it_goes() -> None:
    move = [tool("switch_group", "Move a pupil to another weekday group.", {
        "pupil": {"type": "string", "pattern": "^PU-[0-9]{3}$", "description": "Pupil, e.g. PU-123."},
        "new_day": {"type": "string", "enum": ["monday", "wednesday", "saturday"], "description": "New day"}},
        ["pupil", "new_day"])]
    for text in ("PU-101 从周六的班换到周三的班", "switch PU-101 from Saturday to Wednesday"):
        assert [c.arguments for c in run(text, move).tool_calls] == [{"pupil": "PU-101", "new_day": "wednesday"}]


def test_a_clock_pattern_makes_a_time_whatever_other_words_its_description_uses() -> None:
    slot = {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
            "description": "New start, HH:MM. Leave it out to keep the original one."}  # "original": a place word
    move = [tool("move_fitting", "Move a dress fitting to another day or hour.", {
        "fitting": {"type": "string", "pattern": "^FT-[0-9]{4}$", "description": "Fitting, e.g. FT-1234"},
        "new_day": {"type": "string", "format": "date", "description": "New day"}, "new_start": slot},
        ["fitting", "new_day"])]
    system = {"role": "system", "content": "Today is 2031-06-02 (Monday)."}
    d = run([system, {"role": "user", "content": "Please move FT-4410 to Thursday at 4pm."}], move)
    want = {"fitting": "FT-4410", "new_day": "2031-06-05", "new_start": "16:00"}
    assert [c.arguments for c in d.tool_calls] == [want]


def test_a_contact_detail_in_the_context_is_not_the_new_persons_the_user_names() -> None:
    contact = [tool("set_emergency_contact", "修改会员的紧急联系人。", {
        "member": {"type": "string", "pattern": "^MB-[0-9]{5}$", "description": "会员编号，例如 MB-12345。"},
        "contact_name": {"type": "string", "description": "紧急联系人姓名。"},
        "phone": {"type": "string", "pattern": "^1[3-9][0-9]{9}$", "description": "紧急联系人的手机号，11位。"}},
        ["member", "contact_name", "phone"])]
    system = {"role": "system", "content": "已核实：会员 MB-10001。前台电话为13900001111（前台，非家属）。"}
    d = run([system, {"role": "user", "content": "紧急联系人改成我儿子周涛。"}], contact)
    assert d.kind == "ask" and d.record["missing"] == {"set_emergency_contact": ["phone"]}
    d = run([system, {"role": "user", "content": "紧急联系人改成我儿子周涛，手机13700002222。"}], contact)
    assert [c.arguments for c in d.tool_calls] == [{"member": "MB-10001", "contact_name": "周涛",
                                                    "phone": "13700002222"}]


def test_the_callers_phone_and_address_are_not_sent_for_someone_else_the_user_orders_for() -> None:
    order = [tool("order_cake", "Order a cake for delivery.", {
        "flavour": {"type": "string", "enum": ["chocolate", "lemon"], "description": "Cake flavour"},
        "recipient_name": {"type": "string", "description": "Full name of the person receiving the cake."},
        "phone": {"type": "string", "pattern": "^1[3-9][0-9]{9}$", "description": "Contact mobile, 11 digits."}},
        ["flavour", "recipient_name"])]
    system = {"role": "system", "content": "已核实：来电客户 宋佳，手机 13800002222。"}
    d = run([system, {"role": "user", "content": "帮我同事订个巧克力蛋糕，她叫林晓。"}], order)
    assert [c.arguments.get("phone") for c in d.tool_calls] == [None]
    d = run([system, {"role": "user", "content": "给我订个巧克力蛋糕，名字写宋佳。"}], order)
    assert [c.arguments.get("phone") for c in d.tool_calls] == ["13800002222"]  # the caller's own order


LESSONS = [tool("book_lesson", "Book a one-to-one climbing lesson.", {
    "day": {"type": "string", "format": "date", "description": "Lesson day"},
    "coach_id": {"type": "string", "pattern": "^CO-[0-9]{2}$", "description": "A particular coach, if wanted"}},
    ["day"])]


def test_an_optional_context_value_is_used_only_when_the_user_asks_for_it() -> None:
    system = {"role": "system", "content": "Today is 2031-05-05 (Monday). Member: Ana Ruiz; usual coach CO-12."}
    d = run([system, {"role": "user", "content": "Book me a lesson on Friday."}], LESSONS)
    assert [c.arguments for c in d.tool_calls] == [{"day": "2031-05-09"}]
    assert any(n["param"] == "coach_id" and n["action"] == "removed" for n in d.record["checks"])
    d = run([system, {"role": "user", "content": "Book me a lesson on Friday with my usual coach."}], LESSONS)
    assert [c.arguments for c in d.tool_calls] == [{"day": "2031-05-09", "coach_id": "CO-12"}]


MOVES = [tool("move_booking", "Move an existing booking to another slot.", {
    "booking_id": {"type": "string", "pattern": "^BK-[0-9]{4}$", "description": "The booking to move"},
    "slot": {"type": "string", "pattern": "^SL-[0-9]{2}$", "description": "The new slot"}}, ["booking_id", "slot"])]


def test_one_more_is_never_the_existing_one_the_context_verifies() -> None:
    system = {"role": "system", "content": "Verified: booking BK-1234 (slot SL-01)."}
    for text in ("Book another one for SL-09.", "再订一个SL-09。"):
        d = run([system, {"role": "user", "content": text}], MOVES)
        assert not d.tool_calls and d.kind == "ask", text  # a new booking is not a move of BK-1234
    d = run([system, {"role": "user", "content": "Move my booking to SL-09."}], MOVES)
    assert [c.arguments for c in d.tool_calls] == [{"booking_id": "BK-1234", "slot": "SL-09"}]


def test_a_context_value_the_user_turns_down_is_asked_for() -> None:
    ship = [tool("ship_parcel", "Send a finished item to the customer by post.", {
        "item_id": {"type": "string", "pattern": "^IT-[0-9]{4}$", "description": "Item id"},
        "address": {"type": "string", "description": "Where to send it"}}, ["item_id", "address"])]
    context = {"role": "system", "content": "Verified: item IT-4410 ready. Address on file: 3 Mill Lane, York."}

    def ask(text: str) -> Any:
        return run([context, {"role": "user", "content": text}], ship)

    d = ask("Post it to me please, but not to the address you have, I live somewhere else now.")
    assert d.kind == "ask" and not d.tool_calls, d.record
    assert "address" in str(d.record["missing"])
    # the same context, the value not turned down: it is the caller's own address, used
    d = ask("Post it to me please.")
    assert [c.arguments.get("address") for c in d.tool_calls] == ["3 Mill Lane, York"]


def test_a_chinese_refusal_turns_down_the_value_its_glosses_describe() -> None:
    order = [tool("order_prints", "Order prints of a photo and have them sent.", {
        "photo": {"type": "string", "pattern": "^PH-[0-9]{3}$", "description": "Photo id"},
        "delivery": {"type": "string", "enum": ["standard", "express"],
                     "description": "standard = ordinary post, 4 days; express = next-day courier"}},
        ["photo", "delivery"])]
    d = run("PH-120 洗一份，快递寄给我，不要次日达。", order)  # 快递 glosses to express, 次日达 to next day
    assert all(c.arguments.get("delivery") != "express" for c in d.tool_calls), d.record


WALKS = [tool("cancel_walk", "Cancel a booked dog walk.", {
    "walk_id": {"type": "string", "pattern": "^WK-\\d{3}$", "description": "Walk id"}}, ["walk_id"])]


def test_all_of_them_but_the_one_excluded_is_one_call_for_each_other_candidate_the_conversation_lists() -> None:
    # issue 36: "cancel these, but leave ... alone" with the candidates in an earlier tool result
    listed = [{"role": "user", "content": "Which walks do I have?"},
              {"role": "assistant", "content": None, "tool_calls": [
                  {"id": "c1", "type": "function", "function": {"name": "list_walks", "arguments": "{}"}}]},
              {"role": "tool", "tool_call_id": "c1",
               "content": '{"walks": [{"walk_id": "WK-301"}, {"walk_id": "WK-302"}, {"walk_id": "WK-303"}]}'},
              {"role": "assistant", "content": "You have WK-301, WK-302 and WK-303."}]
    for text in ("Cancel every walk except WK-302.", "除了 WK-302，其他的都取消。"):
        d = run([*listed, {"role": "user", "content": text}], WALKS)
        assert [c.arguments for c in d.tool_calls] == [{"walk_id": "WK-301"}, {"walk_id": "WK-303"}], text
    d = run([*listed, {"role": "user", "content": "Cancel the walk, not WK-302."}], WALKS)  # which one: ask
    assert d.kind == "ask" and not d.tool_calls


FINES = [tool("settle_penalty", "Settle a parking penalty with a saved card.", {
    "penalty_id": {"type": "string", "pattern": "^PN-\\d{3}$", "description": "Penalty notice id"},
    "card_last4": {"type": "string", "pattern": "^\\d{4}$", "description": "Last four digits of the saved card"}},
    ["penalty_id", "card_last4"])]


def test_digits_inside_another_id_are_no_candidate_for_a_value_of_that_shape() -> None:
    # issue 36: "P-4406" holds no card ending 4406; the saved card ending 2958 is the one
    context = {"role": "system", "content": "Permit P-4406. Penalty notice PN-517 (40.00). Saved card ending 2958."}
    d = run([context, {"role": "user", "content": "Settle that penalty using the card I saved."}], FINES)
    assert [c.arguments for c in d.tool_calls] == [{"penalty_id": "PN-517", "card_last4": "2958"}]


def test_a_pydantic_tool_with_an_optional_field_and_a_referenced_enum_is_called() -> None:
    """``openai.pydantic_function_tool`` writes ``Optional[X]`` as ``anyOf: [X, null]`` and an Enum class as a
    ``$ref`` into ``$defs``: a value nobody gave is null and the call is made, not asked back (issue 38)."""
    import enum

    import openai
    from pydantic import BaseModel, Field

    class Speed(enum.StrEnum):
        standard = "standard"
        express = "express"

    class ShipOrder(BaseModel):
        """Ship a paid order to the customer."""

        order_id: str = Field(description="Order number, e.g. O-100")
        speed: Speed
        insured_value: float | None = Field(description="Insured value in euros, if the sender asks for insurance")

    strict_tool = openai.pydantic_function_tool(ShipOrder, name="ship_order")
    params = strict_tool["function"]["parameters"]
    assert "$defs" in params and "anyOf" in json.dumps(params)
    plain_call = run("Ship O-871 express, please.", [dict(strict_tool)])
    assert [(c.name, c.arguments) for c in plain_call.tool_calls] == [
        ("ship_order", {"order_id": "O-871", "speed": "express", "insured_value": None})]
    noted = run("Ship O-871 standard, insured value 250 euros.", [dict(strict_tool)])
    assert noted.tool_calls[0].arguments == {"order_id": "O-871", "speed": "standard", "insured_value": 250}
    assert schema_problems(noted.tool_calls[0].arguments, params) == {}



PARCEL = [tool("schedule_parcel_pickup", "Schedule a courier to collect a parcel from the sender's address.", {
    "zip_code": {"type": "string", "pattern": "^\\d{5}$", "description": "ZIP code of the pickup address"},
    "weekday": {"type": "string", "enum": ["monday", "tuesday", "wednesday", "thursday", "friday"]}},
    ["zip_code", "weekday"])]


def test_a_context_value_given_as_an_example_of_the_format_is_nobody_s_to_send() -> None:
    # issue 36 (found on the blind set v30): the system message's example of a format is no one's value
    ask = {"role": "user", "content": "Please have a courier collect my parcel on Thursday."}
    example = {"role": "system", "content": "You are the assistant of Harbor Parcels. Example ZIP format for the "
                                            "pickup form: 94110."}
    d = run([example, ask], PARCEL)
    assert d.kind == "ask" and not d.tool_calls
    own = {"role": "system", "content": "Signed-in sender, pickup address ZIP 94110."}  # said as the sender's own
    assert [c.arguments for c in run([own, ask], PARCEL).tool_calls] == [{"zip_code": "94110", "weekday": "thursday"}]


RETURNS = [tool("arrange_return", "Arrange how a rented camera goes back to the shop.", {
    "rental_id": {"type": "string", "pattern": "^RN-\\d{4}$", "description": "Rental id"},
    "method": {"type": "string", "enum": ["pickup_store", "pickup_locker", "courier"],
               "description": "Collected at the store, from a parcel locker, or sent by courier"}},
    ["rental_id", "method"])]


def test_a_word_two_enum_values_share_chooses_neither() -> None:
    # "pickup" names the kind (pickup_store, pickup_locker), not which one: ask, in either language
    for turn in ("Can you set up a pickup for rental RN-5521?", "帮我安排 pickup 吧，租赁单 RN-5521。"):
        d = run([{"role": "user", "content": turn}], RETURNS)
        assert d.kind == "ask" and not d.tool_calls, turn


WORKSHOP = [tool("book_workshop", "Book places at a pottery workshop.", {
    "seat_count": {"type": "integer", "minimum": 1, "maximum": 4, "description": "How many to book, 1 to 4"},
    "apron_rental": {"type": "boolean", "default": False, "description": "Rent an apron for the seat (5 EUR)"},
    "date": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Workshop day, YYYY-MM-DD"}},
    ["seat_count", "date"])]


def test_a_word_another_parameter_is_named_by_does_not_switch_an_option_on() -> None:
    # "one seat" is seat_count's word, not a request for an apron "for the seat"
    d = run([{"role": "user", "content": "One seat on 2026-05-09, please."}], WORKSHOP)
    assert [c.arguments for c in d.tool_calls] == [{"seat_count": 1, "apron_rental": False, "date": "2026-05-09"}]


MOVE_LESSON = [tool("move_lesson", "Move a booked piano lesson to another day and time.", {
    "lesson_id": {"type": "string", "description": "Lesson id, e.g. PL-7"},
    "date": {"type": "string", "description": "Day, YYYY-MM-DD."},
    "time": {"type": "string", "description": "Start, HH:MM."}}, ["lesson_id", "date", "time"]),
    tool("cancel_lesson", "Cancel a booked piano lesson.", {
        "lesson_id": {"type": "string", "description": "Lesson id"}}, ["lesson_id"])]


def test_a_weekday_written_with_its_date_is_that_date_and_a_days_old_day_is_no_new_one() -> None:
    context = {"role": "system", "content": "Today is Monday, 3 August 2026. Booked: PL-7, Thursday 6 August 15:00; "
                                            "PL-8, Friday 7 August 16:00."}
    moved = run([context, {"role": "user", "content": "Put PL-7 on Tuesday 11 August at 17:00 instead."}],
                MOVE_LESSON)
    assert [c.arguments for c in moved.tool_calls] == [
        {"lesson_id": "PL-7", "date": "2026-08-11", "time": "17:00"}]


def test_all_but_an_excluded_id_never_sends_the_excluded_one() -> None:
    release = [tool("release_desks", "Release booked desks.", {
        "desk_ids": {"type": "array", "items": {"type": "string"}, "description": "Desk booking ids"}}, ["desk_ids"])]
    reply = run("Release all of my desks except DK-31, I'll still use that one.", release)
    assert all("DK-31" not in c.arguments.get("desk_ids", []) for c in reply.tool_calls)


def test_a_day_the_user_gives_about_themselves_picks_no_candidate() -> None:
    import datetime as dt

    from fcourse.teaching.deciding.context_choice import _only_the_users_own_day

    today = dt.date(2026, 8, 3)
    assert _only_the_users_own_day({"2026-08-06"}, "Three more days for the parcel, I'm away till Thursday.", today)
    assert not _only_the_users_own_day({"2026-08-06"}, "Give the Thursday one three more days.", today)
    assert not _only_the_users_own_day({"2026-08-06", "shoes"}, "The shoes, I'm away till Thursday.", today)


def test_a_tool_whose_leading_verb_the_user_negates_is_never_called() -> None:
    stay = [tool("shorten_stay", "Shorten a stay by moving the checkout earlier.", {
        "booking": {"type": "string", "description": "Booking ref"}}, ["booking"]),
        tool("request_late_checkout", "Ask reception for a late checkout.", {
            "booking": {"type": "string", "description": "Booking ref"}}, ["booking"])]
    reply = run("Don't shorten HB-77, I'm staying. Ask for a late checkout on it instead.", stay)
    assert [c.name for c in reply.tool_calls] == ["request_late_checkout"]
