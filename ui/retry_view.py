"""A second try and a hint in a lesson: what the learner reads after a first wrong answer, before a second one,
and the hint (the rule to look at, from the game's glossary: its title, text and sources, never the answer)."""

from __future__ import annotations

from tutor.games import plugin
from ui import html as h
from ui.i18n import _, tr


def retry_html() -> str:
    """The verdict on a first wrong answer: no solution yet, a second try offered."""
    verdict, offer = _("Not quite."), _("You may try once more, or see the answer. A right second try counts half "
                                        "a point.")
    return (f'<div class="rt-feedback wrong" role="status" id="rt-verdict" tabindex="-1" data-testid="rt-retry">'
            f'<div class="verdict">{h.esc(verdict)}</div><p class="rt-retry-offer">{h.esc(offer)}</p></div>')


def second_try_html() -> str:
    return f'<p class="rt-second-try" data-testid="rt-second-try">{h.esc(_("Second try"))}</p>'


def hint_html(game: str, rule_id: str) -> str:
    """The rule to look at: its name, text and sources from the game's glossary."""
    glossary = plugin(game).glossary
    if rule_id not in glossary:
        return ""
    rule = glossary[rule_id]
    look = _("Look at this rule: {rule}").format(rule=tr(rule.title, game))
    return (f'<div class="rt-hint" role="note" data-testid="rt-hint" data-rule="{h.esc(rule_id)}">'
            f'<div class="rt-hint-tag">{h.esc(_("Hint"))}</div><p class="rt-hint-title">{h.esc(look)}</p>'
            f'<p class="rt-rule-text">{h.esc(tr(rule.text, game))}</p>'
            f'<span class="src">{h.citations(game, rule.source)}</span>'
            f'<p class="rt-hint-cost">{h.esc(_("A right answer after a hint counts half a point."))}</p></div>')
