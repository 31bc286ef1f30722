"""The scenario and lesson library: every file loaded strictly, every problem kept.

A malformed file yields :class:`Problem` lines (``path:line:col: field: message``,
all of them at once) and is left out; every other file is still served.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from pydantic import ValidationError

from tutor import yamlio
from tutor.games import GAMES, plugin, scenario_adapter
from tutor.games.base import ILLEGAL, Solution
from tutor.models import Lesson, QuestionSlide, RuleSlide, ScenarioBase
from tutor.questions import correct_answer, is_correct, part_views
from tutor.yamlio import Located, Problem

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
LESSONS = ROOT / "lessons"

@dataclass
class Library:
    scenarios: dict[str, ScenarioBase] = field(default_factory=dict)
    lessons: dict[str, Lesson] = field(default_factory=dict)
    paths: dict[str, str] = field(default_factory=dict)  # scenario/lesson id -> file path
    located: dict[str, Located] = field(default_factory=dict)  # file path -> positions
    problems: list[Problem] = field(default_factory=list)
    files: int = 0
    _solutions: dict[str, Solution] = field(default_factory=dict, repr=False)

    # -- access ---------------------------------------------------------------------------
    def solution(self, scenario_id: str) -> Solution:
        """The engine's resolution of a scenario, computed once."""
        sol = self._solutions.get(scenario_id)
        if sol is None:
            scn = self.scenarios[scenario_id]
            sol = self._solutions[scenario_id] = plugin(scn.game).solve(scn)
        return sol

    def lessons_for(self, game: str) -> list[Lesson]:
        return sorted((l for l in self.lessons.values() if l.game == game), key=lambda l: (l.order, l.id))

    def scenarios_for(self, game: str) -> list[ScenarioBase]:
        return sorted((s for s in self.scenarios.values() if s.game == game), key=lambda s: s.id)

    @cached_property
    def question_count(self) -> int:
        return sum(len(s.questions) for s in self.scenarios.values())

    def at(self, path: str, loc: tuple[Any, ...], message: str, *, prefer_key: bool = False) -> Problem:
        located = self.located.get(path)
        line, col = located.position(loc, prefer_key=prefer_key) if located else (1, 1)
        return Problem(path, line, col, message, yamlio.dotted(loc))


def iter_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml") and x.is_file()))
        elif p.exists():
            out.append(p)
    return out


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)


def _pydantic_problems(path: str, located: Located, err: ValidationError) -> list[Problem]:
    """Turn pydantic errors into positioned problems, dropping union-alternative noise."""
    raw = []
    for e in err.errors(include_url=False):
        dpath = yamlio.data_path(located.data, e["loc"])
        raw.append((dpath, e))
    out: list[Problem] = []
    paths = [d for d, _ in raw]
    for dpath, e in raw:
        kind = e["type"]
        skipped_tag = len(dpath) < len(e["loc"])
        if skipped_tag and kind.endswith("_type") and sum(1 for d in paths if d[: len(dpath)] == dpath) > 1:
            continue  # "should be a string" for the other member of a str|model union
        if kind == "extra_forbidden":
            msg = f"unknown key {dpath[-1]!r}" if dpath else "unknown key"
        elif kind == "missing":
            msg = "required field is missing"
        else:
            msg = e["msg"]
            if msg.startswith("Value error, "):
                msg = msg[len("Value error, "):]
        line, col = located.position(dpath, prefer_key=kind in ("extra_forbidden", "missing"))
        out.append(Problem(path, line, col, msg, yamlio.dotted(dpath)))
    return out


