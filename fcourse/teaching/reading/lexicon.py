"""A small bilingual concept lexicon: words that mean the same thing share a token.

The teaching model reads tool descriptions by matching words (see
``fcourse.teaching.policy``). Spelling alone would miss that "money back",
"reimburse" and "退款" all mean *refund*, so every surface form below is mapped
to one concept token (``#refund``). The lexicon is a small core of the words
tool descriptions are written in. Issue 13 removed the conversational phrases
it had grown from the course's own test messages ("shoot an email", "put on
some", "放点", "能换", "let the team know" ...): they made those tests pass and
new wordings fail. Words beyond the core are read by meaning instead - word
embeddings and CC-CEDICT glosses (``fcourse.teaching.reading.meaning``).

Each concept has a *weight*. Generic words (order, user, id, get, date) say
what a tool *touches*, not what it *does*, so they count for less: a request
that only shares "order" with a refund tool does not trigger it.

``ACTION_CONCEPTS`` are verbs (a description's first one is the tool's main
action), ``EFFECT_CONCEPTS`` the actions that change something (a question
never triggers them), and ``ENUM_SYNONYMS`` / ``UNITS`` / ``CURRENCIES`` /
``LANGUAGES`` are the bits of world knowledge arguments need.

English forms are stemmed before matching (so "refunds", "refunded" match
"refund"); Chinese forms are matched as jieba segments or inside longer
segments. Introduced in chapter 3, where the decision record shows which
concepts carried each score.
"""

from __future__ import annotations

__all__ = [
    "ACTION_CONCEPTS",
    "CONCEPTS",
    "CURRENCIES",
    "EFFECT_CONCEPTS",
    "ENUM_SYNONYMS",
    "EN_STOPWORDS",
    "GENERIC_WEIGHT",
    "LANGUAGES",
    "NEGATION_CUES",
    "NEGATION_STOPS",
    "NOT_CODES",
    "SEARCH_CONCEPTS",
    "UNITS",
    "ZH_STOPWORDS",
    "concept_weight",
]

