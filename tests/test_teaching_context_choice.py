"""fcourse.teaching.deciding.context_choice: which of several ids in the context the user means (chapter 3)."""

from __future__ import annotations

import datetime as dt

from fcourse.teaching.deciding.context_choice import choose_in_context

LOCKERS = "Member's lockers: LK-301 (gym, blue door), LK-377 (pool, 2031-06-04)."
TODAY = dt.date(2031, 6, 1)  # a Sunday


def test_the_user_points_at_one_candidate_by_what_the_context_says_about_it() -> None:
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "renew the pool locker", TODAY)[0] == ["LK-377"]
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "健身房那个柜子续一下", TODAY)[0] == ["LK-301"]
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "the one due on Wednesday", TODAY)[0] == ["LK-377"]


def test_an_excluded_candidate_is_not_pointed_at_and_a_tie_chooses_nothing() -> None:
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "renew the pool one, not the gym one", TODAY)[0] == [
        "LK-377"]
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "renew my locker", TODAY) is None
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "the gym or the pool, whichever", TODAY) is None


def test_both_means_every_candidate() -> None:
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "renew both lockers", TODAY)[0] == ["LK-301", "LK-377"]
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "两个柜子都续上", TODAY)[0] == ["LK-301", "LK-377"]


def test_the_one_candidate_is_not_taken_when_the_user_describes_another_day() -> None:
    from fcourse.teaching.deciding.context_choice import contradicted

    facts = "Verified: their last booking, CB-100, was on 2031-05-27."
    assert "2031-06-06" in contradicted(facts, "CB-100", "cancel my booking for this Friday", TODAY)
    assert contradicted(facts, "CB-100", "cancel my booking of May 27", TODAY) is None
    assert contradicted(facts, "CB-100", "cancel my booking", TODAY) is None


def test_a_count_of_months_is_not_both() -> None:
    facts = "客户的订单：MV-101（上午），MV-102（下午）。"
    assert choose_in_context(facts, ["MV-101", "MV-102"], "给我的订单加个仓位，存两个月", TODAY) is None


def test_keeping_one_candidate_and_acting_on_the_other_means_the_other() -> None:
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "游泳馆那个留着，另一个退掉", TODAY)[0] == ["LK-301"]
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "keep the gym one, give up the other", TODAY)[0] == [
        "LK-377"]
    # a negated action is not a kept candidate: "don't renew the gym one, move it" still means the gym one
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "don't renew the gym one, just move it", TODAY) is None


def test_a_word_every_candidate_shares_in_another_form_points_at_none() -> None:
    scripts = "Verified: prescriptions RX1001 (vitamin D, 2 refills left) and RX1002 (iron, 1 refill left)."
    assert choose_in_context(scripts, ["RX1001", "RX1002"], "could I get a refill sent over?", TODAY) is None


def test_a_candidate_is_pointed_at_by_its_place_in_the_context() -> None:
    three = "Verified lockers: LK-301, LK-377 and LK-390."
    choose = [("release the second one", ["LK-377"]), ("第一个退掉", ["LK-301"]), ("the last one, please", ["LK-390"]),
              ("最后那个取消吧", ["LK-390"])]
    for said, meant in choose:
        assert choose_in_context(three, ["LK-301", "LK-377", "LK-390"], said, TODAY)[0] == meant, said
    assert choose_in_context(three, ["LK-301", "LK-377", "LK-390"], "the one I used last week", TODAY) is None


def test_a_year_the_context_gives_a_candidate_points_at_it() -> None:
    returns = "Returns: RT-88812 (2025) and RT-88813 (2026)."
    assert choose_in_context(returns, ["RT-88812", "RT-88813"], "withdraw the 2025 one", TODAY)[0] == ["RT-88812"]
    assert choose_in_context(returns, ["RT-88812", "RT-88813"], "2026年那份撤回吧", TODAY)[0] == ["RT-88813"]


