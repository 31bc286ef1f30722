"""What ``rules-tutor solve`` and ``show`` print, in the reader's language (``--lang``).

Every sentence is a message template (``msg``, extracted into ``locale/messages.pot``) rendered with
:func:`tutor.i18n.render`; its parts come from where the app takes them: the scenario's own texts from its
translation file (``Library.in_language``), engine messages (captions, moments, steps, refusals) rendered, and
fixed phrases (choice and ask labels, source titles) from the game's catalog. In English, ``solve`` prints
exactly the golden text (``tutor.golden.as_text``).
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core.message import N_, Message, msg
from tutor.games.base import ILLEGAL_LABEL
from tutor.i18n import gettext_in, render
from tutor.library import Library
from tutor.models import Question, ScenarioBase
from tutor.questions import PartView, answer_text, caption_message, part_views


class Speaker:
    """Messages and fixed phrases of one game in one language."""

    def __init__(self, lang: str, game: str) -> None:
        self.lang, self.game = lang, game

    def __call__(self, text: Message | str | None, capitalise: bool = False) -> str:
        """A message rendered, a fixed phrase looked up (a name with no entry stays as it is)."""
        if isinstance(text, Message):
            return render(text, self.lang, self.game, capitalise)
        return gettext_in(self.lang, text, self.game) if text else ""

    def line(self, template: str, **args: Any) -> str:
        """A sentence of the CLI (a template of ``messages``) with its parts already in the language."""
        return render(msg(template, **args), self.lang, self.game, False)


def shown(lib: Library, sid: str, lang: str) -> ScenarioBase:
    """The scenario with its texts (title, prompts, captions) in ``lang`` where a translation exists."""
    return lib.scenario_in(sid, lang) if lang != "en" else lib.scenarios[sid]


def caption(lib: Library, scn: ScenarioBase, local: ScenarioBase, q: Question | None, say: Speaker) -> str:
    """The narration above a board: a derived caption rendered, or the author's own in its translation."""
    said = caption_message(scn, q) if q is None else lib.asked(scn.id, q.id).caption_message
    if isinstance(said, str):
        lq = local.question(q.id) if q is not None else None
        if q is not None and q.caption and said == q.caption:
            return (lq.caption if lq is not None else None) or said
        if scn.caption and said == scn.caption:
            return local.caption or said
        return said
    return say(said, capitalise=True)


def views(scn: ScenarioBase, q: Question, sol: Any, say: Speaker) -> list[PartView]:
    """The question's parts with their labels and choices in the language (keys unchanged)."""
    from dataclasses import replace

    return [replace(v, label=say(v.label),
                    choices=tuple(replace(c, label=say(c.message or c.label), message=None) for c in v.choices))
            for v in part_views(scn, q, sol)]


def refusal(err: Any, say: Speaker) -> str:
    message = getattr(err, "message", None)
    return say(message) if isinstance(message, Message) else str(err)


def solve_text(lib: Library, sid: str, lang: str) -> str:
    """Each question's answer and explanation (deciding step first), as ``solve`` prints it."""
    from tutor.games import plugin

    scn = lib.scenarios[sid]
    local, say = shown(lib, sid, lang), Speaker(lang, scn.game)
    sources = plugin(scn.game).sources
    lines = [say.line(N_("{scenario}: {caption}"), scenario=sid, caption=caption(lib, scn, local, None, say))]
    for q in scn.questions:
        prompt = local.question(q.id).prompt if any(x.id == q.id for x in local.questions) else q.prompt
        if not lib.answerable(sid, q.id):
            lines += ["", say.line(N_("{question}: {prompt}"), question=q.id, prompt=prompt),
                      "  " + say.line(N_("refused: {reason}"), reason=refusal(lib.refused[(sid, q.id)], say))]
            continue
        asked = lib.asked(sid, q.id)
        label = answer_text(views(scn, q, asked.solution, say), asked.answer, say)
        lines += ["", say.line(N_("{question} (asked {moment}): {prompt}"), question=q.id, moment=say(asked.at),
                               prompt=prompt),
                  "  " + say.line(N_("answer: {answer}"), answer=label)]
        expl = asked.explanation
        order = [expl.deciding] if expl.deciding is not None else []
        order += [i for i in range(len(expl.steps)) if i != expl.deciding]
        for n, i in enumerate(order, start=1):
            step = expl.steps[i]
            args = dict(n=n, text=say(step.message, capitalise=True) if step.message is not None else step.text,
                        rule=step.rule, sources="; ".join(say(c.label) for c in sources.cite(step.source)))
            if i == expl.deciding:
                lines.append("  " + say.line(N_("{n}. decides: {text}  [{rule}; {sources}]"), **args))
            elif i in expl.routine:
                lines.append("  " + say.line(N_("{n}. (routine) {text}  [{rule}; {sources}]"), **args))
            else:
                lines.append("  " + say.line(N_("{n}. {text}  [{rule}; {sources}]"), **args))
    return "\n".join(lines) + "\n"


def show_text(lib: Library, sid: str, questions: list[Question], lang: str,
              board: Callable[[Any], str]) -> str:
    """What a learner sees before answering each question, as ``show`` prints it; ``board(asked)`` draws the
    board at the moment as text."""
    from tutor.questions import offers_illegal

    scn = lib.scenarios[sid]
    local, say = shown(lib, sid, lang), Speaker(lang, scn.game)
    out: list[str] = []
    for n, q in enumerate(questions):
        if n:
            out += ["", "=" * 60, ""]
        if not lib.answerable(sid, q.id):
            out.append(say.line(N_("{title} · {question} · refused: {reason}"), title=local.title, question=q.id,
                                reason=refusal(lib.refused[(sid, q.id)], say)))
            continue
        asked = lib.asked(sid, q.id)
        lq = local.question(q.id) if any(x.id == q.id for x in local.questions) else q
        out += [say.line(N_("{title} · {question} · asked {moment}"), title=local.title, question=q.id,
                         moment=say(asked.at)),
                caption(lib, scn, local, q, say), "", board(asked), "", lq.prompt]
        for view in views(scn, q, asked.solution, say):
            if view.kind == "number":
                out.append("  " + say.line(N_("{part}: (a number)"), part=view.label))
                continue
            if view.kind == "multi_select":
                out.append("  " + say.line(N_("{part} (pick every one that applies):"), part=view.label))
            else:
                out.append("  " + say.line(N_("{part}:"), part=view.label))
            out += ["    - " + c.label for c in view.choices]
        if offers_illegal(scn, q):
            out.append("  " + say.line(N_("or: {illegal}"), illegal=say(ILLEGAL_LABEL)))
    return "\n".join(out) + "\n"