def load(paths: Iterable[Path] | None = None) -> Library:
    """Load every scenario and lesson file under ``paths`` (default: the library folders)."""
    lib = Library()
    files = iter_files(list(paths) if paths is not None else [SCENARIOS, LESSONS])
    lesson_files: list[tuple[str, Located]] = []
    for f in files:
        lib.files += 1
        shown = _display(f)
        try:
            text = f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            lib.problems.append(Problem(shown, 1, 1, f"cannot read the file: {err}"))
            continue
        located, problems = yamlio.load(text, shown)
        lib.problems.extend(problems)
        if located is None or problems:
            continue
        if not isinstance(located.data, dict):
            lib.problems.append(Problem(shown, 1, 1, "the file must be a mapping (key: value pairs)"))
            continue
        lib.located[shown] = located
        if "slides" in located.data:
            lesson_files.append((shown, located))
        else:
            _load_scenario(lib, shown, located)
    for shown, located in lesson_files:
        _load_lesson(lib, shown, located)
    lib.problems.sort(key=lambda p: (p.path, p.line, p.col))
    return lib


def parse_scenario_text(text: str, path: str = "situation.yaml") -> tuple[ScenarioBase | None, list[Problem]]:
    """One scenario from text, checked exactly as a library file is (strict YAML, schema, references,
    questions, the engine's resolution); problems are positioned ``path:line:col: field: message``.

    The scenario is returned whenever it loaded and the engine resolved it, even if a question
    check still reports a problem (e.g. illegal plays and no 'The play is illegal' choice)."""
    lib = Library(files=1)
    located, problems = yamlio.load(text, path)
    if located is None or problems:
        return None, problems
    if not isinstance(located.data, dict):
        return None, [Problem(path, 1, 1, "the file must be a mapping (key: value pairs)")]
    if "slides" in located.data:
        return None, [Problem(path, 1, 1, "this is a lesson file, not a scenario")]
    lib.located[path] = located
    _load_scenario(lib, path, located)
    lib.problems.sort(key=lambda p: (p.line, p.col))
    return next(iter(lib.scenarios.values()), None), lib.problems


def _load_scenario(lib: Library, path: str, located: Located) -> None:
    game = located.data.get("game")
    if isinstance(game, str) and game not in GAMES:
        lib.problems.append(lib.at(path, ("game",), f"unknown game {game!r} (games: {', '.join(GAMES)})"))
        return
    try:  # a known game is validated by its own model (the union's member), importing that game only
        scn: ScenarioBase = (plugin(game).scenario_model.model_validate(located.data) if isinstance(game, str)
                             else scenario_adapter().validate_python(located.data))
    except ValidationError as err:
        lib.problems.extend(_pydantic_problems(path, located, err))
        return
    game_ = plugin(scn.game)
    problems = [lib.at(path, loc, msg) for loc, msg in game_.references(scn)]
    problems += _question_problems(lib, path, scn)
    if scn.id in lib.scenarios:
        problems.append(lib.at(path, ("id",), f"duplicate scenario id {scn.id!r} (also in {lib.paths[scn.id]})"))
    if problems:
        lib.problems.extend(problems)
        return
    lib.scenarios[scn.id] = scn
    lib.paths[scn.id] = path
    try:
        sol = lib.solution(scn.id)
    except Exception as err:  # an engine refusal of the set-up itself (InvalidAction)
        lib.problems.append(lib.at(path, ("actions",), f"the engine cannot resolve this scenario: {err}"))
        del lib.scenarios[scn.id]
        return
    for i, q in enumerate(scn.questions):
        views = part_views(scn, q)
        if not sol.is_legal and any(v.ask.legal_only for v in views) and not q.illegal_choice:
            lib.problems.append(lib.at(path, ("questions", i, "illegal_choice"),
                                       f"the plays are illegal ({sol.illegal.rule}) but this question does not offer "  # type: ignore[union-attr]
                                       "'The play is illegal'"))