def test_a_context_id_that_is_closed_or_was_the_one_before_is_not_the_one_in_hand() -> None:
    from fcourse.teaching.deciding.context_choice import over

    context = "Verified: card LC-88231. The previous order PO-300417 was delivered; order PO-300499 is on its way."
    assert over(context, "PO-300417", "the next delivery should come on Friday")  # before, and the user says next
    assert not over(context, "PO-300499", "the next delivery should come on Friday")
    assert over("已核实：上一张维修单RP-100876已于9月取件完结。", "RP-100876", "可以开始修了")  # 完结: over
    assert not over("Verified: completed job JB-70088 (90-day guarantee).", "JB-70088", "the ants are back")
    # an event that has ended is over; one that ends later is not
    assert over("已核实：客户上一笔订单TK-4410的演出已于9月结束。", "TK-4410", "换到下周那场")
    assert over("Verified: pass SP-771 ended on 2031-05-01.", "SP-771", "extend my pass")
    assert not over("已核实：租约RT-900将于12月结束。", "RT-900", "续租三个月")
    # the one before, while the user asks for a new one: not the one in hand
    previous = "Verified: previous booking TR-5512 on 2031-04-02 (river walk)."
    assert over(previous, "TR-5512", "Book the river walk on May 9 for two")
    assert over(previous, "TR-5512", "帮我预订5月9日")
    assert not over(previous, "TR-5512", "Move it to May 9")


def test_a_stop_word_between_two_candidates_points_at_neither() -> None:
    orders = "Verified: the customer's orders GL-50110 (collected 2027-07-30) and GL-50188 (collected 2027-08-05)."
    assert choose_in_context(orders, ["GL-50110", "GL-50188"], "one of my glasses broke and needs fixing",
                             TODAY) is None


def test_an_enum_value_the_context_gives_a_past_stay_is_the_one_before() -> None:
    from fcourse.teaching.deciding.context_choice import over

    context = "Verified: returning guest; last stay was in a six-person cabin."
    assert over(context, "six_person", "a cabin for two this time")


def test_a_word_the_context_says_of_every_candidate_points_at_none() -> None:
    # 试衣 heads the list and shares a gloss ("clothes") with 西装: it says nothing about which fitting
    context = "已核实：客户有两个试衣预约：FT-1001（西装）和FT-1002（旗袍）。"
    assert choose_in_context(context, ["FT-1001", "FT-1002"], "把试衣改到明天", TODAY) is None
    assert choose_in_context(context, ["FT-1001", "FT-1002"], "旗袍那个试衣改到明天", TODAY)[0] == ["FT-1002"]


def test_all_of_them_is_said_by_a_quantifier_not_by_everywhere_and_both_means_the_two_named() -> None:
    assert choose_in_context(LOCKERS, ["LK-301", "LK-377"], "柜子里到处都是水，我要投诉", TODAY) is None
    shelf = "Catalogue: LK-301 = blue tent; LK-377 = red stove; LK-390 = green kayak."
    assert choose_in_context(shelf, ["LK-301", "LK-377", "LK-390"], "the blue tent and the green kayak, both",
                             TODAY)[0] == ["LK-301", "LK-390"]
    assert choose_in_context(shelf, ["LK-301", "LK-377", "LK-390"], "renew both", TODAY) is None  # both: of three?


def test_a_day_of_the_month_said_alone_points_at_the_listed_date_on_that_day() -> None:
    holds = "Verified holds: WH-1 (2031-08-05) and WH-2 (2031-08-19)."
    assert choose_in_context(holds, ["WH-1", "WH-2"], "release the one on the 19th", TODAY)[0] == ["WH-2"]
    assert choose_in_context(holds, ["WH-1", "WH-2"], "5号那个取消掉", TODAY)[0] == ["WH-1"]


def test_the_cheaper_or_dearer_one_is_chosen_by_the_prices_the_context_gives_or_not_at_all() -> None:
    quotes = "已核实：报价单 QT-101（换锁芯，260元）和 QT-102（整套智能锁，1850元）。"
    assert choose_in_context(quotes, ["QT-101", "QT-102"], "就要便宜的那个", TODAY)[0] == ["QT-101"]
    assert choose_in_context(quotes, ["QT-101", "QT-102"], "the more expensive one, please", TODAY)[0] == ["QT-102"]
    unpriced = "Verified quotes: QT-101 (new cylinder) and QT-102 (smart lock)."
    assert choose_in_context(unpriced, ["QT-101", "QT-102"], "the cheaper one", TODAY) is None  # ask which


