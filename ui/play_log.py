"""The Play page's log: every move with its ruling as it happened (rule, sentence, citation; routine steps folded),
the bots' moves with their reasons, the refused attempts with the rule they break, and per move "why?": for each
quantity the move changed, the chain of steps since the deal that made it what it is (``tutor/why.py``)."""

from __future__ import annotations

from typing import Any, Sequence

from engine.core.trace import Step
from tutor.games import plugin
from tutor.play.live import Entry, Played, Refusal
from tutor.play.scenario import line_to, scenario_text
from tutor.share import encode
from tutor.why import chain, changed
from ui.html import _step_item, citations, esc, step_text
from ui.i18n import _, tr
from ui.play_board import move_text, reason_text, seat_label

SHOWN = 60
"""The most recent moves listed (the whole game is in the record)."""
KEYS = 5
"""The quantities a move's "why?" follows at most."""


def _value(v: Any) -> str:
    return "—" if v is None or v == "" else str(v)


def _why(game: str, entry: Entry, steps: Sequence[Step]) -> str:
    """For each quantity ``entry`` changed: its chain of steps since the deal, each with before → after."""
    glossary = plugin(game).glossary
    parts = []
    for key in list(changed(entry.steps))[:KEYS]:
        links = chain(steps, key)[-6:]
        if not links:
            continue
        items = "".join(
            f'<li><span class="rt-rule-name" title="{esc(st.rule)}">'
            f'{esc(tr(glossary[st.rule].title, game) if st.rule in glossary else st.rule)}</span> '
            f'{esc(step_text(game, st))} <span class="rt-play-delta">{esc(_value(a))} → {esc(_value(b))}</span>'
            f'<span class="src">{citations(game, st.source)}</span></li>' for st, a, b in links)
        parts.append(f'<div class="rt-play-key"><code>{esc(key[0])} · {esc(key[1])}</code><ol>{items}</ol></div>')
    if not parts:
        return ""
    return (f'<details class="rt-play-why"><summary>{esc(_("Why? (move {n})").format(n=entry.n))}</summary>'
            f'{"".join(parts)}</details>')


def ruling_link(played: Played, n: int, action: Any = None) -> str:
    """A link to the ruling page holding move ``n`` (or the attempt ``action`` after ``n`` moves) as a scenario:
    the position, the move, and whether it is legal; checked, or compared with another move, there. None ("") for
    a game whose play hook writes no scenario."""
    game = played.setup.game
    if played.setup.hook.scenario is None:
        return ""
    text = scenario_text(line_to(played, n, action), game, _("A position from a game on the Play page"),
                         _("Is this move legal?"))
    label = _("Open this move on Check a ruling")
    return (f'<a class="rt-play-share" href="ruling?s={encode(text)}" target="_blank" rel="noopener">'
            f'{esc(label)}</a>')


def _entry(played: Played, entry: Entry, steps: Sequence[Step]) -> str:
    game = played.setup.game
    routine = plugin(game).routine
    who = seat_label(played, entry.seat, entry.before)
    line = (f'<div class="rt-play-move"><span class="n">{entry.n}</span> <strong>{esc(who)}</strong> '
            f'{esc(move_text(played, entry.before, entry.action))}</div>')
    if entry.bot and entry.reason is not None:
        line += f'<div class="rt-play-reason">{esc(_("Why the bot chose it: {reason}").format(reason=reason_text(game, entry.reason)))}</div>'
    main = [st for st in entry.steps if st.rule not in routine]
    folded = [st for st in entry.steps if st.rule in routine]
    body = f'<ol class="rt-support">{"".join(_step_item(game, st) for st in main)}</ol>' if main else ""
    if folded:
        body += (f'<details class="rt-play-routine"><summary>{esc(_("Routine steps ({n})").format(n=len(folded)))}'
                 f'</summary><ol class="rt-support">{"".join(_step_item(game, st) for st in folded)}</ol></details>')
    return (f'<li class="rt-play-entry" data-move="{entry.n}">{line}{body}{_why(game, entry, steps)}'
            f'<div>{ruling_link(played, entry.n)}</div></li>')


def _refused(played: Played, n: int, label: str, refusal: Refusal) -> str:
    link = f'<div>{ruling_link(played, n, refusal.action)}</div>' if refusal.step is not None and n <= len(
        played.entries) else ""
    return (f'<li class="rt-play-entry rt-play-refused"><div class="rt-play-move"><strong>'
            f'{esc(_("Refused: {move}").format(move=label))}</strong></div>{_verdict(played.setup.game, refusal)}'
            f'{link}</li>')


def _verdict(game: str, refusal: Refusal) -> str:
    glossary = plugin(game).glossary
    if refusal.tutorial:
        from ui.i18n import current

        return (f'<div class="rt-decides-title">{esc(_("The guided game asks for another move"))}</div>'
                f'<p class="rt-decides-text">{esc(refusal.reason.in_(current()))}</p>')
    if refusal.step is None or refusal.rule is None:
        return f'<p class="rt-decides-text">{esc(_("That is not a move: {reason}").format(reason=tr(refusal.reason, game, capitalise=False)))}</p>'
    rule = glossary[refusal.rule] if refusal.rule in glossary else None
    title = tr(rule.title, game) if rule is not None else refusal.rule
    return (f'<div class="rt-decides-title" title="{esc(refusal.rule)}">{esc(title)}</div>'
            f'<p class="rt-decides-text">{esc(step_text(game, refusal.step))}</p>'
            f'<span class="src">{citations(game, refusal.step.source)}</span>')


def refusal_html(game: str, refusal: Refusal) -> str:
    """The verdict on a refused move, at the top of the board: the rule it breaks, why, and its source."""
    data = f' data-rule="{esc(refusal.rule)}"' if refusal.rule else ""
    return (f'<div class="rt-decides rt-play-refusal" role="alert" data-testid="rt-play-refusal"{data}>'
            f'<div class="rt-decides-tag">{esc(_("Why you cannot"))}</div>{_verdict(game, refusal)}</div>')


def log_html(played: Played, refused: Sequence[tuple[int, str, Refusal]]) -> str:
    """The log, newest first."""
    game = played.setup.game
    steps: list[Step] = []
    rows: list[tuple[int, int, str]] = []
    for entry in played.entries:
        steps.extend(entry.steps)
        if entry.n > len(played.entries) - SHOWN:
            rows.append((entry.n, 0, _entry(played, entry, steps)))
    for k, (n, label, refusal) in enumerate(refused):
        rows.append((n, 1 + k, _refused(played, n, label, refusal)))
    rows.sort(key=lambda r: (r[0], r[1]), reverse=True)
    title = esc(_("What happened, newest first"))
    empty = "" if rows else f'<p class="rt-caption">{esc(_("No move yet."))}</p>'
    return (f'<section class="rt-play-log" aria-label="{title}" data-testid="rt-play-log"><h2 class="rt-h2">{title}</h2>'
            f'{empty}<ol class="rt-play-entries">{"".join(r[2] for r in rows)}</ol></section>')


def result_text(played: Played) -> str:
    """How the game ended, with the rule that ended it."""
    end = played.outcome
    assert end is not None
    glossary = plugin(played.setup.game).glossary
    rule = tr(glossary[end.rule].title, played.setup.game) if end.rule in glossary else end.rule
    if end.won is not None:
        text = _("You won the game") if end.won else _("The game is lost")
    elif end.winner is None:
        text = _("A draw")
    else:
        text = _("{player} wins the game").format(player=seat_label(played, end.winner))
    return _("{result} ({rule}).").format(result=text, rule=rule)
