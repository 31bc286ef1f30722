"""What a quiz is, the question catalogue it is built from, per-student order, and grading.

A quiz names (scenario id, question id) pairs and never an answer: the answer is computed by the
engine when a student submits (:func:`grade_item`). An item either points into the scenario library or
carries its situation inline (``text``: the scenario YAML, e.g. saved from the "Check a ruling" page).
Every use of an item goes through :func:`resolve` and :func:`solution`, so both kinds behave alike;
inline situations are parsed and solved once per process, cached by the text's hash.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from engine.core.message import N_
from tutor.games.base import Solution
from tutor.lessons import Feedback, feedback
from tutor.library import Library, parse_scenario_text
from tutor.models import Question, ScenarioBase
from tutor.questions import Asked, ask_question
from tutor.yamlio import Problem

FEEDBACK = {"each": N_("After each answer"), "end": N_("At the end"), "never": N_("Never")}  # a page shows _(label)


INLINE_PATH = "situation.yaml"  # the name problems of an inline situation are reported under
MAX_TEXT = 64_000  # characters of an inline situation (a scenario is ~1-3 KB)


class Item(BaseModel):
    """One question of a quiz: a library scenario's question, or (``text`` set) a question of an inline
    situation whose id is ``scenario``. Never an answer."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    scenario: str
    question: str
    text: str | None = Field(default=None, max_length=MAX_TEXT)

    @model_serializer(mode="wrap")
    def _drop_empty_text(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        out: dict[str, Any] = handler(self)
        if out.get("text") is None:
            out.pop("text", None)  # a library item stays {scenario, question}
        return out

    @property
    def inline(self) -> bool:
        return self.text is not None

    @property
    def key(self) -> str:
        """A stable identity for caches: the scenario and question, and the situation's hash if inline."""
        base = f"{self.scenario}/{self.question}"
        return base if self.text is None else f"{base}@{digest(self.text)[:16]}"


class QuizSpec(BaseModel):
    """A saved quiz: its questions (references only) and options."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    title: str = Field(min_length=1, max_length=80)
    items: list[Item] = Field(min_length=1, max_length=100)
    shuffle_questions: bool = False
    shuffle_choices: bool = False
    feedback: Literal["each", "end", "never"] = "each"  # when students see correctness and explanations
    time_limit: int | None = Field(default=None, ge=5, le=3600)  # seconds per question
    paced: Literal["self", "teacher"] = "self"  # "teacher": the teacher reveals each question (tutor/quiz/paced.py)


@dataclass(frozen=True)
class Entry:
    """One question of the library, as the quiz builder lists it."""

    game: str
    scenario: str
    question: str
    title: str
    prompt: str
    tags: tuple[str, ...]
    lessons: tuple[str, ...]

    @property
    def item(self) -> Item:
        return Item(scenario=self.scenario, question=self.question)

    @property
    def label(self) -> str:
        return f"{self.title}: {self.prompt} [{self.scenario}/{self.question}]"


def catalogue(lib: Library, games: Iterable[str] = (), lessons: Iterable[str] = (),
              tags: Iterable[str] = ()) -> list[Entry]:
    """Every question of the library, filtered: in one of ``games``, used by one of ``lessons``, tagged one
    of ``tags`` (an empty filter keeps everything)."""
    games, lessons, tags = set(games), set(lessons), set(tags)
    used: dict[tuple[str, str], list[str]] = {}
    for lesson in lib.lessons.values():
        for _, slide in lesson.question_slides:
            scn = lib.scenarios.get(slide.scenario)
            if scn is not None:
                qid = slide.question or scn.questions[0].id
                used.setdefault((scn.id, qid), []).append(lesson.id)
    out = []
    for scn in sorted(lib.scenarios.values(), key=lambda s: (s.game, s.id)):
        if games and scn.game not in games or tags and not tags & set(scn.tags):
            continue
        for q in scn.questions:
            if not lib.answerable(scn.id, q.id):  # the engine refuses it: never offered to a class
                continue
            in_lessons = tuple(sorted(set(used.get((scn.id, q.id), []))))
            if lessons and not lessons & set(in_lessons):
                continue
            out.append(Entry(scn.game, scn.id, q.id, scn.title, q.prompt, tuple(scn.tags), in_lessons))
    return out


def search(entries: Iterable[Entry], text: str) -> list[Entry]:
    """The entries whose label holds every word of ``text`` (any case, any order); all of them for no words.

    Plain word matching, not fuzzy: what the count on the "Add all" button promises is what a teacher can
    read in the list."""
    words = (text or "").casefold().split()
    return [e for e in entries if all(w in e.label.casefold() for w in words)]


def draw(entries: list[Entry], n: int, seed: int) -> list[Entry]:
    """``n`` entries at random (fewer if there are fewer), reproducibly for a seed."""
    return random.Random(seed).sample(entries, min(n, len(entries)))


# -- one way from an item to its scenario, solution and grade -----------------------------------------
def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class _Parsed:
    scenario: ScenarioBase | None
    problems: list[Problem]
    asked: dict[str, Asked] = field(default_factory=dict)  # question id -> resolved at its moment


_inline: dict[str, _Parsed] = {}  # digest of the text -> the parsed situation (a pure function of the text)


def _parsed(text: str) -> _Parsed:
    key = digest(text)
    got = _inline.get(key)
    if got is None:
        if len(_inline) > 1000:
            _inline.clear()
        scn, problems = parse_scenario_text(text, INLINE_PATH)
        got = _inline[key] = _Parsed(scn, list(problems))
    return got


def parse_inline(text: str) -> tuple[ScenarioBase | None, list[Problem]]:
    """An inline situation parsed strictly (:func:`tutor.library.parse_scenario_text`), once per process."""
    got = _parsed(text)
    return got.scenario, got.problems


def resolve(lib: Library, item: Item) -> tuple[ScenarioBase, Question]:
    """The item's scenario and question; ``KeyError`` if it is not available (gone from the library, or an
    inline situation that no longer loads)."""
    if item.text is None:
        scn = lib.scenarios[item.scenario]
    else:
        parsed, problems = parse_inline(item.text)
        if parsed is None or problems or parsed.id != item.scenario:
            raise KeyError(item.scenario)
        scn = parsed
    return scn, scn.question(item.question)


def asked(lib: Library, item: Item) -> Asked:
    """The item's question resolved at its moment by the engine, computed once."""
    if item.text is None:
        scn, q = resolve(lib, item)
        return lib.asked(scn.id, q.id)
    scn, q = resolve(lib, item)
    got = _parsed(item.text)
    if q.id not in got.asked:
        got.asked[q.id] = ask_question(scn, q)
    return got.asked[q.id]


