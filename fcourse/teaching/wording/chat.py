"""What the teaching model says about itself, and to a turn no tool serves (issue 26).

Introduced in chapter 0. It is a teaching instrument, and says so plainly:

- ``greeting`` / ``thanks``: a short, friendly reply (a greeting names what it can do);
- ``abilities``: "What can you do?" / 你能做什么 - what its tools do, in plain words, never their names;
- ``honest``: general knowledge, jokes, poems, opinions - one honest sentence: it is the course's offline
  teaching model, it knows no facts of the world, and the README's "Using a real provider" connects one
  that does;
- ``cannot``: a task none of its tools does - it says so, and what it can do instead;
- ``ask_for``: a question back for a value a tool needs, in the words of the parameter's description
  ("the city name"), never the parameter's name.

Every text comes in English and Chinese; which one is the reply's language.
"""

from __future__ import annotations

import re
from typing import Any

from fcourse.teaching.reading.field_words import label_of
from fcourse.teaching.reading.params import function_of
from fcourse.teaching.wording.capabilities import capabilities
from fcourse.teaching.wording.phrasing import and_list

__all__ = ["abilities", "ask_for", "cannot", "farewell", "greeting", "honest", "thanks"]

_PROVIDER = 'the README\'s "Using a real provider" section'
_PROVIDER_ZH = 'README 里的 "Using a real provider" 一节'


def _can(tools: list[dict[str, Any]], zh: bool) -> str:
    caps = capabilities(tools, zh)
    if zh:
        return "；".join(caps)
    return and_list(caps, zh=False) if len(caps) < 3 else "; ".join(caps[:-1]) + "; and " + caps[-1]


def greeting(tools: list[dict[str, Any]], zh: bool) -> str:
    if not tools:
        return "你好！有什么可以帮你的？" if zh else "Hello! How can I help you today?"
    if zh:
        return f"你好！我可以帮你：{_can(tools, zh)}。告诉我你想做什么就行。"
    # no question mark: a question next to the tools' words would read as asking back for a value
    return f"Hello! I can {_can(tools, zh)}. Tell me what you'd like to do."


def thanks(zh: bool) -> str:
    return "不客气！还有别的需要随时说。" if zh else "You're welcome! Just ask if you need anything else."


def farewell(zh: bool) -> str:
    return "再见！" if zh else "Goodbye!"


def abilities(tools: list[dict[str, Any]], zh: bool) -> str:
    if not tools:
        return ("我是本课程的离线教学模型。给我工具，我就能提出工具调用；没有工具时我只能简单聊几句。" if zh else
                "I'm the course's offline teaching model. Give me tools and I can propose tool calls; without "
                "them I can only chat a little.")
    if zh:
        return f"我可以帮你：{_can(tools, zh)}。直接用你自己的话告诉我想做什么就行。"
    return f"I can {_can(tools, zh)}. Just tell me in your own words what you need."


def honest(tools: list[dict[str, Any]], zh: bool, creative: bool = False) -> str:
    """General knowledge, jokes, poems: what it is, what it cannot do, and where to get it instead (jokes and
    poems named only when the user asked for one)."""
    if zh:
        cannot = "不会写笑话或诗" if creative else "不了解外面世界的事实"
        text = (f"我是本课程的离线教学模型，{cannot}，所以不会编一个答案；"
                f"想要这类回答，请按 {_PROVIDER_ZH} 接入真正的模型。")
        return text + (f"在这里我可以帮你：{_can(tools, zh)}。" if tools else "")
    cannot = "I don't write jokes, poems or stories" if creative else "I know no facts about the world"
    text = (f"I'm the course's offline teaching model: {cannot}, so I won't make an answer up. For that, "
            f"connect a real provider ({_PROVIDER}).")
    return text + (f" Here I can {_can(tools, zh)}." if tools else "")


def cannot(tools: list[dict[str, Any]], zh: bool) -> str:
    """A task none of the tools does."""
    if zh:
        return f"这件事我办不到：我的工具里没有能做它的。我可以帮你：{_can(tools, zh)}。"
    return f"I can't do that here: none of my tools does it. I can {_can(tools, zh)}."


def _wanted(tool: dict[str, Any], name: str, zh: bool) -> str:
    """What a missing parameter is, in the words of its description (its first clause), else its name as words."""
    parameters = function_of(tool).get("parameters")
    props = parameters.get("properties") if isinstance(parameters, dict) else None
    schema = props.get(name) if isinstance(props, dict) and isinstance(props.get(name), dict) else {}
    desc = re.split(r"[.。;；(（]|, e\.g\.|，(?:例)?如|:\s|：", str(schema.get("description", "")).strip())[0].strip()
    label = label_of(name)
    cjk = re.compile(r"[\u4e00-\u9fff]")
    if zh and desc and not cjk.search(desc) and cjk.search(label.zh):  # the glossary's Chinese for the name
        return label.zh
    if desc and (zh or not cjk.search(desc)):  # an English question quotes no Chinese
        first = desc.split()[0]
        return desc[:1].lower() + desc[1:] if first[1:].islower() or first == "A" else desc  # not "ISO code"
    return label.zh if zh else label.en


def _the(item: str) -> str:
    return item if re.match(r"(?:the|a|an|your|my)\b", item, re.IGNORECASE) else f"the {item}"


def ask_for(tool: dict[str, Any], missing: list[str], zh: bool) -> str:
    """A question back for the values a tool needs and nobody gave."""
    items = [_wanted(tool, name, zh) for name in missing]
    if zh:
        return f"要办这件事，我还需要知道：{'、'.join(items)}。请告诉我。"
    return f"To do that I need {and_list([_the(i) for i in items], zh=False)}. Could you tell me?"
