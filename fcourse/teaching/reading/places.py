"""A small gazetteer: the place names the teaching model "knows" (world knowledge).

A real model knows that 北京 and Beijing are cities; the teaching model knows
the major world and Chinese cities below, in English and Chinese, and fills a
city or location argument with the name *as the user wrote it* (北京 stays 北京,
Beijing stays Beijing). A place it does not know is not filled - it asks back
instead of guessing. Introduced in chapter 2 (filling ``city`` for get_weather).
"""

from __future__ import annotations

import functools
import re

__all__ = ["PLACES", "find_places"]

#: (English name, Chinese name) of places the teaching model knows
PLACES: tuple[tuple[str, str], ...] = (
    ("Beijing", "北京"), ("Shanghai", "上海"), ("Guangzhou", "广州"), ("Shenzhen", "深圳"),
    ("Hangzhou", "杭州"), ("Nanjing", "南京"), ("Chengdu", "成都"), ("Chongqing", "重庆"),
    ("Wuhan", "武汉"), ("Xi'an", "西安"), ("Tianjin", "天津"), ("Suzhou", "苏州"),
    ("Xiamen", "厦门"), ("Qingdao", "青岛"), ("Dalian", "大连"), ("Shenyang", "沈阳"),
    ("Harbin", "哈尔滨"), ("Changsha", "长沙"), ("Zhengzhou", "郑州"), ("Jinan", "济南"),
    ("Kunming", "昆明"), ("Guiyang", "贵阳"), ("Nanning", "南宁"), ("Fuzhou", "福州"),
    ("Hefei", "合肥"), ("Nanchang", "南昌"), ("Lhasa", "拉萨"), ("Urumqi", "乌鲁木齐"),
    ("Lanzhou", "兰州"), ("Hohhot", "呼和浩特"), ("Sanya", "三亚"), ("Haikou", "海口"),
    ("Hong Kong", "香港"), ("Macau", "澳门"), ("Taipei", "台北"),
    ("Tokyo", "东京"), ("Osaka", "大阪"), ("Kyoto", "京都"), ("Seoul", "首尔"),
    ("Singapore", "新加坡"), ("Bangkok", "曼谷"), ("Kuala Lumpur", "吉隆坡"), ("Jakarta", "雅加达"),
    ("Manila", "马尼拉"), ("Hanoi", "河内"), ("Delhi", "德里"), ("Mumbai", "孟买"),
    ("Bangalore", "班加罗尔"), ("Dubai", "迪拜"), ("Istanbul", "伊斯坦布尔"), ("Moscow", "莫斯科"),
    ("London", "伦敦"), ("Paris", "巴黎"), ("Berlin", "柏林"), ("Munich", "慕尼黑"),
    ("Madrid", "马德里"), ("Barcelona", "巴塞罗那"), ("Rome", "罗马"), ("Milan", "米兰"),
    ("Amsterdam", "阿姆斯特丹"), ("Vienna", "维也纳"), ("Zurich", "苏黎世"), ("Geneva", "日内瓦"),
    ("Stockholm", "斯德哥尔摩"), ("Copenhagen", "哥本哈根"), ("Oslo", "奥斯陆"), ("Helsinki", "赫尔辛基"),
    ("Dublin", "都柏林"), ("Lisbon", "里斯本"), ("Prague", "布拉格"), ("Warsaw", "华沙"),
    ("Athens", "雅典"), ("Brussels", "布鲁塞尔"), ("Cairo", "开罗"), ("Nairobi", "内罗毕"),
    ("Cape Town", "开普敦"), ("Johannesburg", "约翰内斯堡"), ("Lagos", "拉各斯"),
    ("New York", "纽约"), ("Los Angeles", "洛杉矶"), ("San Francisco", "旧金山"), ("Chicago", "芝加哥"),
    ("Seattle", "西雅图"), ("Boston", "波士顿"), ("Washington", "华盛顿"), ("Miami", "迈阿密"),
    ("Las Vegas", "拉斯维加斯"), ("Houston", "休斯敦"), ("Toronto", "多伦多"), ("Vancouver", "温哥华"),
    ("Montreal", "蒙特利尔"), ("Mexico City", "墨西哥城"), ("Sao Paulo", "圣保罗"),
    ("Rio de Janeiro", "里约热内卢"), ("Buenos Aires", "布宜诺斯艾利斯"), ("Lima", "利马"),
    ("Sydney", "悉尼"), ("Melbourne", "墨尔本"), ("Auckland", "奥克兰"),
)


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], dict[str, str]]:
    names: dict[str, str] = {}
    for en, zh in PLACES:
        names[en.lower()] = en
        names[zh] = zh
    alternatives = sorted(names, key=lambda n: (-len(n), n))
    en_part = "|".join(re.escape(n) for n in alternatives if n.isascii())
    zh_part = "|".join(re.escape(n) for n in alternatives if not n.isascii())
    pattern = re.compile(rf"(?<![A-Za-z])(?:{en_part})(?![A-Za-z])|{zh_part}", re.IGNORECASE)
    return pattern, names


@functools.lru_cache(maxsize=4096)
def find_places(text: str) -> tuple[tuple[str, int, int], ...]:
    """Known places in ``text``, in order, as ``(name as written, start, end)``.

    >>> find_places("Weather in beijing and 上海?")
    (('Beijing', 11, 18), ('上海', 23, 25))
    """
    pattern, names = _patterns()
    found: list[tuple[str, int, int]] = []
    for m in pattern.finditer(text):
        key = m.group()
        name = names.get(key) or names.get(key.lower(), key)
        found.append((name, m.start(), m.end()))
    return tuple(found)
