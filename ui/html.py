"""Small HTML helpers; every piece of text goes through ``esc`` (HTML) or ``md_escape`` (Streamlit Markdown)."""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path
from typing import Any, Iterable

from engine.core.trace import Step
from ui.i18n import _, tr


_MD_SPECIAL = re.compile(r"([!-/:-@\[-`{-~])")  # every ASCII punctuation character
WORD_JOINER = "\u2060"  # invisible and unbreakable: keeps a URL or an e-mail address from being linked
_AUTOLINK = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\.)|(?<=@)")


def esc(text: object) -> str:
    """Text (or an attribute's value) for HTML: ``<``, ``>``, ``&`` and both quotes escaped."""
    return html.escape(str(text), quote=True)


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


_MD_ACTIVE = re.compile(r"([\\`*_\[\]<>!$~|])")


def label_escape(text: object) -> str:
    r"""Text for a widget label that is also its accessible name: only the characters that could start
    Markdown markup (emphasis, code, links and images, HTML, formulas, colours ``:red[…]``) are escaped, and
    URLs are kept from being linked, so everyday punctuation ("Defeated?", "Target (who takes it)") reaches
    the screen reader's name without backslashes.

    >>> print(label_escape("[a](https://x.y) Defeated? *no*").replace(WORD_JOINER, "⁀"))
    \[a\](https:⁀//x.y) Defeated? \*no\*
    """
    return _MD_ACTIVE.sub(r"\\\1", _AUTOLINK.sub(WORD_JOINER, str(text)))


_MD_KEPT = re.compile(r"(\*\*|`[^`\n]+`)")  # what a Markdown template may keep: bold, and code spans
_FIELD = re.compile(r"\{(\w+)\}")
_LIST_ITEM = re.compile(r"(?m)^\\- ")


def md_template(template: str, **values: object) -> str:
    r"""A Markdown template (a translation, say ``"**{title}** — {what}"``) filled with ``values``, for
    ``st.markdown``/``st.caption``: the template may keep its bold (``**…**``, in pairs), its code spans
    (```` `rules-tutor check FILE` ````) and its list items (``- `` at the start of a line), which are inert;
    every other character of the template and every
    value is escaped (``md_escape``), so neither a catalog nor a value can make a link, an image, a colour
    or a formula. A ``{name}`` inside a code span gets the value with its backticks taken out.

    >>> print(md_template("**{t}** — `a [b](c)` {w}", t="[x](y)", w="$z$"))
    **\[x\]\(y\)** — `a [b](c)` \$z\$
    """
    parts = _MD_KEPT.split(template)  # even indices: text; odd: a "**" or a code span
    bold = parts[1::2].count("**") % 2 == 0
    out = []
    for i, part in enumerate(parts):
        if i % 2 == 0:
            at = 0
            for m in _FIELD.finditer(part):
                out += [md_escape(part[at:m.start()]), md_escape(values.get(m.group(1), m.group(0)))]
                at = m.end()
            out.append(md_escape(part[at:]))
        elif part == "**":
            out.append(part if bold else md_escape(part))
        else:
            out.append(_FIELD.sub(lambda m: str(values.get(m.group(1), m.group(0))).replace("`", "")
                                  .replace("\n", " "), part))
    return _LIST_ITEM.sub("- ", "".join(out))


def md_code(text: object) -> str:
    """``text`` as a Markdown code span (inert: no link, image or formula inside one); backticks taken out."""
    return "`" + str(text).replace("`", "").replace("\n", " ") + "`"


def md_link(label: object, url: str) -> str:
    """A Markdown link the code makes: the label escaped, the address only ``http(s)`` and percent-encoded
    where Markdown would end it (spaces, brackets, parentheses, angle brackets)."""
    from urllib.parse import quote

    if not re.match(r"(?i)https?://", url):
        return md_escape(label)
    return f"[{md_escape(label)}]({quote(url, safe=':/?#&=%+,;@!$*~.-_')})"


@cache
def css() -> str:
    return "<style>" + (Path(__file__).parent / "theme.css").read_text(encoding="utf-8") + "</style>"


def step_indicator(names: Iterable[str], current: int | None, label: str | None = None) -> str:
    """The steps (names already in the learner's language), the current one marked."""
    label = label or _("Steps")
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


RULINGS_PAGE = "rulings"


def citations(game: str, source: str) -> str:
    """A step's sources as short human citations: linked documents, and our rulings linked to their page."""
    from tutor.games import plugin

    parts = []
    for c in plugin(game).sources.cite(source):
        label = citation_label(game, c)
        if c.ruling is not None:
            href = f"{RULINGS_PAGE}?game={game}&ruling={c.ruling.id.strip('()')}#{c.ruling.anchor}"
            parts.append(f'<a href="{esc(href)}" target="_self">{esc(label)}</a>')
        elif c.url:
            parts.append(f'<a href="{esc(c.url)}" target="_blank" rel="noopener noreferrer">{esc(label)}</a>')
        else:
            parts.append(esc(label))
    return "; ".join(parts)