def test_a_candidate_at_another_address_than_the_users_is_contradicted() -> None:
    from fcourse.teaching.deciding.context_choice import contradicted

    context = "Verified: previous job JB-2201 (fence repair at 12 Birch Road)."
    assert contradicted(context, "JB-2201", "The gate at 40 Elm Street is hanging off its hinges", None)
    assert contradicted(context, "JB-2201", "The gate at 12 Birch Road is hanging off its hinges", None) is None


def test_a_listed_month_and_day_is_matched_by_the_day_alone_even_with_no_today() -> None:
    from fcourse.teaching.deciding.context_choice import choose_in_context

    context = "已核实：两次送货 DL-4410（3月9日）和 DL-4471（3月16日）。"
    assert choose_in_context(context, ["DL-4410", "DL-4471"], "16号那次改一下", None)[0] == ["DL-4471"]
    context = "Verified: deliveries DL-4410 (Mar 9) and DL-4471 (Mar 16)."
    assert choose_in_context(context, ["DL-4410", "DL-4471"], "the one on the 9th", None)[0] == ["DL-4410"]
    assert choose_in_context(context, ["DL-4410", "DL-4471"], "the one on the 12th", None) is None


def test_a_number_the_user_says_that_is_one_candidates_own_chooses_it_unless_negated_or_a_day() -> None:
    from fcourse.teaching.deciding.context_choice import choose_in_context

    context = "Verified: the member's lockers LK-207 and LK-208."
    assert choose_in_context(context, ["LK-207", "LK-208"], "put it on locker 208", None)[0] == ["LK-208"]
    assert choose_in_context(context, ["LK-207", "LK-208"], "208号柜子，不是207", None)[0] == ["LK-208"]
    assert choose_in_context(context, ["LK-207", "LK-208"], "not 208", None) is None
    days = "Verified: the member's lockers LK-12 and LK-20."
    assert choose_in_context(days, ["LK-12", "LK-20"], "book it for the 20th", None) is None  # a day, not a locker


def test_words_paired_before_each_candidate_describe_it_but_a_list_heading_describes_none() -> None:
    from fcourse.teaching.deciding.context_choice import choose_in_context

    context = "Menu codes: iced latte 0.5 l = DR-101; hot chocolate = DR-102; mint tea = DR-103."
    codes = ["DR-101", "DR-102", "DR-103"]
    assert choose_in_context(context, codes, "one hot chocolate please", None)[0] == ["DR-102"]
    # the first one's words are its own, not the heading's; "0.5 l" keeps them together
    assert choose_in_context(context, codes, "an iced latte", None)[0] == ["DR-101"]
    listed = "告警中的服务器：web-3、web-4。"  # a heading, then a list: no words paired with either
    assert choose_in_context(listed, ["web-3", "web-4"], "把告警的那台重启", None) is None


def test_a_date_in_the_context_is_chosen_by_a_day_the_user_says_never_by_other_words_about_it() -> None:
    import datetime as dt

    from fcourse.teaching.deciding.context_choice import choose_in_context

    context = "Today is 2031-05-06. Last fitting: 2031-04-29 (alterations with Sam)."
    days = ["2031-05-06", "2031-04-29"]
    assert choose_in_context(context, days, "another alterations fitting with Sam, please", dt.date(2031, 5, 6)) is None
    assert choose_in_context(context, days, "the fitting on the 29th", dt.date(2031, 5, 6))[0] == ["2031-04-29"]


def test_what_the_context_says_a_candidate_lacks_does_not_point_at_it() -> None:
    rooms = "Verified quotes: HQ-1 (standard room, no balcony) and HQ-2 (deluxe room, with balcony)."
    assert choose_in_context(rooms, ["HQ-1", "HQ-2"], "I'll take the one with the balcony", TODAY)[0] == ["HQ-2"]
    fitted = "客户的两份报价：BQ-11（基础款，不含安装）和BQ-22（高级款，含安装）。"
    assert choose_in_context(fitted, ["BQ-11", "BQ-22"], "要带安装的那个", TODAY)[0] == ["BQ-22"]
    assert choose_in_context(fitted, ["BQ-11", "BQ-22"], "随便哪个都行，要快", TODAY) is None


def test_a_dictionary_word_inside_a_run_of_chinese_is_matched() -> None:
    swims = "已核实：预约 YY-1（本周六游泳）和 YY-2（本周日游泳）。"
    assert choose_in_context(swims, ["YY-1", "YY-2"], "帮我取消周日的", None)[0] == ["YY-2"]
    assert choose_in_context(swims, ["YY-1", "YY-2"], "帮我取消游泳", None) is None  # both are 游泳


