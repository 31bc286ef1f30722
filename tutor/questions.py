"""Questions: their kind and choices, the engine-computed answer, checking, explanation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.trace import Step
from tutor.games import plugin
from tutor.games.base import ILLEGAL, ILLEGAL_LABEL, Ask, Choice, Solution
from tutor.models import Part, Question, ScenarioBase


@dataclass(frozen=True)
class PartView:
    """What the UI needs to ask one part: label, kind and choices."""

    key: str  # the part's ask (or ask:of)
    ask: Ask
    of: str | None
    label: str
    kind: str
    choices: tuple[Choice, ...]


def _parts(q: Question) -> list[Part]:
    return q.parts if q.parts is not None else [Part(ask=q.ask or "", of=q.of)]


def part_key(part: Part) -> str:
    return part.ask if part.of is None else f"{part.ask}:{part.of}"


def kind_of(scn: ScenarioBase, q: Question) -> str:
    if q.parts is not None:
        return "multi"
    return plugin(scn.game).asks[q.ask or ""].kind


def part_views(scn: ScenarioBase, q: Question) -> list[PartView]:
    game = plugin(scn.game)
    views = []
    for part in _parts(q):
        ask = game.asks[part.ask]
        if ask.kind == "yes_no":
            choices: tuple[Choice, ...] = (Choice(True, "Yes"), Choice(False, "No"))
        elif ask.kind == "number" or ask.choices is None:
            choices = ()
        else:
            choices = tuple(ask.choices(scn, part.of))
            if q.choices is not None and q.parts is None:
                choices = tuple(c for c in choices if str(c.key) in q.choices)
        views.append(PartView(part_key(part), ask, part.of, part.label or ask.label, ask.kind, choices))
    return views


def offers_illegal(scn: ScenarioBase, q: Question) -> bool:
    """Whether 'The play is illegal' is one of the choices."""
    return q.illegal_choice and any(v.ask.legal_only for v in part_views(scn, q))


def correct_answer(scn: ScenarioBase, q: Question, sol: Solution) -> Any:
    """The engine-computed answer: a value, a {part: value} dict, or ILLEGAL."""
    views = part_views(scn, q)
    if not sol.is_legal and any(v.ask.legal_only for v in views):
        return ILLEGAL
    values = {v.key: _normal(v.ask.answer(scn, sol, v.of), v.kind) for v in views}
    return values if q.parts is not None else next(iter(values.values()))


def _normal(value: Any, kind: str) -> Any:
    """A multi_select answer is the sorted list of the keys that apply."""
    return sorted(value, key=str) if kind == "multi_select" else value


def is_correct(given: Any, correct: Any) -> bool:
    """Compare an answer with the engine's; a list (pick every one that applies) compares as a set."""
    if isinstance(correct, dict):
        return isinstance(given, dict) and all(is_correct(given.get(k), v) for k, v in correct.items())
    if isinstance(correct, list):
        return isinstance(given, list) and sorted(map(str, given)) == sorted(map(str, correct))
    if isinstance(correct, bool) or isinstance(given, bool):
        return given is correct
    return bool(given == correct)


def label_of(scn: ScenarioBase, q: Question, value: Any) -> str:
    """A readable rendering of an answer value."""
    if value == ILLEGAL:
        return ILLEGAL_LABEL
    if value is None:
        return "(no answer)"
    views = part_views(scn, q)

    def one(view: PartView, v: Any) -> str:
        if isinstance(v, list):
            return ", ".join(one(view, x) for x in v) if v else "None of them"
        for c in view.choices:
            if c.key == v and type(c.key) is type(v):
                return c.label
        return str(v)

    if isinstance(value, dict):
        return " · ".join(f"{v.label}: {one(v, value.get(v.key))}" for v in views)
    return one(views[0], value)


def explanation(sol: Solution) -> tuple[Step, ...]:
    return sol.steps


def expect_value(q: Question) -> Any:
    """The author's expect block normalised like an answer (multi-part keys as part keys)."""
    return q.expect
