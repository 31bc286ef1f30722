"""The scenario and lesson library: every file loaded strictly, every problem kept.

A malformed file yields :class:`Problem` lines (``path:line:col: field: message``,
all of them at once) and is left out; every other file is still served. A question the engine
refuses at its moment is a problem of its own (at the question, :attr:`Library.refused`): its
scenario and the other questions are kept.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from pydantic import ValidationError

from tutor import budget, yamlio
from tutor.given import GivenError, given_references, scenario_for
from tutor.games import GAMES, library_folders, plugin, scenario_adapter
from engine.core.errors import RulesError
from tutor.games.base import ILLEGAL, Bare, Solution, Unaskable
from tutor.models import Lesson, Question, QuestionSlide, RuleSlide, ScenarioBase
from tutor.moments import At, Timeline
from tutor.questions import (Asked, Timelines, ask_question, is_correct, line_of, moment_warning, offers_illegal,
                             part_views)
from tutor.translations import is_translation
from tutor.validation import _pydantic_problems  # noqa: F401  (library._pydantic_problems, as before)
from tutor.yamlio import Located, Problem

ROOT = Path(__file__).resolve().parent.parent
_OWN_LINE = Question(id="own-line", prompt="(the scenario's own plays)", ask="is_legal")
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
    warnings: list[Problem] = field(default_factory=list)
    """Not errors: e.g. a question without ``at`` whose answer depends on that choice (``check`` prints them)."""
    refused: dict[tuple[str, str], Unaskable] = field(default_factory=dict)
    """(scenario id, question id) -> why the engine refuses that question; the rest of the file is answered."""
    _timelines: Timelines = field(default_factory=Timelines, repr=False)
    _asked: dict[tuple[str, str], Asked] = field(default_factory=dict, repr=False)
    _localised: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)
    _coverage: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict, repr=False)

    # -- access ---------------------------------------------------------------------------
    def asked(self, scenario_id: str, question_id: str | None = None) -> Asked:
        """A question of a scenario resolved at its moment (its first question by default), computed once.
        Raises :class:`Unaskable` (the same one each time) for a question the engine refuses."""
        scn = self.scenarios[scenario_id]
        q = scn.question(question_id) if question_id else scn.questions[0]
        key = (scenario_id, q.id)
        got = self._asked.get(key)
        if got is None:
            if key in self.refused:
                raise self.refused[key]
            try:
                got = self._asked[key] = ask_question(scn, q, self._timelines)
            except Unaskable as err:
                self.refused[key] = err
                raise
        return got

    def answerable(self, scenario_id: str, question_id: str) -> bool:
        """Whether the engine answers this question (it refuses none of the library's: ``check`` fails on one)."""
        return (scenario_id, question_id) not in self.refused

    def line(self, scenario_id: str) -> Timeline:
        """The scenario's own plays resolved, with every moment (cached with the questions' timelines)."""
        scn = self.scenarios[scenario_id]
        return self._timelines.of(scn, _OWN_LINE)

    def solution(self, scenario_id: str) -> Solution:
        """The scenario's own plays resolved to their end: the board, the whole trace, an illegal play.
        (A question reads its own moment: :meth:`asked`.)"""
        tl = self.line(scenario_id)
        return Solution(tl.last.outcome, tl.steps, tl.illegal, plays=tl.tried)

    def warm(self) -> None:
        """Resolve every question of the library (the app does this once at start-up)."""
        for sid, scn in self.scenarios.items():
            for q in scn.questions:
                if self.answerable(sid, q.id):
                    self.asked(sid, q.id)

    def lessons_for(self, game: str) -> list[Lesson]:
        return sorted((l for l in self.lessons.values() if l.game == game), key=lambda l: (l.order, l.id))

    def scenarios_for(self, game: str) -> list[ScenarioBase]:
        return sorted((s for s in self.scenarios.values() if s.game == game), key=lambda s: s.id)

    # -- translations -------------------------------------------------------------------------
    def in_language(self, item_id: str, lang: str | None) -> Lesson | ScenarioBase:
        """The lesson or scenario ``item_id`` with its texts in ``lang`` where a current translation exists
        (``tutor/translations.py``); the rest, and everything that is not prose, as in the original."""
        original = self.lessons.get(item_id) or self.scenarios[item_id]
        if not lang or lang == "en":
            return original
        key = (item_id, lang)
        found = self._localised.get(key)
        if found is None:
            from tutor import translations
            path = self.paths[item_id]
            tr, _ = translations.read(translations.translation_path(Path(path), lang)) \
                if translations.translation_path(Path(path), lang).exists() else (None, [])
            data, done, total = translations.localise(self.located[path], tr)
            found = original if not done else type(original).model_validate(data)
            self._localised[key] = found
            self._coverage[key] = (done, total)
        return found

    def lesson_in(self, lesson_id: str, lang: str | None) -> Lesson:
        """The lesson ``lesson_id`` with its texts in ``lang`` (see :meth:`in_language`)."""
        found = self.in_language(lesson_id, lang)
        assert isinstance(found, Lesson)
        return found

    def scenario_in(self, scenario_id: str, lang: str | None) -> ScenarioBase:
        """The scenario ``scenario_id`` with its texts in ``lang`` (see :meth:`in_language`)."""
        found = self.in_language(scenario_id, lang)
        assert not isinstance(found, Lesson)
        return found

    def coverage(self, item_id: str, lang: str) -> tuple[int, int]:
        """(texts translated into ``lang``, texts in all) of a lesson or scenario."""
        self.in_language(item_id, lang)
        return self._coverage.get((item_id, lang), (0, 0))

    def translation_problems(self, lang: str | None = None) -> list[Problem]:
        """Stale or orphaned translations of every file; with ``lang``, also every text it still lacks in the
        games that language covers."""
        from tutor import i18n, translations
        out: list[Problem] = []
        for path, located in sorted(self.located.items()):
            game = located.data.get("game") if isinstance(located.data, dict) else None
            wanted = lang if lang and isinstance(game, str) and i18n.covers(lang, game) else None
            out += translations.check(Path(path), located, wanted)
        return out

    @cached_property
    def question_count(self) -> int:
        return sum(len(s.questions) for s in self.scenarios.values())

    def at(self, path: str, loc: tuple[Any, ...], message: str, *, prefer_key: bool = False) -> Problem:
        located = self.located.get(path)
        line, col = located.position(loc, prefer_key=prefer_key) if located else (1, 1)
        return Problem(path, line, col, message, "" if isinstance(message, Bare) else yamlio.dotted(loc))


def _translation_file_problems(path: Path) -> list[Problem]:
    from tutor import translations

    lang = path.name.split(".")[1]
    original = path.with_name(path.name.split(".")[0] + ".yaml")
    if not original.exists():
        return [Problem(_display(path), 1, 1, f"a {lang} translation of {original.name}, which is not beside it")]
    located, problems = yamlio.load(read_text(original), _display(original))
    if located is None:
        return problems
    return translations.check(original, located, None, languages=(lang,))


def iter_files(paths: Iterable[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml") and x.is_file()
                              and not is_translation(x)))
        elif p.exists():
            out.append(p)
    return out


def _missing(paths: Iterable[Path]) -> list[Problem]:
    """A path given that does not exist, or a folder without a scenario or lesson file, is an error."""
    out = []
    for p in paths:
        if not p.exists():
            out.append(Problem(_display(p), 1, 1, "no such file or folder"))
        elif p.is_dir() and not iter_files([p]):
            out.append(Problem(_display(p), 1, 1, "no .yaml or .yml file in this folder"))
    return out


def read_text(path: Path) -> str:
    """A file's text, reading no more than the loader accepts (a larger file is refused by ``yamlio.load``)."""
    with path.open("rb") as f:
        raw = f.read(4 * yamlio.MAX_CHARS + 4)  # UTF-8: at most 4 bytes a character
    return raw.decode("utf-8")


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # pragma: no cover - other drive on Windows
        return str(path)


def load(paths: Iterable[Path] | None = None) -> Library:
    """Load every scenario and lesson file under ``paths`` (default: the library folders)."""
    lib = Library()
    given = list(paths) if paths is not None else library_folders()
    lib.problems.extend(_missing(given))
    files = iter_files(given)
    lesson_files: list[tuple[str, Located]] = []
    for f in files:
        lib.files += 1
        shown = _display(f)
        if is_translation(f):  # given by name: checked against its original, not loaded as one
            lib.problems.extend(_translation_file_problems(f))
            continue
        try:
            text = read_text(f)
        except OSError as err:
            lib.problems.append(Problem(shown, 1, 1, f"cannot read the file: {err.strerror or type(err).__name__}"))
            continue
        except UnicodeDecodeError as err:
            lib.problems.append(Problem(shown, 1, 1, f"not a UTF-8 text file (byte {err.start + 1} cannot be read)"))
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
            try:  # every library file must open on the ruling page: the counts of a share link
                budget.admit(located.data)
            except budget.OverBudget as err:
                where = ("questions",) if err.limit == "questions" else ("actions",)
                lib.problems.append(lib.at(shown, where, str(err), prefer_key=True))
                continue
            _load_scenario(lib, shown, located)
    for shown, located in lesson_files:
        _load_lesson(lib, shown, located)
    lib.problems.sort(key=lambda p: (p.path, p.line, p.col))
    return lib


def parse_scenario_text(text: str, path: str = "situation.yaml",
                        limits: budget.Limits | None = None) -> tuple[ScenarioBase | None, list[Problem]]:
    """One scenario from text, checked exactly as a library file is (strict YAML, schema, references,
    questions, the engine's resolution); problems are positioned ``path:line:col: field: message``.

    The scenario is returned whenever it loaded and the engine resolved it, even if a question
    check still reports a problem (e.g. illegal plays and no 'The play is illegal' choice). With ``limits``,
    content over its counts raises :class:`tutor.budget.OverBudget` before the schema or the engine see it."""
    lib = Library(files=1)
    if limits is not None:
        budget.admit_text(text, limits)
    located, problems = yamlio.load(text, path)
    if located is None or problems:
        return None, problems
    if not isinstance(located.data, dict):
        return None, [Problem(path, 1, 1, "the file must be a mapping (key: value pairs)")]
    if "slides" in located.data:
        return None, [Problem(path, 1, 1, "this is a lesson file, not a scenario")]
    lib.located[path] = located
    _load_scenario(lib, path, located)  # a refused question is a problem; the page still rules on the others
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
    try:
        _resolve(lib, path, scn)
    except game_.refusals as err:  # the loader's boundary: a position the engine refuses is problems, never a crash
        if lib.paths.get(scn.id) == path:
            del lib.scenarios[scn.id], lib.paths[scn.id]
        lib.problems.extend(lib.at(path, loc, msg) for loc, msg in game_.position_problems(scn, err))


def _resolve(lib: Library, path: str, scn: ScenarioBase) -> None:
    """Check what a validated scenario names, then ask its questions; keep it in ``lib`` if nothing is wrong."""
    game_ = plugin(scn.game)
    problems = [lib.at(path, loc, msg) for loc, msg in game_.references(scn)]
    if not problems:
        problems += [lib.at(path, loc, msg) for loc, msg in _line_references(scn)]
    if not problems:
        problems += [lib.at(path, loc, msg) for loc, msg in given_references(scn)]
    problems += _question_problems(lib, path, scn, choices=not problems)  # choices need a position that builds
    if scn.id in lib.scenarios:
        problems.append(lib.at(path, ("id",), f"duplicate scenario id {scn.id!r} (also in {lib.paths[scn.id]})"))
    if problems:
        lib.problems.extend(problems)
        return
    lib.scenarios[scn.id] = scn
    lib.paths[scn.id] = path
    fatal: list[Problem] = []
    for i, q in enumerate(scn.questions):
        try:
            asked = lib.asked(scn.id, q.id)
        except Unaskable as err:  # this question alone is refused, at its position; the others are answered
            lib.problems.append(refusal_problem(lib, path, i, q.id, err))
            continue
        except game_.refusals:
            raise  # the position itself: at its fields, by _load_scenario
        except RulesError as err:  # an engine refusal of the set-up itself (InvalidAction)
            fatal.append(lib.at(path, ("actions",), f"the engine cannot resolve this scenario: {err}"))
            break
        warning = moment_warning(scn, q, asked)
        if warning is not None:
            lib.warnings.append(lib.at(path, ("questions", i), Bare(f"warning: {warning}")))
        illegal = asked.solution.illegal
        if illegal is not None and not offers_illegal(scn, q) and any(
                v.ask.legal_only for v in part_views(scn, q, asked.solution)):
            lib.problems.append(lib.at(path, ("questions", i, "illegal_choice"),
                                       f"the plays are illegal ({illegal.rule}) but this question "
                                       "does not offer 'The play is illegal'"))
    if fatal:
        lib.problems.extend(fatal)
        del lib.scenarios[scn.id]
        del lib.paths[scn.id]


def refusal_problem(lib: Library, path: str, index: int, qid: str, err: Unaskable) -> Problem:
    """A refused question as ``path:line:col: reason``, at the question's position in the file."""
    return lib.at(path, ("questions", index), Bare(f"question {qid!r} is refused: {err}"))


def _question_problems(lib: Library, path: str, scn: ScenarioBase, choices: bool = True) -> list[Problem]:
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
        out += _moment_problems(lib, path, scn, q, i)
        kind = "multi" if q.parts is not None else game.asks[q.ask or ""].kind
        if q.kind is not None and q.kind != kind:
            out.append(lib.at(path, ("questions", i, "kind"), f"kind {q.kind!r} does not match ask {q.ask!r}, whose answer is {kind!r}"))
        if choices and q.choices is not None:
            try:
                known = {str(c.key) for v in part_views(scn, q) for c in v.choices}
            except Unaskable:  # choices drawn at a moment the engine refuses: reported as the question's refusal
                continue
            for j, c in enumerate(q.choices):
                if c not in known:
                    out.append(lib.at(path, ("questions", i, "choices", j), f"unknown choice {c!r} (choices: {', '.join(sorted(known))})"))
    return out


def _line_references(scn: ScenarioBase) -> list[tuple[tuple[Any, ...], str]]:
    """A question's own plays (``then``/``instead``) are checked like a scenario's: the game's reference
    checks run on the scenario with the question's line, and their positions are mapped back."""
    game = plugin(scn.game)
    out: list[tuple[tuple[Any, ...], str]] = []
    for i, q in enumerate(scn.questions):
        if not q.has_own_line:
            continue
        verb = "instead" if getattr(q, "instead", None) is not None else "then"
        offset = 0 if verb == "instead" else len(getattr(scn, "actions", []))
        try:
            base = scenario_for(scn, q)  # the question's own table, if it gives one
        except GivenError:
            continue  # reported at 'given' by tutor.given.given_references
        derived = base.model_copy(update={"actions": line_of(scn, q), "questions": [q]})
        for loc, msg in game.references(derived):
            if loc[:1] == ("actions",) and len(loc) > 1 and isinstance(loc[1], int) and loc[1] >= offset:
                out.append((("questions", i, verb, loc[1] - offset) + tuple(loc[2:]), msg))
            elif loc[:2] == ("questions", 0):
                out.append((("questions", i) + tuple(loc[2:]), msg))
            elif (loc[:1] == ("actions",) and len(loc) > 1 and isinstance(loc[1], int)
                  and q.given is not None):  # the scenario's plays do not fit this table
                out.append((("questions", i, "given"), f"with this table, the scenario's play {loc[1] + 1}: {msg}"))
    return out


def _moment_problems(lib: Library, path: str, scn: ScenarioBase, q: Question, i: int) -> list[Problem]:
    """A named point must be one of the game's; ``after``/``play`` must be within the question's plays."""
    at = At.of(q.at)
    if at is None:
        return []
    game = plugin(scn.game)
    loc: tuple[Any, ...] = ("questions", i, "at")
    out = []
    points = [name for name, _ in game.points]
    if at.point is not None and at.point not in points:
        out.append(lib.at(path, loc + (() if isinstance(q.at, str) else ("point",)),
                          f"unknown moment {at.point!r} for {game.name} (moments: {', '.join(points)})"))
    plays = len(line_of(scn, q))
    for name, k in (("after", at.after), ("play", at.play)):
        if k is not None and k > plays:
            out.append(lib.at(path, loc + (name,), f"{name}: {k}, but this question's line has {plays} "
                                                   f"play{'s' if plays != 1 else ''}"))
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
                continue
            qid = slide.question or scn.questions[0].id
            if not lib.answerable(scn.id, qid):  # a lesson never shows a question the engine refuses
                problems.append(lib.at(path, ("slides", i, "question" if slide.question else "scenario"),
                                       f"question {qid!r} of scenario {slide.scenario!r} is refused: "
                                       f"{lib.refused[(scn.id, qid)]}"))
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
        path = lib.paths[sid]
        for i, q in enumerate(scn.questions):
            if q.expect is None:
                continue
            if not lib.answerable(sid, q.id):
                continue  # refused: reported at the question, not compared
            compared += 1
            asked = lib.asked(sid, q.id)
            if not is_correct(q.expect, asked.answer):
                illegal = asked.solution.illegal
                problems.append(lib.at(path, ("questions", i, "expect"),
                                       f"expected {q.expect!r}, but the engine computes {_show(asked.answer)}"
                                       + (f" ({illegal.rule})" if illegal else "")))
    return problems, compared


def _show(answer: Any) -> str:
    return repr(answer) if answer != ILLEGAL else "'illegal'"


_cache: dict[str, Library] = {}


def default_library() -> Library:
    """The library from the default folders, loaded once per process."""
    if "lib" not in _cache:
        _cache["lib"] = load()
    return _cache["lib"]