#: concept -> (weight, surface forms in English and Chinese)
CONCEPTS: dict[str, tuple[float, tuple[str, ...]]] = {
    # money and orders
    "refund": (1.0, ("refund", "money back", "reimburse", "reimbursement", "退款", "退钱", "退费", "退还", "返还")),
    "cancel": (1.0, ("cancel", "cancellation", "call off", "revoke", "void", "abort",
                     "取消", "撤销", "作废", "撤回", "退订")),
    "order": (0.4, ("order", "purchase", "订单", "单子", "下单")),
    "pay": (0.8, ("pay", "payment", "paid", "charge", "billing", "bill", "invoice", "checkout",
                  "支付", "付款", "账单", "付费", "缴费", "发票", "已支付", "已付款")),
    "amount": (0.7, ("amount", "total", "sum", "spend", "spent", "cost", "expense", "money",
                     "balance", "金额", "总额", "总金额", "花费", "消费", "开销",
                     "余额", "钱", "剩余")),
    "price": (0.6, ("price", "pricing", "worth", "价格", "价钱", "价位", "报价")),
    "transfer": (1.0, ("transfer", "wire", "remit", "转账", "汇款")),
    "card": (1.0, ("card", "bank card", "debit card", "credit card", "银行卡", "信用卡", "储蓄卡", "借记卡")),
    "lost": (1.0, ("lost", "stolen", "freeze", "frozen", "block", "丢失", "被盗", "挂失", "冻结")),
    # shopping and delivery
    "shipping": (1.0, ("ship", "shipping", "shipment", "deliver", "delivery", "arrive", "arrival",
                       "track", "tracking", "package", "parcel", "courier", "logistics",
                       "快递", "物流", "发货", "配送", "送达", "到货", "包裹", "运单", "派送", "邮寄")),
    "inventory": (1.0, ("inventory", "in stock", "stock level", "availability", "warehouse",
                        "库存", "存货", "有货", "缺货")),
    "product": (0.5, ("product", "item", "goods", "sku", "商品", "产品", "货品", "物品")),
    # communication
    "email": (
        1.0,
        ("email", "mail", "inbox", "e-mail", "email address", "mail address",
         "邮箱地址", "邮件", "电子邮件", "邮箱", "电邮"),
    ),
    "send": (0.8, ("send", "forward", "dispatch", "发送", "发给", "转发", "寄")),
    "message": (0.8, ("message", "text message", "sms", "chat", "notify", "notification",
                      "announce",
                      "消息", "短信", "通知", "留言", "信息")),
    "channel": (0.8, ("channel", "group chat", "频道", "群聊")),
    "phone": (1.0, ("phone", "phone call", "dial", "telephone", "电话", "打电话", "拨打", "手机")),
    "publish": (0.8, ("post", "publish", "announce", "发布")),
    "contact": (0.6, ("contact", "recipient", "colleague", "friend", "person", "people", "directory",
                      "联系人", "收件人", "同事", "朋友", "通讯录")),
    "subject": (0.6, ("subject", "title", "headline", "titled", "主题", "标题")),
    "content": (0.4, ("content", "body", "text", "wording", "内容", "正文", "文本", "文字")),
    # time and planning
    "meeting": (1.0, ("meeting", "calendar", "schedule", "appointment", "event", "agenda",
                      "会议", "日程", "日历", "开会", "约会", "行程")),
    "room": (0.7, ("room", "meeting room", "conference room", "会议室", "房间")),
    "booking": (1.0, ("book", "booking", "reserve", "reservation",
                      "预订", "预定", "预约", "订", "购买", "订票")),
    "reminder": (1.0, ("remind", "reminder", "alarm", "alert", "memo",
                       "提醒", "闹钟", "备忘")),
    "todo": (1.0, ("todo", "todos", "to do list", "todo list", "task list", "checklist", "to do item",
                   "待办", "待办事项", "任务清单", "待做")),
    "time": (0.8, ("time", "clock", "hour", "o'clock", "时间", "几点", "钟点", "时刻")),
    "timezone": (1.0, ("timezone", "time zone", "utc", "gmt", "时区", "时差")),
    "date": (0.4, ("date", "day", "today", "tomorrow", "yesterday", "week", "month", "year",
                   "日期", "今天", "明天", "昨天", "后天", "星期", "周", "月份", "上个月", "本月", "年份")),
    # travel and places
    "weather": (1.0, ("weather", "forecast", "temperature", "rain", "raining", "snow", "sunny",
                      "humidity", "wind", "天气", "气温", "温度", "下雨", "预报",
                      "天气预报", "湿度", "降雨")),
    "celsius": (1.0, ("celsius", "centigrade", "metric", "摄氏", "摄氏度", "℃", "°c")),
    "fahrenheit": (1.0, ("fahrenheit", "imperial", "华氏", "华氏度", "℉", "°f")),
    "place": (0.5, ("city", "location", "place", "address", "where", "town", "destination",
                    "origin", "地址", "位置", "地点", "城市", "哪里", "在哪", "目的地", "出发地")),
    "flight": (
        1.0, ("flight", "plane", "airline", "airport", "fly", "cabin", "航班", "机票", "飞机", "机场", "飞", "舱")
    ),
    "air": (1.0, ("air quality", "aqi", "particulate", "pollution", "polluted",
                  "空气", "空气质量", "雾霾", "污染")),
    "hotel": (1.0, ("hotel", "accommodation", "lodging", "hostel", "酒店", "宾馆", "住宿", "旅馆")),
    "train": (1.0, ("train", "railway", "rail", "high speed rail", "bullet train",
                    "火车", "高铁", "动车", "列车", "火车票", "车票", "一等座", "二等座", "商务座")),
    "taxi": (1.0, ("taxi", "cab", "ride", "uber", "打车", "出租车", "网约车")),
    "route": (1.0, ("directions", "route", "navigate", "navigation", "distance",
                    "路线", "导航", "距离")),
    "restaurant": (1.0, ("restaurant", "food", "eat", "dinner", "lunch", "breakfast", "meal",
                         "餐厅", "饭店", "吃饭", "外卖", "美食", "午饭", "晚饭")),
    "leave": (1.0, ("time off", "day off", "days off", "vacation", "pto", "annual leave", "sick leave",
                    "leave request", "请假", "休假", "年假", "假期", "病假", "调休")),
    "cart": (1.0, ("cart", "basket", "shopping cart", "购物车")),
    "return": (1.0, ( "start a return", "return an item", "退货", "退换货", "退换")),
    # information
    "search": (0.8, ("search", "find", "look up", "lookup", "browse", "search engine",
                     "搜索", "查找", "搜", "找", "检索")),
    "docs": (0.8, ("docs", "documentation", "wiki", "manual", "knowledge base", "internal", "handbook",
                   "文档", "内部文档", "手册", "知识库", "说明书")),
    "lookup": (0.3, ("get", "show", "display", "view", "fetch", "retrieve", "check", "query",
                     "read", "tell", "查询", "查看", "显示", "获取", "读取", "查", "看看", "告诉")),
    "web": (0.8, ("web", "internet", "online", "website", "网上", "网页", "网络", "互联网", "网站")),
    "news": (1.0, ("news", "headlines", "新闻", "头条", "资讯")),
    "translate": (1.0, ("translate", "translation", "translator",
                        "翻译", "译成", "译")),
    "detect": (1.0, ("detect", "identify", "recognise", "recognize",
                     "识别", "检测", "辨别", "辨认")),
    "language": (0.6, ("language", "english", "chinese", "french", "japanese", "german",
                       "spanish", "korean", "russian", "italian", "语言", "语种", "英文", "英语",
                       "中文", "汉语", "法语", "日语", "德语", "西班牙语", "韩语", "俄语", "意大利语")),
    "summarize": (1.0, ("summarize", "summarise", "summary", "tl;dr", "总结", "摘要", "概括", "归纳")),
    "calculate": (1.0, ("calculate", "calculator", "compute", "math", "arithmetic", "evaluate",
                        "expression", "multiply", "divide", "subtract",
                        "计算", "算", "算术", "数学", "表达式")),
    "convert": (1.0, ("convert", "conversion", "exchange", "换算", "转换",
                      "兑换")),
    "measure": (1.0, ("unit", "units", "length", "weight", "volume", "mile", "miles", "kilometre", "kilometres",
                      "kilometer", "kilometers", "km", "metre", "meter", "feet", "foot", "inch", "inches",
                      "kilogram", "kilograms", "kg", "lb", "lbs", "ounce", "ounces", "gallon", "gallons", "litre",
                      "liter", "yard", "yards",
                      "单位", "长度", "重量", "体积", "公里", "千米", "英里", "厘米", "英尺", "英寸", "公斤",
                      "千克", "盎司", "加仑")),
    "currency": (1.0, ("currency", "exchange rate", "forex", "fx", "dollar", "euro", "yuan",
                       "rmb", "yen", "pound", "usd", "eur", "cny", "jpy", "gbp", "汇率", "货币",
                       "美元", "欧元", "人民币", "日元", "英镑", "外汇", "港币")),
    "stock": (1.0, ("stock", "ticker", "quote", "equity", "equities", "stock market", "nasdaq", "nyse",
                    "share price", "stock price", "股票", "股价", "行情", "股市")),
    # accounts, files, systems
    "user": (0.4, ("user", "account", "profile", "customer", "member",
                   "用户", "账户", "会员", "客户")),
    "id": (0.3, ("id", "identifier", "number", "code", "account number", "编号", "号码", "单号", "订单号", "序号",
                 "账号")),
    "password": (1.0, ("password", "passcode", "credential",
                       "密码")),
    "login": (0.6, ("login", "log in", "sign in", "username", "user name", "登录", "登陆", "用户名")),
    "file": (1.0, ("file", "document", "folder", "attachment", "pdf",
                   "文件", "文档", "文件夹", "附件", "目录")),
    "delete": (1.0, ("delete", "remove", "erase", "删除", "删掉", "移除", "清除")),
    "create": (0.5, ("create", "add", "new", "make", "创建", "新建", "添加", "新增")),
    "update": (0.8, ("update", "modify", "change", "edit", "rename", "set", "adjust", "修改", "更新", "更改", "编辑",
                     "设置", "调整", "设定", "设为", "设个", "设一个")),
    "status": (0.5, ("status", "state", "progress", "状态", "进度", "情况")),
    "ticket": (1.0, ("support ticket", "helpdesk", "complaint", "support", "issue", "issues", "bug", "bugs",
                     "bug report", "github", "工单", "投诉", "客服", "缺陷")),
    "image": (1.0, ("image", "picture", "photo", "draw", "图片", "照片", "图像", "画")),
    "restart": (1.0, ("restart", "reboot", "重启", "重新启动")),
    "logs": (1.0, ("log", "logs", "log lines", "logging", "日志")),
    "code": (1.0, ( "execute", "script", "python", "program", "运行", "执行", "代码", "脚本")),
    "database": (1.0, ("database", "sql", "table", "record", "数据库", "数据表")),
    "music": (
        1.0,
        ("music", "song", "songs", "play", "playlist", "playback", "spotify", "album", "artist",
         "音乐", "歌曲", "歌", "播放", "专辑", "歌手"),
    ),
    "shuffle": (1.0, ("shuffle", "random order", "randomly", "随机", "随机播放", "乱序")),
    "thermostat": (1.0, ("thermostat", "heating", "air conditioning", "aircon",
                         "温控", "空调", "暖气")),
    "urgent": (1.0, ("urgent", "urgently", "asap", "high priority", "critical",
                     "紧急", "很急", "着急", "加急", "优先")),
    "light": (1.0, ("light", "lights", "lamp", "灯", "灯光", "电灯")),
    "switch_on": (0.8, ("turn on", "switch on", "power on", "开灯", "打开", "开启")),
    "switch_off": (0.8, ("turn off", "switch off", "power off", "shut off", "关灯", "关掉", "关闭", "关上")),
    "recommend": (1.0, ("recommend", "recommendation", "suggest", "推荐", "建议")),
}

