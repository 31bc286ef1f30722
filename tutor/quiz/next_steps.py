"""What a student does after a quiz: the questions they missed, the rules to practise, the lesson to take next.

Computed from the quiz and the student's answers, never guessed: a missed question's rule is the one that
decides its answer (the engine's explanation, :func:`tutor.quiz.paced.deciding_rule`), and the practice page
takes those rules as its scope (``/practice?game=…&rules=…``). The next lesson is the learner's own next one
when their lesson progress is known (as the home page's "Continue"), else the lesson that teaches the first
missed question, else the lesson after the last one the quiz drew from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from tutor.library import Library
from tutor.overview import lesson_status, to_continue
from tutor.quiz.paced import deciding_rule
from tutor.quiz.spec import QuizSpec, resolve


@dataclass(frozen=True)
class NextSteps:
    missed: tuple[int, ...]  # indexes into the quiz's items, in the order the student met them
    game: str | None  # the game to practise: the one with the most missed questions
    rules: tuple[str, ...]  # the deciding rules of the missed questions of that game, first met first
    lesson: str | None  # the lesson to take next (an id), if the game has lessons


def _game(lib: Library, item: Any) -> str | None:
    try:
        return resolve(lib, item)[0].game
    except KeyError:
        return None


def _taught_in(lib: Library, game: str) -> dict[tuple[str, str], str]:
    """(scenario, question) -> the first lesson of ``game`` (in lesson order) that asks it."""
    out: dict[tuple[str, str], str] = {}
    for lesson in lib.lessons_for(game):
        for _, slide in lesson.question_slides:
            scn = lib.scenarios.get(slide.scenario)
            if scn is not None:
                out.setdefault((scn.id, slide.question or scn.questions[0].id), lesson.id)
    return out


def next_steps(lib: Library, spec: QuizSpec, order: Sequence[int], answers: Mapping[int, Any],
               progress: Mapping[str, Any] | None = None) -> NextSteps:
    """The student's next steps; ``answers`` maps an item to its answer (``.correct``), a missing one is missed;
    ``progress`` is the learner's lesson progress (``tutor.store.all_progress``) when known."""
    missed = tuple(i for i in order if answers.get(i) is None or not answers[i].correct)
    games = [g for g in (_game(lib, spec.items[i]) for i in order) if g is not None]
    missed_games = [g for g in (_game(lib, spec.items[i]) for i in missed) if g is not None]
    pool = missed_games or games
    game = max(dict.fromkeys(pool), key=pool.count) if pool else None  # ties: the first met
    rules: list[str] = []
    for i in missed:
        if _game(lib, spec.items[i]) == game:
            rule = deciding_rule(lib, spec.items[i])
            if rule is not None and rule not in rules:
                rules.append(rule)
    return NextSteps(missed, game, tuple(rules), _lesson(lib, spec, order, missed, game, progress))


def _lesson(lib: Library, spec: QuizSpec, order: Sequence[int], missed: Sequence[int], game: str | None,
            progress: Mapping[str, Any] | None) -> str | None:
    if game is None:
        return None
    lessons = lib.lessons_for(game)
    if not lessons:
        return None
    if progress:
        statuses = [lesson_status(lesson, progress.get(lesson.id)) for lesson in lessons]
        again = to_continue(statuses, limit=1)
        if again:
            return again[0].lesson.id
        todo = next((s for s in statuses if s.state != "done"), None)
        if todo is not None:
            return todo.lesson.id
    taught = _taught_in(lib, game)
    for i in missed:
        it = spec.items[i]
        if not it.inline and (it.scenario, it.question) in taught:
            return taught[(it.scenario, it.question)]
    ids = [lesson.id for lesson in lessons]
    used = [ids.index(taught[(spec.items[i].scenario, spec.items[i].question)]) for i in order
            if not spec.items[i].inline and (spec.items[i].scenario, spec.items[i].question) in taught]
    if used:
        last = lessons[max(used)]
        return last.next if last.next in ids else last.id
    return ids[0]