def _question_problems(lib: Library, path: str, scn: ScenarioBase) -> list[Problem]:
    game = plugin(scn.game)
    out: list[Problem] = []
    ids: set[str] = set()
    for i, q in enumerate(scn.questions):
        if q.id in ids:
            out.append(lib.at(path, ("questions", i, "id"), f"duplicate question id {q.id!r}"))
        ids.add(q.id)
        parts = [(("questions", i, "ask"), q.ask, q.of)] if q.ask is not None else [
            (("questions", i, "parts", j, "ask"), p.ask, p.of) for j, p in enumerate(q.parts or [])]
        for loc, ask, of in parts:
            if ask not in game.asks:
                out.append(lib.at(path, loc, f"unknown ask {ask!r} for {game.name} (asks: {', '.join(game.asks)})"))
            elif game.asks[ask].needs_of and of is None:
                out.append(lib.at(path, loc, f"ask {ask!r} needs 'of' (what it is about)"))
        if out:
            continue
        kind = "multi" if q.parts is not None else game.asks[q.ask or ""].kind
        if q.kind is not None and q.kind != kind:
            out.append(lib.at(path, ("questions", i, "kind"), f"kind {q.kind!r} does not match ask {q.ask!r}, whose answer is {kind!r}"))
        if q.choices is not None:
            known = {str(c.key) for v in part_views(scn, q) for c in v.choices}
            for j, c in enumerate(q.choices):
                if c not in known:
                    out.append(lib.at(path, ("questions", i, "choices", j), f"unknown choice {c!r} (choices: {', '.join(sorted(known))})"))
    return out


def _load_lesson(lib: Library, path: str, located: Located) -> None:
    try:
        lesson = Lesson.model_validate(located.data)
    except ValidationError as err:
        lib.problems.extend(_pydantic_problems(path, located, err))
        return
    problems: list[Problem] = []
    if lesson.game not in GAMES:
        lib.problems.append(lib.at(path, ("game",), f"game {lesson.game!r} is not available"))
        return
    glossary = plugin(lesson.game).glossary
    for i, slide in enumerate(lesson.slides):
        if isinstance(slide, QuestionSlide):
            scn = lib.scenarios.get(slide.scenario)
            if scn is None:
                problems.append(lib.at(path, ("slides", i, "scenario"), f"unknown scenario {slide.scenario!r}"))
                continue
            if scn.game != lesson.game:
                problems.append(lib.at(path, ("slides", i, "scenario"), f"scenario {slide.scenario!r} is a {scn.game} scenario"))
            if slide.question is not None and slide.question not in {q.id for q in scn.questions}:
                problems.append(lib.at(path, ("slides", i, "question"),
                                       f"scenario {slide.scenario!r} has no question {slide.question!r}"))
        elif isinstance(slide, RuleSlide):
            for j, rid in enumerate(slide.rules):
                if rid not in glossary:
                    problems.append(lib.at(path, ("slides", i, "rules", j), f"unknown rule id {rid!r}"))
    if lesson.id in lib.lessons:
        problems.append(lib.at(path, ("id",), f"duplicate lesson id {lesson.id!r} (also in {lib.paths[lesson.id]})"))
    if problems:
        lib.problems.extend(problems)
        return
    lib.lessons[lesson.id] = lesson
    lib.paths[lesson.id] = path


def check_next_links(lib: Library) -> list[Problem]:
    return [lib.at(lib.paths[l.id], ("next",), f"unknown lesson {l.next!r}")
            for l in lib.lessons.values() if l.next and l.next not in lib.lessons]


def check_expectations(lib: Library) -> tuple[list[Problem], int]:
    """Compare every author's ``expect:`` with the engine; return problems and how many were compared."""
    problems: list[Problem] = []
    compared = 0
    for sid, scn in lib.scenarios.items():
        sol = lib.solution(sid)
        path = lib.paths[sid]
        for i, q in enumerate(scn.questions):
            if q.expect is None:
                continue
            compared += 1
            answer = correct_answer(scn, q, sol)
            if not is_correct(q.expect, answer):
                problems.append(lib.at(path, ("questions", i, "expect"),
                                       f"expected {q.expect!r}, but the engine computes {_show(answer)}"
                                       + (f" ({sol.illegal.rule})" if sol.illegal else "")))
    return problems, compared


def _show(answer: Any) -> str:
    return repr(answer) if answer != ILLEGAL else "'illegal'"


_cache: dict[str, Library] = {}


def default_library() -> Library:
    """The library from the default folders, loaded once per process."""
    if "lib" not in _cache:
        _cache["lib"] = load()
    return _cache["lib"]