#: weight of a concept below which it counts as generic (it cannot trigger a tool alone)
GENERIC_WEIGHT = 0.7


def concept_weight(concept: str) -> float:
    """The weight of a concept token (``"#refund"`` or ``"refund"``); 0.0 if unknown."""
    entry = CONCEPTS.get(concept.lstrip("#"))
    return entry[0] if entry else 0.0


EN_STOPWORDS = frozenset(
    """a an the and or but if then than so of to in on at by for with from into onto
    about as is are was were be been being am do does did doing done have has had having
    i me my mine myself we us our you your yours he him his she her it its they them their
    this that these those there here what which who whom whose when why how
    can could would should will shall may might must please kindly just also only
    very really some any all each every both either neither other another such same
    want wants wanted need needs like would let lets help use used using uses return returns
    s t one two up down out over under again further once more most own not no nor too
    whether while until via per etc e g eg ie yes ok okay hi hello thanks thank""".split()
)

ZH_STOPWORDS = frozenset(
    """的 了 是 我 你 他 她 它 我们 你们 他们 吗 呢 吧 啊 呀 在 和 与 及 或 把 被 给 帮 请 一下
    帮我 能 可以 能否 要 想 这个 那个 这 那 什么 怎么 怎么样 如何 多少 哪 有 没有 就 都 也 还 一个
    个 现在 一些 些 会 让 用 对 从 为 为了 并 但 但是 而 如果 的话 时 时候 下 上 中 里 内 后 前
    么 嘛 哦 哈 好 好的 谢谢 你好 麻烦 需要 用于 使用 指定 某个 当 等 如 例如 比如 其 该 所 之 知道 一下子""".split()
)