def test_a_month_said_alone_points_at_the_listed_date_in_that_month() -> None:
    shows = "已核实：近期演出 SH-7（3月14日）和 SH-8（4月2日）。"
    assert choose_in_context(shows, ["SH-7", "SH-8"], "我要4月的那场，两张票", None)[0] == ["SH-8"]
    assert choose_in_context(shows, ["SH-7", "SH-8"], "not the March one - the April show", None)[0] == ["SH-8"]
    assert choose_in_context(shows, ["SH-7", "SH-8"], "I may want two tickets", None) is None  # "may" names no month
    assert choose_in_context(shows, ["SH-7", "SH-8"], "5月的那场", None) is None


def test_the_later_or_earlier_one_is_chosen_by_the_days_the_context_gives_or_not_at_all() -> None:
    trips = "Verified trips: TR-40 (Oslo, 2031-06-10) and TR-41 (Bergen, 2031-06-03)."
    assert choose_in_context(trips, ["TR-40", "TR-41"], "upgrade the later one", TODAY)[0] == ["TR-40"]
    assert choose_in_context(trips, ["TR-40", "TR-41"], "早一点的那个改一下", TODAY)[0] == ["TR-41"]
    undated = "Verified trips: TR-40 (Oslo) and TR-41 (Bergen, 2031-06-03)."
    assert choose_in_context(undated, ["TR-40", "TR-41"], "upgrade the later one", TODAY) is None


def test_a_candidate_no_longer_wanted_is_the_one_to_drop() -> None:
    coats = "已核实：两件寄存的大衣 CT-1（蓝色）和 CT-2（红色）。"
    assert choose_in_context(coats, ["CT-1", "CT-2"], "蓝色那件不要了，帮我退掉，红色的留着。", None)[0] == ["CT-1"]
    assert choose_in_context(coats, ["CT-1", "CT-2"], "蓝色那件不要退，红色的退掉。", None)[0] == ["CT-2"]


def test_all_in_an_idiom_is_not_every_candidate() -> None:
    from fcourse.teaching.deciding.context_choice import _ALL

    for text in ["I can't come after all, cancel it.", "It wasn't fresh at all.", "All right, book it.",
                 "Deliver every two weeks.", "every 3 days", "豆子一点都不新鲜。"]:
        assert not _ALL.search(text), text
    for text in ["Cancel both.", "Refund all of them.", "each one", "都取消", "全部退掉"]:
        assert _ALL.search(text), text


def test_a_gloss_that_is_a_function_word_points_at_no_candidate() -> None:
    from fcourse.teaching.deciding.context_choice import _words

    assert "one" not in _words("苏门答腊的豆子")


def test_the_thing_the_tool_acts_on_points_at_no_candidate_but_one_of_its_listed_kinds_does() -> None:
    # issue 36: "move the delivery" names the tool's job, not the order whose status is "out for delivery"
    orders = "order ID: LD-1, status: ready.\norder ID: LD-2, status: out for delivery.\norder ID: LD-3, status: ready."
    move = "Move the delivery of a laundry order to another day."
    assert choose_in_context(orders, ["LD-1", "LD-2", "LD-3"], "Move the delivery to Thursday", TODAY, move) is None
    assert choose_in_context(orders, ["LD-1", "LD-2", "LD-3"], "Move the delivery to Thursday", TODAY)[0] == ["LD-2"]
    bookings = "Verified: DV-1 (boat trip, 2031-06-10), DV-2 (wetsuit rental)."
    cancel = "Cancel an existing trip, course or rental booking."
    assert choose_in_context(bookings, ["DV-1", "DV-2"], "cancel the boat trip", TODAY, cancel)[0] == ["DV-1"]


def test_a_kind_the_description_lists_as_an_alternative_of_two_words_still_picks() -> None:
    bikes = "Verified bookings: BK-1 (repair, tomorrow 10:00) and BK-2 (fitting, Friday 15:00)."
    cancel = "Cancel a repair appointment or a fitting by its booking id."
    assert choose_in_context(bikes, ["BK-1", "BK-2"], "I want the repair cancelled, not the fitting.", TODAY,
                             cancel)[0] == ["BK-1"]
