"""Small HTML helpers; every piece of text goes through ``esc``."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Iterable

from engine.core.trace import Step


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def md_escape(text: object) -> str:
    """Text for Markdown (messages, table cells): every Markdown character backslash-escaped, so a name
    like ``[prize](https://...)`` shows as that text, not as a link."""
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|~<>:])", r"\\\1", str(text))


@cache
def css() -> str:
    return "<style>" + (Path(__file__).parent / "theme.css").read_text(encoding="utf-8") + "</style>"


def step_indicator(names: Iterable[str], current: int | None, label: str = "Steps") -> str:
    items = []
    for i, name in enumerate(names, start=1):
        cls = "current" if current == i else ("done" if current and i < current else "")
        aria = ' aria-current="step"' if current == i else ""
        items.append(f'<li class="{cls}"{aria}><span class="n">{i}</span>{esc(name)}</li>')
    return f'<ol class="rt-steps" aria-label="{esc(label)}">{"".join(items)}</ol>'


def step_list(names: Iterable[str], descriptions: Iterable[str]) -> str:
    items = [f'<li><span class="n">{i}</span><span class="t">{esc(n)}</span><span class="d">{esc(d)}</span></li>'
             for i, (n, d) in enumerate(zip(names, descriptions), start=1)]
    return f'<ol class="rt-steplist">{"".join(items)}</ol>'


def explanation(steps: Iterable[Step]) -> str:
    items = [f'<li><span class="rt-rule">{esc(s.rule)}</span> {esc(s.text)}'
             f'<span class="src">{esc(s.source)}</span></li>' for s in steps]
    return f'<ol class="rt-explain">{"".join(items)}</ol>'


def rule_chips(rule_ids: Iterable[str]) -> str:
    chips = "".join(f'<span class="rt-rule">{esc(r)}</span>' for r in rule_ids)
    return f'<div class="rt-rules">{chips}</div>' if chips else ""