#: words that open a negated stretch ("don't refund", "不要退款")
NEGATION_CUES = frozenset(
    ("not", "don't", "dont", "do not", "never", "no", "without", "won't", "didn't", "doesn't",
     "haven't", "hasn't", "hadn't", "isn't", "aren't", "wasn't", "weren't", "cannot", "can't",
     "没", "没有", "未", "尚未", "还没",
     "不要", "别", "不用", "无需", "不想", "不需要", "不必", "没必要", "不", "甭", "勿", "不是")
)

#: words that close a negated stretch ("don't refund, *just* tell me ...")
NEGATION_STOPS = frozenset(
    ("but", "just", "only", "instead", "rather", "however", "though",
     "只", "只要", "只想", "就", "但", "但是", "而是", "只是", "而", "不过")
)

#: ISO 4217 code -> names (English, Chinese) - world knowledge for currency arguments
CURRENCIES: dict[str, tuple[str, ...]] = {
    "USD": ("dollar", "dollars", "us dollar", "usd", "$", "美元", "美金"),
    "EUR": ("euro", "euros", "eur", "€", "欧元"),
    "CNY": ("yuan", "rmb", "renminbi", "cny", "¥", "人民币", "元", "块钱", "块"),
    "JPY": ("yen", "jpy", "日元", "日币"),
    "GBP": ("pound", "pounds", "sterling", "gbp", "£", "英镑"),
    "HKD": ("hong kong dollar", "hkd", "港币", "港元"),
    "KRW": ("korean won", "krw", "韩元"),
    "CHF": ("swiss franc", "francs", "chf", "瑞士法郎"),
    "AUD": ("australian dollar", "aud", "澳元"),
    "CAD": ("canadian dollar", "cad", "加元"),
}

