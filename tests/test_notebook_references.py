"""Every file a notebook cites exists: paths under tests/, fcourse/, notebooks/, tools/ and benchmarks/.

A learner who reads "the race across four processes is in tests/test_refunds.py" and finds no such file
stops trusting the rest. This reads every cell (markdown and code, outputs excluded: an output may show
a learner's own file) and every path that looks like a repository file.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: a path into the repository: a known top folder, then path characters, ending in a file name with a suffix
CITED = re.compile(
    r"(?<![\w./-])((?:tests|fcourse|notebooks|tools|benchmarks)/[\w./*-]*[\w*]\.(?:py|json|ipynb|md|txt|sql))"
)


def cited(text: str) -> list[str]:
    """The repository paths ``text`` names (globs such as ``teaching_unseen_v*_results.json`` included)."""
    return CITED.findall(text)


def _exists(path: str) -> bool:
    return any(ROOT.glob(path)) if "*" in path else (ROOT / path).is_file()


def test_the_pattern_finds_paths_and_skips_module_names() -> None:
    text = "see `tests/test_runtime_registry.py`, fcourse/evaluation/data/*.json and fcourse.runtime.recovery"
    assert cited(text) == ["tests/test_runtime_registry.py", "fcourse/evaluation/data/*.json"]
    assert not _exists("tests/test_registry.py")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_cited_file_exists(path: Path) -> None:
    missing = []
    for index, cell in enumerate(json.loads(path.read_text("utf-8"))["cells"]):
        for name in cited("".join(cell["source"])):
            if not _exists(name):
                missing.append(f"cell {index}: {name}")
    assert missing == [], f"{path.name} cites files that do not exist"


def test_the_readme_cites_only_files_that_exist() -> None:
    missing = [name for name in cited((ROOT / "README.md").read_text("utf-8")) if not _exists(name)]
    assert missing == []


def _anchor(heading: str) -> str:
    """GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_link_into_the_readme_names_one_of_its_headings(path: Path) -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    anchors = {_anchor(line.lstrip("#")) for line in readme.splitlines() if line.startswith("#")}
    text = "".join("".join(cell["source"]) for cell in json.loads(path.read_text("utf-8"))["cells"])
    links = re.findall(r"README\.md#([\w-]+)", text)
    missing = [link for link in links if link not in anchors]
    assert missing == [], f"{path.name} links to README headings that do not exist"
