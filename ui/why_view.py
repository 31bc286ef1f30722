""""Why?" on an answered question: pick a quantity its line changed ("Why does Azzan have 5 hit points?") and
read the chain of steps that changed it, from the start to the question's moment, each with its rule, the value
before and after, and its sources (``tutor.why``). Plain ``<details>`` elements: no widget, no rerun, a
keyboard and a screen reader open them like any disclosure. Nothing is drawn where the game's engine records
no effects."""

from __future__ import annotations

from typing import Any

from tutor.games import plugin
from tutor.why import Why, whys
from ui import html as h
from ui.i18n import _, tr


def _value(game: str, scn: Any, why: Why, v: Any) -> str:
    phrases = plugin(game).why
    shown = phrases.value(scn, why.key, v) if phrases is not None else v
    return tr(shown, game, capitalise=False) if not isinstance(shown, (int, str)) else str(shown)


def _chain(game: str, scn: Any, why: Why) -> str:
    glossary = plugin(game).glossary
    items = []
    for step, before, after in why.links:
        rule = glossary[step.rule] if step.rule in glossary else None
        title = tr(rule.title, game) if rule else step.rule
        change = _("{before} → {after}").format(before=_value(game, scn, why, before),
                                                 after=_value(game, scn, why, after))
        items.append(f'<li><span class="rt-rule-name" title="{h.esc(step.rule)}">{h.esc(title)}</span> '
                     f'{h.esc(h.step_text(game, step))} <span class="rt-why-change">{h.esc(change)}</span>'
                     f'<span class="src">{h.citations(game, step.source)}</span></li>')
    start = _("At the start: {value}").format(value=_value(game, scn, why, why.start))
    now = _("At the question's moment: {value}").format(value=_value(game, scn, why, why.now))
    return (f'<p class="rt-why-start">{h.esc(start)}</p><ol class="rt-support rt-why-chain">{"".join(items)}</ol>'
            f'<p class="rt-why-now">{h.esc(now)}</p>')


def why_html(asked: Any) -> str:
    """The "Why?" disclosure for an answered question (``tutor.questions.Asked``), or "" when there is nothing
    to ask about (no step up to the moment changed a quantity the game asks about)."""
    found = whys(asked)
    if not found:
        return ""
    scn = asked.scenario
    game = scn.game
    items = "".join(f'<details class="rt-why-item" data-key="{h.esc(" ".join(w.key))}"><summary>'
                    f'{h.esc(tr(w.question, game))}</summary>{_chain(game, scn, w)}</details>' for w in found)
    label, intro = _("Why? Ask about anything that changed"), _("Pick a question to see every step behind it:")
    return (f'<details class="rt-why-ask" data-testid="rt-why-ask"><summary>{h.esc(label)}</summary>'
            f'<p class="rt-why-intro">{h.esc(intro)}</p>{items}</details>')
