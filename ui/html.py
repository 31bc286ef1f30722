"""Small HTML helpers; every piece of text goes through ``esc`` (HTML) or ``md_escape`` (Streamlit Markdown)."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Iterable

from engine.core.trace import Step


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


_MD_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation character
WORD_JOINER = "\u2060"  # invisible and unbreakable: keeps a URL or an e-mail address from being linked
_AUTOLINK = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?<=@)")


def md_escape(text: object) -> str:
    r"""Text for a widget that renders Markdown (labels, buttons, expanders, errors, table cells): every ASCII
    punctuation character backslash-escaped, so ``[prize](https://x)``, ``![x](https://x/i.png)``, ``:red[...]``
    or ``$x$`` show as the characters typed, never as a link, an image, a colour or a formula. Streamlit links
    bare URLs and e-mail addresses after escapes are read (GFM's autolink literals are found in the text), so a
    word joiner (U+2060, invisible) also goes after ``:`` in ``://``, after ``www`` and after ``@``.

    >>> print(md_escape("[a](https://x.y)").replace(WORD_JOINER, "⁀"))
    \[a\]\(https\:⁀\/\/x\.y\)
    """
    return _MD_SPECIAL.sub(r"\\\1", _AUTOLINK.sub(WORD_JOINER, str(text)))


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