def solution(lib: Library, item: Item) -> Solution:
    """The engine's resolution of the item's question at its moment."""
    return asked(lib, item).solution


def available(lib: Library, item: Item) -> bool:
    try:
        resolve(lib, item)
    except KeyError:
        return False
    return True


def missing_items(lib: Library, spec: QuizSpec) -> list[Item]:
    """Items whose scenario or question is no longer in the library (or whose inline situation no longer
    loads)."""
    return [it for it in spec.items if not available(lib, it)]


class InvalidItem(ValueError):
    """An inline situation that does not load: its positioned problems (``path:line:col: field: message``)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


def item_problems(item: Item) -> list[Problem]:
    """Why an inline item cannot be saved (none for a library item or a good situation)."""
    if item.text is None:
        return []
    scn, problems = parse_inline(item.text)
    if problems or scn is None:
        return problems or [Problem(INLINE_PATH, 1, 1, "the situation does not load")]
    if scn.id != item.scenario:
        return [Problem(INLINE_PATH, 1, 1, f"the situation's id is {scn.id!r}, not {item.scenario!r}", "id")]
    ids = [q.id for q in scn.questions]
    if item.question not in ids:
        return [Problem(INLINE_PATH, 1, 1, f"no question {item.question!r} (questions: {', '.join(ids)})",
                        "questions")]
    for i, q in enumerate(scn.questions):
        if q.expect is not None:  # an author's expected answer: a quiz never stores an answer
            return [Problem(INLINE_PATH, 1, 1, "an inline situation must not hold 'expect' (an answer)",
                            f"questions.{i}.expect")]
    return []


def check_items(items: Iterable[Item]) -> None:
    """Raise :class:`InvalidItem` with every problem of the inline items (nothing for library items)."""
    problems = [p for it in items for p in item_problems(it)]
    if problems:
        raise InvalidItem(problems)


def inline_items(text: str, questions: Iterable[str] | None = None) -> list[Item]:
    """Items for a situation's questions (all when ``questions`` is None), the situation kept inline.

    Raises :class:`InvalidItem` with the positioned problems of ``text``. Authors' ``expect:`` values are
    dropped first, so no answer is stored."""
    scn, problems = parse_inline(text)
    if scn is None or problems:
        raise InvalidItem(problems or [Problem(INLINE_PATH, 1, 1, "the situation does not load")])
    if any(q.expect is not None for q in scn.questions):
        from tutor.ruling import edit

        text = edit(text, lambda d: [q.pop("expect", None) for q in d.get("questions") or [] if isinstance(q, dict)])
        scn, problems = parse_inline(text)
        if scn is None or problems:  # pragma: no cover - dropping a regression check never breaks a scenario
            raise InvalidItem(problems)
    ids = [q.id for q in scn.questions]
    wanted = ids if questions is None else list(questions)
    items = [Item(scenario=scn.id, question=qid, text=text) for qid in wanted]
    check_items(items)
    return items


def order_for(spec: QuizSpec, seed: int, student: int) -> list[int]:
    """The order in which this student meets the quiz's items (indexes into ``spec.items``)."""
    order = list(range(len(spec.items)))
    if spec.shuffle_questions:
        random.Random(f"order:{seed}:{student}").shuffle(order)
    return order


def choice_order(spec: QuizSpec, seed: int, student: int, item: int, part: str, n: int) -> list[int]:
    """The order in which this student sees the ``n`` choices of one part."""
    order = list(range(n))
    if spec.shuffle_choices:
        random.Random(f"choices:{seed}:{student}:{item}:{part}").shuffle(order)
    return order


def grade_item(lib: Library, item: Item, given: Any) -> Feedback:
    """The engine's verdict on ``given`` (a choice key, a {part: value} dict, a number or "illegal"),
    computed now: as the lesson player's :func:`tutor.lessons.grade`, for library and inline items alike."""
    return feedback(asked(lib, item), given)