def source_label(game: str, s: Any, locator: str = "") -> str:
    """A document's label in the learner's language: its title, edition and place translated from the game's
    catalog (``rules-tutor i18n extract`` collects them), the locator (a page, a section) as cited."""
    head = tr(s.title, game) + (f" {tr(s.edition, game)}" if s.edition else "")
    where = tr(s.where, game) if s.where else ""
    parts = [head] + [p for p in (where, locator) if p]
    if where and locator and not locator[:1].isalpha():
        parts = [head, f"{where} {locator}"]
    return ", ".join(parts)


def ruling_label(game: str, r: Any) -> str:
    """"Our ruling D6: …" in the learner's language."""
    return _("Our ruling {id}: {title}").format(id=r.id, title=tr(r.title, game))


def citation_label(game: str, c: Any) -> str:
    """One cited source (``engine.core.sources.Citation``) as its label in the learner's language."""
    if c.ruling is not None:
        return ruling_label(game, c.ruling)
    if c.source is not None:
        return source_label(game, c.source, c.locator)
    return tr(c.text, game)


def _step_item(game: str, step: Step, cls: str = "", ids: bool = False) -> str:
    from tutor.games import plugin

    rule = plugin(game).glossary[step.rule] if step.rule in plugin(game).glossary else None
    title = esc(tr(rule.title, game)) if rule else esc(step.rule)
    rid = f' <span class="rt-rule">{esc(step.rule)}</span>' if ids else ""
    return (f'<li class="{cls}"><span class="rt-rule-name" title="{esc(step.rule)}">{title}</span> '
            f'{esc(step_text(game, step))}'
            f'{rid}<span class="src">{citations(game, step.source)}</span></li>')


def step_text(game: str, step: Step) -> str:
    """A trace step's sentence in the learner's language (its message; the English text if it has none)."""
    return tr(step.message if step.message is not None else step.text, game)


def explanation(game: str, expl: Any) -> str:
    """An explanation (``tutor.questions.Explanation``): the deciding step first, with the rule it applies;
    then the other steps in order, routine ones folded away; the whole trace in order under a fold."""
    from tutor.games import plugin

    steps = expl.steps
    if not steps:
        return ""
    out = ['<div class="rt-explain">']
    decide = expl.deciding_step
    if decide is not None:
        rule = plugin(game).glossary[decide.rule] if decide.rule in plugin(game).glossary else None
        rule_text = f'<p class="rt-rule-text">{esc(tr(rule.text, game))}</p>' if rule else ""
        decides = _("The rule that decides it")
        out.append(f'<div class="rt-decides" data-rule="{esc(decide.rule)}"><div class="rt-decides-tag">'
                   f'{esc(decides)}</div><div class="rt-decides-title" title="{esc(decide.rule)}">'
                   f'{esc(tr(rule.title, game) if rule else decide.rule)}</div>'
                   f'<p class="rt-decides-text">{esc(step_text(game, decide))}</p>'
                   f'{rule_text}<span class="src">{citations(game, decide.source)}</span></div>')
    support = [(i, st) for i, st in expl.supporting() if i not in expl.routine]
    if support:
        unfolds = _("How it unfolds")
        out.append(f'<div class="rt-support-title">{esc(unfolds)}</div><ol class="rt-support">'
                   + "".join(_step_item(game, st) for _, st in support) + "</ol>")
    if len(steps) > len(support) + (1 if decide is not None else 0) or expl.routine:
        items = "".join(_step_item(game, st, "deciding" if i == expl.deciding else
                                   "routine" if i in expl.routine else "") for i, st in enumerate(steps))
        every = _("Every step, in order ({n})").format(n=len(steps))
        out.append(f'<details class="rt-all-steps"><summary>{esc(every)}'
                   '</summary>'
                   f'<ol>{items}</ol></details>')
    out.append("</div>")
    return "".join(out)


def trace(game: str, steps: Iterable[Step]) -> str:
    """A plain trace (the ruling page: the whole line of play), each step with its rule's name, its id (for
    authors and players settling a ruling) and its sources."""
    return f'<ol class="rt-support rt-trace">{"".join(_step_item(game, st, ids=True) for st in steps)}</ol>'


def rule_chips(game: str, rule_ids: Iterable[str]) -> str:
    """The rules a slide teaches, by name (the id is kept for authors, on hover)."""
    from tutor.games import plugin

    glossary = plugin(game).glossary
    chips = "".join(f'<span class="rt-rule" title="{esc(r)}">{esc(tr(glossary[r].title, game) if r in glossary else r)}</span>'
                    for r in rule_ids)
    return f'<div class="rt-rules">{chips}</div>' if chips else ""
