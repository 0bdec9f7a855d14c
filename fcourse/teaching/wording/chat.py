"""What the teaching model says about itself, and to a turn no tool serves (issue 26).

Introduced in chapter 0. It is a teaching instrument, and says so plainly:

- ``greeting`` / ``thanks``: a short, friendly reply (a greeting names what it can do);
- ``abilities``: "What can you do?" / 你能做什么 - what its tools do, in plain words, never their names;
- ``honest``: general knowledge, jokes, poems, opinions - one honest sentence: it is the course's offline
  teaching model, it knows no facts of the world, and the README's "Using a real provider" connects one
  that does;
- ``cannot``: a task none of its tools does - it says so, and what it can do instead;
- ``halted``: a stop, a retraction, a goodbye, an emergency, a false record, someone else's account (issue 36).
The question back for a missing value is ``asking.ask_for``.

Every text comes in English and Chinese; which one is the reply's language.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.wording.capabilities import capabilities
from fcourse.teaching.wording.phrasing import and_list

__all__ = ["abilities", "cannot", "farewell", "greeting", "halted", "honest", "thanks"]

_PROVIDER = 'the README\'s "Using a real provider" section'
_PROVIDER_ZH = "课程「README」里「Using a real provider」一节"


def _can(tools: list[dict[str, Any]], zh: bool) -> str:
    """What the tools do, for a reply in its language: an English reply leaves out a description written in Chinese
    (it has no English for it; "" when none is left)."""
    caps = capabilities(tools, zh)
    if zh:
        return "；".join(caps)
    caps = [c for c in caps if not re.search(r"[\u4e00-\u9fff]", c)]
    return and_list(caps, zh=False) if len(caps) < 3 else "; ".join(caps[:-1]) + "; and " + caps[-1]


def _also(text: str, tools: list[dict[str, Any]], zh: bool, lead: str) -> str:
    """``text``, then what the tools do after ``lead`` ("I can", 我可以帮你：) when there is something to say."""
    can = _can(tools, zh) if tools else ""
    if not can:
        return text
    return f"{text}{lead}{can}。" if zh else f"{text} {lead} {can}."


def greeting(tools: list[dict[str, Any]], zh: bool) -> str:
    if not tools:
        return "你好！有什么可以帮你的？" if zh else "Hello! How can I help you today?"
    if zh:
        return _also("你好！", tools, zh, "我可以帮你：") + "告诉我你想做什么就行。"
    # no question mark: a question next to the tools' words would read as asking back for a value
    return _also("Hello!", tools, zh, "I can") + " Tell me what you'd like to do."


def thanks(zh: bool) -> str:
    return "不客气！还有别的需要随时说。" if zh else "You're welcome! Just ask if you need anything else."


def farewell(zh: bool, thanked: bool = False) -> str:
    if zh:
        return ("不客气！" if thanked else "") + "再见，祝你一切顺利！"
    return ("You're welcome! " if thanked else "") + "Goodbye, and have a good day!"


#: how a reply says the user's own action word back ("cancel", 取消): a plain word of a few letters or characters
_VERB_EN = re.compile(r"^[a-z]{3,12}$")
_VERB_ZH = re.compile(r"^[\u4e00-\u9fff]{1,3}$")


def halted(kind: str, zh: bool, verb: str | None = None, thanked: bool = False, fire: bool = False) -> str:
    """The answer to a turn that asks for no tool (``fcourse.teaching.deciding.halts``): a stop, a retraction, a
    goodbye, an emergency, a false record, someone else's account."""
    if kind == "farewell":
        return farewell(zh, thanked)
    if kind == "stop":
        return ("好的，我先不做任何操作，什么都没有改动。你准备好了再告诉我。" if zh else
                "OK, I won't do anything for now, and nothing has been changed. Just tell me when you're ready.")
    if kind == "retract":
        if zh:
            said = f"不{verb}了" if verb and _VERB_ZH.match(verb) else "刚才的要求撤回了"
            return f"好的，{said}。我什么都没有做，一切保持不变。"
        said = f"I won't {verb} it" if verb and _VERB_EN.match(verb) else "I've dropped that request"
        return f"OK, {said}. Nothing has been done, and nothing has changed."
    if kind == "emergency":
        if zh:
            call = "立即拨打119火警电话（有人受伤再拨120）" if fire else "立即拨打120急救电话（或110）"
            move = "马上离开危险区域，远离烟雾，" if fire else "按急救人员的指导做，"
            return (f"这是紧急情况：请{call}，{move}并请身边的人帮忙。我是离线的教学模型，没法替你呼救，"
                    "这里的工具也不是求救的渠道。")
        move = " Get everyone out and away from the smoke." if fire else " Follow what the operator tells you."
        return ("This is an emergency: call the emergency services now (999 or 112 in the UK and Europe, 911 in the "
                f"US) and get help from the people around you.{move} I'm an offline teaching model: I can't call "
                "for help, and none of these tools is the way to reach it.")
    if kind == "false_record":
        return ("抱歉，这个我不能做：记录必须如实，我不能把没有发生的事记成已经发生。" if zh else
                "Sorry, I can't do that: a record has to say what really happened, so I won't record something "
                "that didn't happen.")
    return ("抱歉，我不能这样做：我只能为你本人的账户办理，别人的账户需要本人自己来办理。" if zh else
            "Sorry, I can't do that: I can only act on your own account. The other person needs to ask for "
            "it themselves.")


def abilities(tools: list[dict[str, Any]], zh: bool) -> str:
    if not tools:
        return ("我是本课程的离线教学模型。给我工具，我就能提出工具调用；没有工具时我只能简单聊几句。" if zh else
                "I'm the course's offline teaching model. Give me tools and I can propose tool calls; without "
                "them I can only chat a little.")
    if zh:
        return _also("", tools, zh, "我可以帮你：") + "直接用你自己的话告诉我想做什么就行。"
    return (_also("", tools, zh, "I can").strip() or "I can use this service's tools.") + \
        " Just tell me in your own words what you need."


def honest(tools: list[dict[str, Any]], zh: bool, creative: bool = False) -> str:
    """General knowledge, jokes, poems: what it is, what it cannot do, and where to get it instead (jokes and
    poems named only when the user asked for one)."""
    if zh:
        cannot = "不会写笑话或诗" if creative else "不了解外面世界的事实"
        text = (f"我是本课程的离线教学模型，{cannot}，所以不会编一个答案；"
                f"想要这类回答，请按{_PROVIDER_ZH}的说明接入真正的模型。")
        return _also(text, tools, zh, "在这里我可以帮你：")
    cannot = "I don't write jokes, poems or stories" if creative else "I know no facts about the world"
    text = (f"I'm the course's offline teaching model: {cannot}, so I won't make an answer up. For that, "
            f"connect a real provider ({_PROVIDER}).")
    return _also(text, tools, zh, "Here I can")


def cannot(tools: list[dict[str, Any]], zh: bool, look_up: bool = False) -> str:
    """A task none of the tools does (``look_up``: a question about the user's own things none of them answers)."""
    if look_up:
        if zh:
            return _also("抱歉，这个我查不到：我的工具里没有能查这个信息的。", tools, zh, "我可以帮你：")
        return _also("Sorry, I can't look that up: none of my tools gives that information.", tools, zh, "I can")
    if zh:
        return _also("抱歉，这件事我做不到：我的工具里没有能做它的。", tools, zh, "我可以帮你：")
    return _also("Sorry, I can't do that here: none of my tools does it.", tools, zh, "I can")