#: ISO 639-1 code -> names (English, Chinese) - world knowledge for language arguments
LANGUAGES: dict[str, tuple[str, ...]] = {
    "en": ("english", "英文", "英语"),
    "zh": ("chinese", "mandarin", "中文", "汉语", "普通话"),
    "fr": ("french", "法语", "法文"),
    "ja": ("japanese", "日语", "日文"),
    "de": ("german", "德语", "德文"),
    "es": ("spanish", "西班牙语", "西语"),
    "ko": ("korean", "韩语", "韩文"),
    "ru": ("russian", "俄语", "俄文"),
    "it": ("italian", "意大利语"),
    "pt": ("portuguese", "葡萄牙语"),
}

#: concepts that say what a tool *does* (its verb): the first one in a description is its main action
ACTION_CONCEPTS = frozenset({
    "publish", "refund", "cancel", "transfer", "send", "booking", "create", "delete", "update", "reminder", "todo",
    "convert", "translate", "detect", "search", "lookup", "calculate", "summarize", "music", "recommend",
    "switch_on", "switch_off", "return", "restart", "lost",
})

#: concepts of actions that change something in the world (send, book, refund ...): a question
#: about them ("why was I charged twice?") is not a request to do them
EFFECT_CONCEPTS = frozenset({
    "publish", "refund", "cancel", "transfer", "send", "message", "booking", "create", "delete", "update", "reminder",
    "todo", "pay", "order", "music", "light", "thermostat", "password", "switch_on", "switch_off", "leave",
    "cart", "return", "restart", "lost",
})

#: concepts of tools that look things up for a question ("what does X mean?" may be searched)
SEARCH_CONCEPTS = frozenset({"search", "web", "docs", "news"})

#: everyday words for common enum values (world knowledge: "urgent" is high priority, 一等座 is first class)
ENUM_SYNONYMS: dict[str, tuple[str, ...]] = {
    "high": ("urgent", "urgently", "asap", "important", "critical", "紧急", "很急", "加急", "重要", "高优先级"),
    "low": ("not urgent", "no rush", "whenever", "someday", "不急", "不着急", "低优先级"),
    "first class": ("first class", "一等座", "头等舱"),
    "second class": ("second class", "二等座"),
    "business": ("business class", "商务舱", "商务座"),
    "economy": ("economy class", "coach", "经济舱"),
    "premium economy": ("premium economy", "超级经济舱", "高端经济舱"),
    "metric": ("celsius", "kilometres", "公制"),
    "imperial": ("fahrenheit", "miles", "英制"),
    "production": ("prod", "live", "生产", "生产环境", "线上", "正式环境"),
    "staging": ("stage", "pre-production", "预发", "预发布", "预发环境"),
    "development": ("dev", "开发环境"),
}

#: unit code -> names (English, Chinese) - world knowledge for unit arguments
UNITS: dict[str, tuple[str, ...]] = {
    "km": ("kilometre", "kilometres", "kilometer", "kilometers", "km", "公里", "千米"),
    "mi": ("mile", "miles", "mi", "英里"),
    "m": ("metre", "metres", "meter", "meters", "米"),
    "cm": ("centimetre", "centimetres", "centimeter", "centimeters", "cm", "厘米"),
    "ft": ("foot", "feet", "ft", "英尺"),
    "in": ("inch", "inches", "英寸"),
    "kg": ("kilogram", "kilograms", "kilo", "kilos", "kg", "公斤", "千克"),
    "lb": ("pound", "pounds", "lb", "lbs", "磅"),
    "g": ("gram", "grams", "克"),
    "oz": ("ounce", "ounces", "oz", "盎司"),
    "l": ("litre", "litres", "liter", "liters", "升"),
    "gal": ("gallon", "gallons", "gal", "加仑"),
    "C": ("celsius", "°c", "℃", "摄氏度"),
    "F": ("fahrenheit", "°f", "℉", "华氏度"),
}

#: capitalised abbreviations that are not codes of anything a tool looks up (tickers, airports ...)
NOT_CODES = frozenset(
    [
        "US", "USA", "UK", "EU", "UN", "OK", "AM", "PM", "CEO", "CFO", "CTO", "IPO", "ETF", "API", "FAQ", "ASAP",
        "FYI", "ID", "PDF", "UTC", "GMT", "AI", "IT", "HR", "TV", "PR", "VIP", "NYSE", "NASDAQ", "SMS", "URL", "PS",
        "TBD", "ETA", "BTW", "LOL", "IMO", "DM", "PIN",
    ]
)
