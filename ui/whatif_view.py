"""Two lines side by side: the comparison view of "What if…?" on the ruling page and of a side line on the Play
page. Each side has its title, a caption, its own head (an illegal play, the moves of the line), the answers
(or facts) on both sides with the changed ones marked, the steps aligned by :func:`tutor.whatif.diff_steps`
(added, removed, changed: the same rule with another sentence) and the board at its end, folded."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from tutor.games import plugin
from tutor.whatif import AnswerDiff, StepDiff
from ui import html as h
from ui.i18n import _, tr

CSS = """<style>
.rr-diff{list-style:none;padding:0;margin:.3rem 0}.rr-diff li{padding:.35rem .5rem;border-top:1px solid #eee;border-left:4px solid transparent}
.rr-diff li.added{background:#e6f4ea;border-left-color:#1f7a44}.rr-diff li.removed{background:#fdecea;border-left-color:#b3261e}
.rr-diff li.changed{background:#fff6dd;border-left-color:#d9a400}.rr-diff .src{display:block;font-size:.72rem;color:#6b7285}
.rr-diff .kind{font-size:.62rem;font-weight:800;text-transform:uppercase;margin-right:.3rem}
.rr-answers{border-collapse:collapse;width:100%;margin:.3rem 0 .6rem}.rr-answers td{padding:.3rem .4rem;border-top:1px solid #eee;vertical-align:top}
.rr-answers tr.changed td{background:#fff6dd}.rr-answer{font-weight:800}
</style>"""


@dataclass(frozen=True)
class Side:
    """One line of the comparison: its title and caption (plain text), its head and board (HTML, escaped by
    the caller)."""

    title: str
    caption: str
    head: str
    board: str


def rule_title(game: str, rule: str) -> str:
    glossary = plugin(game).glossary
    return tr(glossary[rule].title, game) if rule in glossary else rule


def steps_html(steps: tuple[StepDiff, ...], side: str, game: str) -> str:
    items = []
    for s in steps:
        step = s.left if side == "left" else s.right
        if step is None:
            continue
        tag = {"added": _("added"), "removed": _("removed"), "changed": _("changed")}.get(s.kind, "")
        items.append(f'<li class="{s.kind}">' + (f'<span class="kind">{h.esc(tag)}</span>' if tag else "")
                     + f'<span class="rt-rule-name" title="{h.esc(step.rule)}">{h.esc(rule_title(game, step.rule))}'
                     f'</span> {h.esc(h.step_text(game, step))}<span class="src">{h.citations(game, step.source)}'
                     '</span></li>')
    return f'<ol class="rr-diff">{"".join(items)}</ol>'


def answers_html(answers: tuple[AnswerDiff, ...], side: str) -> str:
    changed = h.esc(" · " + _("changed"))
    rows = "".join(f'<tr class="{"changed" if a.changed else ""}"><td>{h.esc(a.prompt)}</td><td class="rr-answer">'
                   f'{h.esc(a.left if side == "left" else a.right)}{changed if a.changed else ""}</td></tr>'
                   for a in answers)
    return f'<table class="rr-answers">{rows}</table>' if rows else ""


def compare(game: str, steps: tuple[StepDiff, ...], answers: tuple[AnswerDiff, ...], left: Side, right: Side,
            testid: str = "rr-diff-summary") -> None:
    """The summary (does anything change?), then the two sides in columns (stacked on a phone)."""
    changed = any(s.kind != "same" for s in steps) or any(a.changed for a in answers)
    head, rest = ((_("The ruling changes."), _("Highlighted: steps added, removed or changed, and answers that change."))
                  if changed else (_("Same ruling."), _("Nothing the engine computes changes.")))
    st.html(CSS + f'<p role="status" data-testid="{h.esc(testid)}"><strong>{h.esc(head)}</strong> {h.esc(rest)}</p>')
    for col, side, s in zip(st.columns(2), ("left", "right"), (left, right)):
        with col:
            st.markdown(f"**{h.md_escape(s.title)}** — {h.md_escape(s.caption)}")
            st.html(f'<div data-testid="{h.esc(testid)}-{side}">' + s.head + answers_html(answers, side)
                    + steps_html(steps, side, game) + "</div>")
            with st.expander(h.label_escape(_("Board"))):
                st.html(s.board)
